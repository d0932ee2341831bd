//! Every row of `tests/data/names.jsonl` (handed cases): the verdict of each contract, and
//! that the suggestion for each contract passes it.

use mcp_toolname_rules::{GEMINI, LLM_COMMON, MCP, PORTABLE, check, message, suggest};
use serde_json::Value;

fn rows() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/names.jsonl");
    let text = std::fs::read_to_string(path).expect("tests/data/names.jsonl is in the repo");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad row {l}: {e}")))
        .collect()
}

#[test]
fn every_handed_name_gets_the_expected_verdict_from_each_contract() {
    let rows = rows();
    assert!(
        rows.len() >= 26,
        "the handed file has 26 rows, read {}",
        rows.len()
    );
    let mut failures = Vec::new();
    for row in &rows {
        let name = row["name"].as_str().expect("name is a string");
        for (key, contract) in [
            ("mcp_spec", &MCP),
            ("llm_common", &LLM_COMMON),
            ("gemini", &GEMINI),
            ("portable", &PORTABLE),
        ] {
            let expected = row[key].as_bool().expect("verdicts are booleans");
            let got = check(name, contract);
            if got.is_ok() != expected {
                failures.push(format!(
                    "{name:?} under {}: expected {expected}, got {got:?}",
                    contract.id
                ));
            }
            let fixed = suggest(name, contract);
            if let Err(e) = check(&fixed, contract) {
                failures.push(format!(
                    "suggestion {fixed:?} for {name:?} fails {}: {e:?}",
                    contract.id
                ));
            }
            if expected && fixed != name {
                failures.push(format!(
                    "{name:?} passes {} but the suggestion changed it to {fixed:?}",
                    contract.id
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_messages_name_the_character_its_index_and_code_point() {
    let cases = [
        ("search documents", &MCP, "contains a space at index 6"),
        (
            "B\u{430}sh",
            &MCP,
            "contains `\u{430}` (U+0430, not ASCII) at index 1",
        ),
        (
            "tab\there",
            &MCP,
            "`tab\\u{9}here` contains the control character U+0009 at index 3",
        ),
        (
            "rtl\u{202e}exe",
            &MCP,
            "`rtl\\u{202e}exe` contains the control character U+202E at index 3",
        ),
        (
            "nul\u{0}byte",
            &MCP,
            "contains the control character U+0000 at index 3",
        ),
        ("emoji_\u{1f525}", &MCP, "(U+1F525, not ASCII) at index 6"),
        (
            "user-profile/update",
            &MCP,
            "contains a slash `/` at index 12",
        ),
        ("my,tool", &MCP, "contains a comma `,` at index 2"),
        (
            "admin.tools.list",
            &LLM_COMMON,
            "contains a dot `.` at index 5",
        ),
        (
            "1c_reload",
            &GEMINI,
            "starts with the digit `1`, but Gemini requires it to start with a letter or `_`",
        ),
        ("", &MCP, "tool name is empty"),
    ];
    for (name, contract, needle) in cases {
        let err = check(name, contract).expect_err(name);
        let text = message::name_error(name, &err, contract);
        assert!(text.contains(needle), "{text:?} should contain {needle:?}");
    }
    let long = "a".repeat(129);
    let err = check(&long, &MCP).unwrap_err();
    let text = message::name_error(&long, &err, &MCP);
    assert!(
        text.contains("is 129 characters long, but the MCP spec allows at most 128"),
        "{text}"
    );
    assert!(
        text.contains("a…`") && text.len() < 300,
        "long names are cut: {text}"
    );
    assert!(
        !text.contains("(129 characters)"),
        "the length is said once: {text}"
    );
    let spaced = format!("{} x", "a".repeat(1 << 20));
    let err = check(&spaced, &MCP).unwrap_err();
    let text = message::name_error(&spaced, &err, &MCP);
    assert!(
        text.contains(&format!(
            "(1048578 characters, sha1 {}) contains a space at index 1048576",
            message::digest(&spaced)
        )),
        "{text}"
    );
    assert!(
        text.len() < 400,
        "a 1 MiB name gives a short message: {} bytes",
        text.len()
    );
}

#[test]
fn suggestions_for_the_handed_names_read_like_the_name() {
    let cases = [
        ("search documents", &MCP, "search_documents"),
        ("admin.tools.list", &LLM_COMMON, "admin_tools_list"),
        ("user-profile/update", &MCP, "user-profile_update"),
        ("github/git_commit", &LLM_COMMON, "github_git_commit"),
        ("B\u{430}sh", &MCP, "Bash"),
        ("caf\u{e9}", &MCP, "cafe"),
        ("tab\there", &MCP, "tab_here"),
        ("emoji_\u{1f525}", &MCP, "emoji_"),
        ("x:y", &MCP, "x_y"),
        ("-tool", &GEMINI, "tool"),
        ("_private", &PORTABLE, "private"),
        ("1c_reload", &PORTABLE, "tool_1c_reload"),
        ("tool.", &LLM_COMMON, "tool"),
        ("", &MCP, "tool"),
    ];
    for (name, contract, want) in cases {
        assert_eq!(
            suggest(name, contract),
            want,
            "suggest({name:?}, {})",
            contract.id
        );
    }
    assert_eq!(suggest(&"a".repeat(129), &MCP), "a".repeat(128));
}
