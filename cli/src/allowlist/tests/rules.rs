//! Each client's permission rule language: the rules it skips, the ones that reach other
//! servers, the ones a stronger rule overrules, and where each entry is (the clients' runs are
//! cli/tests/oracle_permissions.rs).

use mcp_toolname_rules::{CLAUDE_CODE, ClientPreset, GEMINI_CLI, QWEN_CODE};
use serde_json::json;

use super::names;
use crate::allowlist::lang::gemini_matches;
use crate::allowlist::settings::{self as read, permissions};
use crate::allowlist::*;

/// One checked list of `client`'s rules with `effect`.
fn rules(client: &'static ClientPreset, effect: Effect, entries: &[&str]) -> List {
    List {
        client,
        file: "settings.json".to_owned(),
        field: format!("`permissions.{}`", effect.word()),
        effect,
        form: Form::Qualified,
        entries: entries.iter().map(|e| Entry::bare(e)).collect(),
        dropped: 0,
        checked: true,
        rank: match effect {
            Effect::Deny => 3,
            Effect::Ask => 2,
            Effect::Allow | Effect::Only => 1,
        },
    }
}

/// The findings of `lists` under `names`, as `(lint, entry)`.
fn found(lists: &[List], names: &Names) -> Vec<(&'static str, String)> {
    resolve(lists, std::slice::from_ref(names))
        .findings
        .into_iter()
        .map(|f| (report::lint_of(&f.kind).name, f.entry))
        .collect()
}

const TOOLS: &[&str] = &["get_user", "list_items"];

#[test]
fn claude_code_skips_allow_globs_outside_the_tool_position() {
    let n = names(&CLAUDE_CODE, &[("github", TOOLS), ("gitlab", TOOLS)]);
    let allow = rules(
        &CLAUDE_CODE,
        Effect::Allow,
        &[
            "mcp__*",
            "mcp__git*",
            "*",
            "mcp__github__*",
            "mcp__github__get_*",
            "Read*",
        ],
    );
    let deny = rules(
        &CLAUDE_CODE,
        Effect::Deny,
        &["mcp__gitl*", "mcp__github__x(y)"],
    );
    let got = found(&[allow.clone(), deny], &n);
    let skipped: Vec<&str> = got
        .iter()
        .filter(|(lint, _)| *lint == "allowlist_entry_skipped")
        .map(|(_, e)| e.as_str())
        .collect();
    // `Read*` reaches no MCP tool; a deny glob is valid anywhere; parentheses never are.
    assert_eq!(skipped, ["mcp__*", "mcp__git*", "*", "mcp__github__x(y)"]);
    let Some((Kind::Skipped { write, message, .. }, _)) = rules::skipped(&allow, &n, "mcp__git*")
    else {
        panic!("not skipped");
    };
    assert_eq!(write, ["mcp__github__*", "mcp__gitlab__*"]);
    assert_eq!(
        message,
        "Invalid permission rule \"mcp__git*\" was skipped: Wildcard tool name \"mcp__git*\" is \
         not supported in allow rules"
    );
}

#[test]
fn qwen_code_matches_as_its_bundle_does() {
    // Rule, then the tools it matches among: server `foo.bar` tool `evil`, server `foo_bar`
    // tool `evil`, server `foobar` tool `x`, server `srv` tool `tool`, server `Srv` tool
    // `tool` (each by its Qwen Code name).
    let servers: &[(&str, &[&str])] = &[
        ("foo.bar", &["evil"]),
        ("foo_bar", &["evil"]),
        ("foobar", &["x"]),
        ("srv", &["tool"]),
        ("Srv", &["tool"]),
    ];
    let n = names(&QWEN_CODE, servers);
    let table: &[(&str, &[&str])] = &[
        ("mcp__foo.bar", &["foo.bar", "foo_bar"]),
        ("mcp__foo_bar", &["foo.bar", "foo_bar"]),
        ("mcp__foo.bar__evil", &["foo.bar"]),
        ("mcp__foo*", &["foo.bar", "foo_bar", "foobar"]),
        ("mcp__*", &["foo.bar", "foo_bar", "foobar", "srv", "Srv"]),
        ("*", &[]),
        ("mcp__srv", &["srv"]),
        ("mcp__SRV", &[]),
        ("mcp__srv__to*", &["srv"]),
        ("mcp__srv__tool", &["srv"]),
        ("mcp__srv__TOOL", &[]),
        ("mcp__srv__t*l", &[]),
    ];
    let list = rules(&QWEN_CODE, Effect::Allow, &[]);
    for (rule, want) in table {
        let got: Vec<&str> = rules::matched(&list, &n, rule)
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(got, *want, "{rule}");
    }
    let lists = [rules(
        &QWEN_CODE,
        Effect::Allow,
        &["mcp__foo.bar", "mcp__srv__x(y)"],
    )];
    assert_eq!(
        found(&lists, &n),
        [
            ("allowlist_entry_too_broad", "mcp__foo.bar".to_owned()),
            ("allowlist_entry_skipped", "mcp__srv__x(y)".to_owned())
        ]
    );
}

