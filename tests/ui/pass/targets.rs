//! Declared targets that every name meets, and a per-tool opt-out.
#![deny(warnings)]

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(targets(anthropic, openai, gemini, bedrock, claude_code, codex, vscode), server_key = "github")]
impl Server {
    #[mcp_tool]
    fn create_issue(&self) -> String {
        String::new()
    }

    // Longer than Codex's budget with this key; Codex users get a hashed name, and the
    // author accepts that for this one tool.
    #[mcp_tool(name = "search_repositories_by_topic_and_language_and_stars", allow(codex, vscode))]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    assert_eq!(Server::tool_registry().len(), 2);
}
