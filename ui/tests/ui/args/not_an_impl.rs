use mcp_toolname::tool_registry;

#[tool_registry]
struct Server;

fn main() {}
