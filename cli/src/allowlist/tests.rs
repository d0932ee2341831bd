//! Matching entries against names, each list form, as the clients were run to match them
//! (cli/tests/oracle_allowlists.rs holds the runs).

use mcp_toolname_rules::{CLAUDE_CODE, CODEX, COPILOT_CLI, ClientPreset, GEMINI_CLI};

use super::read::{front_matter_lists, server_filters};
use super::*;
use crate::keys::Keys;

mod rules;

/// The names `client` gives `servers` (key, raw tool names), as `audit --config` builds them.
fn names(client: &'static ClientPreset, servers: &[(&str, &[&str])]) -> Names {
    Names {
        client,
        servers: servers
            .iter()
            .map(|(key, tools)| {
                let keys = Keys::new(key, None);
                let part = keys.part(client);
                Server {
                    key: (*key).to_owned(),
                    part: part.part.clone().ok(),
                    listed: true,
                    tools: tools
                        .iter()
                        .map(|t| ((*t).to_owned(), part.qualify(t).name))
                        .collect(),
                    aliases: Vec::new(),
                }
            })
            .collect(),
    }
}

fn list(client: &'static ClientPreset, form: Form, entries: &[&str]) -> List {
    List {
        client,
        file: "f".to_owned(),
        field: "`x`".to_owned(),
        effect: Effect::Deny,
        form,
        entries: entries.iter().map(|e| Entry::bare(e)).collect(),
        dropped: 0,
        checked: false,
        rank: 0,
    }
}

fn raw_form(server: &str) -> Form {
    Form::Raw {
        server: server.to_owned(),
    }
}

/// The entries of `l` that match nothing, with the nearest name of each.
fn unmatched(l: List, n: Names) -> Vec<(String, Option<String>)> {
    resolve(&[l], &[n])
        .unmatched()
        .into_iter()
        .map(|u| (u.entry.clone(), u.nearest.clone()))
        .collect()
}

#[test]
fn claude_code_matches_the_model_facing_name_whole_servers_and_stars() {
    let n = names(
        &CLAUDE_CODE,
        &[("alpha", &["get.user", "x"]), ("ze.ta", &["a"])],
    );
    let l = list(
        &CLAUDE_CODE,
        Form::Qualified,
        &[
            "mcp__alpha__get_user",
            "mcp__alpha",
            "mcp__alpha__*",
            "mcp__al*",
            "mcp__ze_ta__a",
            "Bash(npm test)",
            "Read",
        ],
    );
    let r = resolve(&[l], std::slice::from_ref(&n));
    assert!(r.unmatched().is_empty(), "{:?}", r.unmatched());
    assert_eq!((r.matched, r.other), (5, 2));
    // The raw name, the key as written, another case, a `(...)`: none matches (run).
    let l = list(
        &CLAUDE_CODE,
        Form::Qualified,
        &[
            "mcp__alpha__get.user",
            "mcp__ze.ta__a",
            "mcp__ALPHA__x",
            "mcp__alpha__x(y)",
            "mcp__alpha__",
            "mcp__alpha__g?t_user",
            "mcp__Alpha",
        ],
    );
    let got = unmatched(l, n);
    assert_eq!(
        got[0],
        (
            "mcp__alpha__get.user".to_owned(),
            Some("mcp__alpha__get_user".to_owned())
        )
    );
    assert_eq!(got[1].1.as_deref(), Some("mcp__ze_ta__a"));
    assert_eq!(got[2].1.as_deref(), Some("mcp__alpha__x"));
    assert_eq!(
        got[6].1.as_deref(),
        Some("mcp__alpha"),
        "the whole server, in another case"
    );
    assert_eq!(got.len(), 7, "{got:?}");
}

#[test]
fn an_entry_about_a_server_not_in_the_config_is_not_judged() {
    let n = names(&CLAUDE_CODE, &[("alpha", &["a"])]);
    let l = list(
        &CLAUDE_CODE,
        Form::Qualified,
        &["mcp__github__create_issue"],
    );
    let r = resolve(&[l], &[n]);
    assert!(r.unmatched().is_empty());
    assert_eq!(r.unjudged, 1);
}

