//! Windows that outlast caches: on protocol 2026-07-28 a client may cache
//! `tools/list` for `ttlMs`. The registry sends its `list_ttl` cut short at the next instant a
//! listed alias leaves the list, so no cached list outlives a window; an alias whose window is
//! shorter than the cache lifetime is a warning when the registry is built (and at compile time
//! where `since` and `until` are written, `tests/ui/warn/window_shorter_than_ttl.rs`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use mcp_toolname::{Alias, ManualClock, ToolDef, ToolRegistry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{
    CallToolResult, JsonObject, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{ClientLifecycleMode, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[rmcp::tool_handler(router = self.tools)]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(self.tools.list_tools_result(&context))
    }
}

fn route(name: &'static str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(Tool::new(name, "", Arc::new(JsonObject::new())), |_| {
        Box::pin(async { Ok(CallToolResult::default().into()) })
    })
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

/// `subtract` with a listed alias `minus` until 2027-03-01, a day of caching, read at `now`.
fn registry(now: &str) -> (ToolRegistry<Server>, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(at(now)));
    let registry = ToolRegistry::builder()
        .tool(
            ToolDef::new(route("subtract"))
                .alias(Alias::new("minus").until(at("2027-03-01T00:00:00Z"))),
        )
        .list_ttl(Duration::from_secs(86_400))
        .clock(Arc::clone(&clock))
        .build()
        .expect("valid");
    (registry, clock)
}

#[test]
fn the_cache_lifetime_stops_at_the_next_alias_change() {
    let (tools, clock) = registry("2027-02-01T00:00:00Z");
    assert_eq!(
        tools.list_ttl_ms(),
        86_400_000,
        "a month before: a whole day"
    );
    clock.set(at("2027-02-28T23:00:00Z"));
    assert_eq!(
        tools.list_ttl_ms(),
        3_600_000,
        "an hour before the alias leaves"
    );
    clock.set(at("2027-03-01T00:00:00Z"));
    assert_eq!(
        tools.list_ttl_ms(),
        86_400_000,
        "gone: nothing cuts it short"
    );
    let plain = ToolRegistry::<Server>::new().with_route(route("x"));
    assert_eq!(plain.list_ttl_ms(), 0, "without list_ttl, rmcp's 0");
}

#[tokio::test]
async fn a_2026_07_28_client_gets_the_cut_lifetime_and_an_older_one_none() {
    let (tools, _clock) = registry("2027-02-28T23:30:00Z");
    for (version, expected) in [
        (ProtocolVersion::V_2026_07_28, Some(1_800_000)),
        (ProtocolVersion::V_2025_06_18, None),
    ] {
        let server = Server {
            tools: tools.clone(),
        };
        let (server_io, client_io) = tokio::io::duplex(1 << 16);
        tokio::spawn(async move {
            if let Ok(running) = server.serve(server_io).await {
                let _ = running.waiting().await;
            }
        });
        let client = if version == ProtocolVersion::V_2026_07_28 {
            let lifecycle = ClientLifecycleMode::Discover {
                preferred_versions: vec![version.clone()],
            };
            rmcp::service::serve_client_with_lifecycle((), client_io, lifecycle)
                .await
                .expect("server/discover")
        } else {
            ().serve(client_io).await.expect("initialize")
        };
        let listed = client.list_tools(None).await.expect("tools/list");
        assert_eq!(listed.ttl_ms, expected, "{version:?}");
        assert_eq!(listed.tools.len(), 2, "subtract and its alias");
        let _ = client.cancel().await;
    }
}

/// A `tracing` writer into a shared buffer.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_window_shorter_than_the_cache_is_a_warning_at_build() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .finish();
    // tracing keeps one interest per callsite for every thread, and while a single dispatcher
    // lives it asks only the registering thread's: another test of this binary (no subscriber)
    // that first reaches the warning's callsite turns it off here too (an empty log, 1 run in
    // 10 in CI). A second, idle dispatcher makes every registration ask them all.
    let _idle = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    tracing::subscriber::with_default(subscriber, || {
        // One registered before either dispatcher existed is recomputed with this one live.
        tracing::callsite::rebuild_interest_cache();
        let clock = ManualClock::new(at("2027-02-28T12:00:00Z"));
        let _ =
            ToolRegistry::builder()
                .tool(
                    ToolDef::new(route("subtract"))
                        .alias(Alias::new("minus").until(at("2027-03-01T00:00:00Z"))),
                )
                .tool(ToolDef::new(route("add")).alias(
                    Alias::new("plus").until(at("2027-03-01T00:00:00Z") + TimeDelta::days(30)),
                ))
                .list_ttl(Duration::from_secs(86_400))
                .clock(clock)
                .build()
                .expect("valid");
    });
    let logged = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(
        logged.contains(
            "alias `minus` of `subtract` ends at 2027-03-01T00:00:00Z, less than the 1 day \
             (86400 s) clients may cache `tools/list` after it starts"
        ),
        "{logged}"
    );
    // No `since`: the window starts when the registry is built, so a day later is enough.
    assert!(
        logged.contains("end its window at 2027-03-01T12:00:00Z or later (`until`)"),
        "{logged}"
    );
    assert!(
        !logged.contains("`plus`"),
        "a month is longer than a day: {logged}"
    );
}
