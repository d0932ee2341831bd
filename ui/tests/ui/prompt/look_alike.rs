#![deny(warnings)] // turns the warnings into errors so this test can show them

// Prompt names one case or separator apart: clients list them as two slash commands a user
// tells apart by case or a `_`. One lint, `prompt_look_alike`, for both.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "summarise")]
    fn summarise(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarise it.")]
    }

    #[mcp_prompt(name = "Summarise")]
    fn summarise_upper(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarise it.")]
    }

    #[mcp_prompt(name = "review_all")]
    fn review_all(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it all.")]
    }

    #[mcp_prompt(name = "review-all")]
    fn review_all_dashed(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it all.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
