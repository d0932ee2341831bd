use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool]
    fn add(&self) -> String {
        String::new()
    }

    #[tool] // left over from rmcp's #[tool_router]: reported once, with no follow-on errors
    fn sub(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
