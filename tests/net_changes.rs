//! One `notifications/tools/list_changed` per net change: an `update` that
//! leaves `tools/list` as it was (tools removed and added back, a tool disabled and enabled
//! again) tells no one; one that changes it tells each session once, however many changes it
//! made; the same for a plain registry's batch. Heard by rmcp's client over the protocol.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::Listener;
use mcp_toolname::{SharedToolRegistry, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, ServerCapabilities, ServerConfig, Tool};
use rmcp::service::{NotificationContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};

#[derive(Clone)]
struct Server {
    tools: SharedToolRegistry<Self>,
}

#[rmcp::tool_handler(router = self.tools.snapshot())]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        )
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.bind_peer(context.peer);
    }
}

fn route(name: &str, description: &str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(
            name.to_owned(),
            description.to_owned(),
            Arc::new(JsonObject::new()),
        ),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// A server with `search` and `fetch`, and a client listening to it.
async fn session() -> (
    SharedToolRegistry<Server>,
    Listener,
    rmcp::service::RunningService<rmcp::RoleClient, Listener>,
) {
    let tools = SharedToolRegistry::default();
    tools.update(|t| {
        t.add_route(route("search", "Searches."));
        t.add_route(route("fetch", "Fetches."));
    });
    let server = Server {
        tools: tools.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let listener = Listener::default();
    let client = listener.clone().serve(client_io).await.expect("client");
    // Bound at `notifications/initialized`: wait until the server has the session.
    common::until("the server binds the session", || tools.bound_peers() == 1).await;
    (tools, listener, client)
}

#[tokio::test]
async fn an_update_that_changes_nothing_tells_no_one() {
    let (tools, listener, _client) = session().await;
    // It changes nothing, so no notification (this once sent 4, later 1).
    tools.update(|t| {
        t.remove_route("search");
        t.remove_route("fetch");
        t.add_route(route("search", "Searches."));
        t.add_route(route("fetch", "Fetches."));
    });
    tools.update(|t| {
        t.disable_route("search");
        t.enable_route("search");
    });
    tools.update(|_| ());
    assert_eq!(listener.heard(0).await, 0, "tools/list is as it was");

    // Replacing one tool by a different one (remove + add): one net change, told once.
    tools.update(|t| {
        t.remove_route("fetch");
        t.add_route(route("fetch", "Fetches a page."));
    });
    assert_eq!(listener.heard(1).await, 1);
    // Many changes, one notification.
    tools.update(|t| {
        for i in 0..50 {
            t.add_route(route(&format!("tool_{i}"), ""));
        }
        t.remove_route("tool_7");
    });
    assert_eq!(listener.heard(2).await, 2);
}

#[test]
fn a_plain_registry_batch_tells_once_per_net_change() {
    let told = Arc::new(AtomicUsize::new(0));
    let mut tools = ToolRegistry::<Server>::new().with_route(route("search", "Searches."));
    let count = Arc::clone(&told);
    tools.set_notifier(move || {
        count.fetch_add(1, Ordering::SeqCst);
    });
    let told = || told.load(Ordering::SeqCst);
    tools.update(|t| {
        t.remove_route("search");
        t.add_route(route("search", "Searches."));
        t.disable_route("search");
        t.enable_route("search");
    });
    assert_eq!(told(), 0, "as it was");
    // A batch inside a batch is part of it.
    tools.update(|t| {
        t.add_route(route("fetch", ""));
        t.update(|inner| inner.remove_route("fetch"));
    });
    assert_eq!(told(), 0, "added and removed again");
    tools.update(|t| t.add_route(route("fetch", "")));
    assert_eq!(told(), 1);
    // Outside a batch every change is told, as before.
    tools.remove_route("fetch");
    tools.add_route(route("fetch", ""));
    assert_eq!(told(), 3);
    // A panic inside the batch still tells the change it made, and keeps the notifier.
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        tools.update(|t| {
            t.add_route(route("read", ""));
            panic!("a bug in the closure");
        });
    }));
    assert!(caught.is_err());
    assert_eq!(told(), 4, "the tool added before the panic is told");
    tools.add_route(route("write", ""));
    assert_eq!(told(), 5, "the notifier is back");
}
