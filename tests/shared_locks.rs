//! A `SharedToolRegistry` read while an `update` of it runs: a reader never waits on a
//! writer. `snapshot`, `try_snapshot` and `{:?}` give the last published generation (the
//! registry as the last update left it), also on a thread that the update's closure joins,
//! and never half of an update. Two registries updated inside each other in opposite orders
//! on two threads both finish; a panicking update publishes nothing. Each wait in these tests
//! is bounded, so a hang fails the test instead of hanging the run.

use std::sync::mpsc;
use std::sync::{Arc, Barrier};
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

/// What `f` returns, run on its own thread; panics after [`HANG`] saying it hung, and with
/// `f`'s own message if `f` panicked.
fn within<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    match finished.recv_timeout(HANG) {
        Ok(Ok(out)) => out,
        Ok(Err(panicked)) => std::panic::resume_unwind(panicked),
        Err(_) => panic!("{what}: no answer in {} s (a hang)", HANG.as_secs()),
    }
}

fn shared() -> SharedToolRegistry<Server> {
    let tools = SharedToolRegistry::<Server>::default();
    tools
        .update(|t| t.try_add_route(route("beta")))
        .expect("distinct");
    tools
}

/// The names a snapshot serves, sorted.
fn names(tools: &SharedToolRegistry<Server>) -> Vec<String> {
    tools.snapshot().names().map(str::to_owned).collect()
}

#[test]
fn snapshot_from_a_thread_update_joins_is_the_generation_before() {
    let tools = shared();
    let seen = within("snapshot from a thread update joins", {
        let tools = tools.clone();
        move || {
            let other = tools.clone();
            tools.update(|t| {
                t.add_route(route("gamma"));
                std::thread::spawn(move || names(&other)).join()
            })
        }
    });
    assert_eq!(seen.ok(), Some(vec!["beta".to_owned()]), "as it was");
    assert_eq!(names(&tools), ["beta", "gamma"], "published when it ended");
}

#[test]
fn try_snapshot_is_none_only_inside_its_own_update() {
    let tools = shared();
    let during = within("try_snapshot from a thread update joins", {
        let tools = tools.clone();
        move || {
            let other = tools.clone();
            tools.update(|t| {
                t.add_route(route("gamma"));
                std::thread::spawn(move || other.try_snapshot().map(|r| r.len())).join()
            })
        }
    });
    assert_eq!(during.ok(), Some(Some(1)), "the generation before");
    let inside = within("try_snapshot inside update", {
        let tools = tools.clone();
        move || {
            let inside = tools.clone();
            tools.update(|_| inside.try_snapshot().is_some())
        }
    });
    assert!(
        !inside,
        "none on the updating thread (snapshot would panic)"
    );
    let after = tools.try_snapshot().expect("no update runs");
    assert!(after.has_route("beta") && after.has_route("gamma"));
}

#[test]
fn debug_during_update_prints_the_generation_before() {
    let tools = shared();
    let (same, other) = within("{:?} during update", move || {
        let inside = tools.clone();
        tools.update(|t| {
            t.add_route(route("gamma"));
            let same = format!("{inside:?}");
            let other = std::thread::spawn(move || format!("{inside:?}")).join();
            (same, other)
        })
    });
    let other = other.expect("printed");
    for printed in [same, other] {
        assert!(
            printed.starts_with("SharedToolRegistry(ToolRegistry {"),
            "{printed}"
        );
        assert!(
            printed.contains("beta") && !printed.contains("gamma"),
            "{printed}"
        );
    }
}

/// A reader meets an update half done (one tool added, the other not yet): it sees neither.
#[test]
fn a_snapshot_never_shows_half_an_update() {
    let tools = shared();
    let (halfway, half_done) = mpsc::channel();
    let (go_on, read) = mpsc::channel::<()>();
    let updater = {
        let tools = tools.clone();
        std::thread::spawn(move || {
            tools.update(|t| {
                t.add_route(route("gamma"));
                let _ = halfway.send(());
                let _ = read.recv_timeout(HANG);
                t.add_route(route("delta"));
            });
        })
    };
    half_done.recv_timeout(HANG).expect("the update began");
    let during = within("snapshot during an update", {
        let tools = tools.clone();
        move || names(&tools)
    });
    let _ = go_on.send(());
    updater.join().expect("the update ended");
    assert_eq!(during, ["beta"], "none of the update");
    assert_eq!(names(&tools), ["beta", "delta", "gamma"], "all of it");
}

/// Thread 1 updates `a` and, inside, `b`; thread 2 updates `b` and, inside, `a`. Each waits
/// inside its outer update until the other has called its own, so that with one lock per
/// registry each would hold one and wait for the other forever.
#[test]
fn registries_updated_inside_each_other_in_opposite_orders_both_finish() {
    let a = shared();
    let b = shared();
    let both_called = Arc::new(Barrier::new(2));
    let (entered, in_outer) = mpsc::channel::<()>();
    let nest = |outer: SharedToolRegistry<Server>,
                inner: SharedToolRegistry<Server>,
                name: &'static str,
                entered: mpsc::Sender<()>,
                in_outer: Option<mpsc::Receiver<()>>| {
        let both_called = Arc::clone(&both_called);
        move || {
            both_called.wait();
            outer.update(|_| {
                let _ = entered.send(());
                // Waits (bounded) for the other thread to be inside its outer update too;
                // with one update at a time it never gets there, and this goes on alone.
                if let Some(other_in) = in_outer {
                    let _ = other_in.recv_timeout(Duration::from_millis(500));
                }
                inner.update(|t| t.try_add_route(route(name)))
            })
        }
    };
    let (entered_2, in_outer_2) = mpsc::channel::<()>();
    let one = std::thread::spawn(nest(a.clone(), b.clone(), "one", entered, Some(in_outer_2)));
    let two = nest(b.clone(), a.clone(), "two", entered_2, Some(in_outer));
    let two = within("b inside a, a inside b", two);
    let one = within("the other thread", move || one.join());
    assert!(two.is_ok(), "{two:?}");
    assert!(one.expect("thread one ended").is_ok());
    assert!(b.snapshot().has_route("one") && a.snapshot().has_route("two"));
}

#[test]
fn a_panicking_update_publishes_nothing() {
    let tools = shared();
    let panicked = within("a panicking update", {
        let tools = tools.clone();
        move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                tools.update(|t| {
                    t.add_route(route("gamma"));
                    panic!("a bug in the closure");
                })
            }))
            .is_err()
        }
    });
    assert!(panicked);
    assert_eq!(names(&tools), ["beta"], "nothing of it");
    tools
        .update(|t| t.try_add_route(route("delta")))
        .expect("still usable");
    assert_eq!(names(&tools), ["beta", "delta"]);
}
