#![deny(warnings)] // any warning left fails this case

// Two names a model can take for one another, with one input: `allow(confusable)` on the tool
// the warning points at (the later of the pair) silences it.
use mcp_toolname::{mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Query {
    text: String,
}

struct Server;

#[tool_registry]
impl Server {
    /// Searches the catalogue.
    #[mcp_tool]
    fn search_items(&self, Parameters(q): Parameters<Query>) -> String {
        q.text
    }

    /// Finds items by a text.
    #[mcp_tool(allow(confusable))]
    fn item_search(&self, Parameters(q): Parameters<Query>) -> String {
        q.text
    }
}

fn main() {
    let _ = Server::tool_router();
}
