//! Renames in production: the listed / hidden / refused phases of an alias, windows set at
//! three levels, the next change and `notifications/tools/list_changed`, deprecation in the
//! call result, and many clients listing and calling while windows close.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, TimeDelta, Utc};
use common::{call, connect, hear_tool_list_changed, names, text};
use mcp_toolname::{ManualClock, OffsetClock, Problem, ToolRegistry, mcp_tool, tool_registry};
use rmcp::service::NotificationContext;
use rmcp::{ClientHandler, RoleClient, RoleServer, ServerHandler, ServiceExt, tool_handler};

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("test timestamps are valid")
        .to_utc()
}

#[derive(Clone)]
struct Files {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Files {
    /// Reads a file.
    #[mcp_tool(alias(name = "cat", list_until = "2027-01-01", until = "2027-02-01"))]
    fn read_file(&self) -> String {
        "read".to_owned()
    }

    /// Writes a file.
    #[mcp_tool(alias(name = "put", since = "2026-06-01"))]
    fn write_file(&self) -> String {
        "written".to_owned()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Files {
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.notify_peer(context.peer);
    }
}

fn files(clock: &Arc<ManualClock>) -> Files {
    Files {
        tools: Files::tool_router().with_clock(Arc::clone(clock)),
    }
}

#[tokio::test]
async fn an_alias_is_listed_then_hidden_but_callable_then_refused() {
    let clock = Arc::new(ManualClock::new(at("2026-12-31T23:59:59Z")));
    let client = connect(files(&clock)).await;
    assert_eq!(
        names(&client).await,
        ["cat", "put", "read_file", "write_file"]
    );
    clock.set(at("2027-01-01T00:00:00Z"));
    assert_eq!(
        names(&client).await,
        ["put", "read_file", "write_file"],
        "list_until: gone from the list"
    );
    assert_eq!(
        text(&call(&client, "cat", None).await.unwrap()),
        "read",
        "...but still callable"
    );
    clock.set(at("2027-02-01T00:00:00Z"));
    let refused = call(&client, "cat", None)
        .await
        .expect("until: refused, as a tool error");
    assert_eq!(refused.is_error, Some(true));
    assert!(text(&refused).contains("renamed to `read_file`"));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_call_by_the_old_name_says_so_in_the_result() {
    let clock = Arc::new(ManualClock::new(at("2026-12-01T00:00:00Z")));
    let client = connect(files(&clock)).await;
    let result = call(&client, "cat", None).await.unwrap();
    let meta = &result.meta.expect("alias calls carry _meta").0[mcp_toolname::DEPRECATION_META_KEY];
    assert_eq!(meta["replacement"], "read_file");
    assert_eq!(meta["until"], "2027-02-01T00:00:00Z");
    let result = call(&client, "read_file", None).await.unwrap();
    assert!(
        result.meta.is_none(),
        "a call by the new name carries no deprecation"
    );
    client.cancel().await.unwrap();
}

#[test]
fn windows_come_from_the_attribute_a_registry_default_or_an_override() {
    let clock = FixedAt(at("2026-06-15T00:00:00Z"));
    let until = |registry: &ToolRegistry<Files>, alias: &str| {
        registry
            .aliases()
            .find(|(a, _)| a.name == alias)
            .and_then(|(a, _)| a.until_text())
    };
    let plain = Files::tool_router();
    assert_eq!(
        until(&plain, "put"),
        None,
        "no until and no default: served without end"
    );
    // Registry default, counted from `since` (2026-06-01).
    let defaulted = Files::tool_router()
        .reconfigure()
        .default_alias_window(TimeDelta::days(90))
        .build()
        .unwrap();
    assert_eq!(
        until(&defaulted, "put").as_deref(),
        Some("2026-08-30T00:00:00Z")
    );
    assert_eq!(
        until(&defaulted, "cat").as_deref(),
        Some("2027-02-01T00:00:00Z"),
        "an explicit until is kept"
    );
    // Runtime overrides beat both, without rebuilding.
    let overridden = Files::tool_router()
        .reconfigure()
        .default_alias_window(TimeDelta::days(90))
        .overrides_from("cat=2027-06-01, put=never", "config key `aliases`")
        .build()
        .unwrap()
        .with_clock(clock);
    assert_eq!(
        until(&overridden, "cat").as_deref(),
        Some("2027-06-01T00:00:00Z")
    );
    assert_eq!(until(&overridden, "put"), None);
    let by_method = Files::tool_router()
        .reconfigure()
        .override_window("cat", Some(at("2026-07-01T00:00:00Z")))
        .build();
    assert_eq!(
        until(&by_method.unwrap(), "cat").as_deref(),
        Some("2026-07-01T00:00:00Z")
    );
}

#[test]
fn bad_overrides_name_the_source_and_the_entry_and_build_nothing() {
    let err = Files::tool_router()
        .reconfigure()
        .overrides_from(
            "ca=2027-06-01,put:2027,cat=2027-13-01",
            "MCP_TOOLNAME_ALIAS_UNTIL",
        )
        .build()
        .expect_err("three bad entries");
    let texts: Vec<String> = err.problems().iter().map(ToString::to_string).collect();
    assert!(
        err.problems()
            .iter()
            .all(|p| matches!(p, Problem::BadOverride(_))),
        "{err}"
    );
    assert_eq!(texts.len(), 3, "{err}");
    assert!(
        texts
            .iter()
            .any(|t| t.contains("entry `put:2027` is not `ALIAS=YYYY-MM-DD`")),
        "{err}"
    );
    assert!(
        texts.iter().any(|t| t.contains("entry `cat=2027-13-01`")),
        "{err}"
    );
    assert!(
        texts.iter().any(|t| t == "MCP_TOOLNAME_ALIAS_UNTIL: no alias is named `ca`; did you mean `cat`? (aliases: cat, put)"),
        "{err}"
    );
}

#[test]
fn the_registry_knows_when_the_tool_set_changes_next() {
    let clock = Arc::new(ManualClock::new(at("2026-12-01T00:00:00Z")));
    let registry = files(&clock).tools;
    assert_eq!(
        registry.next_change(),
        Some(at("2027-01-01T00:00:00Z")),
        "list_until first"
    );
    assert_eq!(
        registry.list_ttl(),
        Some(std::time::Duration::from_secs(31 * 24 * 3600))
    );
    clock.set(at("2027-01-01T00:00:00Z"));
    assert_eq!(
        registry.next_change(),
        Some(at("2027-02-01T00:00:00Z")),
        "then until"
    );
    clock.set(at("2027-02-01T00:00:00Z"));
    assert_eq!(registry.next_change(), None, "nothing left to change");
}

/// A client that counts `notifications/tools/list_changed`.
#[derive(Clone, Default)]
struct Watcher(Arc<AtomicUsize>);

impl ClientHandler for Watcher {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn clients_hear_list_changed_when_an_alias_leaves_the_list() {
    // A clock 300 ms before `list_until`, running in real time.
    let clock = OffsetClock::starting_at(at("2027-01-01T00:00:00Z") - TimeDelta::milliseconds(300));
    let server = Files {
        tools: Files::tool_router().with_clock(clock),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let watcher = Watcher::default();
    let seen = Arc::clone(&watcher.0);
    let client = watcher.serve(client_io).await.expect("client connects");
    assert!(names(&client).await.contains(&"cat".to_owned()));
    common::until("a tools/list_changed is heard", || {
        seen.load(Ordering::SeqCst) > 0
    })
    .await;
    assert!(
        !names(&client).await.contains(&"cat".to_owned()),
        "after the notification the alias is gone"
    );
    client.cancel().await.unwrap();
}

/// Many clients list and call while the windows close: every list is one of the lists the
/// clock allows (never torn), and every call runs the right tool or is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_clients_while_windows_close_see_no_torn_list_and_no_misrouted_call() {
    let clock = Arc::new(ManualClock::new(at("2026-12-31T23:59:59Z")));
    let allowed: [&[&str]; 3] = [
        &["cat", "put", "read_file", "write_file"],
        &["put", "read_file", "write_file"],
        &["put", "read_file", "write_file"],
    ];
    let mut tasks = Vec::new();
    for _ in 0..6 {
        let client = connect(files(&clock)).await;
        tasks.push(tokio::spawn(async move {
            for _ in 0..40 {
                let listed = names(&client).await;
                assert!(
                    allowed.iter().any(|a| *a == listed.as_slice()),
                    "torn list: {listed:?}"
                );
                let result = call(&client, "cat", None).await.expect("served or refused");
                match result.is_error {
                    Some(true) => assert!(text(&result).contains("renamed to `read_file`")),
                    _ => assert_eq!(text(&result), "read"),
                }
                assert_eq!(
                    text(&call(&client, "write_file", None).await.unwrap()),
                    "written"
                );
                assert_eq!(text(&call(&client, "put", None).await.unwrap()), "written");
            }
            client.cancel().await.unwrap();
        }));
    }
    let flipper = {
        let clock = Arc::clone(&clock);
        tokio::spawn(async move {
            for step in 0..60 {
                let when = [
                    "2026-12-31T23:59:59Z",
                    "2027-01-15T00:00:00Z",
                    "2027-02-01T00:00:00Z",
                ][step % 3];
                clock.set(at(when));
                tokio::task::yield_now().await;
            }
        })
    };
    for task in tasks {
        task.await
            .expect("no client saw a torn list or a misrouted call");
    }
    flipper.await.unwrap();
}

/// A clock stopped at one instant, owned (for `with_clock`).
#[derive(Debug, Clone, Copy)]
struct FixedAt(DateTime<Utc>);

impl mcp_toolname::Clock for FixedAt {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

#[tokio::test]
async fn a_window_ends_at_its_instant_to_the_nanosecond_whatever_the_clock() {
    // An end between two milliseconds, read by a clock that only says `now` (the trait's
    // default `since_epoch`) and by the crate's own: served one nanosecond before, refused at.
    let until = at("2027-02-01T00:00:00.000000500Z");
    for (now, served) in [(until - TimeDelta::nanoseconds(1), true), (until, false)] {
        let tools = || {
            Files::tool_router()
                .reconfigure()
                .override_window("cat", Some(until))
        };
        for registry in [
            tools().clock(FixedAt(now)).build().unwrap(),
            tools()
                .clock(mcp_toolname::FixedClock(now))
                .build()
                .unwrap(),
        ] {
            assert_eq!(registry.has_route("cat"), served, "{now}");
            let client = connect(Files { tools: registry }).await;
            let result = call(&client, "cat", None).await.unwrap();
            assert_eq!(result.is_error == Some(true), !served, "{now}");
            client.cancel().await.unwrap();
        }
    }
}

#[tokio::test]
async fn before_since_the_old_name_is_served_as_it_was() {
    // `put` was renamed on 2026-06-01; a clock before that (a server restored from backup,
    // a wrong system clock) still serves the old name, listed.
    let clock = Arc::new(ManualClock::new(at("2026-01-01T00:00:00Z")));
    let client = connect(files(&clock)).await;
    assert!(names(&client).await.contains(&"put".to_owned()));
    assert_eq!(text(&call(&client, "put", None).await.unwrap()), "written");
    client.cancel().await.unwrap();
}

#[derive(Clone)]
struct Listening {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Listening {
    #[mcp_tool(alias(name = "old_name", until = "2027-01-01"))]
    fn new_name(&self) -> String {
        "new".to_owned()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Listening {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        let capabilities = rmcp::model::ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .build();
        rmcp::model::ServerConfig::new(capabilities)
    }

    fn accepted_subscription_filter(
        &self,
        requested: &rmcp::model::SubscriptionFilter,
    ) -> Option<rmcp::model::SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn listen(
        &self,
        context: rmcp::service::SubscriptionContext,
    ) -> Result<(), rmcp::ErrorData> {
        self.tools.notify_subscription(&context).await;
        Ok(())
    }
}

/// Protocol 2026-07-28: `notifications/tools/list_changed` reaches clients that listen.
#[tokio::test]
async fn a_listening_client_hears_list_changed_through_its_subscription() {
    let clock = OffsetClock::starting_at(at("2027-01-01T00:00:00Z") - TimeDelta::milliseconds(300));
    // The 2026-07-28 lifecycle (`server/discover`), where subscriptions live.
    let server = Listening {
        tools: Listening::tool_router().with_clock(clock),
    };
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let lifecycle = rmcp::service::ClientLifecycleMode::Discover {
        preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
    };
    let client = rmcp::service::serve_client_with_lifecycle((), client_io, lifecycle)
        .await
        .expect("discover");
    let filter = rmcp::model::SubscriptionFilter::builder()
        .tools_list_changed()
        .build();
    let mut subscription = client
        .listen(filter)
        .await
        .expect("subscriptions/listen is accepted");
    hear_tool_list_changed(&mut subscription).await;
    assert_eq!(names(&client).await, ["new_name"]);
    client.cancel().await.unwrap();
}

/// A default window that runs past the calendar once silently became "no end"; now the
/// build fails naming the alias. And an alias longer than any tool name the spec allows (a
/// 10 MB one was accepted) is refused as tool names are.
#[test]
fn a_window_past_the_calendar_and_an_overlong_alias_are_errors() {
    let err = Files::tool_router()
        .reconfigure()
        .default_alias_window(TimeDelta::MAX)
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        err.problems()
            .iter()
            .any(|p| matches!(p, Problem::WindowPastCalendar { name, .. } if name == "put")),
        "{text}"
    );
    assert!(
        text.contains("alias `put`: `since` 2026-06-01T00:00:00Z plus the default alias window ends past the last instant the calendar holds"),
        "{text}"
    );

    use rmcp::handler::server::router::tool::ToolRoute;
    use rmcp::model::{CallToolResult, JsonObject, Tool};
    let route = ToolRoute::<Files>::new_dyn(
        Tool::new("read_file", "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    );
    let huge = "a".repeat(10 << 20);
    let err = ToolRegistry::builder()
        .tool(mcp_toolname::ToolDef::new(route).alias(mcp_toolname::Alias::new(huge)))
        .build()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("is longer than 128 characters"),
        "{}",
        &text[..200.min(text.len())]
    );
    assert!(
        text.len() < 2_000,
        "the message shows the alias shortened: {} bytes",
        text.len()
    );
}
