//! The registry at run time, over the real protocol: the scenarios of
//! `tests/data/registry.jsonl` (handed cases) that happen at run time, merging, adopting an
//! rmcp router, and what rmcp's own `ToolRouter` does with the same input.

use crate::common;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use common::{call, connect, names, rpc_error, text};
use mcp_toolname::rules::message::Kind;
use mcp_toolname::{ExpiredAnswer, ManualClock, Problem, ToolRegistry, mcp_tool, tool_registry};
use rmcp::model::ErrorCode;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("test timestamps are valid")
        .to_utc()
}

#[derive(Clone)]
struct Browser {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Browser {
    /// Opens a window.
    #[mcp_tool(alias(name = "navigate_browser", until = "2027-01-01"))]
    fn window(&self) -> String {
        "window opened".to_owned()
    }

    #[mcp_tool(alias(name = "legacy_tab", until = "2027-01-01", hidden))]
    fn tab(&self) -> String {
        "tab opened".to_owned()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Browser {}

fn browser(clock: &Arc<ManualClock>) -> Browser {
    Browser {
        tools: Browser::tool_router().with_clock(Arc::clone(clock)),
    }
}

// registry.jsonl: alias until 2027-01-01, clock at 2026-12-31T23:59:59Z.
#[tokio::test]
async fn inside_the_window_the_alias_is_listed_as_deprecated_and_runs_the_tool() {
    let clock = Arc::new(ManualClock::new(at("2026-12-31T23:59:59Z")));
    let client = connect(browser(&clock)).await;
    assert_eq!(names(&client).await, ["navigate_browser", "tab", "window"]);
    let listed = client.list_all_tools().await.unwrap();
    let alias = listed
        .iter()
        .find(|t| t.name == "navigate_browser")
        .unwrap();
    let description = alias.description.as_deref().unwrap_or_default();
    assert!(
        description.starts_with("Deprecated: renamed to `window`"),
        "{description}"
    );
    assert!(
        description.contains("2027-01-01T00:00:00Z") && description.ends_with("Opens a window."),
        "{description}"
    );
    let meta =
        &alias.meta.as_ref().expect("deprecation in _meta").0[mcp_toolname::DEPRECATION_META_KEY];
    assert_eq!(meta["replacement"], "window");
    assert_eq!(meta["until"], "2027-01-01T00:00:00Z");
    let result = call(&client, "navigate_browser", None)
        .await
        .expect("alias call");
    assert_eq!(text(&result), "window opened");
    // The hidden alias is callable, though not listed.
    assert_eq!(
        text(&call(&client, "legacy_tab", None).await.unwrap()),
        "tab opened"
    );
    client.cancel().await.unwrap();
}

// registry.jsonl: same, clock at 2027-01-01T00:00:00Z. The case asks for a JSON-RPC error:
// that is `ExpiredAnswer::ProtocolError`; the default answer is a tool error the model reads.
#[tokio::test]
async fn from_until_on_the_alias_is_gone_and_a_call_names_the_replacement_and_date() {
    let clock = Arc::new(ManualClock::new(at("2027-01-01T00:00:00Z")));
    let server = Browser {
        tools: Browser::tool_router()
            .reconfigure()
            .expired_alias_answer(ExpiredAnswer::ProtocolError)
            .clock(Arc::clone(&clock))
            .build()
            .unwrap(),
    };
    let client = connect(server).await;
    assert_eq!(names(&client).await, ["tab", "window"]);
    let err = call(&client, "navigate_browser", None)
        .await
        .expect_err("expired alias");
    let err = rpc_error(&err);
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS);
    assert!(
        err.message.contains("`window`") && err.message.contains("2027-01-01"),
        "{}",
        err.message
    );
    assert_eq!(err.data.as_ref().unwrap()["replacement"], "window");
    let err = call(&client, "legacy_tab", None)
        .await
        .expect_err("expired hidden alias");
    assert!(rpc_error(&err).message.contains("renamed to `tab`"));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn by_default_an_expired_alias_is_a_tool_error_naming_the_replacement_and_date() {
    let clock = Arc::new(ManualClock::new(at("2027-01-01T00:00:00Z")));
    let client = connect(browser(&clock)).await;
    let result = call(&client, "navigate_browser", None)
        .await
        .expect("a tool execution error is a result");
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text(&result),
        "tool `navigate_browser` was renamed to `window`, and the old name stopped working at \
         2027-01-01T00:00:00Z; nothing was run. Call `window` instead, with the same arguments."
    );
    let meta = &result.meta.expect("_meta").0[mcp_toolname::DEPRECATION_META_KEY];
    assert_eq!(meta["replacement"], "window");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_window_closes_on_a_running_server_and_usage_is_counted() {
    let clock = Arc::new(ManualClock::new(at("2026-12-31T23:59:59Z")));
    // `Browser::tool_router()` hands out clones of one registry per process, which share
    // their usage counters with every other test here; a rebuilt registry counts alone.
    let server = Browser {
        tools: Browser::tool_router()
            .reconfigure()
            .clock(Arc::clone(&clock))
            .build()
            .unwrap(),
    };
    let registry = server.tools.clone();
    let client = connect(server).await;
    for _ in 0..3 {
        call(&client, "navigate_browser", None).await.unwrap();
    }
    clock.set(at("2027-01-01T00:00:00Z"));
    assert!(
        !names(&client)
            .await
            .contains(&"navigate_browser".to_owned())
    );
    let refused = call(&client, "navigate_browser", None).await.unwrap();
    assert_eq!(refused.is_error, Some(true), "refused after the window");
    let usage = registry.alias_usage("navigate_browser").unwrap();
    assert_eq!((usage.calls, usage.refused), (3, 1));
    assert_eq!(usage.last_call, Some(at("2027-01-01T00:00:00Z")));
    assert_eq!(
        registry.alias_usage("window"),
        None,
        "a tool name is not an alias"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_unknown_tool_is_a_json_rpc_error_naming_it() {
    let clock = Arc::new(ManualClock::new(at("2026-06-01T00:00:00Z")));
    let client = connect(browser(&clock)).await;
    let err = call(&client, "no_such_tool", None)
        .await
        .expect_err("unknown tool");
    let err = rpc_error(&err);
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(err.message, "tool `no_such_tool` not found");
    client.cancel().await.unwrap();
}

// Two impls of one server type, each with its own registry: the shape of two modules whose
// registries a server merges.
#[derive(Clone)]
struct Tasks;

#[tool_registry(router = planner)]
impl Tasks {
    #[mcp_tool]
    fn get_task(&self) -> String {
        "from planner".to_owned()
    }

    #[mcp_tool]
    fn plan(&self) -> String {
        String::new()
    }
}

#[tool_registry(router = tracker)]
impl Tasks {
    #[mcp_tool(name = "get_task")]
    fn fetch(&self) -> String {
        "from tracker".to_owned()
    }
}

// registry.jsonl: registries A and B both have get_task; merge them.
#[test]
fn merging_two_registries_with_one_name_names_both_definitions_and_keeps_nothing() {
    let err = Tasks::planner()
        .try_merge(Tasks::tracker())
        .expect_err("get_task twice");
    let [
        Problem::Duplicate {
            kind,
            name,
            first,
            second,
        },
    ] = err.problems()
    else {
        panic!("expected one duplicate, got {err}");
    };
    assert_eq!((*kind, name.as_str()), (&Kind::TOOL, "get_task"));
    assert!(
        first.file.ends_with("tests/registry.rs") && second.file.ends_with("tests/registry.rs")
    );
    assert_eq!(
        (first.item.as_ref(), second.item.as_ref()),
        ("`fn get_task`", "`fn fetch`")
    );
    let source = include_str!("registry.rs");
    let line_of = |needle: &str| source.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert_eq!(
        first.line as usize,
        line_of("fn get_task(&self)"),
        "defaulted name: the fn name's line"
    );
    assert_eq!(
        second.line as usize,
        line_of(r#"#[mcp_tool(name = "get_task")]"#)
    );
    let message = err.to_string();
    assert!(
        message.contains(&format!("registry.rs:{}", first.line)),
        "{message}"
    );
    assert!(
        message.contains(&format!("registry.rs:{}", second.line)),
        "{message}"
    );
}

#[test]
fn merging_registries_with_distinct_names_keeps_every_tool_once() {
    let planner = Tasks::planner();
    let mut other = ToolRegistry::<Tasks>::builder();
    for name in ["archive", "assign"] {
        other = other.tool(mcp_toolname::ToolDef::new(route(name)));
    }
    let merged = planner.try_merge(other.build().unwrap()).unwrap();
    assert_eq!(
        merged.names().collect::<Vec<_>>(),
        ["archive", "assign", "get_task", "plan"]
    );
}

fn route<S: Send + Sync + 'static>(
    name: &'static str,
) -> rmcp::handler::server::router::tool::ToolRoute<S> {
    rmcp::handler::server::router::tool::ToolRoute::new_dyn(
        rmcp::model::Tool::new(name, "test tool", Arc::default()),
        |_ctx| Box::pin(async { Ok(rmcp::model::CallToolResult::default().into()) }),
    )
}

#[test]
fn an_alias_added_by_hand_that_collides_with_a_merged_tool_is_refused() {
    let planner = Tasks::planner();
    let renamed = ToolRegistry::<Tasks>::builder()
        .tool(mcp_toolname::ToolDef::new(route("plan_v2")).alias(mcp_toolname::Alias::new("plan")))
        .build()
        .unwrap();
    let err = planner
        .try_merge(renamed)
        .expect_err("alias `plan` is a tool of the other registry");
    assert!(
        matches!(&err.problems()[0], Problem::Duplicate { name, .. } if name == "plan"),
        "{err}"
    );
    assert!(err.to_string().contains("alias of tool `plan_v2`"), "{err}");
}

/// Issue 19 (Azure/data-api-builder #3049): a run-time add refused for a name in use said "so
/// no registry was built", the builder's words, of a registry that is serving. Each refusal
/// now says what it left.
#[test]
fn each_refusal_says_what_it_left() {
    let mut serving = Tasks::planner();
    let before = serving.list_all().len();
    let err = serving
        .try_add_route(route("get_task"))
        .expect_err("`get_task` is in use");
    assert_eq!(err.refused(), mcp_toolname::rules::message::Refused::Change);
    let said = err.to_string();
    assert!(
        said.contains(
            "so nothing was changed: the registry keeps serving the tools it had (delete one \
             of the two if they do the same thing, or give one another name)"
        ),
        "{said}"
    );
    assert!(!said.contains("no registry was built"), "{said}");
    assert_eq!(serving.list_all().len(), before, "and it is true");

    let err = ToolRegistry::<Tasks>::builder()
        .tool(mcp_toolname::ToolDef::new(route("ok")))
        .tool(mcp_toolname::ToolDef::new(route("ok")))
        .build()
        .expect_err("`ok` twice");
    assert!(
        err.to_string().contains("so no registry was built"),
        "{err}"
    );

    let err = Tasks::planner()
        .try_merge(Tasks::planner())
        .expect_err("every name twice");
    assert!(
        err.to_string()
            .contains("so the registries were not merged"),
        "{err}"
    );
    // A problem shown alone says no outcome it cannot know.
    let alone = err.problems()[0].to_string();
    assert!(
        alone.contains("must be unique within a server (delete one of the two"),
        "{alone}"
    );
}

#[test]
fn the_builder_refuses_names_outside_the_spec_and_collects_every_problem() {
    let err = ToolRegistry::<Tasks>::builder()
        .tool(mcp_toolname::ToolDef::new(route("search documents")))
        .tool(
            mcp_toolname::ToolDef::new(route("ok"))
                .alias(mcp_toolname::Alias::new("bad\u{0}alias")),
        )
        .tool(mcp_toolname::ToolDef::new(route("ok")))
        .build()
        .expect_err("three problems");
    assert_eq!(err.problems().len(), 3, "{err}");
    assert!(
        err.to_string().contains("contains a space at index 6"),
        "{err}"
    );
    assert!(
        err.to_string().contains("control character U+0000"),
        "{err}"
    );
    assert!(
        err.to_string().contains("tool name `ok` is defined twice"),
        "{err}"
    );
}

// What rmcp does with the same input: both routers compile and merge, one tool is lost.
#[derive(Clone)]
struct Plain;

#[tool_router(router = first)]
impl Plain {
    #[tool(name = "get_task")]
    fn get_task_a(&self) -> String {
        "a".to_owned()
    }

    #[tool(name = "search documents")]
    fn search(&self) -> String {
        String::new()
    }
}

#[tool_router(router = second)]
impl Plain {
    #[tool(name = "get_task")]
    fn get_task_b(&self) -> String {
        "b".to_owned()
    }

    #[tool(name = "get_task")]
    fn get_task_c(&self) -> String {
        "c".to_owned()
    }
}

#[test]
fn rmcp_tool_router_accepts_bad_and_duplicate_names_silently() {
    assert_eq!(
        Plain::second().list_all().len(),
        1,
        "two `get_task` in one #[tool_router]: one kept"
    );
    let merged = Plain::first() + Plain::second();
    let names: Vec<_> = merged
        .list_all()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    assert_eq!(
        names,
        ["get_task", "search documents"],
        "`+` kept one get_task and the spaced name"
    );
}

#[test]
fn adopting_an_rmcp_router_checks_its_names_and_points_at_the_call() {
    let err =
        ToolRegistry::from_router(Plain::first()).expect_err("`search documents` breaks the spec");
    let source = include_str!("registry.rs");
    let call = "ToolRegistry::from_router(Plain::first()).expect_err";
    let line = u32::try_from(source.lines().position(|l| l.contains(call)).unwrap() + 1).unwrap();
    let [Problem::InvalidName { name, origin, .. }] = err.problems() else {
        panic!("{err}")
    };
    assert_eq!(name, "search documents");
    assert_eq!(origin.line, line);
    assert!(
        origin.file.ends_with("tests/registry.rs"),
        "{}",
        origin.file
    );
    let adopted = ToolRegistry::from_router(Plain::second()).expect("one valid name");
    assert_eq!(adopted.names().collect::<Vec<_>>(), ["get_task"]);
}

/// Every row of the handed `registry.jsonl` and the test that covers it; a new row without
/// a line here fails.
#[test]
fn every_handed_registry_scenario_has_a_test() {
    let covered = [
        (
            "two #[mcp_tool] fns in one #[tool_registry] impl both named \"search\"",
            "ui/tests/ui/duplicate/two_tools.rs",
        ),
        (
            "registry A and registry B (separate impls) both have \"get_task\"; merge them",
            "tests/registry.rs",
        ),
        (
            "tool \"window\" with alias \"navigate_browser\" until 2027-01-01; another tool named \"navigate_browser\"",
            "ui/tests/ui/duplicate/alias_is_a_tool.rs",
        ),
        (
            "tool \"window\" with alias \"navigate_browser\" until 2027-01-01, clock at 2026-12-31T23:59:59Z",
            "tests/registry.rs",
        ),
        ("same, clock at 2027-01-01T00:00:00Z", "tests/registry.rs"),
        (
            "#[mcp_tool(name = \"search documents\")]",
            "ui/tests/ui/name/space.rs",
        ),
        (
            "#[mcp_tool(name = \"admin.tools.list\")] with default targets",
            "ui/tests/ui/warn/dot.rs",
        ),
    ];
    let data = include_str!("data/registry.jsonl");
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let scenario = row["scenario"].as_str().unwrap();
        let (_, file) = covered
            .iter()
            .find(|(s, _)| *s == scenario)
            .unwrap_or_else(|| panic!("no test covers handed scenario {scenario:?}"));
        assert!(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(file)
                .exists(),
            "{file}"
        );
    }
}

#[test]
fn a_registry_error_about_a_hostile_name_is_escaped_and_short() {
    let huge: &'static str = Box::leak("x ".repeat(1 << 19).into_boxed_str());
    let err = ToolRegistry::<Tasks>::builder()
        .tool(mcp_toolname::ToolDef::new(route("\u{1b}[31mred")))
        .tool(mcp_toolname::ToolDef::new(route(huge)))
        .tool(mcp_toolname::ToolDef::new(route(huge)))
        .build()
        .expect_err("bad names");
    let text = err.to_string();
    assert_eq!(err.problems().len(), 4, "{text}");
    assert!(!text.contains('\u{1b}'), "no raw escape: {text:?}");
    assert!(text.contains("`\\u{1b}[31mred`"), "{text}");
    assert!(
        text.len() < 4000,
        "1 MiB names are cut: {} bytes",
        text.len()
    );
}
