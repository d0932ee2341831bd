//! `mcp-toolname audit` with no command: the bundled in-process demo server, whose names
//! show every kind of finding.

use crate::common;

use std::collections::BTreeSet;

use common::run;

#[test]
fn text_report_shows_every_kind_of_finding() {
    let r = run(["audit"]);
    r.exits(0)
        .err_has("auditing the bundled demo server (in-process)")
        .err_has("tools/list page 3: 2 tools")
        .out_has("server `mcp-toolname-demo` `")
        .out_has("8 tools in 3 pages; server key `server`")
        // One verdict per tool, errors first, each naming its lints and ending with the fix.
        .out_has(
            "\ntools\n  error    `search documents` [spec, contract, client]: contains a space at \
             index 6, refused by `mcp`, `sep_986`, `anthropic` and 6 more; 5 clients handle it \
             badly (`cline`, `continue_cli`, `qwen_code` and 2 more); write `search_documents` instead\n",
        )
        // `admin_tools_list` is taken by another tool, so the fix for `admin.tools.list` is not it.
        .out_has(
            "  warning  `admin.tools.list` [contract, client]: contains a dot `.` at index 5, \
             refused by `anthropic`, `openai`, `bedrock` and 3 more; 5 clients handle it badly \
             (`cline`, `continue_cli`, `qwen_code` and 2 more); write `admin_tools_list_2` instead\n",
        )
        // 70 characters: over 64.
        // Every client handles it badly.
        .out_has(&format!(
            "`generate_quarterly_financial_summary_report_for_each_regional_division` [contract, \
             client]: is 70 characters long, refused by `sep_986`, `openai`, `gemini` and 4 more; \
             {} clients handle it badly",
            mcp_toolname_rules::CLIENTS.len()
        ))
        .out_has("  ok       `GetUser`\n  ok       `admin_tools_list`\n")
        // Whole-list findings, each with what to do.
        .out_has(
            "  warning  [case_collision] tool names `GetUser` and `getUser` differ only in case; \
             the spec keeps them apart",
        )
        .out_has("keeps or picks only one; rename one so the names differ in more than case\n")
        // The same two names made one under seven clients: said once, naming the clients.
        .out_has(
            "  warning  [normalisation_collision] 7 clients (`claude_code`, `codex`, `vscode` and \
             4 more): tool names `admin.tools.list` and `admin_tools_list` both become \
             `mcp__server__admin_tools_list` under Claude Code",
        )
        .out_has("likewise under the others, each in its own way (`--verbose` says each)")
        .out_has("\npast the names\n  warning  [tool_search_session] claude_code: ")
        // The prompts, after the tools.
        .out_has(
            "\nprompts (4 in 1 page, each a slash command)\n  error    `review pr` [prompt_name, \
             prompt_command]: contains a space at index 6",
        )
        .out_has(
            "Claude Code and Qwen Code cannot run it as a slash command; write `review_pr` \
             instead\n",
        )
        .out_has("  ok       `summarise`\n")
        .out_has("[prompt_look_alike] prompt names `summarise` and `Summarise` differ only in case")
        .out_has(
            "summary: 8 tools: 1 error, 3 warnings, 4 ok; 4 prompts: 1 error, 0 warnings, 3 ok; \
             across the lists: 0 errors, 10 warnings\n",
        )
        .out_has(
            "a real server with these names would exit 1: `spec` and `prompt_name` at deny level \
             (2 findings); the demo exits 0\n",
        );
    assert!(
        !r.stdout.contains("normalisation_collision] gemini_cli"),
        "Gemini CLI keeps dots"
    );
    for line in r.stdout.lines() {
        assert!(line.chars().count() <= 100, "past 100 columns: {line}");
    }
    // The details on request.
    let r = run(["audit", "--verbose"]);
    r.exits(0)
        // Each client's collision on its own line.
        .out_has(
            "  warning  [normalisation_collision] claude_code: tool names `admin.tools.list` and \
             `admin_tools_list` both become `mcp__server__admin_tools_list` under Claude Code",
        )
        .out_has("[normalisation_collision] codex: ")
        .out_has(
            "    spec                   tool name `search documents` contains a space at index \
             6; refused by `mcp`, `sep_986`",
        )
        .out_has(
            "    fix                    write `search_documents` instead (passes every contract; \
             no other tool has it)",
        )
        .out_has(
            "    client    claude_code  Claude Code sends this name as it is (it takes up to \
             128): tool name `mcp__server__export_customer_invoices_as_pdfs_with_line_item_details` \
             is 68 characters long, but Anthropic tool search (`tool_reference`) allows at most 64",
        )
        .out_has(
            "    claude_code  Claude Code cannot run prompt `review pr` as `/mcp__server__review \
             pr`: white space ends its command",
        )
        .out_has("clients verified: claude_code run on ");
}

