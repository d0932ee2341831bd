#![deny(deprecated)] // turns the warning into an error so this test can show it

// Neither tool takes an input the build can compare (one has none, one has `Parameters`),
// but their descriptions are near-identical, and the names differ by a plural.
use mcp_toolname::{mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Filter {
    tag: String,
}

struct Server;

#[tool_registry]
impl Server {
    /// Lists the skills of the current user.
    #[mcp_tool]
    fn get_skill(&self) -> String {
        String::new()
    }

    /// Lists the skills of the current user, by tag.
    #[mcp_tool]
    fn get_skills(&self, Parameters(f): Parameters<Filter>) -> String {
        f.tag
    }
}

fn main() {
    let _ = Server::tool_router();
}
