use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Codex turns every character outside `A-Z a-z 0-9 _` into `_`: both names become one.
#[tool_registry(targets(codex), server_key = "srv")]
impl Server {
    #[mcp_tool(name = "get-user")]
    fn get_user_dashed(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn get_user(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
