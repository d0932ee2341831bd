use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// A listed alias goes into `tools/list` too, so it must fit Claude Code's budget as well.
#[tool_registry(targets(claude_code), server_key = "gh")]
impl Server {
    #[mcp_tool(name = "export_invoices", alias = "export_customer_invoices_as_pdfs_with_line_item_details_v1")]
    fn export(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
