//! Issue 18: a session whose client stops reading must not grow the server. The client here
//! speaks JSON-RPC by hand over an in-memory pipe: it initializes (protocol 2025-06-18, so the
//! session is told of changes), then never reads again, while the server's tools change
//! 100,000 times. Each bound session holds at most one pending `tools/list_changed`: the
//! tasks alive and the resident memory stay flat (the loop is bounded; nothing is timed).
//! One `update` of many changes is one notification; `snapshot()` inside `update` panics
//! with what to do instead, where it used to wait forever.

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

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.bind_peer(context.peer);
    }
}

fn route(name: &str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name.to_owned(), "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

/// Resident memory of this process, in bytes (Linux `/proc/self/statm`; 0 elsewhere).
fn resident() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// A session of `tools` spoken by hand: initialized (protocol 2025-06-18), its lines to
/// read, its half to write.
async fn session(
    tools: &SharedToolRegistry<Server>,
) -> (
    Lines<BufReader<ReadHalf<DuplexStream>>>,
    WriteHalf<DuplexStream>,
) {
    let server = Server {
        tools: tools.clone(),
    };
    // A small pipe: a few notifications fill it, and then the server's writes wait.
    let (server_io, client_io) = tokio::io::duplex(4096);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
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
    let bound = tools.bound_peers() + 1;
    for _ in 0..500 {
        if tools.bound_peers() == bound {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(tools.bound_peers(), bound, "the session is bound");
    (lines, write)
}

const CHANGES: usize = 100_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_peer_that_never_reads_holds_one_pending_notification() {
    let tools = SharedToolRegistry::default();
    let (lines, write) = session(&tools).await;
    // From here on the client reads nothing.
    let metrics = tokio::runtime::Handle::current().metrics();
    // Enough changes to fill every buffer between the server and the pipe first.
    for i in 0..1_000 {
        change(&tools, i);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (tasks_before, rss_before) = (metrics.num_alive_tasks(), resident());
    for i in 0..CHANGES {
        change(&tools, i);
        if i.is_multiple_of(1_000) {
            tokio::task::yield_now().await;
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (tasks_after, rss_after) = (metrics.num_alive_tasks(), resident());
    assert!(
        tasks_after <= tasks_before + 2,
        "{CHANGES} changes left {} more tasks alive ({tasks_before} before)",
        tasks_after.saturating_sub(tasks_before)
    );
    let grown = rss_after.saturating_sub(rss_before);
    assert!(
        grown < 32 << 20,
        "{CHANGES} changes grew resident memory by {} MiB",
        grown >> 20
    );
    // The client hangs up: the session is dropped at the next change.
    drop((lines, write));
    for i in 0..500 {
        change(&tools, i);
        if tools.bound_peers() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
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

/// One `update` with many changes tells each session once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_update_with_many_changes_is_one_notification() {
    let tools = SharedToolRegistry::default();
    let (mut lines, _write) = session(&tools).await;
    tools.update(|t| {
        for i in 0..100 {
            flip(t, i);
        }
        t.try_add_route(route("kept")).expect("added");
    });
    let mut heard = 0;
    // Every line the server writes within half a second (bounded: at most 1,000 read).
    for _ in 0..1_000 {
        let next = tokio::time::timeout(Duration::from_millis(500), lines.next_line()).await;
        match next {
            Ok(Ok(Some(line))) if line.contains("notifications/tools/list_changed") => heard += 1,
            Ok(Ok(Some(_))) => {}
            _ => break,
        }
    }
    assert_eq!(heard, 1, "one update, one tools/list_changed");
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
        .recv_timeout(Duration::from_secs(10))
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
