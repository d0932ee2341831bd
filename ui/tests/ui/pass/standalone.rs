//! `#[mcp_tool]` wherever rmcp's `#[tool]` works: a free fn, a generic free fn, and a method of
//! a plain impl, each registered by hand with the generated `<fn>_tool_attr()`. None of them
//! warns that it is never served; a method whose name warns (a dot) still builds in an impl,
//! and its own `#[allow(deprecated)]` silences what is generated beside it.
#![deny(deprecated)]

use mcp_toolname::{ToolRegistry, mcp_tool};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    text: String,
}

struct Server;

impl Server {
    /// Echoes the text.
    #[mcp_tool(name = "echo_text")]
    fn echo(&self, Parameters(args): Parameters<Args>) -> String {
        args.text
    }

    /// Says the text back, under a dotted name (the LLM APIs refuse the dot: a warning).
    #[allow(deprecated)]
    #[mcp_tool(name = "echo.again")]
    fn again(&self, Parameters(args): Parameters<Args>) -> String {
        args.text
    }
}

/// Counts the characters.
#[mcp_tool]
async fn count(Parameters(args): Parameters<Args>) -> String {
    args.text.chars().count().to_string()
}

#[mcp_tool(description = "Says nothing.")]
fn quiet<T>(_server: &T) -> String {
    String::new()
}

fn main() {
    let registry = ToolRegistry::<Server>::new()
        .with_route((Server::echo_tool_attr(), Server::echo))
        .with_route((Server::again_tool_attr(), Server::again))
        .with_route((count_tool_attr(), count))
        .with_route((quiet_tool_attr(), quiet::<Server>));
    let tools = registry.list_all();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["count", "echo.again", "echo_text", "quiet"]);
    assert_eq!(
        tools[0].description.as_deref(),
        Some("Counts the characters.")
    );
    assert_eq!(tools[3].description.as_deref(), Some("Says nothing."));
}
