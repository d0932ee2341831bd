// Gemini CLI passes prompt arguments as `--<name>=<value>` and reads the name up to the first
// `=`: an argument named `a=b` cannot be passed by name, so the build refuses it where
// `arguments` names it, before the registry would.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptArgument, PromptMessage, Role};

struct Server;

#[prompt_registry]
impl Server {
    #[mcp_prompt(arguments = Some(vec![PromptArgument::new("key=value").with_required(true)]))]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
