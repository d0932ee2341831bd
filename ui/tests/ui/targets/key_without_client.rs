use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(targets(openai), server_key = "github")]
impl Server {
    #[mcp_tool]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
