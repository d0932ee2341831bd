// An alias on a free #[mcp_prompt] fn: no registry serves it.
use mcp_toolname::mcp_prompt;
use rmcp::model::{PromptMessage, Role};

#[mcp_prompt(alias = "review")]
fn code_review() -> Vec<PromptMessage> {
    vec![PromptMessage::new_text(Role::User, "Review the code.")]
}

fn main() {
    let _ = code_review_prompt_attr();
}
