#![deny(deprecated)] // turns the warning into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(tombstone(name = "hookdeck_events", instead = "list_event"))]
impl Server {
    #[mcp_tool]
    fn list_events(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
