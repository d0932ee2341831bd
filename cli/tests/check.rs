//! `mcp-toolname check`: contracts, client forms, suggestions, exit codes.

use crate::common;

use common::run;

#[test]
fn spec_examples_and_a_space() {
    let r = run([
        "check",
        "-v",
        "admin.tools.list",
        "search documents",
        "getUser",
    ]);
    r.exits(1)
        // The contracts that pass, then each reason once with the contracts it breaks.
        .out_has(
            "warning  `admin.tools.list` [contract, client]: contains a dot `.` at index 5, \
             refused by `anthropic`, `openai`, `bedrock` and 3 more; 5 clients handle it badly \
             (`cline`, `continue_cli`, `qwen_code` and 2 more); write `admin_tools_list` instead\n  contracts:\n    \
             pass         mcp, sep_986, gemini\n",
        )
        .out_has(
            "    problem      tool name `admin.tools.list` contains a dot `.` at index 5\n\
             \x20                refused by `anthropic`, `openai`, `bedrock`, `deepseek`, \
             `llm_common` and\n                 `portable`; so the APIs behind `continue_cli`, `goose` and `kiro_cli` refuse it too\n",
        )
        .out_has(
            "    pass         none\n    problem      tool name `search documents` contains a \
             space at index 6\n",
        )
        .out_has(
            "refused by `mcp`, `sep_986`, `anthropic`, `openai`, `gemini`, `bedrock`, \
             `deepseek`, `llm_common` and `portable`; so the APIs behind `continue_cli`, `goose`\n\
             \x20                and `kiro_cli` refuse it too\n",
        )
        // Each client's model-facing form and fate.
        .out_has("    claude_code  normalised  `mcp__server__admin_tools_list`\n")
        .out_has("    gemini_cli   kept        `mcp_server_admin.tools.list`\n")
        // The digits are Cline's own: SHA-1 of the raw `server__admin.tools.list`.
        .out_has("    cline        hashed      `server__admin_tools_list_53d6a820`\n")
        .out_has("tool name `admin.tools.list` has characters Cline replaces, and a name it changes gets a hash suffix")
        // One suggestion passing every contract, or none.
        .out_has("  suggestion:  write `admin_tools_list` instead (passes every contract)\n")
        .out_has("  suggestion:  write `search_documents` instead (passes every contract)\n")
        .out_has("ok       `getUser`\n  contracts:\n    pass         every contract\n")
        .out_has("  suggestion:  none needed\n")
        .out_has("summary: 3 names: 1 error, 1 warning, 1 ok\nexit code 1: `spec` at deny level (1 finding)\n");
}

/// One name with a space once printed the same sentence nine times.
#[test]
fn a_reason_shared_by_every_contract_is_said_once() {
    let r = run(["check", "search documents"]);
    assert_eq!(
        r.stdout.matches("contains a space at index 6").count(),
        1,
        "{}",
        r.stdout
    );
    let r = run(["check", "-v", "search documents"]);
    // The verdict, once for the contracts, and once more each for Continue CLI and Kiro CLI,
    // which send it as it is.
    assert_eq!(
        r.stdout.matches("contains a space at index 6").count(),
        4,
        "{}",
        r.stdout
    );
    r.out_has(
        "Continue CLI sends this name to the API, which refuses it: tool name `search documents` \
         contains a space at index 6",
    );
    // The JSON keeps one record per contract, each with its own full message.
    let r = run(["check", "-v", "--format", "json", "search documents"]);
    let doc = r.json();
    let contracts = doc["names"][0]["contracts"]
        .as_array()
        .expect("contracts[]");
    let ids: Vec<&str> = contracts.iter().filter_map(|c| c["id"].as_str()).collect();
    let all: Vec<&str> = mcp_toolname_rules::ALL.iter().map(|c| c.id).collect();
    assert_eq!(ids, all, "one record per contract, in order");
    assert!(contracts.iter().all(|c| {
        c["message"]
            .as_str()
            .is_some_and(|m| m.contains("contains a space at index 6, which "))
    }));
}

