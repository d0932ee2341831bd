use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// pulsemcp/mcp-servers PR #201: under this key Claude Code and Codex leave 17 characters for a
// tool name. The fix drops and abbreviates whole words, keeping the verb and the object, and
// is the one `mcp-toolname check --server-key ...` gives (cli/tests/check.rs).
#[tool_registry(
    targets(claude_code, codex, gemini_cli, cursor),
    server_key = "pulsemcp-admin-submission-queue-readonly"
)]
impl Server {
    #[mcp_tool(name = "approve_official_mirror_queue_item_without_modifying")]
    fn approve(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "send_mcp_implementation_posted_notification")]
    fn notify(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
