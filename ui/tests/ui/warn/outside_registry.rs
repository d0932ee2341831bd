#![deny(deprecated)] // turns the warning into an error so this test can show it

// Tools split over two impls: the registry of the first never reads the second.
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool]
    fn fetch(&self) -> String {
        String::new()
    }
}

impl Server {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
