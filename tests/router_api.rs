//! rmcp's `ToolRouter` API on `ToolRegistry`: the same calls work, and no run-time change can
//! give one name to two definitions, put a name outside the spec into `tools/list`, or leave
//! an alias behind its tool. The notifier fires exactly when `tools/list` changes.

use crate::common;

use std::borrow::Cow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Utc};
use mcp_toolname::{Alias, ManualClock, Problem, ToolDef, ToolRegistry, mcp_tool, tool_registry};
use rmcp::ErrorData;
use rmcp::handler::server::router::tool::{AsyncTool, SyncTool, ToolBase, ToolRoute};
use rmcp::model::{CallToolResult, JsonObject, Tool};

#[derive(Clone, Default)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Server {
    /// Reads a file.
    #[mcp_tool(name = "read_file", alias(name = "fs_read", until = "2027-01-01"))]
    fn read(&self) -> String {
        "read".to_owned()
    }

    #[mcp_tool]
    fn write_file(&self) -> String {
        "written".to_owned()
    }
}

#[rmcp::tool_handler(router = self.tools)]
impl rmcp::ServerHandler for Server {}

fn route(name: &'static str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name, "added at run time", Arc::new(JsonObject::new())),
        |_ctx| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn names(registry: &ToolRegistry<Server>) -> Vec<String> {
    registry
        .list_all()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect()
}

fn panic_text(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("must panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(ToString::to_string))
        .unwrap_or_default()
}

fn registry_at(now: &str) -> ToolRegistry<Server> {
    Server::tool_router().with_clock(ManualClock::new(at(now)))
}

#[test]
fn new_default_and_derive_default_give_an_empty_registry() {
    assert!(ToolRegistry::<Server>::new().is_empty());
    assert!(ToolRegistry::<Server>::default().list_all().is_empty());
    assert!(Server::default().tools.is_empty());
}

#[test]
fn the_router_fn_hands_out_one_registry_per_process() {
    let (a, b) = (Server::tool_router(), Server::tool_router());
    assert_eq!(names(&a), ["fs_read", "read_file", "write_file"]);
    // Changing one clone leaves the process's registry and other clones as they were.
    let mut changed = a.clone();
    changed.remove_route("write_file");
    assert_eq!(names(&changed), ["fs_read", "read_file"]);
    assert_eq!(names(&a), names(&b));
    assert_eq!(names(&Server::tool_router()), names(&b));
}

#[test]
fn add_route_with_a_taken_name_panics_naming_both_definitions() {
    let mut registry = Server::tool_router();
    let line = line!() + 1;
    let text = panic_text(|| registry.add_route(route("write_file")));
    assert!(text.contains("`add_route` refused"), "{text}");
    assert!(
        text.contains("tool name `write_file` is defined twice"),
        "{text}"
    );
    assert!(
        text.contains("(`fn write_file`)"),
        "the macro's site: {text}"
    );
    assert!(
        text.contains(&format!("tests/router_api.rs:{line}:")),
        "the run-time site, by #[track_caller]: {text}"
    );
    assert!(text.contains("try_add_route"), "{text}");
    assert_eq!(names(&registry), ["fs_read", "read_file", "write_file"]);
}

#[test]
fn a_route_can_never_take_the_name_of_an_alias_live_or_expired() {
    for now in ["2026-06-01T00:00:00Z", "2027-06-01T00:00:00Z"] {
        let mut registry = registry_at(now);
        let err = registry.try_add_route(route("fs_read")).unwrap_err();
        assert!(
            matches!(&err.problems()[0], Problem::Duplicate { name, first, .. }
                if name == "fs_read" && first.item == "alias of `fn read`"),
            "{err}"
        );
    }
}

#[test]
fn a_name_outside_the_spec_is_refused_where_rmcp_only_logs_it() {
    let mut registry = Server::tool_router();
    let err = registry
        .try_add_route(route("search documents"))
        .unwrap_err();
    assert!(
        err.to_string().contains("contains a space at index 6"),
        "{err}"
    );
    let text = panic_text(|| {
        let _ = ToolRegistry::<Server>::new().with_route(route("bad/name"));
    });
    assert!(text.contains("`/`"), "{text}");
    assert!(!names(&registry).contains(&"search documents".to_owned()));
}

#[test]
fn merge_plus_and_plus_assign_refuse_a_name_defined_twice() {
    let a = ToolRegistry::<Server>::new().with_route(route("one"));
    let b = ToolRegistry::<Server>::new().with_route(route("two"));
    let mut both = a.clone() + b.clone();
    assert_eq!(names(&both), ["one", "two"]);
    both += ToolRegistry::new().with_route(route("three"));
    assert_eq!(names(&both), ["one", "three", "two"]);
    let text = panic_text(|| {
        let _ = a.clone() + a.clone();
    });
    assert!(
        text.contains("`merge` refused") && text.contains("`one`"),
        "{text}"
    );
    let err = both.clone().try_merge(b).unwrap_err();
    assert_eq!(err.problems().len(), 1, "{err}");
    let mut unchanged = both.clone();
    let _ = catch_unwind(AssertUnwindSafe(|| unchanged.merge(a)));
    assert_eq!(
        names(&unchanged),
        names(&both),
        "a refused merge changes nothing"
    );
}

#[test]
fn removing_a_tool_removes_its_aliases_and_an_alias_can_go_alone() {
    let mut registry = registry_at("2026-06-01T00:00:00Z");
    registry.remove_route("read_file");
    assert_eq!(names(&registry), ["write_file"]);
    assert!(!registry.has_route("fs_read") && registry.alias_usage("fs_read").is_none());
    // The freed names can be used again.
    registry.add_route(route("fs_read"));
    assert!(registry.has_route("fs_read"));

    let mut registry = registry_at("2026-06-01T00:00:00Z");
    registry.remove_route("fs_read");
    assert_eq!(names(&registry), ["read_file", "write_file"]);
    assert_eq!(registry.aliases().count(), 0);
    registry.remove_route("no_such_tool");
    assert_eq!(registry.len(), 2);
}

#[test]
fn disabling_a_tool_disables_its_aliases() {
    let mut registry = registry_at("2026-06-01T00:00:00Z");
    assert!(registry.has_route("fs_read"));
    assert!(registry.disable_route("read_file"));
    assert!(!registry.disable_route("read_file"), "already disabled");
    assert_eq!(names(&registry), ["write_file"]);
    assert!(registry.get("fs_read").is_none() && !registry.has_route("fs_read"));
    assert!(registry.is_disabled("read_file") && !registry.is_disabled("write_file"));
    assert!(registry.enable_route("read_file"));
    assert!(!registry.enable_route("read_file"));
    assert_eq!(names(&registry), ["fs_read", "read_file", "write_file"]);
    // An alias can be switched off by its own name, its tool staying on.
    assert!(registry.disable_route("fs_read"));
    assert!(registry.is_disabled("fs_read") && !registry.has_route("fs_read"));
    assert_eq!(names(&registry), ["read_file", "write_file"]);
    assert!(registry.enable_route("fs_read") && registry.has_route("fs_read"));
}

#[test]
fn a_name_disabled_before_its_route_exists_stays_disabled_as_in_rmcp() {
    let mut registry = ToolRegistry::<Server>::new().with_disabled("later");
    assert!(!registry.is_disabled("later"), "no route of that name yet");
    registry.add_route(route("later"));
    assert!(registry.is_disabled("later") && names(&registry).is_empty());
    // The disabled set survives a merge, as rmcp's does.
    let merged = ToolRegistry::<Server>::new().with_route(route("x")) + registry;
    assert!(merged.is_disabled("later"));
}

#[test]
fn into_iter_gives_the_enabled_routes() {
    let registry = Server::tool_router().with_disabled("write_file");
    let routes: Vec<String> = registry.into_iter().map(|r| r.name().to_owned()).collect();
    assert_eq!(routes, ["read_file"]);
}

#[tokio::test]
async fn a_disabled_tool_and_its_alias_are_refused_on_the_wire() {
    let mut tools = registry_at("2026-06-01T00:00:00Z");
    tools.disable_route("read_file");
    let client = common::connect(Server { tools }).await;
    for name in ["read_file", "fs_read"] {
        let err = common::call(&client, name, None).await.unwrap_err();
        assert_eq!(
            common::rpc_error(&err).code,
            ErrorData::invalid_params("", None).code
        );
    }
    assert_eq!(
        common::text(&common::call(&client, "write_file", None).await.unwrap()),
        "written"
    );
    client.cancel().await.unwrap();
}

#[test]
fn the_notifier_fires_exactly_when_tools_list_changes() {
    let fired = Arc::new(AtomicUsize::new(0));
    let mut registry = registry_at("2026-06-01T00:00:00Z");
    let count = Arc::clone(&fired);
    registry.set_notifier(move || {
        count.fetch_add(1, Ordering::SeqCst);
    });
    let expect = |registry: &mut ToolRegistry<Server>,
                  change: &dyn Fn(&mut ToolRegistry<Server>),
                  n: usize,
                  what: &str| {
        change(registry);
        assert_eq!(fired.swap(0, Ordering::SeqCst), n, "{what}");
    };
    expect(
        &mut registry,
        &|r| r.add_route(route("extra")),
        1,
        "a tool added",
    );
    expect(
        &mut registry,
        &|r| {
            r.disable_route("nothing_yet");
        },
        0,
        "a name without a route",
    );
    expect(
        &mut registry,
        &|r| {
            r.disable_route("extra");
        },
        1,
        "a tool disabled",
    );
    expect(
        &mut registry,
        &|r| {
            r.disable_route("extra");
        },
        0,
        "disabled again",
    );
    expect(
        &mut registry,
        &|r| {
            r.enable_route("extra");
        },
        1,
        "enabled",
    );
    expect(
        &mut registry,
        &|r| r.remove_route("not_there"),
        0,
        "nothing removed",
    );
    expect(
        &mut registry,
        &|r| r.remove_route("fs_read"),
        1,
        "an alias removed",
    );
    expect(
        &mut registry,
        &|r| r.merge(ToolRegistry::new().with_route(route("merged"))),
        1,
        "a merge",
    );
    expect(
        &mut registry,
        &|r| {
            let _ = r.try_add_route(route("merged"));
        },
        0,
        "a refused add",
    );
    registry.clear_notifier();
    expect(
        &mut registry,
        &|r| r.remove_route("merged"),
        0,
        "no notifier",
    );
}

#[tokio::test(start_paused = true)]
async fn the_notifier_fires_when_an_alias_window_closes() {
    let clock = Arc::new(ManualClock::new(at("2026-12-31T23:00:00Z")));
    let mut registry = Server::tool_router().with_clock(Arc::clone(&clock));
    let fired = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&fired);
    registry.set_notifier(move || {
        count.fetch_add(1, Ordering::SeqCst);
    });
    tokio::time::sleep(std::time::Duration::from_secs(120)).await;
    assert_eq!(fired.load(Ordering::SeqCst), 0, "the window is still open");
    clock.set(at("2027-01-01T00:00:00Z"));
    tokio::time::sleep(std::time::Duration::from_secs(120)).await;
    assert_eq!(fired.load(Ordering::SeqCst), 1, "`fs_read` left tools/list");
    assert_eq!(names(&registry), ["read_file", "write_file"]);
}

struct Echo;

impl ToolBase for Echo {
    type Parameter = JsonObject;
    type Output = String;
    type Error = ErrorData;
    fn name() -> Cow<'static, str> {
        "complex-tool1".into()
    }
}

