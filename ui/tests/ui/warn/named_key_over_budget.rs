#![deny(deprecated)] // turns the warning into an error so this test can show it
use mcp_toolname::{mcp_tool, tool_registry};

struct Calculator;

// No targets, but the key hosts give the server: each name is checked under it as
// `mcp-toolname check --server-key calculator` checks it.
#[tool_registry(server_key = "calculator")]
impl Calculator {
    // 60 characters: within the common LLM contract, past every client's budget under the key.
    #[mcp_tool]
    fn generate_financial_summary_report_for_each_regional_division(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Calculator::tool_router();
}
