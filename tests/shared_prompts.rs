//! A server whose prompts change at run time shares one `SharedPromptRegistry`, as one whose
//! tools change shares a `SharedToolRegistry`: a change is seen by the next request of every
//! session, and each session is told `notifications/prompts/list_changed` once per net change
//! (never `tools/list_changed`: its tools did not change). Heard by rmcp's client over the
//! protocol.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_toolname::{Alias, PromptDef, SharedPromptRegistry};
use rmcp::handler::server::router::prompt::PromptRoute;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResult, Prompt, PromptMessage, Role, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{MaybeSendFuture, NotificationContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use tokio::sync::Notify;

#[derive(Clone)]
struct Server {
    prompts: SharedPromptRegistry<Self>,
}

#[rmcp::prompt_handler(router = self.prompts.snapshot())]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_prompts_list_changed()
                .build(),
        )
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.prompts.bind_peer(context.peer);
    }
}

fn route(name: &'static str, text: &'static str) -> PromptRoute<Server> {
    PromptRoute::new_dyn(Prompt::new(name, None::<String>, None), move |_| {
        Box::pin(async move {
            Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).into())
        })
    })
}

/// A client that counts the list changes it is told, of prompts and of tools apart.
#[derive(Clone, Default)]
struct Heard {
    prompts: Arc<AtomicUsize>,
    tools: Arc<AtomicUsize>,
    wake: Arc<Notify>,
}

impl ClientHandler for Heard {
    fn on_prompt_list_changed(
        &self,
        _context: NotificationContext<RoleClient>,
    ) -> impl std::future::Future<Output = ()> + MaybeSendFuture + '_ {
        self.prompts.fetch_add(1, Ordering::SeqCst);
        self.wake.notify_waiters();
        std::future::ready(())
    }

    fn on_tool_list_changed(
        &self,
        _context: NotificationContext<RoleClient>,
    ) -> impl std::future::Future<Output = ()> + MaybeSendFuture + '_ {
        self.tools.fetch_add(1, Ordering::SeqCst);
        self.wake.notify_waiters();
        std::future::ready(())
    }
}

impl Heard {
    /// Checks that the registry told exactly `expected` prompt list changes since it told
    /// `before` (counted before each `update` returned, so no extra one can still be on its
    /// way), waits (until [`common::HANG`]) for the client to have heard that many, and
    /// returns what it heard.
    async fn prompts_changed(
        &self,
        prompts: &SharedPromptRegistry<Server>,
        before: u64,
        expected: u64,
    ) -> u64 {
        assert_eq!(
            prompts.list_changes() - before,
            expected,
            "prompt list changes told"
        );
        let count = || self.prompts.load(Ordering::SeqCst) as u64;
        common::woken_until(&self.wake, || count() >= expected).await;
        count()
    }
}

/// A server with the prompt `review`, and a client bound to it.
async fn session() -> (
    SharedPromptRegistry<Server>,
    Heard,
    rmcp::service::RunningService<RoleClient, Heard>,
) {
    let prompts = SharedPromptRegistry::default();
    prompts.update(|p| p.add_route(route("review", "Review this.")));
    let server = Server {
        prompts: prompts.clone(),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let heard = Heard::default();
    let client = heard.clone().serve(client_io).await.expect("client");
    // Bound at `notifications/initialized`: wait until the server has the session.
    common::until("the server binds the session", || {
        prompts.bound_peers() == 1
    })
    .await;
    (prompts, heard, client)
}

#[tokio::test]
async fn prompts_added_at_run_time_are_served_and_told_once_as_prompts() {
    let (prompts, heard, client) = session().await;
    let before = prompts.list_changes();
    assert_eq!(common::prompt_names(client.peer()).await, ["review"]);

    // Two prompts more, one a renamed one with its old name: one change, told once.
    prompts.update(|p| {
        p.add_route(route("summarize", "Summarize this."));
        p.try_add_prompt(
            PromptDef::new(route("explain_code", "Explain this.")).alias(Alias::new("explain")),
        )
        .expect("a new name");
    });
    assert_eq!(heard.prompts_changed(&prompts, before, 1).await, 1);
    assert_eq!(heard.tools.load(Ordering::SeqCst), 0, "no tool changed");

    // The next request of the session sees them, the old name too.
    assert_eq!(
        common::prompt_names(client.peer()).await,
        ["explain", "explain_code", "review", "summarize"]
    );
    let got = client
        .peer()
        .get_prompt(GetPromptRequestParams::new("explain"))
        .await
        .expect("the old name answers");
    let served = serde_json::to_value(&got).expect("json");
    assert_eq!(
        served["_meta"]["mcp-toolname/deprecated"]["replacement"],
        "explain_code"
    );

    // An update that leaves the list as it was tells no one.
    prompts.update(|p| {
        p.remove_route("review");
        p.add_route(route("review", "Review this."));
    });
    // Removing one is a change again.
    prompts.update(|p| p.remove_route("summarize"));
    assert_eq!(heard.prompts_changed(&prompts, before, 2).await, 2);
    assert_eq!(
        common::prompt_names(client.peer()).await,
        ["explain", "explain_code", "review"]
    );
    assert_eq!(heard.tools.load(Ordering::SeqCst), 0, "no tool changed");
}

#[tokio::test]
async fn the_shared_prompt_registry_says_what_it_is() {
    let (prompts, _heard, _client) = session().await;
    let shown = format!("{prompts:?}");
    assert!(
        shown.starts_with("SharedPromptRegistry(PromptRegistry {"),
        "{shown}"
    );
    let inside = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        prompts.update(|_| prompts.snapshot().len())
    }))
    .expect_err("a snapshot inside update would wait forever");
    let said = inside
        .downcast_ref::<String>()
        .expect("a formatted message");
    assert!(
        said.starts_with("SharedPromptRegistry::snapshot called inside update"),
        "{said}"
    );
}
