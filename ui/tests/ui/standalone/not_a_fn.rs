use mcp_toolname::mcp_tool;

#[mcp_tool]
struct Search;

fn main() {}
