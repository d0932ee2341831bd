use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // Listed until `list_until`, then hidden but callable until `until`: the order matters.
    #[mcp_tool(alias(name = "plus", list_until = "2027-04-01", until = "2027-03-01"))]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
