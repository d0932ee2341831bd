//! `tool_name!` passes valid names through, in `const` context, literal or not.
// The dotted name warns (`contract`, as `ui/warn/` shows); the build of the workspace's
// tests stays free of warnings.
#![allow(deprecated)]

const LITERAL: &str = mcp_toolname::tool_name!("complex-tool1");
const JOINED: &str = mcp_toolname::tool_name!(concat!("report", "_v2"));
const DOTTED: &str = mcp_toolname::tool_name!("admin.tools.list"); // spec-valid: a warning, not an error

fn main() {
    assert_eq!(
        [LITERAL, JOINED, DOTTED],
        ["complex-tool1", "report_v2", "admin.tools.list"]
    );
}
