//! An MCP server over Streamable HTTP: many sessions at once, one tool registry for all of
//! them ([`SharedToolRegistry`]), a renamed tool whose alias window can close while the
//! server runs, and admin tools that add and remove tools at run time.
//!
//! ```text
//! cargo run --example http --features metrics                 # 127.0.0.1, a free port
//! cargo run --example http --features metrics -- --port 8080 --alias-for 30
//! curl -s http://127.0.0.1:8080/metrics | grep mcp_toolname   # alias usage, for Prometheus
//! ```
//!
//! It prints `listening on http://127.0.0.1:PORT/mcp` as its first line on stdout. Tools:
//! `subtract`, formerly `minus` (a listed, deprecated alias: until 2027-03-01, or for
//! `--alias-for SECS` seconds from the start) and `sub` (a hidden alias, callable, listed only
//! to a request that asks for the whole surface); `multiply`; `add_tool` / `remove_tool`, which
//! add and remove a tool `extra_<name>` for every session. Each session's handler is a clone
//! holding the same registry. Every client hears `notifications/tools/list_changed` when the
//! list changes: on the protocol versions before 2026-07-28, each open session (joined in
//! `on_initialized`); on 2026-07-28, which serves each request on its own, each client that
//! listens (`subscriptions/listen` with `toolsListChanged`, served by `listen`).
//!
//! Alias usage (the cargo feature `metrics`) is exported at `GET /metrics` in Prometheus's
//! text format by `metrics-exporter-prometheus`: the counter `mcp_toolname_alias_calls`, one
//! series per alias and outcome (`served` inside the window, `refused` after it), each at 0
//! from the start. Summed over every replica, it says when an old name is safe to remove.
//!
//! It is served as a server on the open network should be (`guard.rs`, `connections.rs`,
//! `sessions.rs`, `refusals.rs`, `peer.rs`), so that no client, slow or greedy, nor many from
//! many addresses, can keep the others out:
//!
//! ```text
//! --header-timeout SECS           10    to send a request's headers
//! --body-timeout SECS             30    to send its whole body after them (else 408)
//! --max-connections N             1024  served at once (past that, the longest idle closes)
//! --max-connections-per-peer N    N/8   held by one address (past that, 429)
//! --max-sessions N                1000  finished sessions (past that, the longest idle closes)
//! --max-sessions-per-peer N       N/8   sessions of one address (past that, 429)
//! --init-timeout SECS             10    from `initialize` to `notifications/initialized`
//! ```
//!
//! A per-peer limit is an eighth of its cap, and at least 8 (or the cap). A session counts
//! against `--max-sessions` once its handshake is finished; unfinished ones are held apart
//! (as many at most) and closed after `--init-timeout`. A full server makes room for a new
//! client: the session, SSE stream or connection idle the longest gives way (a keep-alive
//! connection between requests, a session no request has used for longest); only when every
//! one is answering a request is the client refused (`503`) or, for a connection, left in the
//! kernel's backlog. The per-address shares keep one address from pushing out everyone else.
//! Behind a reverse proxy every client has the proxy's address: raise the per-peer limits. A
//! refusal carries `Retry-After`. A name from a client is echoed escaped and shortened
//! ([`message::show`]). `scripts/http-attack.py` starts a build of this example, floods it
//! with each lock-out attack from many addresses and times a legitimate client from another
//! meanwhile.

mod connections;
mod guard;
mod peer;
mod refusals;
mod sessions;

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;

use axum::http::header::CONTENT_TYPE;
use chrono::{TimeDelta, Utc};
use mcp_toolname::rules::message;
use mcp_toolname::{SharedToolRegistry, mcp_tool, tool_registry};
use metrics_exporter_prometheus::PrometheusBuilder;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Implementation, JsonObject, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, SubscriptionFilter, Tool,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler, schemars, tool_handler};
use serde::Deserialize;

/// Two integers.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Pair {
    /// Left operand.
    a: i64,
    /// Right operand.
    b: i64,
}

/// A tool to add or remove at run time.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Extra {
    /// Its name: the tool is `extra_<name>`.
    name: String,
}

