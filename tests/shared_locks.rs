//! A `SharedToolRegistry` read while an `update` of it runs: `{:?}` never waits (it prints
//! `<being updated>`), on the updating thread or another; `try_snapshot` gives `None`
//! instead of waiting, also where the update joins the thread that asks; `snapshot` waits for
//! an update on another thread, but where that update joins it, it panics after its 30 s
//! bound instead of waiting forever. Each wait in these tests is bounded, so a hang fails
//! the test instead of hanging the run.

use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use mcp_toolname::SharedToolRegistry;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::{ServerHandler, tool_handler};

/// Far past any delay a loaded machine adds: only a wait that never ends reaches it.
const HANG: Duration = Duration::from_secs(120);

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

#[test]
fn snapshot_from_a_thread_update_joins_ends_in_an_error_not_a_hang() {
    let tools = shared();
    let joined = within("snapshot from a thread update joins", {
        let tools = tools.clone();
        move || {
            let other = tools.clone();
            tools.update(|_| {
                std::thread::spawn(move || other.snapshot().len())
                    .join()
                    .map_err(|e| e.downcast_ref::<String>().cloned().unwrap_or_default())
            })
        }
    });
    let said = joined.expect_err("the snapshot gave up");
    assert!(
        said.contains("snapshot waited 30 s for an update")
            && said.contains("call try_snapshot there"),
        "{said}"
    );
    // A snapshot that meets an update on another thread waits for it, and sees all of it.
    let (started, begun) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let updater = {
        let tools = tools.clone();
        std::thread::spawn(move || {
            tools.update(|t| {
                let _ = started.send(());
                let _ = released.recv_timeout(HANG);
                t.try_add_route(route("gamma"))
            })
        })
    };
    begun.recv_timeout(HANG).expect("the update began");
    let reader = {
        let tools = tools.clone();
        std::thread::spawn(move || tools.snapshot().has_route("gamma"))
    };
    let _ = release.send(());
    assert!(updater.join().expect("update ran").is_ok());
    assert!(
        reader.join().expect("snapshot returned"),
        "after the update"
    );
    assert!(tools.snapshot().has_route("beta"));
}
