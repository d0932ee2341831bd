const BYTES: &str = mcp_toolname::tool_name!(b"search");
const NUMBER: &str = mcp_toolname::tool_name!(5);
const CHAR: &str = mcp_toolname::tool_name!('s');

fn main() {
    let _ = (BYTES, NUMBER, CHAR);
}
