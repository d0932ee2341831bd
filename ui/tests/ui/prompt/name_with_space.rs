// Claude Code ends a slash command at the first space (`/mcp__github__review pr` runs
// `review` with the argument `pr`), and Gemini CLI turns it into `-`: a prompt name with white
// space cannot be run as written.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(name = "review pull request")]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
