use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

trait Tools {
    fn add(&self) -> String;
}

#[tool_registry]
impl Tools for Server {
    #[mcp_tool]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {}
