use mcp_toolname::mcp_tool;

struct Server;

impl Server {
    // A method of a plain impl: the name is checked all the same.
    #[mcp_tool(name = "search documents")]
    fn search(&self) -> String {
        String::new()
    }
}

#[mcp_tool(name = "")]
fn unnamed() -> String {
    String::new()
}

fn main() {
    let _ = (Server::search_tool_attr(), unnamed_tool_attr());
}
