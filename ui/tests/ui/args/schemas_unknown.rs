use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(schemas = "inline")]
impl Server {
    #[mcp_tool]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
