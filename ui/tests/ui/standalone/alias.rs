use mcp_toolname::mcp_tool;

// Outside a `#[tool_registry]` impl nothing serves an alias, so it is refused.
#[mcp_tool(name = "add_numbers", alias = "calc.add")]
fn add() -> String {
    String::new()
}

fn main() {
    let _ = add_tool_attr();
}
