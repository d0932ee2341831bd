// An alias that is another prompt's name: a request for it could not tell which is meant.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "code_review", alias(name = "review", until = "2027-06-01"))]
    fn code_review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review the code.")]
    }

    #[mcp_prompt]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review anything.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
