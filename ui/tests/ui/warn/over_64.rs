#![deny(deprecated)] // turns the warning into an error so this test can show it
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    // 65 characters: fine for the spec, refused by OpenAI and Bedrock.
    #[mcp_tool(name = "export_customer_purchase_history_as_spreadsheets_for_a_sales_team")]
    fn long(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
