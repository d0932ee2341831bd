#![deny(warnings)] // turns the warning into an error so this test can show it

// An old prompt name with a space, kept listed: clients list a command that cannot run.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "code_review", alias(name = "code review", until = "2027-06-01"))]
    fn code_review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review the code.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
