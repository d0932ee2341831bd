//! End to end: the built `calculator` example as a child process, driven over stdio by
//! rmcp's own client, as a host would.

use crate::common;

use std::path::PathBuf;

use common::{args, call, names, rpc_error, text};
use rmcp::ServiceExt;
use rmcp::model::ErrorCode;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};

fn calculator() -> PathBuf {
    common::example("calculator")
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
    // `minus` is a listed alias; `calc.add` is hidden (callable, not listed).
    assert_eq!(
        names(&client).await,
        ["add_numbers", "divide", "minus", "multiply", "subtract"]
    );

    let sum = call(&client, "add_numbers", Some(args(2, 3)))
        .await
        .expect("canonical call");
    assert_eq!((text(&sum).as_str(), sum.is_error), ("5", Some(false)));
    let sum = call(&client, "calc.add", Some(args(40, 2)))
        .await
        .expect("hidden alias call");
    assert_eq!(text(&sum), "42");
    let diff = call(&client, "minus", Some(args(5, 7)))
        .await
        .expect("listed alias call");
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
    assert_eq!(rpc_error(&err).data, None, "nothing served is close");
    // A name a client rewrote: the closest served tool is named, and not called.
    let err = call(&client, "Add.Numbers", Some(args(1, 1)))
        .await
        .expect_err("unknown tool");
    assert_eq!(
        rpc_error(&err).message,
        "tool `Add.Numbers` not found; did you mean `add_numbers`?"
    );
    assert_eq!(
        rpc_error(&err).data,
        Some(serde_json::json!({ "closest": "add_numbers" }))
    );
    // An old client mistyping the old name: led to the new name through the hidden alias.
    for called in ["calc_add", "Calc.add"] {
        let err = call(&client, called, Some(args(1, 1)))
            .await
            .expect_err("unknown tool");
        assert_eq!(
            rpc_error(&err).message,
            format!("tool `{called}` not found; did you mean `add_numbers` (formerly `calc.add`)?")
        );
        assert_eq!(
            rpc_error(&err).data,
            Some(serde_json::json!({ "closest": "add_numbers" }))
        );
    }
    client.cancel().await.expect("clean shutdown");
}

#[tokio::test]
async fn after_the_window_the_alias_is_unlisted_and_refused_with_the_new_name() {
    let client = start("2027-03-01T00:00:00Z").await;
    assert_eq!(
        names(&client).await,
        ["add_numbers", "divide", "multiply", "subtract"]
    );
    let refused = call(&client, "minus", Some(args(1, 1)))
        .await
        .expect("an expired alias is a tool error result");
    assert_eq!(refused.is_error, Some(true), "expired listed alias");
    let refused = call(&client, "calc.add", Some(args(1, 1)))
        .await
        .expect("an expired alias is a tool error result");
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(
        text(&refused),
        "tool `calc.add` was renamed to `add_numbers`, and the old name stopped working at \
         2027-03-01T00:00:00Z; nothing was run. Call `add_numbers` instead, with the same \
         arguments."
    );
    let sum = call(&client, "add_numbers", Some(args(1, 1)))
        .await
        .expect("the canonical name still works");
    assert_eq!(text(&sum), "2");
    client.cancel().await.expect("clean shutdown");
}

fn run_calculator(args: &[std::ffi::OsString]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(calculator())
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn bad_command_lines_are_clear_errors_not_panics() {
    use std::os::unix::ffi::OsStringExt;
    let cases: [(Vec<std::ffi::OsString>, &str); 5] = [
        (
            vec!["--now".into(), "2027-13-01".into()],
            "`--now` value `2027-13-01` is not a date or an RFC 3339 timestamp",
        ),
        (vec!["--now".into()], "`--now` needs a value"),
        (
            vec![
                "--now".into(),
                "2027-01-01".into(),
                "--now".into(),
                "2027-01-02".into(),
            ],
            "`--now` is given twice",
        ),
        (
            vec![std::ffi::OsString::from_vec(vec![0xff])],
            "argument \"\\xFF\" is not UTF-8",
        ),
        (
            vec!["\u{1b}[31mred".into()],
            "unknown argument `\\u{1b}[31mred`",
        ),
    ];
    for (args, expected) in cases {
        let (code, _, stderr) = run_calculator(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(stderr.contains("usage: calculator"), "{stderr}");
        assert!(
            !stderr.contains('\u{1b}'),
            "no raw escape reaches the terminal: {stderr:?}"
        );
    }
    let (code, stdout, _) = run_calculator(&["--help".into()]);
    assert_eq!(
        (code, stdout.starts_with("usage: calculator")),
        (Some(0), true)
    );
}
