#![deny(warnings)] // any warning left fails this case

// Each warning silenced alone: `allow(<lint>)` on the tool it points at, or on the
// registry for the whole impl. Every lint the build warns of is silenced in a case of
// this folder that denies warnings (the macros' tests hold that).
use mcp_toolname::{mcp_prompt, mcp_tool, prompt_registry, tool_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[tool_registry(allow(case_collision))]
impl Server {
    // With its reason, as Rust's `#[allow(lint, reason = "...")]`.
    #[mcp_tool(
        name = "Run-Query",
        allow(look_alike, reason = "the dashed name is the one our users type")
    )]
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

    #[mcp_tool(name = "admin.list", allow(contract))]
    fn admin_list(&self) -> String {
        String::new()
    }
}

#[prompt_registry(allow(prompt_look_alike))]
impl Server {
    #[mcp_prompt(
        name = "code_review",
        alias(name = "code review", until = "2030-01-01"),
        allow(listed_alias_name)
    )]
    fn code_review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }

    #[mcp_prompt(name = "Summarise")]
    fn summarise_upper(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarise it.")]
    }

    #[mcp_prompt(name = "summarise")]
    fn summarise(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarise it.")]
    }
}

// Past every client's budget under the key.
struct Budget;

#[tool_registry(server_key = "calculator")]
impl Budget {
    #[mcp_tool(allow(client))]
    fn generate_financial_summary_report_for_each_regional_division(&self) -> String {
        String::new()
    }
}

// Claude Code's rule makes the two names one.
struct Merged;

#[tool_registry(allow(normalisation_collision))]
impl Merged {
    #[mcp_tool(name = "admin.tools.list", allow(llm_common))]
    fn list_dotted(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn admin_tools_list(&self) -> String {
        String::new()
    }
}

// A key the targeted client takes, outside the rule we recommend; a tombstone to no tool
// of this impl; an alias shorter than the list may be cached.
struct Registry;

#[tool_registry(
    targets(codex),
    server_key = "my__server",
    list_ttl_secs = 604800,
    tombstone(name = "hookdeck_events", instead = "list_event"),
    allow(key_outside_rule, tombstone_target)
)]
impl Registry {
    #[mcp_tool(
        alias(name = "minus", since = "2027-03-01", until = "2027-03-03"),
        allow(alias_window_short)
    )]
    fn list_events(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
    let _ = Server::prompt_router();
    let _ = Budget::tool_router();
    let _ = Merged::tool_router();
    let _ = Registry::tool_router();
}
