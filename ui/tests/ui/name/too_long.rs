use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // 129 characters: one past the spec's limit.
    #[mcp_tool(name = "list_every_open_pull_request_awaiting_review_from_a_platform_team_across_all_repositories_of_the_organisation_by_age_oldest_first")]
    fn long(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
