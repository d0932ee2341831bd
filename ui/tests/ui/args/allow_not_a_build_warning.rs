use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// `shared_name` is a lint only `audit --config` reports, and the build refuses a name
// outside the spec whatever `allow` says: neither silences anything here.
#[tool_registry(allow(shared_name))]
impl Server {
    #[mcp_tool(name = "search", allow(spec))]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
