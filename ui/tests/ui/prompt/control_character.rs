// A control character in a prompt name (here a tab, written as an escape) breaks every slash
// command, and is invisible where the command is listed.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "summarize\tthread")]
    fn summarize(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Summarize it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
