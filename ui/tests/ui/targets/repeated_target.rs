use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(targets(openai, gemini, openai))]
impl Server {
    #[mcp_tool(name = "admin.list", allow(openai, openai))]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
