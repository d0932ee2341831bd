//! The build's half of the corpus test that holds the build's fixes to `check`'s: for every
//! name of the corpora (`tests/data/names.jsonl`, `tests/data/long_names.txt`), a registry
//! without targets (with no key, and under a few named ones) and two with targets and a key
//! are expanded, and what the build says is written to `tests/data/build_fixes.jsonl`: the
//! fix, the key length the fix leaves room for when none is named, whether the build warned
//! about a client, said anything at all, or failed. This test holds that file to the build
//! (`MCP_TOOLNAME_BLESS=1` rewrites it); the CLI's half (`cli/tests/build_fixes.rs`) runs
//! `mcp-toolname check` on each line. A file between the two because the build's messages are
//! only seen inside this crate, and the binary only in the CLI's tests.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::{Value, json};

use crate::tests::strings;

/// The named keys: a common one, a short one, and one past every budget's comfort (40
/// characters, past the recommended 32).
const KEYS: &[&str] = &[
    "calculator",
    "github",
    "pulsemcp-admin-submission-queue-readonly",
];

fn data(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(file)
}

/// Every name of both corpora, in file order.
pub fn corpus() -> Vec<String> {
    let read = |file| std::fs::read_to_string(data(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut names: Vec<String> = read("names.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("names.jsonl: one JSON object a line");
            v["name"].as_str().expect("a name").to_owned()
        })
        .collect();
    names.extend(
        read("long_names.txt")
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned),
    );
    names
}

/// Each `x` of ``write `x` instead`` in `text`: the fixes it offers.
fn fixes_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("write `") {
        rest = &rest[at + "write `".len()..];
        if let Some(end) = rest.find('`')
            && rest[end..].starts_with("` instead")
        {
            out.push(rest[..end].to_owned());
        }
    }
    out
}

/// The key length of ``room for a server key of up to N characters``, if `text` says it.
fn room_in(text: &str) -> Option<u64> {
    let open = "room for a server key of up to ";
    let at = text.find(open)? + open.len();
    text[at..].split(' ').next()?.parse().ok()
}

/// Registries that declare targets, each with its key where a client needs one: the build's
/// fix meets those alone, and so does `check --target`'s.
const TARGETED: &[(&[&str], Option<&str>)] = &[
    (&["openai", "claude_code"], Some("calculator")),
    (&["gemini", "cursor", "codex"], Some("github")),
    (&["gemini", "vscode"], Some("github")),
    (&["openai"], None),
];

/// What the build says of `name` alone in `#[tool_registry]` (with `targets(...)` and
/// `server_key = key`).
fn build_line(name: &str, key: Option<&str>, targets: &[&str]) -> Value {
    let ids = targets.iter().map(|t| format_ident!("{t}"));
    let attr = match (key, targets.is_empty()) {
        (None, true) => TokenStream::new(),
        (None, false) => quote!(targets(#(#ids),*)),
        (Some(k), true) => quote!(server_key = #k),
        (Some(k), false) => quote!(targets(#(#ids),*), server_key = #k),
    };
    let f = format_ident!("tool_0");
    let item =
        quote!(impl Server { #[mcp_tool(name = #name)] fn #f(&self) -> String { String::new() } });
    let tokens = crate::registry(&crate::kind::Kind::TOOL, attr, item);
    let errored = tokens.to_string().contains("compile_error");
    let mut texts = Vec::new();
    strings(tokens, &mut texts);
    let warned = texts.iter().any(|t| t.starts_with("mcp-toolname:"));
    let mut fixes: Vec<String> = texts.iter().flat_map(|t| fixes_in(t)).collect();
    fixes.dedup();
    assert!(fixes.len() <= 1, "{name:?}: more than one fix: {fixes:?}");
    let room = texts.iter().find_map(|t| room_in(t));
    let client_warned = texts.iter().any(|t| t.contains("allow(client)"));
    json!({
        "name": name,
        "key": key,
        "fix": fixes.first(),
        "room": room,
        "client_warned": client_warned,
        "finding": errored || warned,
        "errored": errored,
        "targets": targets,
    })
}

/// Every line of `build_fixes.jsonl`: each name with no key, under each of [`KEYS`], then
/// with each of [`TARGETED`].
fn build_lines() -> String {
    let mut out = String::new();
    for name in corpus() {
        let untargeted = std::iter::once(None)
            .chain(KEYS.iter().copied().map(Some))
            .map(|k| (k, &[][..]));
        let targeted = TARGETED.iter().map(|&(t, k)| (k, t));
        for (key, targets) in untargeted.chain(targeted) {
            out.push_str(&build_line(&name, key, targets).to_string());
            out.push('\n');
        }
    }
    out
}

#[test]
fn build_fixes_jsonl_is_what_the_build_says() {
    let path = data("build_fixes.jsonl");
    let now = build_lines();
    if std::env::var_os("MCP_TOOLNAME_BLESS").is_some() {
        std::fs::write(&path, &now).expect("write build_fixes.jsonl");
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    let differ: Vec<(&str, &str)> = stored
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .take(5)
        .collect();
    assert!(
        stored == now,
        "tests/data/build_fixes.jsonl is not what the build says ({} lines stored, {} now; \
         first differences, stored then now: {differ:#?}); if the change is meant, rewrite it \
         with MCP_TOOLNAME_BLESS=1 cargo test -p mcp-toolname-macros corpus, and run \
         cargo test -p mcp-toolname-cli --test build_fixes",
        stored.lines().count(),
        now.lines().count(),
    );
}

#[test]
fn the_issues_name_gets_a_fix_with_room_for_a_key() {
    let line = build_line(
        "generate_financial_summary_report_for_each_regional_division_quarterly",
        None,
        &[],
    );
    assert_eq!(
        line["room"],
        json!(mcp_toolname_rules::ASSUMED_KEY_LEN),
        "{line}"
    );
    let fix = line["fix"].as_str().expect("a fix");
    let rules = mcp_toolname_rules::FixRules::everywhere(None);
    assert!(
        fix.len() <= rules.max_len(),
        "{fix} over {}",
        rules.max_len()
    );
}
