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

/// A tools-only server: `server_handler` emits its `ServerHandler` impl.
#[derive(Clone, Default)]
pub struct Handled;

#[tool_registry(server_handler, router = handled_tools)]
impl Handled {
    /// Pings.
    #[mcp_tool]
    fn ping(&self) -> String {
        let _ = self;
        "pong".to_owned()
    }
}

/// A generic server: its registry is built on each call.
#[derive(Clone, Default)]
pub struct Generic<T: Send + Sync + 'static>(std::marker::PhantomData<fn() -> T>);

#[tool_registry(vis = pub)]
impl<T: Send + Sync + 'static> Generic<T> {
    /// Pings.
    #[mcp_tool]
    fn ping(&self) -> String {
        let _ = self;
        "pong".to_owned()
    }
}

/// A tool method of a plain impl, routed by hand: its probe and its warnings hold too.
pub struct ByHand;

impl ByHand {
    /// Pings.
    #[mcp_tool(name = "by_hand_ping")]
    fn ping(&self) -> String {
        let _ = self;
        "pong".to_owned()
    }
}

/// A free tool, outside any registry.
#[mcp_tool(name = "free_tool")]
fn free(Parameters(args): Parameters<Args>) -> String {
    args.value.to_string()
}

#[test]
fn rmcp_forms_hold_over_the_expansion_too() {
    assert!(Handled.get_tool("ping").is_some());
    assert_eq!(Generic::<u8>::tool_router().len(), 1);
    let registry = ToolRegistry::<Handled>::new().with_route((free_tool_attr(), free));
    assert!(registry.has_route("free_tool"));
    let by_hand =
        ToolRegistry::<ByHand>::new().with_route((ByHand::ping_tool_attr(), ByHand::ping));
    assert!(by_hand.has_route("by_hand_ping"));
}

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
