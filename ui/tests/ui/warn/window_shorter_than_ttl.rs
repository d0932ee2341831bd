#![deny(deprecated)] // turns the warning into an error so this test can show it

// Clients may cache tools/list for a week (protocol 2026-07-28's ttlMs), but the alias lives
// two days after the rename: a client holding the old list calls `minus` after it is gone.
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(list_ttl_secs = 604800)]
impl Server {
    #[mcp_tool(alias(name = "minus", since = "2027-03-01", until = "2027-03-03"))]
    fn subtract(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "plus", since = "2027-03-01", until = "2027-06-01"))]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
