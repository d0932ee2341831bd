#![deny(deprecated)] // turns the warning into an error so this test can show it

// keurcien/auxilia #254: both names were on one server, and nothing warned.
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool]
    fn run_query(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "Run-Query")]
    fn run_query_again(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
