//! End to end: the built `calculator` example as a child process, driven over stdio by
//! rmcp's own client, as a host would.

mod common;

use std::path::PathBuf;

use common::{args, call, names, rpc_error, text};
use rmcp::ServiceExt;
use rmcp::model::ErrorCode;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};

/// `target/<profile>/examples/calculator`, which `cargo test` builds with the examples.
fn calculator() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps/<test>");
    let path = profile_dir
        .join("examples")
        .join(format!("calculator{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run the tests with `cargo test --workspace` (it builds the examples) or \
         `cargo build --example calculator` first",
        path.display()
    );
    path
}

async fn start(now: &str) -> common::Client {
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(calculator()).configure(|cmd| {
            cmd.arg("--now").arg(now);
        }))
        .expect("calculator starts");
    ().serve(transport)
        .await
        .expect("MCP initialize with the calculator")
}

#[tokio::test]
async fn a_real_client_lists_calls_and_uses_the_alias_inside_its_window() {
    let client = start("2026-12-01T00:00:00Z").await;
    let info = client.peer_info().expect("initialize result");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("calculator")
    );
    assert_eq!(
        names(&client).await,
        ["add_numbers", "calc.add", "divide", "multiply", "subtract"]
    );

    let sum = call(&client, "add_numbers", Some(args(2, 3)))
        .await
        .expect("canonical call");
    assert_eq!((text(&sum).as_str(), sum.is_error), ("5", Some(false)));
    let sum = call(&client, "calc.add", Some(args(40, 2)))
        .await
        .expect("alias call");
    assert_eq!(text(&sum), "42");
    let diff = call(&client, "sub", Some(args(5, 7)))
        .await
        .expect("hidden alias call");
    assert_eq!(text(&diff), "-2");

    // A tool's own error is a tool result, not a protocol error.
    let div = call(&client, "divide", Some(args(1, 0)))
        .await
        .expect("a tool error is a result");
    assert_eq!(
        (text(&div).as_str(), div.is_error),
        ("division by zero", Some(true))
    );
    // Bad arguments too, as rmcp's router does.
    let bad = call(&client, "add_numbers", None)
        .await
        .expect("argument errors are results");
    assert_eq!(bad.is_error, Some(true));
    assert!(
        text(&bad).contains("failed to deserialize parameters"),
        "{}",
        text(&bad)
    );

    let err = call(&client, "calc.mul", Some(args(1, 1)))
        .await
        .expect_err("unknown tool");
    assert_eq!(rpc_error(&err).code, ErrorCode::INVALID_PARAMS);
    assert_eq!(rpc_error(&err).message, "tool `calc.mul` not found");
    client.cancel().await.expect("clean shutdown");
}

#[tokio::test]
async fn after_the_window_the_alias_is_unlisted_and_refused_with_the_new_name() {
    let client = start("2027-03-01T00:00:00Z").await;
    assert_eq!(
        names(&client).await,
        ["add_numbers", "divide", "multiply", "subtract"]
    );
    let err = call(&client, "calc.add", Some(args(1, 1)))
        .await
        .expect_err("expired alias");
    let err = rpc_error(&err);
    assert_eq!(err.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(
        err.message,
        "tool `calc.add` was renamed to `add_numbers`, and the old name stopped working at \
         2027-03-01T00:00:00Z; call `add_numbers` instead"
    );
    let sum = call(&client, "add_numbers", Some(args(1, 1)))
        .await
        .expect("the canonical name still works");
    assert_eq!(text(&sum), "2");
    client.cancel().await.expect("clean shutdown");
}

#[test]
fn a_bad_now_flag_is_a_clear_error_not_a_panic() {
    let out = std::process::Command::new(calculator())
        .args(["--now", "2027-13-01"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`--now 2027-13-01` is not an RFC 3339 timestamp"),
        "{stderr}"
    );
    assert!(stderr.contains("usage: calculator"), "{stderr}");
}
