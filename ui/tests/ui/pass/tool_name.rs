//! `tool_name!` passes valid names through, in `const` context, literal or not.

const LITERAL: &str = mcp_toolname::tool_name!("complex-tool1");
const JOINED: &str = mcp_toolname::tool_name!(concat!("report", "_v2"));
const DOTTED: &str = mcp_toolname::tool_name!("admin.tools.list"); // spec-valid: a warning, not an error

fn main() {
    assert_eq!([LITERAL, JOINED, DOTTED], ["complex-tool1", "report_v2", "admin.tools.list"]);
}
