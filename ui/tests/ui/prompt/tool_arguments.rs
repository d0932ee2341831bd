// Arguments of #[mcp_tool] and #[tool_registry] that mean nothing for a prompt: each is named
// with what the prompt attributes take.
use mcp_toolname::{mcp_prompt, prompt_registry};
use rmcp::model::{PromptMessage, Role};

struct Server;

#[prompt_registry(targets(openai))]
impl Server {
    #[mcp_prompt(output_schema = None, alias(name = "old_review", expired = "tool_error"))]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "Review it.")]
    }
}

fn main() {
    let _ = Server::prompt_router();
}