#[test]
fn gemini_cli_reads_three_wildcards_and_names() {
    let n = names(&GEMINI_CLI, &[("g", TOOLS), ("gx", TOOLS)]);
    let q = |key: &str, tool: &str| {
        n.servers
            .iter()
            .find(|s| s.key == key)
            .and_then(|s| s.tools.iter().find(|(r, _)| r == tool))
            .map(|(_, q)| q.clone())
            .expect("tool")
    };
    assert_eq!(q("g", "get_user"), "mcp_g_get_user");
    assert!(gemini_matches("mcp_g_*", "g", &q("g", "get_user")));
    assert!(!gemini_matches("mcp_g_*", "gx", &q("gx", "get_user")));
    assert!(gemini_matches("mcp_*", "gx", &q("gx", "get_user")));
    assert!(gemini_matches("*", "gx", &q("gx", "get_user")));
    assert!(!gemini_matches("mcp_g_get_*", "g", &q("g", "get_user")));
    assert!(!gemini_matches("mcp_g*", "g", &q("g", "get_user")));
    assert!(gemini_matches("mcp_g_get_user", "g", &q("g", "get_user")));
    assert!(gemini_matches(
        "mcp_g_get_user(x)",
        "g",
        &q("g", "get_user")
    ));
}

#[test]
fn a_stronger_rule_or_a_repeat_is_named() {
    let n = names(&CLAUDE_CODE, &[("s", TOOLS)]);
    let lists = [
        rules(
            &CLAUDE_CODE,
            Effect::Allow,
            &[
                "mcp__s__get_user",
                "mcp__s__list_items",
                "mcp__s__list_items",
            ],
        ),
        rules(&CLAUDE_CODE, Effect::Ask, &["mcp__s__list_*"]),
        rules(&CLAUDE_CODE, Effect::Deny, &["mcp__s__get_user"]),
    ];
    let r = resolve(&lists, std::slice::from_ref(&n));
    let shadowed: Vec<(&str, &str, bool)> = r
        .findings
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::Shadowed { by, repeat, .. } => Some((f.entry.as_str(), by.as_str(), *repeat)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shadowed,
        [
            ("mcp__s__get_user", "mcp__s__get_user", false),
            ("mcp__s__list_items", "mcp__s__list_*", false),
            ("mcp__s__list_items", "mcp__s__list_items", true),
        ]
    );
    let decided: Vec<(&str, Option<Effect>)> = r
        .decisions
        .iter()
        .map(|d| (d.tool.as_str(), d.effect))
        .collect();
    assert_eq!(
        decided,
        [
            ("get_user", Some(Effect::Deny)),
            ("list_items", Some(Effect::Ask))
        ]
    );
}

#[test]
fn each_entry_is_placed_at_its_own_line_and_column() {
    let text = "{\n  \"é\": 1,\n  \"permissions\": {\n    \"allow\": [\"mcp__s__a\", \"mcp__s__a\"],\n    \"deny\": [\n      \"mcp__s__a\"\n    ]\n  }\n}";
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let lists = permissions(&CLAUDE_CODE, "f", text, &value).expect("read");
    let places: Vec<Vec<(Option<usize>, Option<usize>)>> = lists
        .iter()
        .map(|l| l.entries.iter().map(|e| (e.line, e.column)).collect())
        .collect();
    assert_eq!(
        places,
        [
            vec![(Some(4), Some(15)), (Some(4), Some(28))],
            vec![(Some(6), Some(7))]
        ]
    );
    // Two lists on one line: each entry at its own column.
    let text = r#"{"permissions":{"allow":["mcp__s__a"],"deny":["mcp__s__a"]}}"#;
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let lists = permissions(&CLAUDE_CODE, "f", text, &value).expect("read");
    let columns: Vec<Option<usize>> = lists.iter().map(|l| l.entries[0].column).collect();
    assert_eq!(columns, [Some(26), Some(47)]);
    // A column counts characters, not bytes.
    let text = "{\"permissions\": {\"allow\": [\"é\", \"mcp__s__a\"]}}";
    let lists = permissions(
        &CLAUDE_CODE,
        "f",
        text,
        &json!({"permissions": {"allow": ["é", "mcp__s__a"]}}),
    )
    .expect("read");
    assert_eq!(lists[0].entries[1].column, Some(33));
}