impl SyncTool<Server> for Echo {
    fn invoke(_: &Server, _: JsonObject) -> Result<String, ErrorData> {
        Ok("sync".to_owned())
    }
}

struct Later;

impl ToolBase for Later {
    type Parameter = JsonObject;
    type Output = String;
    type Error = ErrorData;
    fn name() -> Cow<'static, str> {
        "write_file".into()
    }
}

impl AsyncTool<Server> for Later {
    async fn invoke(_: &Server, _: JsonObject) -> Result<String, ErrorData> {
        Ok("async".to_owned())
    }
}

#[test]
fn sync_and_async_tools_are_checked_like_every_route() {
    let registry = ToolRegistry::<Server>::new().with_sync_tool::<Echo>();
    assert_eq!(names(&registry), ["complex-tool1"]);
    let text = panic_text(|| {
        let _ = Server::tool_router().with_async_tool::<Later>();
    });
    assert!(text.contains("`write_file` is defined twice"), "{text}");
}

#[test]
fn a_tool_with_aliases_can_be_added_at_run_time() {
    let mut registry = registry_at("2026-06-01T00:00:00Z");
    let def = ToolDef::new(route("list_dir"))
        .alias(Alias::new("fs.ls").until(at("2027-01-01T00:00:00Z")));
    registry.try_add_tool(def).unwrap();
    assert!(registry.has_route("fs.ls"));
    let clash = ToolDef::new(route("stat")).alias(Alias::new("read_file"));
    let err = registry.try_add_tool(clash).unwrap_err();
    assert!(
        err.to_string().contains("`read_file` is defined twice"),
        "{err}"
    );
    assert!(
        !registry.has_route("stat"),
        "nothing of a refused tool is added"
    );
}

