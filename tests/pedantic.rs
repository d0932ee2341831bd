//! The code `#[tool_registry]` generates must not trip rustc or clippy lints in a user's
//! crate, even strict ones: clippy runs over this file with `-D warnings`.
#![deny(warnings, clippy::pedantic)]

use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{ServerHandler, schemars, tool_handler};

/// Arguments.
#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct Args {
    /// A value.
    pub value: i64,
}

/// A server under strict lints.
#[derive(Clone)]
pub struct Strict {
    tools: ToolRegistry<Self>,
    greeting: String,
}

#[tool_registry(vis = pub)]
impl Strict {
    /// Doubles a value.
    #[mcp_tool(
        name = "double_value",
        alias(name = "double", until = "2027-01-01", since = "2026-01-01")
    )]
    async fn double(&self, Parameters(args): Parameters<Args>) -> String {
        let doubled = async { args.value * 2 }.await;
        format!("{}{doubled}", self.greeting)
    }

    /// Echoes.
    #[mcp_tool(alias = "say", annotations(read_only_hint = true))]
    fn echo(&self) -> String {
        self.greeting.clone()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Strict {}

#[test]
fn strict_lints_hold_over_the_expansion() {
    let server = Strict {
        tools: Strict::tool_router(),
        greeting: String::new(),
    };
    assert_eq!(
        server.tools.names().collect::<Vec<_>>(),
        ["double_value", "echo"]
    );
}
