use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Codex refuses the space and never starts the server; Claude Code takes the key.
#[tool_registry(targets(codex, claude_code), server_key = "my server")]
impl Server {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
