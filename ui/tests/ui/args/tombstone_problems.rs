use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(
    tombstone(renamed_to = "list_events"),
    tombstone(name = "list_events", until = "2027-06-01"),
    tombstone(name = "hookdeck_events", renamed_to = "list_events", instead = "list_pages"),
    tombstone(name = "old\n", until = "June")
)]
impl Server {
    #[mcp_tool]
    fn list_events(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
