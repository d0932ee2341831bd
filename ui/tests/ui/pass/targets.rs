//! Declared targets that every name meets, and a per-tool opt-out.
#![deny(warnings)]

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(
    targets(anthropic, openai, gemini, bedrock, claude_code, codex, vscode),
    server_key = "github"
)]
impl Server {
    #[mcp_tool]
    fn create_issue(&self) -> String {
        String::new()
    }

    // Longer than Codex's budget with this key; Codex users get a hashed name, and the
    // author accepts that for this one tool.
    #[mcp_tool(
        name = "search_repositories_by_topic_and_language_and_stars",
        allow(codex, vscode)
    )]
    fn search(&self) -> String {
        String::new()
    }
}

fn main() {
    assert_eq!(Server::tool_router().len(), 2);
    assert_eq!(Hashed::tool_router().len(), 4);
}

struct Hashed;

// Codex hashes both long names; their SHA-1 suffixes differ, so no collision. And `allow`
// on either name of a pair exempts the pair, whichever comes first.
#[tool_registry(targets(codex), server_key = "gh")]
impl Hashed {
    #[mcp_tool(allow(codex))]
    fn list_all_customer_invoices_for_the_current_fiscal_year_q1(&self) -> String {
        String::new()
    }

    #[mcp_tool(allow(codex))]
    fn list_all_customer_invoices_for_the_current_fiscal_year_q2(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn get_user(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "get-user", allow(codex))]
    fn get_user_dashed(&self) -> String {
        String::new()
    }
}
