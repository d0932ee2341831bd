#![deny(deprecated)] // turns the warning into an error so this test can show it

// `search_items` and `item_search` take the same input: a model picks either. `list_users`
// and `get_user` read alike too (a verb of one meaning, a plural) but take different inputs
// and say different things, so nothing warns about them.
use mcp_toolname::{mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Query {
    text: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Id {
    id: u64,
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
    #[mcp_tool]
    fn item_search(&self, Parameters(q): Parameters<Query>) -> String {
        q.text
    }

    /// Every user, by name.
    #[mcp_tool]
    fn list_users(&self) -> String {
        String::new()
    }

    /// One user, with their roles.
    #[mcp_tool]
    fn get_user(&self, Parameters(id): Parameters<Id>) -> String {
        id.id.to_string()
    }
}

fn main() {
    let _ = Server::tool_router();
}