#[derive(Clone)]
struct Http {
    tools: SharedToolRegistry<Self>,
}

#[tool_registry]
impl Http {
    /// Subtracts `b` from `a`.
    #[mcp_tool(
        alias(name = "minus", until = "2027-03-01"),
        alias(name = "sub", until = "2099-01-01", hidden)
    )]
    fn subtract(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_sub(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Multiplies two integers.
    #[mcp_tool(annotations(read_only_hint = true))]
    fn multiply(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_mul(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Adds the tool `extra_<name>` for every session; it answers with its own name.
    #[mcp_tool]
    fn add_tool(&self, Parameters(Extra { name }): Parameters<Extra>) -> Result<String, String> {
        let tool = format!("extra_{name}");
        let answer = tool.clone();
        let route = ToolRoute::new_dyn(
            Tool::new(
                tool.clone(),
                "Answers with its own name.",
                // The spec asks for `"type": "object"`; the Python SDK refuses a list without.
                Arc::new(JsonObject::from_iter([(
                    "type".to_owned(),
                    "object".into(),
                )])),
            ),
            move |_ctx| {
                let result = CallToolResult::success(vec![ContentBlock::text(answer.clone())]);
                Box::pin(async move { Ok(result.into()) })
            },
        );
        self.tools
            .update(|tools| tools.try_add_route(route))
            .map_err(|e| e.to_string())?;
        // A name from the caller is echoed escaped and shortened, never as it came.
        Ok(format!("added {}", message::show(&tool)))
    }

    /// Removes the tool `extra_<name>` for every session.
    #[mcp_tool]
    fn remove_tool(&self, Parameters(Extra { name }): Parameters<Extra>) -> Result<String, String> {
        let tool = format!("extra_{name}");
        let removed = self.tools.update(|tools| {
            let there = tools.has_route(&tool);
            tools.remove_route(&tool);
            there
        });
        removed
            .then(|| format!("removed {}", message::show(&tool)))
            .ok_or_else(|| format!("there is no tool {} to remove", message::show(&tool)))
    }
}

#[tool_handler(router = self.tools.snapshot())]
impl ServerHandler for Http {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .build();
        ServerConfig::new(capabilities).with_server_info(Implementation::new("http", "1.0.0"))
    }

    /// The list with its cache hints, and the whole surface (the hidden `sub` too) for a
    /// request that asks for it, as `mcp-toolname snapshot --url` does: rmcp's generated
    /// `list_tools` cannot see the request.
    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(self.tools.snapshot().list_tools_result(&context))
    }

    /// Protocol 2026-07-28 has no sessions: a client hears of changes by listening.
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        (requested.tools_list_changed == Some(true))
            .then(|| SubscriptionFilter::builder().tools_list_changed().build())
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.tools.notify_subscription(&context).await;
        Ok(())
    }

    /// Protocol versions before 2026-07-28 keep a session open: it is told of changes here.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.bind_peer(context.peer);
    }
}

const USAGE: &str = "usage: http [--port N (0: a free port; the default)] [--alias-for SECS] \
                     [--header-timeout SECS (10)] [--body-timeout SECS (30)] \
                     [--max-connections N (1024)] [--max-connections-per-peer N (N/8)] \
                     [--max-sessions N (1000)] [--max-sessions-per-peer N (N/8)] \
                     [--init-timeout SECS (10)]";

/// What the command line asks for.
struct Args {
    port: u16,
    alias_for: Option<u32>,
    limits: guard::Limits,
}

/// `text`, the value of `flag`, as a whole number of `what`.
fn whole<T: std::str::FromStr>(flag: &str, text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("`{flag}` value {} is not {what}", message::show(text)))
}

/// `text`, the value of `flag`, as a count of at least 1.
fn count(flag: &str, text: &str, what: &str) -> Result<usize, String> {
    match whole(flag, text, what)? {
        0 => Err(format!("`{flag}` must be at least 1")),
        n => Ok(n),
    }
}