/// By default one verdict line per name, ending with what to do, the lints it
/// breaks named, every line within 100 columns, and no code span broken across lines.
#[test]
fn the_default_report_is_a_verdict_per_name() {
    let long = format!("generate_{}", "quarterly_report_".repeat(8));
    let r = run([
        "check",
        "admin.tools.list",
        "search documents",
        "getUser",
        &long,
    ]);
    r.exits(1)
        .out_has(
            "error    `search documents` [spec, contract, client]: contains a space at index 6, \
             refused by `mcp`, `sep_986`, `anthropic` and 6 more; 5 clients handle it badly \
             (`cline`, `continue_cli`, `qwen_code` and 2 more); write `search_documents` instead\n",
        )
        .out_has("\nok       `getUser`\n")
        .out_has("--verbose shows each contract and each client's name");
    assert!(!r.stdout.contains("contracts:"), "{}", r.stdout);
    for line in r.stdout.lines() {
        assert!(line.chars().count() <= 100, "past 100 columns: {line}");
        assert_eq!(
            line.matches('`').count() % 2,
            0,
            "a code span split: {line}"
        );
    }
    // Each verdict that is not `ok` ends with what to do.
    let verdicts = r.stdout.split("\n\n").next().expect("the verdicts");
    for verdict in verdicts.split("\nerror").flat_map(|v| v.split("\nwarning")) {
        if !verdict.starts_with("ok") {
            assert!(
                common::spaced(verdict).contains("instead"),
                "no fix: {verdict}"
            );
        }
    }
}

#[test]
fn spec_valid_names_exit_0() {
    run([
        "check",
        "-v",
        "getUser",
        "DATA_EXPORT_v2",
        "admin.tools.list",
    ])
    .exits(0);
}

#[test]
fn json_has_every_contract_and_client() {
    let r = run([
        "check",
        "-v",
        "--format",
        "json",
        "search documents",
        "getUser",
    ]);
    r.exits(1);
    let doc = r.json();
    assert_eq!(doc["breaks_spec"], true);
    let first = &doc["names"][0];
    assert_eq!(first["name"], "search documents");
    assert_eq!(first["suggestion"], "search_documents");
    // Every contract and every client, each once, in the rules crate's order.
    let ids = |key: &str| -> Vec<String> {
        first[key]
            .as_array()
            .expect("a list")
            .iter()
            .map(|c| c["id"].as_str().expect("an id").to_owned())
            .collect()
    };
    let contracts: Vec<&str> = mcp_toolname_rules::ALL.iter().map(|c| c.id).collect();
    let clients: Vec<&str> = mcp_toolname_rules::CLIENTS.iter().map(|c| c.id).collect();
    assert_eq!(ids("contracts"), contracts);
    assert_eq!(first["contracts"][0]["id"], "mcp");
    assert_eq!(first["contracts"][0]["pass"], false);
    assert_eq!(ids("clients"), clients);
    assert_eq!(first["clients"][0]["name"], "mcp__server__search_documents");
    assert_eq!(first["clients"][0]["fate"], "normalised");
    assert_eq!(doc["names"][1]["suggestion"], serde_json::Value::Null);
}

#[test]
fn the_server_key_moves_names_past_client_budgets() {
    let name = "x".repeat(45);
    run(["check", "-v", "--server-key", "github", &name])
        .exits(0)
        .out_has("    claude_code  kept ");
    // Claude Code sends 68 characters (its limit is 128), past what tool search loads.
    run(["check", "-v", "--server-key", "google-workspace", &name])
        .exits(0)
        .out_has("    claude_code  kept ")
        .out_has("but Anthropic tool search (`tool_reference`) allows at most 64")
        .out_has("Gemini CLI with a 16-character server key leaves 42 for it");
}

#[cfg(unix)]
#[test]
fn non_utf8_names_are_reported_not_crashed_on() {
    use std::os::unix::ffi::OsStringExt;
    let bad = std::ffi::OsString::from_vec(b"get\xffUser".to_vec());
    let r = run([std::ffi::OsString::from("check"), bad]);
    r.exits(1)
        .out_has("`get\u{fffd}User` (not valid UTF-8)")
        .out_has("name 1 is not valid UTF-8 (byte 0xFF at byte index 3)")
        .out_has("write `get_User` instead");
}

#[test]
fn hostile_names_are_escaped() {
    run(["check", "-v", "ls\u{202e}txt.exe\n"])
        .exits(1)
        .out_has("`ls\\u{202e}txt.exe\\u{a}`");
}

#[test]
fn usage_errors_exit_2() {
    run(["check"])
        .exits(2)
        .err_has("required arguments were not provided");
    run(["check", "-v", "--format", "yaml", "x"]).exits(2);
    run(["frobnicate"]).exits(2);
}

/// A name every API takes but a client's prefix pushes over its budget still needs a fix,
/// and the fix fits every client.
#[test]
fn a_name_over_a_client_budget_gets_a_fix_that_fits() {
    let long = "a".repeat(52);
    let r = run(["check", "-v", long.as_str()]);
    r.exits(0)
        .out_has("is 65 characters long, but Anthropic tool search (`tool_reference`) allows at most 64")
        .out_has(&format!(
            "  suggestion:  write `{}` instead (passes every contract and fits every client's budget)\n",
            "a".repeat(50)
        ))
        .out_has("summary: 1 name: 0 errors, 1 warning, 0 ok\n");
}