#[test]
fn gemini_cli_starts_only_the_servers_mcp_allowed_names() {
    let text = r#"{"mcpServers": {"a": {"trust": true}, "b": {"includeTools": ["get_user", "list_items"]}}, "mcp": {"allowed": ["b"]}, "tools": {"exclude": ["mcp_b_get_user"]}}"#;
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let mut lists = read::gemini_policy("settings.json", text, &value);
    lists.extend(crate::allowlist::read::server_filters(
        "settings.json",
        text,
        false,
        "b",
        &value["mcpServers"]["b"],
    ));
    let n = names(&GEMINI_CLI, &[("a", TOOLS), ("b", TOOLS)]);
    let r = resolve(&lists, std::slice::from_ref(&n));
    let decided: Vec<(&str, &str, Option<Effect>)> = r
        .decisions
        .iter()
        .map(|d| (d.server.as_str(), d.tool.as_str(), d.effect))
        .collect();
    // Server `a` is not started, trusted or not; `b`'s tools are allowed but the one excluded.
    assert_eq!(
        decided,
        [
            ("a", "get_user", Some(Effect::Deny)),
            ("a", "list_items", Some(Effect::Deny)),
            ("b", "get_user", Some(Effect::Deny)),
            ("b", "list_items", Some(Effect::Allow)),
        ]
    );
}

#[test]
fn opencode_rules_are_placed_at_their_own_keys() {
    // The nested `"*"` of `bash` comes first; the top-level rule is the one placed.
    let text = "{\n  \"mcp\": {},\n  \"permission\": {\n    \"bash\": {\"*\": \"ask\"},\n    \"s_*\": \"deny\",\n\t\"*\": \"ask\"\n  }\n}\n";
    let rules = vec![
        ("bash".to_owned(), json!({"*": "ask"})),
        ("s_*".to_owned(), json!("deny")),
        ("*".to_owned(), json!("ask")),
    ];
    let lists = read::opencode_permission("opencode.json", text, &rules);
    let places: Vec<(&str, Option<usize>, Option<usize>)> = lists
        .iter()
        .map(|l| {
            (
                l.entries[0].text.as_str(),
                l.entries[0].line,
                l.entries[0].column,
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            ("bash", Some(4), Some(5)),
            ("s_*", Some(5), Some(5)),
            ("*", Some(6), Some(2))
        ]
    );
}

#[test]
fn gemini_cli_leaves_out_what_its_filters_leave_out() {
    let text = r#"{"mcpServers": {"a": {"trust": true, "excludeTools": ["get_user"]}, "b": {"trust": true, "includeTools": ["get_user"]}}}"#;
    let value: serde_json::Value = serde_json::from_str(text).expect("json");
    let mut lists = read::gemini_policy("settings.json", text, &value);
    for key in ["a", "b"] {
        lists.extend(crate::allowlist::read::server_filters(
            "settings.json",
            text,
            false,
            key,
            &value["mcpServers"][key],
        ));
    }
    let n = names(&GEMINI_CLI, &[("a", TOOLS), ("b", TOOLS)]);
    let r = resolve(&lists, std::slice::from_ref(&n));
    let decided: Vec<(&str, &str, Option<Effect>)> = r
        .decisions
        .iter()
        .map(|d| (d.server.as_str(), d.tool.as_str(), d.effect))
        .collect();
    assert_eq!(
        decided,
        [
            ("a", "get_user", Some(Effect::Deny)),
            ("a", "list_items", Some(Effect::Allow)),
            ("b", "get_user", Some(Effect::Allow)),
            ("b", "list_items", Some(Effect::Deny)),
        ]
    );
}

#[test]
fn an_opencode_key_written_twice_is_one_rule_where_it_first_was() {
    let text = "{\"permission\": {\"s_a\": \"deny\", \"*\": \"allow\", \"s_a\": \"ask\"}}";
    let rules = vec![
        ("s_a".to_owned(), json!("deny")),
        ("*".to_owned(), json!("allow")),
        ("s_a".to_owned(), json!("ask")),
    ];
    let lists = read::opencode_permission("opencode.json", text, &rules);
    let read: Vec<(&str, Effect, u32, Option<usize>)> = lists
        .iter()
        .map(|l| {
            (
                l.entries[0].text.as_str(),
                l.effect,
                l.rank,
                l.entries[0].column,
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("s_a", Effect::Ask, 1, Some(17)),
            ("*", Effect::Allow, 2, Some(32))
        ]
    );
}

#[test]
fn continue_permissions_yaml_reads_comments_and_markers_as_yaml_does() {
    let text = "---\n# rules\nexclude:\n  - del # dangerous\n  - \"get_a\"   # also\nask: [x, 'y#z'] # never\n";
    let lists = read::continue_permissions("permissions.yaml", text);
    type Read<'a> = Vec<(Effect, Vec<(&'a str, Option<usize>)>)>;
    let read: Read = lists
        .iter()
        .map(|l| {
            (
                l.effect,
                l.entries
                    .iter()
                    .map(|e| (e.text.as_str(), e.line))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (Effect::Deny, vec![("del", Some(4)), ("get_a", Some(5))]),
            (Effect::Ask, vec![("x", Some(6)), ("y#z", Some(6))]),
        ]
    );
}
