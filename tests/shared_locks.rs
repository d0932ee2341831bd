//! A `SharedToolRegistry` read while an `update` of it runs: `{:?}` never waits (it prints
//! `<being updated>`), on the updating thread or another, and `try_snapshot` gives `None`
//! instead of waiting, also where the update joins the thread that asks. Each wait in these
//! tests is bounded, so a hang fails the test instead of hanging the run.

use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use mcp_toolname::SharedToolRegistry;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::{ServerHandler, tool_handler};

/// Far past any delay a loaded machine adds: only a wait that never ends reaches it.
const HANG: Duration = Duration::from_secs(60);

#[derive(Clone)]
struct Server {
    tools: SharedToolRegistry<Self>,
}

#[tool_handler(router = self.tools.snapshot())]
impl ServerHandler for Server {}

fn route(name: &'static str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())), |_| {
        Box::pin(async { Ok(CallToolResult::default().into()) })
    })
}

/// What `f` returns, run on its own thread; panics after [`HANG`] saying it hung.
fn within<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(f());
    });
    finished
        .recv_timeout(HANG)
        .unwrap_or_else(|_| panic!("{what}: no answer in {} s (a hang)", HANG.as_secs()))
}

fn shared() -> SharedToolRegistry<Server> {
    let tools = SharedToolRegistry::<Server>::default();
    tools
        .update(|t| t.try_add_route(route("beta")))
        .expect("distinct");
    tools
}

#[test]
fn debug_inside_update_on_the_same_thread_prints_a_placeholder() {
    let tools = shared();
    let printed = within("{:?} inside update", move || {
        let inside = tools.clone();
        tools.update(|_| format!("{inside:?}"))
    });
    assert_eq!(printed, "SharedToolRegistry(<being updated>)");
}

#[test]
fn debug_from_another_thread_during_update_does_not_wait() {
    let tools = shared();
    let printed = within("{:?} from a thread update joins", move || {
        let other = tools.clone();
        tools.update(|_| std::thread::spawn(move || format!("{other:?}")).join())
    });
    assert_eq!(
        printed.ok().as_deref(),
        Some("SharedToolRegistry(<being updated>)")
    );
}

#[test]
fn debug_outside_update_prints_the_registry() {
    let tools = shared();
    let printed = within("{:?}", move || format!("{tools:?}"));
    assert!(printed.starts_with("SharedToolRegistry("), "{printed}");
    assert!(printed.contains("beta"), "{printed}");
}

#[test]
fn try_snapshot_from_a_thread_update_joins_gives_none() {
    let tools = shared();
    let during = within("try_snapshot from a thread update joins", {
        let tools = tools.clone();
        move || {
            let other = tools.clone();
            tools.update(|_| {
                std::thread::spawn(move || other.try_snapshot().map(|r| r.len())).join()
            })
        }
    });
    assert_eq!(during.ok(), Some(None), "no snapshot while the update runs");
    let inside = within("try_snapshot inside update", {
        let tools = tools.clone();
        move || {
            let inside = tools.clone();
            tools.update(|_| inside.try_snapshot().is_some())
        }
    });
    assert!(
        !inside,
        "none on the updating thread either (snapshot would panic)"
    );
    let after = tools.try_snapshot().expect("no update runs");
    assert!(after.has_route("beta"));
}
