//! Prompt names: `check --prompt`, the prompts section of `audit` (read from
//! every page of `prompts/list` when the server declares `prompts`), and prompts of several
//! servers of a config that become one slash command. The server is the oracles' fixture
//! (`oracles/server.mjs`, run by Node.js), as in `audit_limits.rs`.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::run;
use serde_json::{Value, json};

/// The fixture server serving `spec`, in a fresh folder: the folder, and `node server.mjs FILE`.
fn fixture(test: &str, spec: &Value) -> (PathBuf, Vec<String>) {
    common::fixture_server("prompts", test, spec)
}

/// `mcp-toolname audit [FLAGS...] -- SERVER...`.
fn audit(flags: &[&str], server: &[String]) -> common::Run {
    let mut args = vec!["audit"];
    args.extend(flags);
    args.push("--");
    args.extend(server.iter().map(String::as_str));
    run(&args)
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

fn kinds(doc: &Value) -> Vec<(String, Option<String>, Vec<String>)> {
    doc["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["kind"].as_str().is_some_and(|k| k.starts_with("prompt")))
        .flat_map(|f| {
            let tools: Vec<String> = f["tools"]
                .as_array()
                .map(|t| {
                    t.iter()
                        .filter_map(|n| n.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            common::finding_clients(f).into_iter().map(move |client| {
                (
                    f["kind"].as_str().unwrap_or_default().to_owned(),
                    client,
                    tools.clone(),
                )
            })
        })
        .collect()
}

#[test]
fn check_prompt_says_what_each_client_makes_of_a_name() {
    let r = run([
        "check",
        "--prompt",
        "-v",
        "--server-key",
        "github",
        "review-pr",
        "review pr",
    ]);
    // `prompt_name` is at deny, as the build refuses the name (docs/lints.md).
    r.exits(1)
        .out_has("ok       `review-pr`\n  contract:\n    prompt       pass\n")
        .out_has("    claude_code  runs        `/mcp__github__review-pr`\n")
        .out_has(
            "  contract:\n    prompt       prompt name `review pr` contains a space at index 6, \
             which the slash-command rule for prompts does not allow",
        )
        .out_has("    claude_code  cannot run  `/mcp__github__review pr`\n")
        .out_has("    gemini_cli   runs        `/review-pr`\n")
        .out_has("    vscode       unknown     `/mcp.github.review pr`\n")
        // `review-pr` is taken by the other name: the fix is one of a set.
        .out_has(
            "  suggestion:  write `review_pr` instead (passes the slash-command rule for \
             prompts)\n",
        )
        .out_has("prompt clients verified: claude_code run on ")
        .out_has("summary: 2 prompt names: 1 error, 0 warnings, 1 ok\n")
        .out_has("exit code 1: `prompt_name` at deny level (1 finding)\n");
    // The default: one verdict a name, ending with the fix.
    run([
        "check",
        "--prompt",
        "--server-key",
        "github",
        "review-pr",
        "review pr",
    ])
    .exits(1)
    .out_has(
        "error    `review pr` [prompt_name, prompt_command]: contains a space at index 6, which \
         the slash-command rule for prompts does not allow (allowed: any character but white \
         space, controls and invisible ones); Claude Code and Qwen Code cannot run it as a slash \
         command; write `review_pr` instead\n",
    )
    .out_has("ok       `review-pr`\n");
    // A warning, on request.
    run(["check", "--prompt", "--warn", "prompt_name", "review pr"])
        .exits(0)
        .out_has("warning  `review pr` [prompt_name, prompt_command]")
        .out_has("exit code 0: nothing at deny level\n");
    // Names every client runs: exit 0, nothing to fix.
    let r = run(["check", "--prompt", "-v", "dot.name", "colon:name", "üml"]);
    r.exits(0).out_has("  suggestion:  none needed\n");
    assert!(!r.stdout.contains("cannot run"), "{}", r.stdout);
    // A `/` passes the rule, but Qwen Code reads the command as a path: a warning of its own.
    run(["check", "--prompt", "-v", "slash/x"])
        .exits(0)
        .out_has(
            "Qwen Code cannot run prompt `slash/x` as `/slash/x`: the `/` in it makes it read the \
         command as a file path",
        );
}

#[test]
fn check_prompt_json_has_its_own_shape() {
    let r = run([
        "check", "--prompt", "--format", "json", "a b", "a_b", "plain",
    ]);
    // `a b` is refused, as in the build.
    r.exits(1);
    let doc = r.json();
    assert_eq!(
        keys(&doc),
        BTreeSet::from([
            "schema_version",
            "kind",
            "server_key",
            "names",
            "suppressions"
        ])
    );
    assert_eq!(doc["schema_version"], 2);
    assert_eq!(doc["kind"], "prompt");
    assert_eq!(doc["server_key"], "server");
    let names = doc["names"].as_array().expect("names");
    assert_eq!(names.len(), 3);
    assert_eq!(
        keys(&names[0]),
        BTreeSet::from(["name", "pass", "problem", "clients", "suggestion"])
    );
    assert_eq!(names[0]["pass"], false);
    // `a_b` is in use: the fix of `a b` is the next free name.
    assert_eq!(names[0]["suggestion"], "a_b_2");
    assert_eq!(
        names[0]["clients"],
        json!([
            {"id": "claude_code", "command": "/mcp__server__a b", "runs": false},
            {"id": "gemini_cli", "command": "/a-b", "runs": true},
            {"id": "kilo_code", "command": "/server:a_b", "runs": true},
            {"id": "qwen_code", "command": "/a b", "runs": false},
            {"id": "vscode", "command": "/mcp.server.a b", "runs": null},
        ])
    );
    assert!(
        names[0]["problem"]
            .as_str()
            .is_some_and(|p| p.starts_with("prompt name `a b` contains a space at index 1")),
        "{}",
        names[0]["problem"]
    );
    assert_eq!(names[2]["pass"], true);
    assert_eq!(names[2]["problem"], Value::Null);
    assert_eq!(names[2]["suggestion"], Value::Null);
}

#[cfg(unix)]
#[test]
fn check_prompt_refuses_a_name_that_is_not_utf8() {
    use std::os::unix::ffi::OsStringExt;
    let bad = std::ffi::OsString::from_vec(vec![b'a', 0xFF]);
    let args: Vec<std::ffi::OsString> = ["check", "--prompt", "--format", "json"]
        .into_iter()
        .map(Into::into)
        .chain([bad])
        .collect();
    let r = run(&args);
    r.exits(1);
    let doc = r.json();
    assert_eq!(doc["names"][0]["pass"], false);
    assert!(
        doc["names"][0]["problem"]
            .as_str()
            .is_some_and(|p| p.contains("not valid UTF-8 (byte 0xFF at byte index 1)")),
        "{doc:#}"
    );
}

#[test]
fn audit_reads_every_prompt_page_and_reports_prompts_after_the_tools() {
    let spec = json!({
        "tools": ["search"],
        "prompt_page": 2,
        "prompts": [
            {"name": "review pr", "arguments": ["number", "repo"]},
            "plain",
            "Plain",
            "plain",
            "slash/x",
        ],
    });
    let (dir, server) = fixture("paged", &spec);
    let r = audit(&["--server-key", "gh", "--format", "json"], &server);
    // A prompt name that breaks the rule and one listed twice are at deny, as in the build.
    r.exits(1).err_has("prompts/list page 3: 1 prompt");
    let doc = r.json();
    assert_eq!(doc["server"]["prompts_capability"], true);
    assert_eq!(doc["server"]["prompt_pages"], 3);
    assert_eq!(doc["server"]["prompts_error"], Value::Null);
    assert_eq!(doc["summary"]["exit_code"], 1);
    assert_eq!(doc["summary"]["prompts"], 4);
    let prompts = doc["prompts"].as_array().expect("prompts");
    let names: Vec<&str> = prompts.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["review pr", "plain", "Plain", "slash/x"]);
    assert_eq!(
        prompts[0],
        json!({
            "name": "review pr",
            "pass": false,
            "arguments": ["number", "repo"],
            "clients": [
                {"id": "claude_code", "command": "/mcp__gh__review pr", "runs": false},
                {"id": "gemini_cli", "command": "/review-pr", "runs": true},
                {"id": "kilo_code", "command": "/gh:review_pr", "runs": true},
                {"id": "qwen_code", "command": "/review pr", "runs": false},
                {"id": "vscode", "command": "/mcp.gh.review pr", "runs": null},
            ],
        })
    );
    let one = |n: &str| vec![n.to_owned()];
    assert_eq!(
        kinds(&doc),
        [
            ("prompt_name".to_owned(), None, one("review pr")),
            (
                "prompt_command".to_owned(),
                Some("claude_code".to_owned()),
                one("review pr")
            ),
            (
                "prompt_command".to_owned(),
                Some("qwen_code".to_owned()),
                one("review pr")
            ),
            (
                "prompt_command".to_owned(),
                Some("qwen_code".to_owned()),
                one("slash/x")
            ),
            ("prompt_duplicate".to_owned(), None, one("plain")),
            (
                "prompt_look_alike".to_owned(),
                None,
                vec!["plain".to_owned(), "Plain".to_owned()]
            ),
        ]
    );
    let name_finding = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "prompt_name")
        .unwrap();
    assert_eq!(name_finding["contracts"], serde_json::json!(["prompt"]));
    assert_eq!(name_finding["suggestion"], "review_pr");

    let r = audit(&["--server-key", "gh"], &server);
    r.exits(1);
    let text = &r.stdout;
    let tools_end = text.find("  ok       `search`\n").expect("tools");
    let prompts_at = text
        .find("\nprompts (5 in 3 pages, each a slash command)\n")
        .expect("prompts section");
    assert!(tools_end < prompts_at, "prompts after the tools:\n{text}");
    r.out_has(
        "  error    `review pr` [prompt_name, prompt_command]: contains a space at index 6, which \
         the slash-command rule for prompts does not allow",
    )
    .out_has(
        "Claude Code and Qwen Code cannot run it as a slash command; write `review_pr` \
         instead\n  warning  `slash/x` [prompt_command]: Qwen Code cannot run it as a slash \
         command; rename the prompt\n",
    )
    .out_has("  ok       `plain`\n  ok       `Plain`\n")
    .out_has(
        "\nacross the prompt list\n  error    [prompt_duplicate] the server listed prompt name \
         `plain` 2 times",
    )
    .out_has("  warning  [prompt_look_alike] prompt names `plain` and `Plain` differ only in case")
    .out_has("; 4 prompts: 1 error, 1 warning, 2 ok; across the lists: 1 error, 1 warning\n")
    .out_has("exit code 1: `prompt_name` and `prompt_duplicate` at deny level (2 findings)\n");
    // Each client's command on request.
    audit(&["--server-key", "gh", "--verbose"], &server)
        .exits(1)
        .out_has(
            "    claude_code  Claude Code cannot run prompt `review pr` as `/mcp__gh__review pr`: \
             white space ends its command, so it reads `/mcp__gh__review`",
        )
        .out_has("    gemini_cli   runs `/review-pr`\n")
        .out_has("    vscode       unknown `/mcp.gh.plain`\n");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_server_that_fails_prompts_list_gets_a_note_not_a_failed_audit() {
    let spec =
        json!({"tools": ["search"], "prompts": ["x"], "prompts_error": "prompts are broken"});
    let (dir, server) = fixture("error", &spec);
    let note = "it answered `prompts/list` (page 1) with error -32603: `prompts are broken`";
    let r = audit(&[], &server);
    r.exits(0)
        .out_has(&format!("\nprompts: not read: {note}\n"))
        .err_has(&format!("note: the prompts were not read: {note}"))
        .out_has("1 tool in 1 page");
    let r = audit(&["--format", "json"], &server);
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["server"]["prompts_error"], note);
    assert_eq!(doc["prompts"], json!([]));
    assert_eq!(doc["tools"].as_array().map(Vec::len), Some(1));
    let _ = std::fs::remove_dir_all(dir);

    // A cursor that comes back: a note too, within the same page limit as tools.
    let spec = json!({"tools": ["search"], "prompts": ["x"], "prompt_cursor": "again"});
    let (dir, server) = fixture("loop", &spec);
    let r = audit(&[], &server);
    r.exits(0).out_has(
        "\nprompts: not read: page 2 of `prompts/list` gave the cursor `again` again, so the \
         list would never end; stopped after 2 prompts\n",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn prompts_are_read_only_where_the_server_declares_them() {
    // Serves prompts, but does not declare `prompts`: not asked.
    let spec = json!({"tools": ["search"], "prompts": ["with space"], "prompts_capability": false});
    let (dir, server) = fixture("undeclared", &spec);
    let r = audit(&["--format", "json"], &server);
    r.exits(0);
    assert!(!r.stderr.contains("prompts/list"), "{}", r.stderr);
    let doc = r.json();
    assert_eq!(doc["server"]["prompts_capability"], false);
    assert_eq!(doc["prompts"], json!([]));
    assert!(kinds(&doc).is_empty(), "{:?}", kinds(&doc));
    let r = audit(&[], &server);
    r.exits(0);
    assert!(!r.stdout.contains("\nprompts:"), "{}", r.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn prompts_of_two_servers_that_make_one_gemini_cli_command() {
    let (dir_a, a) = fixture(
        "config-a",
        &json!({"tools": ["a"], "prompts": ["plain", "a b"]}),
    );
    let (dir_b, b) = fixture(
        "config-b",
        &json!({"tools": ["b"], "prompts": ["plain", "a-b", "own"]}),
    );
    let r = common::audit_config_of(&dir_a, &[("one", &a), ("two", &b)]);
    let config = dir_a.join("mcp.json");
    let path = config.to_str().expect("UTF-8 path");
    // `a b` breaks the prompt rule, at deny as in the build.
    r.exits(1);
    let doc = r.json();
    let cross: Vec<&Value> = doc["cross_server"]
        .as_array()
        .expect("cross_server")
        .iter()
        .filter(|f| f["kind"] == "prompt_collision")
        .collect();
    // Gemini CLI's two, then Qwen Code's `/plain` (it ends `a b` at the space).
    assert_eq!(cross.len(), 3, "{cross:#?}");
    assert_eq!(cross[0]["client"], "gemini_cli");
    assert_eq!(cross[0]["name"], "/plain");
    assert_eq!(
        cross[0]["members"],
        json!([
            {"server": "one", "tool": "plain", "renamed": "/one_plain"},
            {"server": "two", "tool": "plain", "renamed": "/two_plain"},
        ])
    );
    // Two names that make one command: Gemini CLI gives each the server in front (run, in
    // oracle_configs.rs: `/review-pr` runs neither).
    assert_eq!(cross[1]["name"], "/a-b");
    assert_eq!(
        cross[1]["members"],
        json!([
            {"server": "one", "tool": "a b", "renamed": "/one.a-b"},
            {"server": "two", "tool": "a-b", "renamed": "/two.a-b"},
        ])
    );
    assert!(
        cross[1]["message"]
            .as_str()
            .is_some_and(|m| m.contains("so `/a-b` runs none of them")),
        "{}",
        cross[1]["message"]
    );
    assert_eq!(
        (&cross[2]["client"], &cross[2]["name"]),
        (&json!("qwen_code"), &json!("/plain"))
    );
    // Other kinds keep their members' shape.
    assert!(
        doc["cross_server"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["kind"] != "prompt_collision")
            .flat_map(|f| f["members"].as_array().cloned().unwrap_or_default())
            .all(|m| m.get("renamed").is_none())
    );
    // Each server's own audit still has its prompts.
    assert_eq!(
        doc["servers"][1]["prompts"].as_array().map(Vec::len),
        Some(3)
    );

    // The default view says the two clients' `/plain` once; --verbose says each.
    let r = run(["audit", "--config", path]);
    r.exits(1).out_has(
        "  warning  [prompt_collision] 2 clients (`gemini_cli` and `qwen_code`): prompts `plain` \
         of `one` and `plain` of `two` both become the command `/plain` under Gemini CLI",
    );
    assert_eq!(
        r.stdout.matches("[prompt_collision]").count(),
        2,
        "{}",
        r.stdout
    );
    let r = run(["audit", "--config", path, "--verbose"]);
    r.exits(1).out_has(
        "  warning  [prompt_collision] gemini_cli: prompts `plain` of `one` and `plain` of `two` \
         both become the command `/plain` under Gemini CLI; it keeps `/plain` for the server it \
         reads first, which is the one that answers first (it starts them all at once), and \
         renames the others' (`/one_plain` or `/two_plain`)",
    );
    assert_eq!(
        r.stdout.matches("[prompt_collision]").count(),
        3,
        "{}",
        r.stdout
    );
    let _ = std::fs::remove_dir_all(dir_a);
    let _ = std::fs::remove_dir_all(dir_b);
}

/// A prompt name has one level in the build and in the CLI: `check --prompt` exits 1 on exactly
/// the names `#[mcp_prompt]` refuses (the macro checks a name against `PROMPT` with `check`, as
/// here), and 0 on the others.
#[test]
fn check_prompt_fails_exactly_the_names_the_build_refuses() {
    let long = "p".repeat(129);
    let names = [
        "review pr",
        "review\tpr",
        "review\u{200b}pr",
        "review\u{202e}pr",
        long.as_str(),
        "review-pr",
        "code.review",
        "résumé",
        "slash/x",
        "a",
    ];
    let mut refused = 0;
    for name in names {
        let in_the_build = mcp_toolname_rules::check(name, &mcp_toolname_rules::PROMPT).is_err();
        refused += usize::from(in_the_build);
        run(["check", "--prompt", "--no-config-file", "--", name]).exits(i32::from(in_the_build));
    }
    assert_eq!(refused, 5, "the corpus holds names of both kinds");
}
