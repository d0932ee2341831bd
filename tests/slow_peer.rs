//! A session whose client stops reading must not grow the server. The client here speaks
//! JSON-RPC by hand over an in-memory pipe: it initializes (protocol 2025-06-18, so the session
//! is told of changes), then reads nothing while the server's tools change 100,000 times. Each
//! bound session holds at most one pending `tools/list_changed`: no task is left behind per
//! change, and once the client reads again it finds a handful of notifications, not one per
//! change. Every wait is on an event (the session bound, an answer read, the server ended), with
//! a deadline only against a hang; nothing reads the clock or this process's memory, which the
//! other tests of this binary share. One `update` of many changes is one notification;
//! `snapshot()` inside `update` panics with what to do instead, where it used to wait forever.

use std::sync::Arc;
use std::time::Duration;

use mcp_toolname::SharedToolRegistry;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, ServerCapabilities, ServerConfig, Tool};
use rmcp::service::NotificationContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, tool_handler};
use tokio::io::{
    AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf,
};
use tokio::sync::{Notify, oneshot};

/// How long a wait on an event may last before the test calls it a hang: far past any delay a
/// loaded machine adds, so only a lost event reaches it.
const HANG: Duration = Duration::from_secs(120);

#[derive(Clone)]
struct Server {
    tools: SharedToolRegistry<Self>,
    /// Woken once the session is bound (after `bind_peer`, in `on_initialized`).
    bound: Arc<Notify>,
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

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.bind_peer(context.peer);
        self.bound.notify_one();
    }
}

fn route(name: &str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name.to_owned(), "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// A session of `tools` spoken by hand.
struct Session {
    /// The lines the server wrote, to read.
    lines: Lines<BufReader<ReadHalf<DuplexStream>>>,
    /// The client's half, to write.
    write: WriteHalf<DuplexStream>,
    /// Fires when the server's session has ended.
    ended: oneshot::Receiver<()>,
}

/// A session of `tools`, initialized (protocol 2025-06-18) and bound.
async fn session(tools: &SharedToolRegistry<Server>) -> Session {
    let bound = Arc::new(Notify::new());
    let server = Server {
        tools: tools.clone(),
        bound: Arc::clone(&bound),
    };
    // A small pipe: a few notifications fill it, and then the server's writes wait.
    let (server_io, client_io) = tokio::io::duplex(4096);
    let (end, ended) = oneshot::channel();
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
        let _ = end.send(());
    });
    let (read, mut write) = tokio::io::split(client_io);
    let mut lines = BufReader::new(read).lines();
    write
        .write_all(
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"slow\",\"version\":\"0\"}}}\n",
        )
        .await
        .unwrap();
    let answer = lines
        .next_line()
        .await
        .unwrap()
        .expect("an initialize answer");
    assert!(answer.contains("\"result\""), "{answer}");
    write
        .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
        .await
        .unwrap();
    tokio::time::timeout(HANG, bound.notified())
        .await
        .expect("the server binds the session once it is initialized");
    Session {
        lines,
        write,
        ended,
    }
}

/// Sends a `ping` (id `id`) and reads every line up to its answer; returns how many of them
/// were `tools/list_changed`. Bounded: a server that never answers fails after `limit` lines.
async fn list_changed_before_pong(session: &mut Session, id: u32, limit: usize) -> usize {
    let ping = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\"}}\n");
    session.write.write_all(ping.as_bytes()).await.unwrap();
    let pong = format!("\"id\":{id}");
    let mut heard = 0;
    for _ in 0..limit {
        let line = tokio::time::timeout(HANG, session.lines.next_line())
            .await
            .expect("the server writes on")
            .unwrap()
            .expect("the session is open");
        if line.contains(&pong) && line.contains("\"result\"") {
            return heard;
        }
        if line.contains("notifications/tools/list_changed") {
            heard += 1;
        }
    }
    panic!("no answer to the ping within {limit} lines ({heard} of them tools/list_changed)");
}