/// `text`, the value of `flag`, as whole seconds.
fn secs(flag: &str, text: &str) -> Result<std::time::Duration, String> {
    whole(flag, text, "a whole number of seconds").map(std::time::Duration::from_secs)
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        port: 0,
        alias_for: None,
        limits: guard::Limits::default(),
    };
    let (mut connections_per_peer, mut sessions_per_peer) = (None, None);
    while let Some(arg) = args.next() {
        let flag = arg.as_str();
        let mut value = || args.next().ok_or_else(|| format!("`{flag}` needs a value"));
        let limits = &mut parsed.limits;
        match flag {
            "--port" => parsed.port = whole(flag, &value()?, "a port (0-65535)")?,
            "--alias-for" => {
                parsed.alias_for = Some(whole(flag, &value()?, "a whole number of seconds")?);
            }
            "--header-timeout" => limits.header_read = secs(flag, &value()?)?,
            "--body-timeout" => limits.body_read = secs(flag, &value()?)?,
            "--init-timeout" => limits.sessions.init_timeout = secs(flag, &value()?)?,
            "--max-connections" => limits.connections = count(flag, &value()?, "a number")?,
            "--max-connections-per-peer" => {
                connections_per_peer = Some(count(flag, &value()?, "a number")?);
            }
            "--max-sessions" => limits.sessions.most = count(flag, &value()?, "a number")?,
            "--max-sessions-per-peer" => {
                sessions_per_peer = Some(count(flag, &value()?, "a number")?);
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {}", message::show(other))),
        }
    }
    let limits = &mut parsed.limits;
    limits.connections_per_peer =
        connections_per_peer.unwrap_or_else(|| peer::share(limits.connections));
    limits.sessions.per_peer =
        sessions_per_peer.unwrap_or_else(|| peer::share(limits.sessions.most));
    Ok(Some(parsed))
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("http: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // First, so that each alias's series is registered (at 0) when the registry is built.
    let metrics = match PrometheusBuilder::new().install_recorder() {
        Ok(handle) => handle,
        Err(e) => {
            eprintln!("http: cannot install the Prometheus recorder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut builder = Http::tool_router().reconfigure();
    if let Some(secs) = args.alias_for {
        let until = Utc::now() + TimeDelta::seconds(i64::from(secs));
        builder = builder.override_window("minus", Some(until));
    }
    let tools = match builder.build() {
        Ok(tools) => SharedToolRegistry::new(tools),
        Err(e) => {
            eprintln!("http: {e}");
            return ExitCode::from(2);
        }
    };
    // One handler per session, each a clone holding the one registry.
    let server = Http { tools };
    let config = StreamableHttpServerConfig::default();
    let mut limits = args.limits;
    limits.body_bytes = config.max_request_body_bytes;
    let sessions = Arc::new(sessions::CappedSessions::new(limits.sessions));
    let service: StreamableHttpService<Http, sessions::CappedSessions> =
        StreamableHttpService::new(move || Ok(server.clone()), sessions, config);
    let router = axum::Router::new().nest_service("/mcp", service).route(
        "/metrics",
        axum::routing::get(move || {
            // The Prometheus text exposition format, version 0.0.4.
            let body = metrics.render();
            async move { ([(CONTENT_TYPE, "text/plain; version=0.0.4")], body) }
        }),
    );
    let listener = match listen(SocketAddr::from((Ipv4Addr::LOCALHOST, args.port))) {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("http: cannot listen on 127.0.0.1:{}: {e}", args.port);
            return ExitCode::FAILURE;
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("listening on http://{addr}/mcp"),
        Err(e) => {
            eprintln!("http: cannot read the bound address: {e}");
            return ExitCode::FAILURE;
        }
    }
    guard::serve(listener, router, limits).await;
    eprintln!("http: the server stopped accepting connections");
    ExitCode::FAILURE
}

/// Connections the kernel holds for the server before it accepts them. `TcpListener::bind`
/// asks for 1,024: a burst of more connects than that (1,152 trickling ones from nine
/// addresses) overflows it, the kernel drops the SYNs past it, and a client whose SYN is among
/// them waits for its retransmission, a second later. The kernel caps this at
/// `net.core.somaxconn` (4,096 by default since Linux 5.4).
const BACKLOG: u32 = 4096;

/// A listener on `addr` with a backlog of [`BACKLOG`].
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}
