//! A whole `tools/call` request through a real rmcp server session, rmcp's `ToolRouter`
//! beside `ToolRegistry` (by canonical name and by alias name) over the same routes, in one
//! run. Each server is an rmcp server session with `#[tool_handler(router = ...)]`, on one end
//! of an in-memory duplex. Run: `cargo bench --bench request`.
//!
//! - `tools_call_request`: what the server pays. The other end writes one JSON-RPC request
//!   line (made once) and reads the answer line without parsing it, so the time is the
//!   server's: parse the request, dispatch, run the tool, serialize and write the answer.
//! - `tools_call_round_trip`: the same through an rmcp client's `call_tool`, which also builds
//!   the request and parses the answer into a `CallToolResult` (the client's share grows with
//!   the answer: a deprecation `_meta` is parsed too).
//!
//! Both ends share one current-thread runtime, so a request is the CPU work of both ends plus
//! the scheduling between them, without cross-thread wake-ups.

mod common;

use common::{name, registry_of, router_of};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcp_toolname::{DEPRECATION_META_KEY, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ServerHandler, ServiceExt, tool_handler};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, ReadHalf, WriteHalf};

/// A server dispatching through rmcp's router.
struct RmcpServer {
    router: ToolRouter<Self>,
}

#[tool_handler(router = self.router)]
impl ServerHandler for RmcpServer {}

/// The same routes, dispatched through our registry.
struct OurServer {
    tools: ToolRegistry<Self>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for OurServer {}

type Client = RunningService<RoleClient, ()>;

/// Serves `server` on one end of a duplex, in `rt`; a client on the other end.
fn connect<S: ServerHandler>(rt: &tokio::runtime::Runtime, server: S) -> Client {
    rt.block_on(async { ().serve(serve(server)).await.expect("client connects") })
}

/// Serves `server` on one end of a duplex, on the current runtime; returns the other end.
fn serve<S: ServerHandler>(server: S) -> DuplexStream {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    client_io
}

/// The client end of a session, speaking JSON-RPC lines by hand.
struct Raw {
    read: BufReader<ReadHalf<DuplexStream>>,
    write: WriteHalf<DuplexStream>,
    answer: String,
}

impl Raw {
    /// Serves `server` on one end of a duplex, in `rt`, and initializes the session.
    fn connect<S: ServerHandler>(rt: &tokio::runtime::Runtime, server: S) -> Self {
        rt.block_on(async {
            let (read, write) = tokio::io::split(serve(server));
            let mut raw = Self {
                read: BufReader::new(read),
                write,
                answer: String::new(),
            };
            raw.exchange(concat!(
                r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"#,
                r#""protocolVersion":"2025-11-25","capabilities":{},"#,
                r#""clientInfo":{"name":"bench","version":"0"}}}"#,
                "\n"
            ))
            .await;
            raw.write
                .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
                .await
                .expect("write");
            raw
        })
    }

    /// Writes one request line and reads the answer line (kept in `self.answer`).
    async fn exchange(&mut self, request: &str) {
        self.write
            .write_all(request.as_bytes())
            .await
            .expect("write");
        self.answer.clear();
        self.read.read_line(&mut self.answer).await.expect("read");
    }
}

/// A `tools/call` of `tool` as one JSON-RPC line.
fn request_line(tool: &str) -> String {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{{\"name\":{}}}}}\n",
        serde_json::Value::from(tool)
    )
}

/// One current-thread runtime, as an rmcp server over stdio runs on.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

fn request(c: &mut Criterion) {
    let rt = runtime();
    let mut group = c.benchmark_group("tools_call_request");
    for n in [10, 1_000] {
        let target = request_line(&name(n / 2));
        let alias = request_line(&format!("old_{}", name(n.min(100) / 2)));
        let mut rmcp = Raw::connect(
            &rt,
            RmcpServer {
                router: router_of(n),
            },
        );
        let mut ours = Raw::connect(
            &rt,
            OurServer {
                tools: registry_of(n, n.min(100)),
            },
        );
        rt.block_on(ours.exchange(&alias));
        assert!(
            ours.answer.contains(r#""result""#) && ours.answer.contains(DEPRECATION_META_KEY),
            "a call by the alias is served, and says so: {}",
            ours.answer
        );
        rt.block_on(rmcp.exchange(&target));
        assert!(rmcp.answer.contains(r#""result""#), "{}", rmcp.answer);
        group.bench_with_input(BenchmarkId::new("rmcp_router", n), &n, |b, _| {
            b.iter(|| rt.block_on(rmcp.exchange(&target)));
        });
        group.bench_with_input(BenchmarkId::new("registry_canonical", n), &n, |b, _| {
            b.iter(|| rt.block_on(ours.exchange(&target)));
        });
        group.bench_with_input(BenchmarkId::new("registry_alias", n), &n, |b, _| {
            b.iter(|| rt.block_on(ours.exchange(&alias)));
        });
    }
    group.finish();
}

fn call(rt: &tokio::runtime::Runtime, client: &Client, tool: &str) -> CallToolResult {
    rt.block_on(client.call_tool(CallToolRequestParams::new(tool.to_owned())))
        .expect("tools/call")
}

fn round_trip(c: &mut Criterion) {
    let rt = runtime();
    let mut group = c.benchmark_group("tools_call_round_trip");
    for n in [10, 1_000] {
        let target = name(n / 2);
        let alias = format!("old_{}", name(n.min(100) / 2));
        let rmcp = connect(
            &rt,
            RmcpServer {
                router: router_of(n),
            },
        );
        let ours = connect(
            &rt,
            OurServer {
                tools: registry_of(n, n.min(100)),
            },
        );
        let by_alias = call(&rt, &ours, &alias);
        assert!(
            by_alias
                .meta
                .is_some_and(|m| m.0.contains_key(DEPRECATION_META_KEY)),
            "a call by the alias is served, and says so"
        );
        group.bench_with_input(BenchmarkId::new("rmcp_router", n), &n, |b, _| {
            b.iter(|| call(&rt, &rmcp, &target));
        });
        group.bench_with_input(BenchmarkId::new("registry_canonical", n), &n, |b, _| {
            b.iter(|| call(&rt, &ours, &target));
        });
        group.bench_with_input(BenchmarkId::new("registry_alias", n), &n, |b, _| {
            b.iter(|| call(&rt, &ours, &alias));
        });
        rt.block_on(async {
            let _ = rmcp.cancel().await;
            let _ = ours.cancel().await;
        });
    }
    group.finish();
}

criterion_group!(benches, request, round_trip);
criterion_main!(benches);