#[test]
fn an_entry_about_a_server_not_audited_is_not_judged() {
    let mut n = names(&CLAUDE_CODE, &[("alpha", &["a"])]);
    n.servers[0].listed = false;
    n.servers[0].tools.clear();
    let l = list(&CLAUDE_CODE, Form::Qualified, &["mcp__alpha__zzz"]);
    assert_eq!(resolve(&[l], &[n]).unjudged, 1);
}

#[test]
fn gemini_cli_matches_the_raw_name_and_reads_parentheses() {
    let n = names(&GEMINI_CLI, &[("alpha", &["get.user", "a b", "Search"])]);
    let l = list(
        &GEMINI_CLI,
        raw_form("alpha"),
        &["get.user", "get.user(x)", "a b"],
    );
    assert!(unmatched(l, n.clone()).is_empty());
    let l = list(
        &GEMINI_CLI,
        raw_form("alpha"),
        &["a_b", "search", "mcp_alpha_Search", "get*"],
    );
    let got = unmatched(l, n);
    assert_eq!(got[0].1.as_deref(), Some("a b"));
    assert_eq!(got[1].1.as_deref(), Some("Search"));
    assert_eq!(
        got[2].1.as_deref(),
        Some("Search"),
        "the model-facing name points at the raw one"
    );
    assert_eq!(got[3].1, None);
}

#[test]
fn codex_matches_the_raw_name_only() {
    let n = names(&CODEX, &[("alpha", &["get.user", "list_items"])]);
    let l = list(
        &CODEX,
        raw_form("alpha"),
        &["get.user", "get_user", "list_items(foo)", "*"],
    );
    let got = unmatched(l, n);
    let entries: Vec<&str> = got.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(entries, ["get_user", "list_items(foo)", "*"]);
    assert_eq!(got[0].1.as_deref(), Some("get.user"));
}

#[test]
fn copilot_cli_reads_a_lone_star_and_raw_names() {
    let n = names(&COPILOT_CLI, &[("alpha", &["get.user", "ab"])]);
    let l = list(
        &COPILOT_CLI,
        raw_form("alpha"),
        &["*", "get.user", "a*", "alpha-ab"],
    );
    let got = unmatched(l, n);
    let entries: Vec<&str> = got.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(entries, ["a*", "alpha-ab"]);
    assert_eq!(got[1].1.as_deref(), Some("ab"));
}

#[test]
fn globs_match_whole_names() {
    assert!(glob("a*", "ab"));
    assert!(glob("*b", "ab"));
    assert!(glob("*", ""));
    assert!(glob("a*b*c", "axxbyyc"));
    assert!(!glob("a*b", "ab_"));
    assert!(!glob("ab", "abc"));
    assert!(glob("a**", "a"));
    assert!(!glob("aa*aa", "aaa"));
}

#[test]
fn huge_and_hostile_entries_are_bounded_and_escaped() {
    let n = names(&CLAUDE_CODE, &[("alpha", &["a"])]);
    let huge = format!("mcp__alpha__{}", "x".repeat(100_000));
    let hostile = "mcp__alpha__a\u{1b}[31m\u{202e}";
    let l = list(&CLAUDE_CODE, Form::Qualified, &[&huge, hostile]);
    let findings = super::report::Findings {
        lists: vec![l.clone()],
        resolved: resolve(&[l], &[n]),
    };
    assert_eq!(findings.resolved.unmatched().len(), 2);
    assert_eq!(
        findings.resolved.unmatched()[0].nearest,
        None,
        "too long to compare"
    );
    for u in &findings.resolved.unmatched() {
        let message = findings.message(u);
        assert!(message.chars().count() < 600, "{message}");
        assert!(!message.contains('\u{1b}') && !message.contains('\u{202e}'));
    }
}

