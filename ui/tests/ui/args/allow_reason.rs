use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(allow(reason = "first", case_collision))]
impl Server {
    #[mcp_tool(name = "admin.tools.list", allow(contract, reason = ""))]
    fn list(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "admin.tools.get", allow(contract, reson = "typo"))]
    fn get(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