const CHANGES: usize = 100_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peer_that_never_reads_holds_one_pending_notification() {
    let tools = SharedToolRegistry::default();
    let mut session = session(&tools).await;
    // From here on the client reads nothing.
    let metrics = tokio::runtime::Handle::current().metrics();
    // Enough changes to fill every buffer between the server and the pipe first.
    for i in 0..1_000 {
        change(&tools, i);
    }
    let tasks_before = metrics.num_alive_tasks();
    for i in 0..CHANGES {
        change(&tools, i);
        if i.is_multiple_of(1_000) {
            tokio::task::yield_now().await;
        }
    }
    // The sender is stuck on the full pipe: a task per change would still be alive now.
    let tasks_after = metrics.num_alive_tasks();
    assert!(
        tasks_after <= tasks_before + 2,
        "{CHANGES} changes left {} more tasks alive ({tasks_before} before)",
        tasks_after.saturating_sub(tasks_before)
    );
    // The client reads again: what waited for it is what filled the 4 KiB pipe (about 60
    // notifications), the one being sent and the one pending; not one per change.
    let heard = list_changed_before_pong(&mut session, 2, 2 * CHANGES).await;
    eprintln!("after {CHANGES} changes a slow client found {heard} tools/list_changed waiting");
    assert!(
        (1..=100).contains(&heard),
        "after {CHANGES} changes a slow client found {heard} tools/list_changed waiting"
    );
    // The client hangs up: the server's session ends, and it is not told again.
    let Session {
        lines,
        write,
        ended,
    } = session;
    drop((lines, write));
    tokio::time::timeout(HANG, ended)
        .await
        .expect("the server ends a session whose client hung up")
        .expect("the server task ran to its end");
    change(&tools, 0);
    assert_eq!(tools.bound_peers(), 0, "a closed session is not told again");
}

/// One change of `tools/list` through `update`: a tool added, or removed again.
fn change(tools: &SharedToolRegistry<Server>, i: usize) {
    tools.update(|t| flip(t, i));
}

/// A tool added (even `i`) or removed again (odd).
fn flip(t: &mut mcp_toolname::ToolRegistry<Server>, i: usize) {
    if i.is_multiple_of(2) {
        t.try_add_route(route("flip")).expect("added");
    } else {
        t.remove_route("flip");
    }
}

/// One `update` with many changes tells each session once: the first notification is awaited,
/// then a ping's answer, which the server writes after anything it had queued before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_update_with_many_changes_is_one_notification() {
    let tools = SharedToolRegistry::default();
    let mut session = session(&tools).await;
    tools.update(|t| {
        for i in 0..100 {
            flip(t, i);
        }
        t.try_add_route(route("kept")).expect("added");
    });
    let mut first = None;
    // Bounded: nothing else is sent to this session, so the first line is the one.
    for _ in 0..10 {
        let line = tokio::time::timeout(HANG, session.lines.next_line())
            .await
            .expect("a notification comes")
            .unwrap()
            .expect("the session is open");
        if line.contains("notifications/tools/list_changed") {
            first = Some(line);
            break;
        }
    }
    assert!(first.is_some(), "the update was told");
    let more = list_changed_before_pong(&mut session, 2, 1_000).await;
    assert_eq!(more, 0, "one update, one tools/list_changed");
}

/// `snapshot()` inside `update` of the same registry used to wait forever for the lock
/// `update` holds; now it panics, saying what to do instead, and the registry stays usable.
#[test]
fn a_snapshot_inside_update_panics_with_what_to_do() {
    let tools = SharedToolRegistry::<Server>::default();
    let (done, finished) = std::sync::mpsc::channel();
    let inside = tools.clone();
    std::thread::spawn(move || {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            inside.update(|_| inside.snapshot().len())
        }));
        let message = caught
            .err()
            .and_then(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
            })
            .unwrap_or_default();
        let _ = done.send(message);
    });
    let message = finished
        .recv_timeout(HANG)
        .expect("snapshot inside update returned (no deadlock)");
    assert!(
        message.contains("snapshot called inside update")
            && message.contains("read the &mut ToolRegistry that update gives instead"),
        "{message}"
    );
    tools
        .update(|t| t.try_add_route(route("after")))
        .expect("still usable");
    assert!(tools.snapshot().has_route("after"));
}
