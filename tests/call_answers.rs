//! What `tools/call` answers, over the real protocol, when a name is not served as called: an
//! unknown name (with the closest served tool, never called), an alias inside its window (the
//! notice), and an alias past it (tool error or JSON-RPC error), per alias and per registry.

use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Utc};
use common::{call, connect, rpc_error, text};
use mcp_toolname::{
    Alias, AliasNotice, DEPRECATION_META_KEY, ExpiredAnswer, FixedClock, Tombstone, ToolDef,
    ToolRegistry, ToolRegistryBuilder,
};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolResult, ContentBlock, ErrorCode, JsonObject, Tool};
use rmcp::{ServerHandler, tool_handler};
use serde_json::json;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("test timestamps are valid")
        .to_utc()
}

/// A server whose tools count their runs, so a test can tell that nothing ran.
#[derive(Clone)]
struct Preview {
    tools: ToolRegistry<Self>,
    runs: Arc<AtomicUsize>,
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Preview {}

fn route(name: &'static str) -> ToolRoute<Preview> {
    ToolRoute::new_dyn(
        Tool::new(name, "a preview tool", Arc::new(JsonObject::new())),
        move |ctx: ToolCallContext<'_, Preview>| {
            ctx.service.runs.fetch_add(1, Ordering::SeqCst);
            Box::pin(async move {
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{name} ran"))]).into())
            })
        },
    )
}

/// Tools `preview_start` (aliases `start`: defaults, `begin`: protocol error and text
/// notice, `launch`: tool error), `preview_stop`, `deploy`; every alias ends 2027-03-01.
fn preview(
    configure: impl FnOnce(ToolRegistryBuilder<Preview>) -> ToolRegistryBuilder<Preview>,
    now: &str,
) -> Preview {
    let until = at("2027-03-01T00:00:00Z");
    let builder = ToolRegistry::builder()
        .tool(
            ToolDef::new(route("preview_start"))
                .alias(Alias::new("start").until(until))
                .alias(
                    Alias::new("begin")
                        .until(until)
                        .hidden()
                        .expired_answer(ExpiredAnswer::ProtocolError)
                        .notice(AliasNotice::Text),
                )
                .alias(
                    Alias::new("launch")
                        .until(until)
                        .hidden()
                        .expired_answer(ExpiredAnswer::ToolError)
                        .notice(AliasNotice::Meta),
                ),
        )
        .tool(ToolDef::new(route("preview_stop")))
        .tool(ToolDef::new(route("deploy")))
        .clock(FixedClock(at(now)));
    Preview {
        tools: configure(builder).build().expect("valid set"),
        runs: Arc::default(),
    }
}

const INSIDE: &str = "2026-12-01T00:00:00Z";
const PAST: &str = "2027-03-01T00:00:00Z";

/// keurcien/auxilia #254: a did-you-mean answered `run-query` with one of `run_query` and
/// `Run-Query`, not saying two match. Each is offered; none is picked or run.
#[tokio::test]
async fn names_that_match_a_call_equally_are_all_offered_and_none_runs() {
    let server = preview(
        |b| {
            b.tool(ToolDef::new(route("run_query")))
                .tool(ToolDef::new(route("Run-Query")))
        },
        INSIDE,
    );
    let runs = Arc::clone(&server.runs);
    let client = connect(server).await;
    let err = call(&client, "run-query", None)
        .await
        .expect_err("not served");
    let err = rpc_error(&err);
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(
        err.message,
        "tool `run-query` not found; did you mean `Run-Query` or `run_query`? both match it \
         equally, so call the one you mean by its exact name"
    );
    assert_eq!(
        err.data,
        Some(json!({ "tied": ["Run-Query", "run_query"] }))
    );
    assert_eq!(runs.load(Ordering::SeqCst), 0, "neither was called");
}

