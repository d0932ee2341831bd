// Two prompts of one name under conditions that hold together (`unix` and not `windows`): the
// error holds only in the builds where both exist, so this one, on Linux, fails.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[cfg(unix)]
    #[mcp_prompt(name = "shell")]
    fn unix_shell(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "bash")]
    }

    #[cfg(not(windows))]
    #[mcp_prompt(name = "shell")]
    fn posix_shell(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "sh")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
