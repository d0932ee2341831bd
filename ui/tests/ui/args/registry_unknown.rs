use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(registry = tools)]
impl Server {
    #[mcp_tool]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