#[tokio::test]
async fn an_unknown_name_gets_the_closest_served_tool_in_message_and_data_and_nothing_runs() {
    let server = preview(|b| b, INSIDE);
    let runs = Arc::clone(&server.runs);
    let client = connect(server).await;
    for (called, closest) in [
        ("preview.start", "preview_start"),
        ("Preview-Start", "preview_start"),
        ("PREVIEW STOP", "preview_stop"),
        ("preview/stop", "preview_stop"),
        ("preview_strat", "preview_start"),
        ("deplyo", "deploy"),
    ] {
        let err = call(&client, called, None).await.expect_err(called);
        let err = rpc_error(&err);
        assert_eq!(err.code, ErrorCode::INVALID_PARAMS, "{called}");
        assert_eq!(
            err.message,
            format!("tool `{called}` not found; did you mean `{closest}`?")
        );
        assert_eq!(err.data, Some(json!({ "closest": closest })), "{called}");
    }
    assert_eq!(
        runs.load(Ordering::SeqCst),
        0,
        "no suggested tool was called"
    );
    for far in ["rollback", "preview", "x", &"preview_start".repeat(30)] {
        let err = call(&client, far, None).await.expect_err(far);
        let err = rpc_error(&err);
        assert!(err.message.ends_with("not found"), "{}", err.message);
        assert_eq!(err.data, None, "{far}");
    }
    client.cancel().await.unwrap();
}

