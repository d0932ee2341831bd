//! `audit -- COMMAND` of a server built with mcp-toolname (the calculator example, whose
//! aliases `calc.add` and `minus` end 2027-03-01): an alias past its window that the server
//! still declares is an `alias_past_window` finding, by the server's clock or by the audit's
//! (`MCP_TOOLNAME_NOW`), and in SARIF each finding points at the line of the source that
//! declares its tool.

use crate::common;

use std::ffi::OsStr;

use common::{calculator, run_env};
use serde_json::Value;

const PAST: &str = "2027-03-02T00:00:00Z";
const BEFORE: &str = "2026-12-01T00:00:00Z";

/// `audit` of the calculator running on `server_now`, the audit reading `audit_now`.
fn audit(format: &str, server_now: &str, audit_now: &str) -> common::Run {
    let calc = calculator();
    let args: Vec<&OsStr> = vec![
        "audit".as_ref(),
        "--format".as_ref(),
        format.as_ref(),
        "--".as_ref(),
        calc.as_os_str(),
        "--now".as_ref(),
        server_now.as_ref(),
    ];
    run_env(args, &[("MCP_TOOLNAME_NOW", audit_now.as_ref())])
}

const CALC_ADD: &str = "alias `calc.add` of `add_numbers` ended at 2027-03-01T00:00:00Z, and \
                        the server still declares it; turn it into a tombstone \
                        (`#[tool_registry(tombstone(name = \"calc.add\", renamed_to = \
                        \"add_numbers\"))]`) or delete it";
const MINUS: &str = "alias `minus` of `subtract` ended at 2027-03-01T00:00:00Z, and the \
                     server still declares it";

#[test]
fn an_alias_past_its_window_is_found_by_either_clock() {
    // The server refuses both aliases (its clock is past them) but says it still declares
    // them; the audit's own clock is not yet there.
    let r = audit("text", PAST, BEFORE);
    r.exits(0).out_has(CALC_ADD).out_has(MINUS);
    // The server still serves both (its clock is before); the audit's clock is past them.
    let r = audit("text", BEFORE, PAST);
    r.exits(0).out_has(CALC_ADD).out_has(MINUS);
    // Both clocks inside the window: nothing to say.
    let r = audit("json", BEFORE, BEFORE);
    r.exits(0);
    assert_eq!(r.json()["findings"], serde_json::json!([]));
}

/// The 1-based number of the first line of the calculator's source holding `text`, after
/// the line holding `after`.
fn line_of(source: &str, after: &str, text: &str) -> usize {
    let start = source
        .lines()
        .position(|l| l.contains(after))
        .expect("anchor in the source");
    start
        + 1
        + source
            .lines()
            .skip(start)
            .position(|l| l.contains(text))
            .expect("text in the source")
}

#[test]
fn sarif_results_point_at_the_declaration_in_the_source() {
    let path = "examples/calculator.rs";
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/calculator.rs"
    ))
    .expect("the calculator's source");
    // A tool's origin is its name in `#[mcp_tool]`: the `name = "..."` literal, or the fn's
    // name when the attribute gives none.
    let add = line_of(&source, "#[mcp_tool(", "name = \"add_numbers\"");
    let subtract = line_of(&source, "alias(name = \"minus\"", "fn subtract(");
    let r = audit("sarif", PAST, BEFORE);
    r.exits(0);
    let log: Value = serde_json::from_str(&r.stdout).expect("SARIF is JSON");
    let results = log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .clone();
    let at = |alias: &str| -> (String, u64) {
        let result = results
            .iter()
            .find(|r| {
                r["ruleId"] == "alias_past_window"
                    && r["message"]["text"]
                        .as_str()
                        .is_some_and(|t| t.starts_with(&format!("alias `{alias}`")))
            })
            .unwrap_or_else(|| panic!("a result for `{alias}`: {results:#?}"));
        let physical = &result["locations"][0]["physicalLocation"];
        (
            physical["artifactLocation"]["uri"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            physical["region"]["startLine"].as_u64().unwrap_or_default(),
        )
    };
    assert_eq!(at("calc.add"), (path.to_owned(), add as u64));
    assert_eq!(at("minus"), (path.to_owned(), subtract as u64));
}
