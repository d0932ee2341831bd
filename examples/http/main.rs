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
//! It is served as a server on the open network should be (`guard.rs`): a client has 10 s to
//! send a request's headers and 30 s for its body, at most 1024 connections and 1000 sessions
//! are held at once (`--header-timeout SECS`, `--body-timeout SECS`, `--max-sessions N` change
//! them), and a name from a client is echoed escaped and shortened ([`message::show`]).

mod guard;

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
                     [--max-sessions N (1000)] [--header-timeout SECS (10)] \
                     [--body-timeout SECS (30)]";

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

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        port: 0,
        alias_for: None,
        limits: guard::Limits::default(),
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or_else(|| format!("`{flag}` needs a value"));
        match arg.as_str() {
            "--port" => parsed.port = whole("--port", &value("--port")?, "a port (0-65535)")?,
            "--alias-for" => {
                let secs = value("--alias-for")?;
                parsed.alias_for = Some(whole("--alias-for", &secs, "a whole number of seconds")?);
            }
            "--max-sessions" => {
                let most = value("--max-sessions")?;
                parsed.limits.sessions = whole("--max-sessions", &most, "a number of sessions")?;
            }
            "--header-timeout" => {
                let secs = value("--header-timeout")?;
                let secs = whole("--header-timeout", &secs, "a whole number of seconds")?;
                parsed.limits.header_read = std::time::Duration::from_secs(secs);
            }
            "--body-timeout" => {
                let secs = value("--body-timeout")?;
                let secs = whole("--body-timeout", &secs, "a whole number of seconds")?;
                parsed.limits.body_read = std::time::Duration::from_secs(secs);
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {}", message::show(other))),
        }
    }
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
    let sessions = Arc::new(guard::CappedSessions::new(args.limits.sessions));
    let service: StreamableHttpService<Http, guard::CappedSessions> = StreamableHttpService::new(
        move || Ok(server.clone()),
        sessions,
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service).route(
        "/metrics",
        axum::routing::get(move || {
            // The Prometheus text exposition format, version 0.0.4.
            let body = metrics.render();
            async move { ([(CONTENT_TYPE, "text/plain; version=0.0.4")], body) }
        }),
    );
    let listener =
        match tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, args.port)))
            .await
        {
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
    guard::serve(listener, router, args.limits).await;
    eprintln!("http: the server stopped accepting connections");
    ExitCode::FAILURE
}
