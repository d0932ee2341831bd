use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(targets(gemini, openai))]
impl Server {
    #[mcp_tool(name = "1c_reload")]
    fn reload(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