/// What rmcp's users do through `ToolRouter::map`: rewrite every schema in
/// place. The aliases follow, usage counters stay, the notifier hears one change, and a rename
/// in place is refused with the route left as it was.
#[test]
fn routes_change_in_place_but_names_do_not() {
    let clock = Arc::new(ManualClock::new(at("2026-06-01T00:00:00Z")));
    let mut tools = Server::tool_router().with_clock(Arc::clone(&clock));
    let fired = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&fired);
    tools.set_notifier(move || {
        seen.fetch_add(1, Ordering::SeqCst);
    });
    tools.for_each_route_mut(|route| {
        let mut schema = (*route.attr.input_schema).clone();
        schema.insert("additionalProperties".to_owned(), false.into());
        route.attr.input_schema = Arc::new(schema);
    });
    assert_eq!(fired.load(Ordering::SeqCst), 1, "one change, told once");
    let alias = tools.get("fs_read").expect("the alias is served");
    assert_eq!(
        alias.input_schema.get("additionalProperties"),
        Some(&false.into()),
        "the alias lists its tool as changed"
    );
    assert!(
        alias
            .description
            .as_deref()
            .is_some_and(|d| d.starts_with("Deprecated: renamed to `read_file`")),
        "{:?}",
        alias.description
    );
    assert_eq!(
        tools.route("write_file").map(|r| r.attr.name.as_ref()),
        Some("write_file")
    );
    let said = panic_text(|| {
        tools.for_each_route_mut(|route| {
            if route.attr.name == "write_file" {
                route.attr.name = "save_file".into();
            }
        });
    });
    assert!(
        said.starts_with(
            "for_each_route_mut renamed the tool `write_file` to `save_file`, and a name is not \
             changed in place"
        ),
        "{said}"
    );
    assert_eq!(names(&tools), ["fs_read", "read_file", "write_file"]);
}
