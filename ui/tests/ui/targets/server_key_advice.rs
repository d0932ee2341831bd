#![deny(deprecated)] // turns the advice into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Every targeted client takes these keys: each gets advice naming what breaks the rule.
#[tool_registry(targets(codex), server_key = "my__server")]
impl Server {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

struct Edge;

#[tool_registry(targets(claude_code), server_key = "github_")]
impl Edge {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

struct Long;

#[tool_registry(targets(claude_code), server_key = "a_server_key_longer_than_thirty_two_chars")]
impl Long {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = (Server::tool_router(), Edge::tool_router(), Long::tool_router());
}