#[test]
fn filters_are_read_from_server_entries() {
    let text = "{\"mcpServers\": {\n \"alpha\": {\n  \"command\": \"x\",\n  \"includeTools\": [\"a\", 3, \"b\"],\n  \"excludeTools\": [\"c\"],\n  \"tools\": [\"*\"]\n }}}";
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let lists = server_filters(
        "f.json",
        text,
        false,
        "alpha",
        &value["mcpServers"]["alpha"],
    );
    let fields: Vec<(&str, &str)> = lists
        .iter()
        .map(|l| (l.client.id, l.field.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("gemini_cli", "`includeTools` of server `alpha`"),
            ("gemini_cli", "`excludeTools` of server `alpha`"),
            ("copilot_cli", "`tools` of server `alpha`"),
        ]
    );
    assert_eq!(
        lists[0].entries,
        [
            Entry {
                text: "a".to_owned(),
                line: Some(4),
                column: Some(20)
            },
            Entry {
                text: "b".to_owned(),
                line: Some(4),
                column: Some(28)
            }
        ]
    );
    let codex =
        serde_json::json!({"enabled_tools": ["a"], "disabled_tools": ["b"], "tools": ["c"]});
    let lists = server_filters("config.toml", "", true, "alpha", &codex);
    let fields: Vec<&str> = lists.iter().map(|l| l.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "`enabled_tools` of server `alpha`",
            "`disabled_tools` of server `alpha`"
        ]
    );
}

#[test]
fn a_huge_list_is_cut_and_counted() {
    let items: Vec<serde_json::Value> = (0..MAX_ENTRIES + 10)
        .map(|i| i.to_string().into())
        .collect();
    let value = serde_json::json!({ "enabled_tools": items });
    let lists = server_filters("c.toml", "", true, "s", &value);
    assert_eq!(lists[0].entries.len(), MAX_ENTRIES);
    assert_eq!(lists[0].dropped, 10);
}

#[test]
fn front_matter_lists_every_form() {
    let agent = "---\nname: reviewer\ndescription: x, y\ntools: Read, mcp__a__b, Bash(git add:*, x)\ndisallowedTools: [\"mcp__a__c\", 'mcp__a__d']\n---\ntools: not front matter\n";
    let lists = front_matter_lists(".claude/agents/r.md", agent);
    assert_eq!(lists.len(), 2);
    assert_eq!(lists[0].field, "`tools` of agent `reviewer`");
    assert_eq!(lists[0].effect, Effect::Only);
    let entries: Vec<&str> = lists[0].entries.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(entries, ["Read", "mcp__a__b", "Bash(git add:*, x)"]);
    assert_eq!(
        (lists[0].entries[1].line, lists[0].entries[1].column),
        (Some(4), Some(14))
    );
    let entries: Vec<&str> = lists[1].entries.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(entries, ["mcp__a__c", "mcp__a__d"]);
    let skill = "---\nallowed-tools:\n  - mcp__a__b\n  - \"mcp__a__c\"\n---\n";
    let lists = front_matter_lists(".claude/skills/s/SKILL.md", skill);
    assert_eq!(lists[0].field, "`allowed-tools` of skill `SKILL`");
    assert_eq!(lists[0].effect, Effect::Allow);
    let entries: Vec<(&str, Option<usize>, Option<usize>)> = lists[0]
        .entries
        .iter()
        .map(|e| (e.text.as_str(), e.line, e.column))
        .collect();
    assert_eq!(
        entries,
        [
            ("mcp__a__b", Some(3), Some(5)),
            ("mcp__a__c", Some(4), Some(5))
        ]
    );
    assert!(front_matter_lists("x.md", "no front matter\ntools: a\n").is_empty());
}

/// A snapshot entry: a listed tool with input schema `schema`, or an alias of `of`.
fn entry(name: &str, schema: &str, of: Option<&str>) -> crate::surface::Entry {
    use crate::surface::entry::Kind;
    crate::surface::Entry {
        name: name.to_owned(),
        kind: if of.is_some() {
            Kind::Alias
        } else {
            Kind::Tool
        },
        listed: of.is_none(),
        of: of.map(Box::from),
        until: None,
        args: None,
        arguments: std::collections::BTreeMap::new(),
        input_schema: Some(schema.into()),
        output_schema: None,
        definition: None,
    }
}

