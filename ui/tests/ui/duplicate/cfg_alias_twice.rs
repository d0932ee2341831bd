use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Two aliases `begin` in the builds where both `all()` and `unix` hold.
#[tool_registry]
impl Server {
    #[cfg(all())]
    #[mcp_tool(alias = "begin")]
    fn start(&self) -> String {
        String::new()
    }

    #[cfg(unix)]
    #[mcp_tool(alias = "begin")]
    fn launch(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
