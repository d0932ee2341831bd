#![deny(deprecated)] // turns the warning into an error so this test can show it

// A swap done halfway: the impl still has rmcp's #[prompt_router], which routes only #[prompt]
// fns, so `summarize` would never be served.
use mcp_toolname::mcp_prompt;
use rmcp::model::{PromptMessage, Role};
use rmcp::{prompt, prompt_router};

#[derive(Clone)]
struct Server;

#[prompt_router]
impl Server {
    #[prompt]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }

    #[mcp_prompt]
    fn summarize(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarize it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