fn surface(entries: Vec<crate::surface::Entry>) -> crate::surface::Surface {
    let server = crate::surface::Server {
        name: "srv".to_owned(),
        version: "1".to_owned(),
    };
    crate::surface::Surface::new(server, true, entries, Vec::new())
}

#[test]
fn a_tools_fate_is_its_alias_else_the_one_new_tool_of_its_schema() {
    use super::past::{How, Now, fates};
    let old = surface(vec![
        entry("get_user", "s1", None),
        entry("list", "s2", None),
        entry("drop", "s3", None),
        entry("twice", "s4", None),
        entry("kept", "s5", None),
        entry("one_of_two", "s7", None),
        entry("two_of_two", "s7", None),
    ]);
    let live = surface(vec![
        entry("fetch_user", "s9", None),
        entry("get_user", "s9", Some("fetch_user")),
        entry("list_all", "s2", None),
        entry("a", "s4", None),
        entry("b", "s4", None),
        entry("kept", "s5", None),
        entry("new_of_two", "s7", None),
    ]);
    let found = fates(&old, &live);
    let renamed = |to: &str, how| Now::Renamed {
        to: to.to_owned(),
        how,
    };
    assert_eq!(
        found,
        [
            ("drop".to_owned(), Now::Gone),
            ("get_user".to_owned(), renamed("fetch_user", How::Alias)),
            ("list".to_owned(), renamed("list_all", How::SameSchema)),
            ("one_of_two".to_owned(), Now::Gone),
            ("twice".to_owned(), Now::Gone),
            ("two_of_two".to_owned(), Now::Gone),
        ]
    );
}

#[test]
fn an_entry_that_matched_a_renamed_tool_is_given_its_new_name() {
    use super::past::{How, Now, against};
    let live = names(&CLAUDE_CODE, &[("alpha", &["fetch_user", "x"])]);
    let past = names(&CLAUDE_CODE, &[("alpha", &["get_user", "x"])]);
    let l = list(
        &CLAUDE_CODE,
        Form::Qualified,
        &["mcp__alpha__get_user", "mcp__alpha__nope"],
    );
    let lists = [l];
    let mut r = resolve(&lists, std::slice::from_ref(&live));
    assert_eq!(r.unmatched().len(), 2);
    let fates = vec![(
        "alpha".to_owned(),
        vec![(
            "get_user".to_owned(),
            Now::Renamed {
                to: "fetch_user".to_owned(),
                how: How::SameSchema,
            },
        )],
    )];
    against(&lists, &mut r, &[past], &[live], &fates);
    let u = &r.unmatched()[0];
    assert_eq!(u.nearest.as_deref(), Some("mcp__alpha__fetch_user"));
    assert_eq!(u.was.as_ref().map(|w| w.tool.as_str()), Some("get_user"));
    assert_eq!(
        r.unmatched()[1].was,
        None,
        "it matched nothing in the baseline either"
    );
    let findings = super::report::Findings {
        lists: lists.to_vec(),
        resolved: r,
    };
    let message = findings.message(findings.resolved.unmatched()[0]);
    assert!(
        message.contains(
            "in the baseline it matched `get_user`, which the server renamed to `fetch_user` \
             (the one new tool with the old one's input schema); the nearest real name is \
             `mcp__alpha__fetch_user`"
        ),
        "{message}"
    );
}

#[test]
fn a_long_pattern_against_many_names_costs_the_names_length() {
    let tools: Vec<String> = (0..2000).map(|i| format!("tool_{i}")).collect();
    let tools: Vec<&str> = tools.iter().map(String::as_str).collect();
    let n = names(&CLAUDE_CODE, &[("s", &tools)]);
    // Half a million pieces: split once, each name fails within its own length.
    let entry = format!("mcp__s__{}", "*a".repeat(500_000));
    let started = std::time::Instant::now();
    let r = resolve(&[list(&CLAUDE_CODE, Form::Qualified, &[&entry])], &[n]);
    assert_eq!(r.unmatched().len(), 1);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}
