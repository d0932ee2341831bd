use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Each bad argument is reported and skipped: every problem shows in one build.
#[tool_registry(targets(openai, openai), server_handler = yes, vis = pub(crate))]
impl Server {
    #[mcp_tool(name = "bad name", alias = 5, title = "Search", nme = "x", allow(codex, codex))]
    fn search(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old", until = "2027-03-01", hidden = "yes", since = 2026), local)]
    fn other(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "fine" "oops", description = "Fine.")]
    fn third(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
