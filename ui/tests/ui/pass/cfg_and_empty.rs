//! A tool behind `#[cfg]` is registered under the same condition, and `allow_empty`
//! accepts an impl without tools.
// `cfg(all())` and `cfg(any())` are the case: a tool always and never compiled.
#![allow(clippy::non_minimal_cfg)]

use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool]
    fn always(&self) -> String {
        String::new()
    }

    #[cfg(any())] // never compiled
    #[mcp_tool]
    fn never(&self) -> String {
        String::new()
    }

    #[cfg(all())] // always compiled
    #[mcp_tool]
    fn sometimes(&self) -> String {
        String::new()
    }
}

struct Empty;

#[tool_registry(allow_empty)]
impl Empty {}

fn main() {
    let names: Vec<&str> = Server::tool_router()
        .names()
        .map(|n| n.to_owned())
        .collect::<Vec<_>>()
        .leak()
        .iter()
        .map(String::as_str)
        .collect();
    assert_eq!(names, ["always", "sometimes"]);
    assert!(Empty::tool_router().is_empty());
}
