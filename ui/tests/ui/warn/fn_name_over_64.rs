#![deny(deprecated)] // turns the warning into an error so this test can show it
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // 65 characters: fine for the spec, refused by OpenAI and Bedrock.
    #[mcp_tool]
    fn send_weekly_digest_email_to_each_subscriber_of_our_newsletter_now(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
