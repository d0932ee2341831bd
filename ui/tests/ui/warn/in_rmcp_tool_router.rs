#![deny(deprecated)] // turns the warning into an error so this test can show it

// A swap done halfway: the impl still has rmcp's #[tool_router], which routes only
// #[tool] fns, so `search` would never be served.
use mcp_toolname::mcp_tool;
use rmcp::{tool, tool_router};

#[derive(Clone)]
struct Server;

#[tool_router]
impl Server {
    #[tool]
    fn fetch(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