/// `--server-key` takes any key a client accepts, as the config writes it; each client reads
/// it under its own rule, and our key rule is advice.
#[test]
fn server_keys_are_read_as_each_client_reads_them() {
    run(["check", "-v", "--server-key", "a__b", "c"])
        .exits(0)
        .out_has("advice: server key `a__b` contains `__`")
        .out_has("    claude_code  kept        `mcp__a__b__c`\n");
    run([
        "check",
        "-v",
        "--server-key",
        "plugin_claude-mem_claude-mem-search",
        "progressive_description",
    ])
    .exits(0)
    .out_has(
        "    claude_code  kept        \
         `mcp__plugin_claude-mem_claude-mem-search__progressive_description`\n",
    )
    .out_has(
        "is 65 characters long, but Anthropic tool search (`tool_reference`) allows at most 64",
    );
    let r = run([
        "check",
        "-v",
        "--server-key",
        "数据库",
        "--format",
        "json",
        "query",
    ]);
    r.exits(0);
    let doc = r.json();
    let clients = &doc["names"][0]["clients"];
    // One `_` per CJK character, between the `__` separators.
    assert_eq!(clients[0]["name"], format!("mcp__{}__query", "_".repeat(3)));
    assert_eq!(clients[1]["fate"], "key_refused");
    assert!(
        clients[1]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Codex CLI does not start server `数据库`")),
        "{clients:#}"
    );
    assert!(doc["server_key_advice"].is_string());
    // Cursor: "Combined server and tool name length (60) exceeds 60".
    let tool = "t".repeat(59);
    run(["check", "-v", "--server-key", "g", &tool])
        .exits(0)
        .out_has("    cursor       skipped ");
    run(["check", "-v", "--server-key", "g", &tool[..58]])
        .exits(0)
        .out_has("    cursor       kept ");
}

/// Suggestions are a set: two CJK-only names get no `tool` placeholder, and a
/// fix never takes a name another argument already has.
#[test]
fn suggestions_never_collide() {
    let r = run([
        "check",
        "-v",
        "代码规范文档工具",
        "代码规范文档",
        "search documents",
        "search_documents",
    ]);
    r.exits(1)
        .out_has("  suggestion:  no readable name can be made from `代码规范文档工具`")
        .out_has("  suggestion:  no readable name can be made from `代码规范文档`:")
        .out_has("  suggestion:  write `search_documents_2` instead");
    assert!(!r.stdout.contains("write `tool` instead"), "{}", r.stdout);
    let r = run([
        "check",
        "-v",
        "--format",
        "json",
        "代码规范文档",
        "a.b",
        "a b",
    ]);
    let doc = r.json();
    assert_eq!(doc["names"][0]["suggestion"], serde_json::Value::Null);
    assert_eq!(doc["names"][0]["no_readable_suggestion"], true);
    assert_eq!(doc["names"][1]["suggestion"], "a_b");
    assert_eq!(doc["names"][2]["suggestion"], "a_b_2");
}

/// Each client verdict says what its preset was verified against: the version run
/// for a client run in CI by `tests/oracles.rs`.
#[test]
fn each_client_says_what_it_was_verified_against() {
    let r = run(["check", "-v", "--format", "json", "query"]);
    let doc = r.json();
    let clients = doc["names"][0]["clients"].as_array().expect("clients");
    let claude = clients.iter().find(|c| c["id"] == "claude_code").unwrap();
    assert_eq!(claude["verified"]["how"], "run");
    assert!(!claude["verified"]["version"].as_str().unwrap().is_empty());
    let cursor = clients.iter().find(|c| c["id"] == "cursor").unwrap();
    assert_eq!(cursor["verified"]["how"], "reports");
    assert!(cursor["verified"]["version"].is_null());
    run(["check", "-v", "query"]).out_has("clients verified: claude_code run on ");
}

/// Names of one list that meet: what each client does, as the oracles saw it (Codex hashes
/// each, Gemini CLI sends the last, Claude Code the first, Copilot CLI the greatest).
#[test]
fn names_that_meet_get_each_clients_set_rule() {
    let r = run(["check", "-v", "--format", "json", "a.b", "a_b", "a-b"]);
    let doc = r.json();
    let client = |n: usize, id: &str| {
        doc["names"][n]["clients"]
            .as_array()
            .and_then(|c| c.iter().find(|c| c["id"] == id).cloned())
            .expect("the client")
    };
    assert_eq!(client(0, "codex")["fate"], "hashed");
    assert_eq!(client(0, "codex")["name"], "mcp__server__a_b_914a393adb79");
    assert_eq!(client(1, "codex")["meets"], "a.b");
    assert_eq!(client(1, "claude_code")["fate"], "shadowed");
    assert_eq!(client(1, "claude_code")["meets"], "a.b");
    assert_eq!(client(0, "claude_code")["fate"], "normalised");
    assert_eq!(client(0, "opencode")["fate"], "shadowed");
    assert_eq!(client(2, "copilot_cli")["fate"], "shadowed");
    assert_eq!(client(2, "copilot_cli")["fine"], false);
    assert_eq!(client(2, "claude_code")["meets"], serde_json::Value::Null);
    run(["check", "-v", "a.b", "a_b"]).out_has(
        "tool name `a_b` meets `a.b` under Claude Code, which sends only the first of them \
         listed (as `mcp__server__a_b`): the model cannot reach `a_b`",
    );
}

