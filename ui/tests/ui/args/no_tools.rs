use mcp_toolname::tool_registry;

struct Server;

#[tool_registry]
impl Server {
    fn helper(&self) -> u8 {
        0
    }
}

fn main() {
    let _ = Server.helper();
}
