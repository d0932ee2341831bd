//! Shared by the integration tests: an rmcp client talking to a server over an in-memory
//! duplex (the real protocol, no process), and small result readers.
#![allow(dead_code)] // each test binary uses part of this module

pub mod cargo;
pub mod skipped;

use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject};
use rmcp::service::{Peer, RoleClient, RunningService, ServiceError};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::service::{MaybeSendFuture, NotificationContext};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use tokio::sync::Notify;

pub type Client = RunningService<RoleClient, ()>;

/// How long a wait on an event may last before a test calls it a hang: far past any delay a
/// loaded machine adds (two test runs at once beside a busy process), so only an event that
/// never comes reaches it. Never a measure of speed.
pub const HANG: Duration = Duration::from_secs(120);

/// Waits until `done()` holds, looking again every 10 ms; panics naming `what` after [`HANG`].
pub async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + HANG;
    while !done() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: still not so after {} s",
            HANG.as_secs()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Waits until `done()` holds, woken by `wake` whenever what it reads may have changed (a
/// handler calls `notify_waiters` after each event); returns at [`HANG`] without panicking,
/// so the caller's assertion says what was missing.
pub async fn woken_until(wake: &tokio::sync::Notify, done: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + HANG;
    loop {
        // Registered before `done` is read, so an event between the two still wakes it.
        let woken = wake.notified();
        if done() || tokio::time::timeout_at(deadline, woken).await.is_err() {
            return;
        }
    }
}

/// Serves `server` on one end of a duplex and returns a client on the other.
pub async fn connect<S: ServerHandler>(server: S) -> Client {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io).await.expect("client connects")
}

pub async fn names(client: &Peer<RoleClient>) -> Vec<String> {
    let tools = client.list_all_tools().await.expect("tools/list");
    tools.into_iter().map(|t| t.name.into_owned()).collect()
}

/// The names `prompts/list` gives, every page, in order.
pub async fn prompt_names(client: &Peer<RoleClient>) -> Vec<String> {
    let prompts = client.list_all_prompts().await.expect("prompts/list");
    prompts.into_iter().map(|p| p.name).collect()
}

pub fn args(a: i64, b: i64) -> JsonObject {
    serde_json::json!({ "a": a, "b": b })
        .as_object()
        .cloned()
        .unwrap_or_default()
}

pub async fn call(
    client: &Peer<RoleClient>,
    name: &str,
    arguments: Option<JsonObject>,
) -> Result<CallToolResult, ServiceError> {
    let mut params = CallToolRequestParams::new(name.to_owned());
    params.arguments = arguments;
    client.call_tool(params).await
}

pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text())
        .map(|t| t.text.clone())
        .collect()
}

/// The JSON-RPC error inside a failed call.
pub fn rpc_error(err: &ServiceError) -> &rmcp::ErrorData {
    match err {
        ServiceError::McpError(e) => e,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

/// `target/<profile>/examples/<name>`, built (or found up to date) by cargo first:
/// `cargo test --test <one>` alone does not rebuild examples, and a stale binary would test
/// old code. Each example is built once per test binary.
pub fn example(name: &str) -> std::path::PathBuf {
    static BUILT: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/<test>");
    let path = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let mut built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if !built.iter().any(|b| b == name) {
        let mut build = cargo::cargo();
        build
            .args(["build", "--quiet", "--example", name])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        // Cargo.toml's `required-features` of the examples that have some.
        if name == "http" {
            build.args(["--features", "metrics"]);
        }
        if profile_dir.file_name().is_some_and(|p| p == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "`cargo build --example {name}` failed");
        built.push(name.to_owned());
    }
    assert!(
        path.exists(),
        "{} is missing after the build",
        path.display()
    );
    path
}

/// A client handler that counts `notifications/tools/list_changed`.
#[derive(Clone, Default)]
pub struct Listener {
    pub heard: Arc<AtomicUsize>,
    pub wake: Arc<Notify>,
}

impl ClientHandler for Listener {
    fn on_tool_list_changed(
        &self,
        _context: NotificationContext<RoleClient>,
    ) -> impl std::future::Future<Output = ()> + MaybeSendFuture + '_ {
        self.heard.fetch_add(1, Ordering::SeqCst);
        self.wake.notify_waiters();
        std::future::ready(())
    }
}

impl Listener {
    pub fn count(&self) -> usize {
        self.heard.load(Ordering::SeqCst)
    }

    /// Waits (until [`HANG`]) until `expected` notifications were heard, then a moment more
    /// for an unwanted extra one, and returns the count.
    pub async fn heard(&self, expected: usize) -> usize {
        let deadline = tokio::time::Instant::now() + HANG;
        loop {
            let woken = self.wake.notified();
            if self.count() >= expected {
                break;
            }
            if tokio::time::timeout_at(deadline, woken).await.is_err() {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        self.count()
    }
}

/// The next notification of a 2026-07-28 `subscription`, if one comes within `wait`.
pub async fn next_notification(
    subscription: &mut rmcp::service::Subscription,
    wait: Duration,
) -> Option<rmcp::model::ServerNotification> {
    tokio::time::timeout(wait, subscription.next())
        .await
        .ok()
        .map(|n| {
            n.expect("the subscription stays open")
                .expect("a notification")
        })
}

/// Waits (until [`HANG`]) for the next notification of `subscription` and asserts it is
/// `notifications/tools/list_changed`.
pub async fn hear_tool_list_changed(subscription: &mut rmcp::service::Subscription) {
    let heard = next_notification(subscription, HANG).await;
    assert!(
        matches!(
            heard,
            Some(rmcp::model::ServerNotification::ToolListChangedNotification(_))
        ),
        "expected notifications/tools/list_changed, heard {heard:?}"
    );
}