/// Cline hashes a name whose key it had to change: the message blames the key, not the tool.
#[test]
fn cline_names_the_key_it_replaced() {
    run(["check", "-v", "--server-key", "数据库", "query"]).out_has(
        "server key `数据库` has characters Cline replaces, and a name it changes gets a hash \
         suffix: the model sees `___query_2300f731`",
    );
}

/// The JSON once carried raw C1 and bidi characters (U+009B, U+202E) where the text
/// report escapes them; now both escape them, and the JSON reads back to the same name.
#[test]
fn json_escapes_what_the_text_report_escapes() {
    let name = "ls\u{9b}2J\u{202e}txt\u{200b}";
    let r = run(["check", "-v", "--format", "json", name]);
    assert!(
        r.stdout.contains("\\u009b") && r.stdout.contains("\\u202e"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("\\u200b"), "{}", r.stdout);
    assert!(
        !r.stdout.contains('\u{9b}') && !r.stdout.contains('\u{202e}'),
        "raw hidden characters in the JSON"
    );
    assert_eq!(r.json()["names"][0]["name"], name);
}

/// A fix that must shorten drops and abbreviates whole words, and is the one the
/// build gives for the same name and key (ui/tests/ui/targets/whole_word_fix.stderr).
#[test]
fn a_shortened_fix_keeps_whole_words_and_matches_the_build() {
    let r = run([
        "check",
        "-v",
        "--server-key",
        "pulsemcp-admin-submission-queue-readonly",
        "approve_official_mirror_queue_item_without_modifying",
        "send_mcp_implementation_posted_notification",
        "browser_generate_playwright_test",
    ]);
    // Every client: Qwen Code's 63 whole leaves 16.
    r.exits(0)
        .out_has("  suggestion:  write `approve_item` instead")
        .out_has("  suggestion:  write `send_impl_notif` instead")
        .out_has("  suggestion:  write `browser_gen_test` instead");
    // The fixture's targets (Claude Code and Codex leave 17): the build's fix.
    let mut args = vec![
        "check",
        "--server-key",
        "pulsemcp-admin-submission-queue-readonly",
    ];
    for id in ["claude_code", "codex", "gemini_cli", "cursor"] {
        args.extend(["--target", id]);
    }
    args.extend([
        "approve_official_mirror_queue_item_without_modifying",
        "send_mcp_implementation_posted_notification",
    ]);
    let r = run(&args);
    let build = include_str!("../../ui/tests/ui/targets/whole_word_fix.stderr");
    for fix in [
        "write `approve_item` instead",
        "write `send_posted_notif` instead",
    ] {
        assert!(common::spaced(&r.stdout).contains(fix), "{}", r.stdout);
        assert!(build.contains(fix), "the build says otherwise:\n{build}");
    }
    // With room to spare, the same tool keeps more words, still whole.
    run([
        "check",
        "-v",
        "--server-key",
        "pulsemcp-admin",
        "approve_official_mirror_queue_item_without_modifying",
    ])
    .out_has("write `approve_mirror_queue_item_no_modifying` instead");
}

/// A name that starts with `_` or holds `__` warns, saying what Grok Build does with it, with
/// the name to write (leading `_` dropped, each run of `_` made one); one that does neither is
/// left alone.
#[test]
fn a_leading_or_double_underscore_warns() {
    let r = run([
        "check",
        "--format",
        "sarif",
        "__IMPORTANT",
        "get__dsl",
        "get_dsl",
    ]);
    r.exits(0);
    let doc = r.json();
    let found: Vec<(String, String)> = doc["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|x| x["ruleId"] == "underscore_name")
        .map(|x| {
            let name = x["locations"][0]["logicalLocations"][0]["name"]
                .as_str()
                .expect("name")
                .to_owned();
            (
                name,
                x["message"]["text"].as_str().expect("text").to_owned(),
            )
        })
        .collect();
    let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["__IMPORTANT", "get__dsl"]);
    assert!(
        found[0].1.contains("starts with `_` and holds `__`"),
        "{}",
        found[0].1
    );
    assert!(found[0].1.contains("Grok Build"));
    assert!(
        found[1].1.ends_with("write `get_dsl` instead"),
        "{}",
        found[1].1
    );
}
