//! Protocol 2026-07-28 against a [`SharedToolRegistry`], in memory: every client that listens
//! (`subscriptions/listen` with `toolsListChanged`) hears each run-time change once; a
//! client that did not ask hears nothing; a cancelled subscription stops being counted and
//! the others go on hearing.

use crate::common;

use common::next_notification;

use std::sync::Arc;
use std::time::Duration;

use mcp_toolname::SharedToolRegistry;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{
    CallToolResult, JsonObject, ProtocolVersion, ServerCapabilities, ServerConfig,
    ServerNotification, SubscriptionFilter, Tool,
};
use rmcp::service::{ClientLifecycleMode, RunningService, SubscriptionContext};
use rmcp::{ErrorData, RoleClient, ServerHandler, ServiceExt, tool_handler};

#[derive(Clone)]
struct Server {
    tools: SharedToolRegistry<Self>,
}

#[tool_handler(router = self.tools.snapshot())]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .build();
        ServerConfig::new(capabilities)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.tools.notify_subscription(&context).await;
        Ok(())
    }
}

fn route(name: &str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name.to_owned(), "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// A 2026-07-28 client of `tools` over an in-memory pipe.
async fn client(tools: &SharedToolRegistry<Server>) -> RunningService<RoleClient, ()> {
    let server = Server {
        tools: tools.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let lifecycle = ClientLifecycleMode::Discover {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
    };
    rmcp::service::serve_client_with_lifecycle((), client_io, lifecycle)
        .await
        .expect("server/discover")
}

/// Waits until `tools` counts `n` open subscriptions.
async fn until_listening(tools: &SharedToolRegistry<Server>, n: usize) {
    tokio::time::timeout(common::HANG, async {
        while tools.subscriptions() != n {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{} subscriptions, not {n}", tools.subscriptions()));
}

#[tokio::test]
async fn every_listener_hears_each_change_once_and_a_cancelled_one_stops_counting() {
    let tools = SharedToolRegistry::<Server>::default();
    let (a, b, quiet) = (
        client(&tools).await,
        client(&tools).await,
        client(&tools).await,
    );
    let wanted = SubscriptionFilter::builder().tools_list_changed().build();
    let mut heard_a = a.listen(wanted.clone()).await.expect("listen");
    let mut heard_b = b.listen(wanted).await.expect("listen");
    // Listening for something else: not told of tool changes.
    let prompts = SubscriptionFilter::builder().prompts_list_changed().build();
    let mut heard_quiet = quiet.listen(prompts).await.expect("listen");
    until_listening(&tools, 2).await;

    tools.update(|t| t.try_add_route(route("alpha"))).unwrap();
    for heard in [&mut heard_a, &mut heard_b] {
        let n = next_notification(heard, common::HANG).await;
        assert!(
            matches!(n, Some(ServerNotification::ToolListChangedNotification(_))),
            "{n:?}"
        );
    }
    assert!(common::names(&a).await.contains(&"alpha".to_owned()));
    // A change that changes nothing (a taken name is refused) sends nothing.
    assert!(tools.update(|t| t.try_add_route(route("alpha"))).is_err());
    let extra = next_notification(&mut heard_a, Duration::from_millis(300)).await;
    assert!(extra.is_none(), "{extra:?}");
    let other = next_notification(&mut heard_quiet, Duration::from_millis(10)).await;
    assert!(other.is_none(), "{other:?}");

    drop(heard_a);
    a.cancel().await.unwrap();
    until_listening(&tools, 1).await;
    tools.update(|t| t.remove_route("alpha"));
    let n = next_notification(&mut heard_b, common::HANG).await;
    assert!(
        matches!(n, Some(ServerNotification::ToolListChangedNotification(_))),
        "{n:?}"
    );
    b.cancel().await.unwrap();
    quiet.cancel().await.unwrap();
}