/// Old clients mistype old names: a name near an alias or a tombstone is answered with the
/// served tool it leads to, and the old name that led there; nothing runs.
#[tokio::test]
async fn a_name_near_an_old_name_gets_the_served_tool_it_leads_to_and_nothing_runs() {
    let server = preview(
        |b| {
            b.tombstone(Tombstone::renamed("deploy_app", "deploy"))
                .tombstone(Tombstone::removed("preview_halt").instead("preview_stop"))
        },
        INSIDE,
    );
    let runs = Arc::clone(&server.runs);
    let client = connect(server).await;
    for (called, closest, how) in [
        ("Begin", "preview_start", "formerly `begin`"),
        ("lanuch", "preview_start", "formerly `launch`"),
        ("START", "preview_start", "formerly `start`"),
        ("deploy-app", "deploy", "formerly `deploy_app`"),
        (
            "preview.halt",
            "preview_stop",
            "which replaced the removed `preview_halt`",
        ),
    ] {
        let err = call(&client, called, None).await.expect_err(called);
        let err = rpc_error(&err);
        assert_eq!(err.code, ErrorCode::INVALID_PARAMS, "{called}");
        assert_eq!(
            err.message,
            format!("tool `{called}` not found; did you mean `{closest}` ({how})?")
        );
        assert_eq!(err.data, Some(json!({ "closest": closest })), "{called}");
    }
    // Near a tool and one of its aliases alike: the tool, once, by its own name.
    let err = call(&client, "Preview_Start", None)
        .await
        .expect_err("unknown");
    assert_eq!(
        rpc_error(&err).message,
        "tool `Preview_Start` not found; did you mean `preview_start`?"
    );
    assert_eq!(runs.load(Ordering::SeqCst), 0, "nothing was called");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_switched_off_tool_is_not_suggested() {
    let server = preview(|b| b, INSIDE);
    let mut tools = server.tools.clone();
    tools.disable_route("preview_start");
    let client = connect(Preview { tools, ..server }).await;
    let err = call(&client, "preview.start", None)
        .await
        .expect_err("unknown");
    let err = rpc_error(&err);
    assert_eq!(err.message, "tool `preview.start` not found");
    assert_eq!(err.data, None);
    let err = call(&client, "preview_start", None)
        .await
        .expect_err("disabled");
    assert_eq!(rpc_error(&err).message, "tool `preview_start` not found");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn inside_the_window_the_notice_is_meta_only_unless_text_is_chosen() {
    let client = connect(preview(|b| b, INSIDE)).await;
    let by_default = call(&client, "start", None).await.unwrap();
    assert_eq!(by_default.content.len(), 1, "the tool's content, unchanged");
    assert_eq!(text(&by_default), "preview_start ran");
    let meta = &by_default.meta.expect("_meta").0[DEPRECATION_META_KEY];
    assert_eq!(meta["replacement"], "preview_start");
    assert_eq!(meta["until"], "2027-03-01T00:00:00Z");

    let with_text = call(&client, "begin", None).await.unwrap();
    assert_eq!(with_text.content.len(), 2);
    assert_eq!(
        with_text.content[0].as_text().map(|t| t.text.as_str()),
        Some("preview_start ran"),
        "the tool's content comes first"
    );
    assert_eq!(
        with_text.content[1].as_text().map(|t| t.text.as_str()),
        Some(
            "Note: `begin` was renamed to `preview_start` and stops working at \
             2027-03-01T00:00:00Z; call `preview_start` from now on."
        )
    );
    assert!(with_text.meta.is_some(), "_meta is there too");
    client.cancel().await.unwrap();

    // The registry default applies to every alias that does not choose.
    let client = connect(preview(|b| b.alias_notice(AliasNotice::Text), INSIDE)).await;
    assert_eq!(call(&client, "start", None).await.unwrap().content.len(), 2);
    assert_eq!(
        call(&client, "launch", None).await.unwrap().content.len(),
        1,
        "an alias's own choice beats the registry default"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn past_the_window_the_answer_is_a_tool_error_unless_a_protocol_error_is_chosen() {
    let server = preview(|b| b, PAST);
    let runs = Arc::clone(&server.runs);
    let registry = server.tools.clone();
    let client = connect(server).await;
    let refused = call(&client, "start", None)
        .await
        .expect("the default is a result");
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(
        text(&refused),
        "tool `start` was renamed to `preview_start`, and the old name stopped working at \
         2027-03-01T00:00:00Z; nothing was run. Call `preview_start` instead, with the same \
         arguments."
    );
    let meta = &refused.meta.expect("_meta").0[DEPRECATION_META_KEY];
    assert_eq!(meta["replacement"], "preview_start");

    let err = call(&client, "begin", None)
        .await
        .expect_err("this alias chose the JSON-RPC error");
    let err = rpc_error(&err);
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(
        err.message,
        "tool `begin` was renamed to `preview_start`, and the old name stopped working at \
         2027-03-01T00:00:00Z; call `preview_start` instead"
    );
    assert_eq!(
        err.data,
        Some(json!({ "replacement": "preview_start", "until": "2027-03-01T00:00:00Z" }))
    );
    assert_eq!(runs.load(Ordering::SeqCst), 0, "nothing ran");
    let usage = registry.alias_usage("start").unwrap();
    assert_eq!((usage.calls, usage.refused), (0, 1), "counted as refused");
    client.cancel().await.unwrap();

    // Registry default: the JSON-RPC error, except where an alias chose the tool error.
    let client = connect(preview(
        |b| b.expired_alias_answer(ExpiredAnswer::ProtocolError),
        PAST,
    ))
    .await;
    assert!(call(&client, "start", None).await.is_err());
    let launch = call(&client, "launch", None).await.expect("its own choice");
    assert_eq!(launch.is_error, Some(true));
    client.cancel().await.unwrap();
}

/// The same choices written in the attribute: `expired = "..."` and `notice = "..."`.
#[derive(Clone)]
struct Attributed {
    tools: ToolRegistry<Self>,
}

#[mcp_toolname::tool_registry]
impl Attributed {
    #[mcp_toolname::mcp_tool(
        alias(
            name = "old_echo",
            until = "2027-03-01",
            expired = "protocol_error",
            notice = "text"
        ),
        alias(
            name = "older_echo",
            until = "2027-03-01",
            expired = "tool_error",
            notice = "meta"
        ),
        alias(name = "oldest_echo", until = "2027-03-01", notice = "none")
    )]
    fn echo(&self) -> String {
        "echo".to_owned()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Attributed {}

#[tokio::test]
async fn the_attribute_chooses_the_answers_per_alias() {
    let tools = |now: &str| Attributed::tool_router().with_clock(FixedClock(at(now)));
    let inside = connect(Attributed {
        tools: tools("2027-01-01T00:00:00Z"),
    })
    .await;
    let with_text = call(&inside, "old_echo", None).await.unwrap();
    assert_eq!(with_text.content.len(), 2, "the tool's text and the notice");
    assert!(
        text(&with_text).contains("renamed to `echo`"),
        "{}",
        text(&with_text)
    );
    let meta_only = call(&inside, "older_echo", None).await.unwrap();
    assert_eq!(text(&meta_only), "echo");
    assert!(
        meta_only
            .meta
            .as_ref()
            .is_some_and(|m| m.0.contains_key("mcp-toolname/deprecated")),
        "{meta_only:?}"
    );
    // `none`: the result by the old name is the new name's, byte for byte.
    let plain = call(&inside, "oldest_echo", None).await.unwrap();
    let canonical = call(&inside, "echo", None).await.unwrap();
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        serde_json::to_string(&canonical).unwrap()
    );
    inside.cancel().await.unwrap();

    let past = connect(Attributed {
        tools: tools("2027-06-01T00:00:00Z"),
    })
    .await;
    let err = call(&past, "old_echo", None).await.unwrap_err();
    assert_eq!(rpc_error(&err).code, ErrorCode::INVALID_PARAMS);
    let result = call(&past, "older_echo", None).await.unwrap();
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("call `echo` instead")
            || text(&result).contains("Call `echo` instead"),
        "{}",
        text(&result)
    );
    past.cancel().await.unwrap();
}
