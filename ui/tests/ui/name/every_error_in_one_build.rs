use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(name = "search documents")]
    fn search(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "my,tool")]
    fn comma(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn fine(&self) -> String {
        String::new()
    }
}

// The registry fn and the methods still exist: no follow-on errors.
fn main() {
    let _ = Server::tool_router();
    let _ = Server.fine();
}
