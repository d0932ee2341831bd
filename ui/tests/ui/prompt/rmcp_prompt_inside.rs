// A swap done halfway: rmcp's #[prompt] left in a #[prompt_registry] impl.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};
use rmcp::prompt;

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }

    #[prompt]
    fn summarize(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarize it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
