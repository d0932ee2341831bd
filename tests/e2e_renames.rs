//! End to end over stdio: the `adr` example's release 2 as a child process,
//! driven by rmcp's client. The alias `validate_adr` carries `{"mode": "single"}` into
//! `validate_adrs`, refuses a call that changes it, lists no `mode` of its own, and tells each
//! session once that it was renamed; the tombstone `adr_stats` says where the tool went.

use crate::common;

use common::{call, text};
use rmcp::ServiceExt;
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::json;

async fn session() -> RunningService<RoleClient, ()> {
    let mut command = tokio::process::Command::new(common::example("adr"));
    command.args(["--release", "2"]);
    let transport = TokioChildProcess::new(command).expect("the adr example starts");
    ().serve(transport).await.expect("MCP initialize with adr")
}

fn args(value: serde_json::Value) -> Option<rmcp::model::JsonObject> {
    value.as_object().cloned()
}

#[tokio::test]
async fn an_alias_carries_its_arguments_and_says_it_once_per_session() {
    let client = session().await;
    let first = call(
        &client,
        "validate_adr",
        args(json!({"path": "docs/adr/0001.md"})),
    )
    .await
    .expect("called");
    assert_eq!(first.is_error, Some(false));
    let said = text(&first);
    assert!(
        said.contains("docs/adr/0001.md is valid (mode single)"),
        "{said}"
    );
    assert!(
        said.contains("Note: `validate_adr` was renamed to `validate_adrs`"),
        "the first call tells the model: {said}"
    );
    let second = call(
        &client,
        "validate_adr",
        args(json!({"path": "docs/adr/0002.md"})),
    )
    .await
    .expect("called");
    let said = text(&second);
    assert!(said.contains("0002.md is valid (mode single)"), "{said}");
    assert!(!said.contains("renamed"), "told once per session: {said}");
    assert!(
        second.meta.is_none(),
        "nothing added once told: {:?}",
        second.meta
    );

    // The caller may repeat what the alias carries, not change it.
    let same = call(
        &client,
        "validate_adr",
        args(json!({"path": "a.md", "mode": "single"})),
    )
    .await
    .expect("called");
    assert_eq!(same.is_error, Some(false), "{}", text(&same));
    let changed = call(
        &client,
        "validate_adr",
        args(json!({"path": "a.md", "mode": "all"})),
    )
    .await
    .expect("called");
    assert_eq!(changed.is_error, Some(true));
    assert_eq!(
        text(&changed),
        "`validate_adr` is `validate_adrs` with `mode` = `\"single\"`, and this call gives \
         `mode` = `\"all\"`; nothing was run. Call `validate_adrs` to choose `mode`."
    );

    // Listed without the argument it carries.
    let tools = client.list_all_tools().await.expect("tools/list");
    let alias = tools
        .iter()
        .find(|t| t.name == "validate_adr")
        .expect("the alias is listed");
    let properties = alias
        .input_schema
        .get("properties")
        .cloned()
        .unwrap_or_default();
    assert!(properties.get("mode").is_none(), "{properties}");
    assert!(properties.get("path").is_some(), "{properties}");

    // A new session is told again.
    let other = session().await;
    let again = call(&other, "validate_adr", args(json!({"path": "b.md"})))
        .await
        .expect("called");
    assert!(text(&again).contains("was renamed"), "{}", text(&again));
    let _ = other.cancel().await;
    let _ = client.cancel().await;
}

#[tokio::test]
async fn a_tombstone_says_where_its_tool_went() {
    let client = session().await;
    let gone = call(&client, "adr_stats", None).await.expect("answered");
    assert_eq!(gone.is_error, Some(true));
    assert_eq!(
        text(&gone),
        "tool `adr_stats` was removed (the count is the length of the list); nothing was run. \
         Call `list_adrs` instead."
    );
    let meta = gone.meta.expect("_meta");
    assert_eq!(
        meta.0.get("mcp-toolname/tombstone"),
        Some(&json!({"replacement": "list_adrs", "renamed": false}))
    );
    let names: Vec<String> = client
        .list_all_tools()
        .await
        .expect("tools/list")
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n == "adr_stats"),
        "not listed: {names:?}"
    );
    let _ = client.cancel().await;
}
