#![deny(deprecated)] // turns the warning into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // `calc.add` is an old name, so it may break the LLM contract; but a listed alias goes
    // into every `tools/list`, where the dot fails the request. `hidden` would be quiet.
    #[mcp_tool(name = "add_numbers", alias(name = "calc.add", until = "2027-03-01"))]
    fn add(&self) -> String {
        String::new()
    }

    // Hidden, or opted out with `allow(llm_common)`: no warning.
    #[mcp_tool(alias(name = "calc.sub", until = "2027-03-01", hidden))]
    fn subtract(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias = "calc.mul", allow(llm_common))]
    fn multiply(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
