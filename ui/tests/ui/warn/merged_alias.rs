#![deny(deprecated)] // turns the warning into an error so this test can show it

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // The old name `calc.add` and the new `calc_add` become one name in Claude Code:
    // the fix is `hidden` on the alias, not a rename.
    #[mcp_tool(name = "calc_add", alias = "calc.add", allow(llm_common))]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
