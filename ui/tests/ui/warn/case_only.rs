#![deny(deprecated)] // turns the warning into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(name = "getUser")]
    fn get_user(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "getuser")]
    fn get_user_lower(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
