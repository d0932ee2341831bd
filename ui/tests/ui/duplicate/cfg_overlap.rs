use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Both exist in a build where `unix` holds: the duplicate fails exactly those builds.
#[tool_registry]
impl Server {
    #[mcp_tool(name = "run")]
    fn run(&self) -> String {
        String::new()
    }

    #[cfg(all(unix, not(windows)))]
    #[mcp_tool(name = "run")]
    fn run_unix(&self) -> String {
        String::new()
    }

    #[cfg_attr(all(), mcp_tool(alias = "run"))]
    fn start(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
