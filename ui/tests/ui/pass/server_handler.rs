//! rmcp's forms, unchanged but for the attribute names: `server_handler` emits the
//! `ServerHandler` impl; a server with no registry field uses a bare `#[tool_handler]`,
//! which calls `Self::tool_router()`; `router = name` renames the fn, and a generic impl works.

use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::{ServerHandler, tool_handler};

#[derive(Clone, Default)]
struct Counter;

#[tool_registry(server_handler)]
impl Counter {
    #[mcp_tool(description = "Counts to three.")]
    fn count(&self) -> String {
        "3".to_owned()
    }
}

#[derive(Clone, Default)]
struct Bare;

#[tool_registry(vis = "pub(crate)")]
impl Bare {
    #[mcp_tool]
    fn ping(&self) -> String {
        "pong".to_owned()
    }
}

#[tool_handler(name = "bare", version = "1.0.0")]
impl ServerHandler for Bare {}

#[derive(Clone, Default)]
struct Generic<T: Send + Sync + 'static> {
    tools: ToolRegistry<Self>,
    _marker: std::marker::PhantomData<fn() -> T>,
}

#[tool_registry(router = first)]
impl<T: Send + Sync + 'static> Generic<T> {
    #[mcp_tool]
    fn one(&self) -> String {
        "1".to_owned()
    }
}

#[tool_registry(router = second)]
impl<T: Send + Sync + 'static> Generic<T> {
    #[mcp_tool]
    fn two(&self) -> String {
        "2".to_owned()
    }
}

#[tool_handler(router = self.tools)]
impl<T: Send + Sync + 'static> ServerHandler for Generic<T> {}

fn main() {
    assert!(Counter.get_info().capabilities.tools.is_some());
    assert_eq!(Counter::tool_router().list_all()[0].name, "count");
    assert!(Bare.get_tool("ping").is_some());
    let mut both = Generic::<u8>::first() + Generic::<u8>::second();
    both += ToolRegistry::new();
    let server = Generic::<u8> {
        tools: both,
        _marker: std::marker::PhantomData,
    };
    assert!(server.get_tool("one").is_some() && server.get_tool("two").is_some());
}
