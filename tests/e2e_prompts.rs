//! End to end over stdio: the `prompts` example as a child process, driven by
//! rmcp's client. A renamed prompt answers by its old name inside the window (listed as
//! deprecated, the result marked), an old name past its window is refused naming the new
//! prompt, and an unknown name gets the closest one.

use crate::common;

use common::rpc_error;
use rmcp::ServiceExt;
use rmcp::model::GetPromptRequestParams;
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::json;

async fn session() -> RunningService<RoleClient, ()> {
    let command = tokio::process::Command::new(common::example("prompts"));
    let transport = TokioChildProcess::new(command).expect("the prompts example starts");
    ().serve(transport)
        .await
        .expect("MCP initialize with prompts")
}

fn get(name: &str, arguments: serde_json::Value) -> GetPromptRequestParams {
    let mut params = GetPromptRequestParams::new(name);
    params.arguments = arguments.as_object().cloned();
    params
}

fn text(result: &rmcp::model::GetPromptResult) -> String {
    result
        .messages
        .iter()
        .filter_map(|m| m.content.as_text().map(|t| t.text.clone()))
        .collect()
}

#[tokio::test]
async fn a_renamed_prompt_answers_by_its_old_name_inside_its_window() {
    let client = session().await;
    let prompts = client.list_all_prompts().await.expect("prompts/list");
    let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["code_review", "review", "summarize_thread"],
        "the live alias is listed, the closed one is not"
    );
    let old = &prompts[1];
    assert!(
        old.description
            .as_deref()
            .is_some_and(|d| d.starts_with("Deprecated: renamed to `code_review`")),
        "{:?}",
        old.description
    );
    let meta = old.meta.as_ref().expect("the listed alias carries _meta");
    assert_eq!(
        meta.0["mcp-toolname/deprecated"]["replacement"],
        json!("code_review")
    );
    assert_eq!(
        old.arguments, prompts[0].arguments,
        "the old name takes the new one's arguments"
    );

    let by_old = client
        .get_prompt(get(
            "review",
            json!({"path": "src/lib.rs", "focus": "errors"}),
        ))
        .await
        .expect("prompts/get by the old name");
    assert_eq!(text(&by_old), "Review src/lib.rs, errors first.");
    let notice = by_old.meta.as_ref().expect("the result is marked");
    assert_eq!(
        notice.0["mcp-toolname/deprecated"],
        json!({"replacement": "code_review", "until": "2030-01-01T00:00:00Z"})
    );
    let by_new = client
        .get_prompt(get("code_review", json!({"path": "src/lib.rs"})))
        .await
        .expect("prompts/get by the new name");
    assert_eq!(text(&by_new), "Review src/lib.rs.");
    assert!(by_new.meta.is_none(), "{:?}", by_new.meta);

    let tools = client.list_all_tools().await.expect("tools/list");
    assert_eq!(
        tools.len(),
        1,
        "the tool registry serves beside the prompts"
    );
    client.cancel().await.expect("closes");
}

#[tokio::test]
async fn an_old_name_past_its_window_and_an_unknown_name_are_refused_with_the_way_on() {
    let client = session().await;
    let err = client
        .get_prompt(get("summarize", json!({"url": "https://example.com/t/1"})))
        .await
        .expect_err("the window closed on 2026-06-01");
    let err = rpc_error(&err);
    assert_eq!(err.code, rmcp::model::ErrorCode::INVALID_PARAMS);
    assert_eq!(
        err.message,
        "prompt `summarize` was renamed to `summarize_thread`, and the old name stopped \
         working at 2026-06-01T00:00:00Z; use `summarize_thread` instead"
    );
    assert_eq!(
        err.data,
        Some(json!({"replacement": "summarize_thread", "until": "2026-06-01T00:00:00Z"}))
    );

    let err = client
        .get_prompt(get("code-review", json!({"path": "a.rs"})))
        .await
        .expect_err("no such prompt");
    let err = rpc_error(&err);
    assert_eq!(
        err.message,
        "prompt `code-review` not found; did you mean `code_review`?"
    );
    let data = err.data.clone().expect("data");
    assert_eq!(data["closest"], json!("code_review"));
    assert_eq!(
        data["available_prompts"],
        json!(["code_review", "review", "summarize_thread"]),
        "rmcp's own field, kept"
    );
    // The old name mistyped: led to the new one through the alias, past its window too.
    let err = client
        .get_prompt(get("Summarize", json!({"url": "https://example.com/t/1"})))
        .await
        .expect_err("no such prompt");
    let err = rpc_error(&err);
    assert_eq!(
        err.message,
        "prompt `Summarize` not found; did you mean `summarize_thread` (formerly `summarize`)?"
    );
    assert_eq!(
        err.data.clone().expect("data")["closest"],
        json!("summarize_thread")
    );
    client.cancel().await.expect("closes");
}

/// An operator reopens a closed window with no code of the server's (the
/// variable once did nothing unless the server read it): the macro's registry reads it, and an
/// entry naming another registry's alias is left to that one.
#[tokio::test]
async fn the_operator_moves_a_window_with_the_environment_alone() {
    let mut command = tokio::process::Command::new(common::example("prompts"));
    command.env(
        "MCP_TOOLNAME_PROMPT_ALIAS_UNTIL",
        "summarize=never,calc.add=2031-01-01",
    );
    let transport = TokioChildProcess::new(command).expect("the prompts example starts");
    let client = ().serve(transport).await.expect("MCP initialize with prompts");
    let names = common::prompt_names(&client).await;
    assert_eq!(
        names,
        ["code_review", "review", "summarize", "summarize_thread"]
    );
    let got = client
        .get_prompt(get("summarize", json!({"url": "https://example.com/t/1"})))
        .await
        .expect("served again");
    assert_eq!(text(&got), "Summarize https://example.com/t/1.");
    client.cancel().await.expect("closes");
}
