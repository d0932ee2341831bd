//! End to end: the `plugins` example as a child process, driven over stdio by rmcp's client.
//! Tools added and removed at run time reach `tools/list` at once, the client hears
//! `notifications/tools/list_changed` once per change, and a taken or bad name never gets in.

use crate::common;

use common::{Listener, call, names, text};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::json;

async fn start() -> (RunningService<RoleClient, Listener>, Listener) {
    let listener = Listener::default();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(common::example("plugins")))
            .expect("plugins starts");
    let client = listener
        .clone()
        .serve(transport)
        .await
        .expect("MCP initialize with plugins");
    (client, listener)
}

fn plugin(name: &str) -> Option<rmcp::model::JsonObject> {
    json!({ "name": name }).as_object().cloned()
}

#[tokio::test]
async fn tools_added_and_removed_while_serving_reach_the_client_with_list_changed() {
    let (client, listener) = start().await;
    assert_eq!(names(&client).await, ["install_plugin", "uninstall_plugin"]);

    let done = call(&client, "install_plugin", plugin("weather"))
        .await
        .unwrap();
    assert_eq!(text(&done), "installed `plugin_weather`");
    assert_eq!(
        listener.heard(1).await,
        1,
        "one notification for one change"
    );
    assert_eq!(
        names(&client).await,
        ["install_plugin", "plugin_weather", "uninstall_plugin"]
    );
    let hello = call(&client, "plugin_weather", None).await.unwrap();
    assert_eq!(text(&hello), "plugin `weather` says hello");

    // A taken name: refused, naming both definitions; nothing changes, nothing is sent.
    let again = call(&client, "install_plugin", plugin("weather"))
        .await
        .unwrap();
    assert_eq!(again.is_error, Some(true));
    let message = text(&again);
    assert!(
        message.contains("tool name `plugin_weather` is defined twice"),
        "{message}"
    );
    assert_eq!(
        message.matches("examples/plugins.rs:").count(),
        2,
        "{message}"
    );
    // A name outside the spec never reaches tools/list.
    let bad = call(&client, "install_plugin", plugin("two words"))
        .await
        .unwrap();
    assert_eq!(bad.is_error, Some(true));
    assert!(text(&bad).contains("contains a space"), "{}", text(&bad));
    assert_eq!(listener.heard(1).await, 1, "refused changes send nothing");
    assert_eq!(names(&client).await.len(), 3);

    let gone = call(&client, "uninstall_plugin", plugin("weather"))
        .await
        .unwrap();
    assert_eq!(text(&gone), "uninstalled `plugin_weather`");
    assert_eq!(listener.heard(2).await, 2);
    assert_eq!(names(&client).await, ["install_plugin", "uninstall_plugin"]);
    assert!(call(&client, "plugin_weather", None).await.is_err());
    client.cancel().await.unwrap();
}
