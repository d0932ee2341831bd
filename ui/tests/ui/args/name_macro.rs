use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(name = concat!("search", "_documents"), alias = stringify!(find))]
    fn search(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = NAME)]
    fn other(&self) -> String {
        String::new()
    }
}

const NAME: &str = "other";

fn main() {
    let _ = (Server::tool_router(), NAME);
}
