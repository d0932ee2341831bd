// rmcp's PromptRouter keeps only the later of two prompts with one name (a map insert).
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "review")]
    fn review_code(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review the code.")]
    }

    #[mcp_prompt(name = "review")]
    fn review_docs(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review the docs.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
