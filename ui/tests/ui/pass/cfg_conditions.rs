//! Two tools conflict only in a build where both exist: one name under `cfg(unix)` and
//! under `cfg(not(unix))`, or beside a tool that is never compiled, is no duplicate, and
//! neither are such aliases. `cfg_attr(<predicate>, mcp_tool(...))` is a tool under
//! `<predicate>` (also nested, and beside other attributes). A flag takes `= true/false`.
//! The warnings that compare two names are conditional too (`deny` shows none fires).
#![deny(deprecated)]

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(server_handler = false)]
impl Server {
    #[cfg(unix)]
    #[mcp_tool(name = "run", alias = "start")]
    fn run_unix(&self) -> String {
        String::new()
    }

    #[cfg(not(unix))]
    #[mcp_tool(name = "run", alias = "start")]
    fn run_other(&self) -> String {
        String::new()
    }

    #[cfg(any())] // never compiled
    #[mcp_tool(name = "stop")]
    fn never(&self) -> String {
        String::new()
    }

    #[mcp_tool(
        alias(name = "halt", hidden = true),
        alias(name = "end", hidden = false)
    )]
    fn stop(&self) -> String {
        String::new()
    }

    #[cfg_attr(all(), mcp_tool(name = "status"))]
    fn status(&self) -> String {
        String::new()
    }

    #[cfg_attr(any(), mcp_tool(name = "stop"))]
    fn not_a_tool(&self) -> String {
        String::new()
    }

    #[cfg(unix)]
    #[mcp_tool(name = "getUser")]
    fn get_user_unix(&self) -> String {
        String::new()
    }

    #[cfg(not(unix))]
    #[mcp_tool(name = "getuser")]
    fn get_user_other(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn get_user(&self) -> String {
        String::new()
    }

    #[cfg(any())] // Claude Code would show both as `mcp__server__get_user`
    #[mcp_tool(name = "get.user", allow(llm_common))]
    fn get_user_dotted(&self) -> String {
        String::new()
    }

    #[cfg_attr(
        all(),
        allow(clippy::unused_self),
        cfg_attr(all(), mcp_tool(name = "nested"))
    )]
    fn nested_fn(&self) -> String {
        String::new()
    }
}

fn main() {
    let registry = Server::tool_router();
    let names: Vec<&str> = registry.names().collect();
    #[cfg(unix)]
    assert_eq!(
        names,
        ["getUser", "get_user", "nested", "run", "status", "stop"]
    );
    let aliases: Vec<(&str, bool)> = registry
        .aliases()
        .map(|(a, _)| (a.name.as_ref(), a.hidden))
        .collect();
    assert_eq!(aliases, [("end", false), ("halt", true), ("start", false)]);
    let _ = Server.not_a_tool();
}
