use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // U+202E flips the text that follows: the alias would not read as what it is.
    #[mcp_tool(alias = "add\u{202e}dda")]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
