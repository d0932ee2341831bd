#![deny(deprecated)] // turns the warning into an error so this test can show it
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// The build's name for `contract` before the lints had one table: it still silences the
// dot's warning, this release only, and says the new name.
#[tool_registry]
impl Server {
    #[mcp_tool(name = "admin.tools.list", allow(tool_name_refused_by_llm_apis))]
    fn list(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
