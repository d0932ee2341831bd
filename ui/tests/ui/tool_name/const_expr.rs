const NAME: &str = mcp_toolname::tool_name!(concat!("search", " documents"));

fn main() {
    let _ = NAME;
}
