use serde_json::json;

use super::*;
use crate::cost::threshold::Limit;

/// A version-3 snapshot of the tools `defined`, each `(name, description)` with a one-argument
/// schema.
fn surface(defined: &[(&str, &str)]) -> Surface {
    let tools: Vec<Value> = defined
        .iter()
        .map(|(name, description)| {
            json!({"name": name, "kind": "tool", "listed": true, "definition": {
                "description": description,
                "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}},
            }})
        })
        .collect();
    let doc = json!({"schema_version": 3, "server": {"name": "s", "version": "1"},
        "hidden_names_asked": true, "tools": tools, "prompts": []});
    Surface::parse(doc.to_string().as_bytes(), "test").expect("a snapshot")
}

fn client<'a>(growth: &'a Growth, id: &str) -> &'a ClientGrowth {
    growth
        .clients
        .as_ref()
        .expect("counted")
        .iter()
        .find(|c| c.client.id == id)
        .expect("a preset")
}

fn between(old: &Surface, new: &Surface, limit: Option<Limit>) -> Growth {
    let threshold = limit.map(|limit| Threshold {
        limit,
        set_by: "`--max-token-growth`".to_owned(),
    });
    Growth::between(old, new, "k", threshold, ["old", "new"])
}

/// `" a"` a thousand times is 2,000 bytes, so ~500 tokens by the estimate, and a thousand
/// tokens in `o200k_base` (each `" a"` one token): Codex's figure is the tokenizer's, every
/// other client's the estimate.
#[test]
fn codex_counts_with_o200k_base_and_the_others_estimate() {
    let old = surface(&[("search", "Searches.")]);
    let new = surface(&[("search", &format!("Searches.{}", " a".repeat(1_000)))]);
    let growth = between(&old, &new, None);
    let codex = client(&growth, "codex");
    assert_eq!(
        codex.method,
        Method::Tokenizer(mcp_toolname_rules::Encoding::O200kBase)
    );
    assert!((995..=1_005).contains(&codex.delta()), "{codex:?}");
    for id in ["claude_code", "gemini_cli", "cline"] {
        let other = client(&growth, id);
        assert_eq!(other.method, Method::Estimate);
        assert!((498..=502).contains(&other.delta()), "{other:?}");
    }
    // The same total as `audit --verbose`'s cost of the same tools: bytes / 4, rounded up.
    let claude = client(&growth, "claude_code");
    assert_eq!(claude.grew[0].after - claude.grew[0].before, 500);
    let text = growth.text();
    assert!(text.contains("; o200k_base): `search` +"), "{text}");
    assert!(text.contains("; estimate): `search` +500"), "{text}");
    assert!(
        text.contains("no threshold: the growth is reported"),
        "{text}"
    );
    assert!(growth.findings().is_empty(), "no threshold, no finding");
}

/// A threshold between the two counts: only Codex passes it, and its finding names the
/// threshold, where it was set and the tool that grew.
#[test]
fn a_client_past_the_threshold_is_a_finding_and_one_under_it_is_not() {
    let old = surface(&[("search", "Searches.")]);
    let new = surface(&[("search", &format!("Searches.{}", " a".repeat(1_000)))]);
    let growth = between(&old, &new, Some(Limit::Tokens(700)));
    let findings = growth.findings();
    let clients: Vec<_> = findings.iter().filter_map(|f| f.client).collect();
    assert_eq!(clients, ["codex"]);
    let finding = &findings[0];
    assert_eq!(finding.kind.name, "token_growth");
    assert_eq!(finding.tools, ["search"]);
    assert!(
        finding
            .message
            .contains("past the threshold of 700 tokens set by `--max-token-growth`"),
        "{}",
        finding.message
    );
    assert!(
        finding.message.contains("most by `search` +"),
        "{}",
        finding.message
    );
    let doc = growth.json();
    let over: Vec<&str> = doc["clients"]
        .as_array()
        .expect("clients")
        .iter()
        .filter(|c| c["over"] == true)
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert_eq!(over, ["codex"]);
    assert_eq!(doc["threshold"]["tokens"], 700);
    // A percent: ~+500 of ~20 tokens is far past 10%; shrinking passes nothing.
    let percent = between(&old, &new, Some(Limit::Percent(1_000)));
    assert_eq!(percent.findings().len(), CLIENTS.len());
    assert!(
        between(&new, &old, Some(Limit::Percent(1_000)))
            .findings()
            .is_empty()
    );
}

#[test]
fn the_tools_that_grew_most_come_first_and_the_rest_are_counted() {
    let names = ["a", "b", "c", "d", "e", "f", "g"];
    let old: Vec<(&str, &str)> = names.iter().map(|n| (*n, "x")).collect();
    let grown: Vec<String> = (0..names.len())
        .map(|i| "word ".repeat(10 * (i + 1)))
        .collect();
    let new: Vec<(&str, &str)> = names
        .iter()
        .zip(&grown)
        .map(|(n, d)| (*n, d.as_str()))
        .collect();
    let growth = between(&surface(&old), &surface(&new), None);
    for c in growth.clients.as_ref().expect("counted") {
        let order: Vec<&str> = c.grew.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(order, ["g", "f", "e", "d", "c"], "{}", c.client.id);
        assert_eq!(c.more, 2);
    }
    assert!(growth.text().contains(" and 2 more"));
    assert_eq!(growth.json()["clients"][0]["more_tools"], 2);
}

/// A tool new in the new surface grew from nothing; a removed one shrinks the total and is
/// named nowhere as grown.
#[test]
fn new_tools_grow_from_nothing_and_removed_ones_shrink() {
    let old = surface(&[("gone", "Was here."), ("kept", "Stays.")]);
    let new = surface(&[("kept", "Stays."), ("new", "Is new.")]);
    let growth = between(&old, &new, None);
    let codex = client(&growth, "codex");
    let names: Vec<&str> = codex.grew.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["new"]);
    assert_eq!(codex.grew[0].before, 0);
}

/// A snapshot of version 2 holds no definitions: nothing is counted, and no threshold fails.
#[test]
fn an_old_snapshot_says_why_it_is_not_counted() {
    let new = surface(&[("search", "Searches.")]);
    let mut old = new.clone();
    old.schema_version = 2;
    let growth = Growth::between(
        &old,
        &new,
        "k",
        Some(Threshold {
            limit: Limit::Tokens(0),
            set_by: String::new(),
        }),
        ["snapshot `old.json`", "snapshot `new.json`"],
    );
    let why = growth.clients.as_ref().expect_err("not counted");
    assert!(
        why.starts_with(
            "snapshot `old.json` has schema_version 2, which holds no tool definitions"
        ),
        "{why}"
    );
    assert!(growth.findings().is_empty());
    assert_eq!(growth.json()["counted"], false);
    assert!(growth.text().contains("not counted: snapshot `old.json`"));
}
