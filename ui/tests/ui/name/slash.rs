use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // SEP-986 allowed `/`; the spec that followed it does not.
    #[mcp_tool(name = "user-profile/update")]
    fn update(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