#[test]
fn json_report_has_stable_fields() {
    let r = run(["audit", "--format", "json"]);
    r.exits(0);
    let doc = r.json();
    assert_eq!(doc["server"]["name"], "mcp-toolname-demo");
    assert_eq!(doc["server"]["demo"], true);
    assert_eq!(doc["server"]["pages"], 3);
    assert_eq!(doc["tools"].as_array().map(Vec::len), Some(8));
    assert_eq!(doc["summary"]["exit_code"], 1);
    // What each client preset was verified against, as `check` gives it.
    let codex = doc["clients"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["id"] == "codex"))
        .expect("clients[codex]");
    assert_eq!(codex["verified"]["how"], "run");
    assert_eq!(
        codex["verified"]["version"],
        mcp_toolname_rules::CODEX.verified.version
    );
    let findings = doc["findings"].as_array().expect("findings[]");
    for f in findings {
        for field in [
            "kind",
            "tools",
            "contracts",
            "clients",
            "message",
            "suggestion",
            "lint",
            "level",
        ] {
            assert!(f.get(field).is_some(), "finding without {field}: {f}");
        }
    }
    let kinds: BTreeSet<&str> = findings.iter().filter_map(|f| f["kind"].as_str()).collect();
    assert_eq!(
        kinds,
        BTreeSet::from([
            "case_collision",
            "client",
            "contract",
            "normalisation_collision",
            "prompt_command",
            "prompt_look_alike",
            "prompt_name",
            "spec",
            "tool_search_session"
        ])
    );
    // The demo's prompts: one a slash command Claude Code cannot run.
    assert_eq!(doc["server"]["prompts_capability"], true);
    let prompts = doc["prompts"].as_array().expect("prompts[]");
    assert_eq!(prompts.len(), 4);
    assert_eq!(prompts[0]["name"], "review pr");
    assert_eq!(prompts[0]["pass"], false);
    assert_eq!(prompts[0]["arguments"], serde_json::json!(["number"]));
    assert_eq!(
        prompts[0]["clients"][0],
        serde_json::json!({"id": "claude_code", "command": "/mcp__server__review pr", "runs": false})
    );
    let spec = findings
        .iter()
        .find(|f| f["kind"] == "spec")
        .expect("a spec finding");
    assert_eq!(spec["tools"], serde_json::json!(["search documents"]));
    assert_eq!(spec["contracts"], serde_json::json!(["mcp"]));
    assert_eq!(spec["suggestion"], "search_documents");
    assert_eq!(spec["lint"], "spec");
    assert_eq!(spec["level"], "deny");
    let denied = ["spec", "prompt_name"];
    for kind in denied {
        let found = findings.iter().find(|f| f["kind"] == kind).expect(kind);
        assert_eq!(found["level"], "deny", "{found}");
    }
    assert!(
        findings
            .iter()
            .filter(|f| !denied.contains(&f["kind"].as_str().unwrap_or("")))
            .all(|f| f["level"] == "warn" && f["lint"] == f["kind"]),
        "every other finding of the demo warns"
    );
    assert!(findings.iter().any(|f| {
        f["kind"] == "normalisation_collision"
            && f["clients"]
                .as_array()
                .is_some_and(|c| c.contains(&"codex".into()))
            && f["tools"] == serde_json::json!(["admin.tools.list", "admin_tools_list"])
    }));
}

#[test]
fn the_server_key_changes_client_findings() {
    // A one-letter key keeps the 55-character name inside tool search's 64 under Claude
    // Code; the six-letter default does not.
    let finding = |key: &str| {
        format!(
            "client    claude_code  Claude Code sends this name as it is (it takes up to 128): \
             tool name `mcp__{key}__export_customer"
        )
    };
    let r = run(["audit", "-v", "--server-key", "k"]);
    r.exits(0);
    assert!(
        !common::spaced(&r.stdout).contains(&common::spaced(&finding("k"))),
        "{}",
        r.stdout
    );
    run(["audit", "-v"]).out_has(&finding("server"));
}
