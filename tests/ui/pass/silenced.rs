#![deny(warnings)] // any warning left fails this case

// Each warning silenced alone: `allow(<warning>)` on the tool it points at, or on
// the registry for the whole impl.
use mcp_toolname::{mcp_prompt, mcp_tool, prompt_registry, tool_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[tool_registry(allow(tool_names_differ_only_in_case))]
impl Server {
    #[mcp_tool(name = "Run-Query", allow(tool_names_look_alike))]
    fn run_query_dashed(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn run_query(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "Fetch")]
    fn fetch_upper(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "fetch")]
    fn fetch(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "admin.list", allow(tool_name_refused_by_llm_apis))]
    fn admin_list(&self) -> String {
        String::new()
    }
}

#[prompt_registry]
impl Server {
    #[mcp_prompt(
        name = "code_review",
        alias(name = "code review", until = "2030-01-01"),
        allow(listed_alias_breaks_slash_commands)
    )]
    fn code_review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }
}

fn main() {
    let _ = Server::tool_router();
    let _ = Server::prompt_router();
}
