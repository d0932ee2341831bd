use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // The second letter is Cyrillic U+0430, which looks like a Latin `a`.
    #[mcp_tool(name = "Bаsh")]
    fn bash(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
