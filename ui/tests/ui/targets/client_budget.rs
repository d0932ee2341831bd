use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// 44 characters pass every API, but `mcp__claude-mem-search__` takes 24 of Claude Code's 64.
#[tool_registry(targets(claude_code), server_key = "claude-mem-search")]
impl Server {
    #[mcp_tool(name = "progressive_description_of_the_whole_history")]
    fn describe(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
