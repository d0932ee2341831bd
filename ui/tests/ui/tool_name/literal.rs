const NAME: &str = mcp_toolname::tool_name!("search documents");

fn main() {
    let _ = NAME;
}
