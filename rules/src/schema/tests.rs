use serde_json::json;

use super::keywords::{
    ROOT_TYPE, ROOT_UNION, STRICT_CLOSED, STRICT_DEPTH, STRICT_PROPERTIES, STRICT_REQUIRED,
    schema_findings,
};
use super::*;

#[test]
fn nested_items_and_defs_are_walked_with_their_paths() {
    let schema = json!({
        "type": "object",
        "properties": {
            "filter": {"type": "object", "properties": {"a b": {"type": "string"}}},
            "list": {"type": "array", "items": {"properties": {"x[]": {}}}},
            "pick": {"$ref": "#/$defs/Pick"}
        },
        "$defs": {"Pick": {"properties": {"ü": {}}}}
    });
    let mut seen = Vec::new();
    assert!(walk(&schema, &mut |steps, node| {
        if let Some(Value::Object(p)) = node.get("properties") {
            for k in p.keys() {
                seen.push(format!("{}/properties/{k}", pointer(steps)));
            }
        }
    }));
    seen.sort();
    assert_eq!(
        seen,
        [
            "/$defs/Pick/properties/ü",
            "/properties/filter",
            "/properties/filter/properties/a b",
            "/properties/list",
            "/properties/list/items/properties/x[]",
            "/properties/pick",
        ]
    );
}

#[test]
fn only_top_level_keys_are_refused_as_the_apis_read_them() {
    let schema = json!({
        "type": "object",
        "properties": {
            "rule_name[]": {"type": "string"},
            "issue-type": {"type": "string"},
            "ok": {"type": "object", "properties": {"a b": {}}}
        }
    });
    let refused = refused_keys(&schema);
    assert!(refused.complete);
    let got: Vec<(&str, Vec<&str>)> = refused
        .keys
        .iter()
        .map(|k| (k.key, k.rules.iter().map(|(r, _)| r.contract.id).collect()))
        .collect();
    assert_eq!(
        got,
        [
            ("issue-type", vec!["gemini"]),
            ("rule_name[]", vec!["anthropic", "gemini"]),
        ]
    );
    assert_eq!(refused.keys[1].at, "/properties/rule_name[]");
}

#[test]
fn anthropic_key_rule_matches_its_pattern() {
    let re = regex::Regex::new(crate::ANTHROPIC_ARGUMENT.pattern).unwrap();
    let gem = regex::Regex::new(crate::GEMINI_ARGUMENT.pattern).unwrap();
    for key in [
        "a",
        "a.b",
        "a-b",
        "a_b",
        "9x",
        "",
        " ",
        "a b",
        "x[]",
        "ü",
        "a:b",
        "a/b",
        "_x",
        &"k".repeat(64),
        &"k".repeat(65),
    ] {
        assert_eq!(
            check(key, &crate::ANTHROPIC_ARGUMENT).is_ok(),
            re.is_match(key),
            "{key:?}"
        );
        assert_eq!(
            check(key, &crate::GEMINI_ARGUMENT).is_ok(),
            gem.is_match(key),
            "{key:?}"
        );
    }
}

#[test]
fn a_hostile_schema_is_cut_short_not_followed() {
    let mut deep = json!({"type": "string"});
    for _ in 0..1_000 {
        deep = json!({"type": "object", "properties": {"a": deep}});
    }
    assert!(!walk(&deep, &mut |_, _| {}));
    // No argument rule looks below the top level, so refusing keys reads only that.
    assert!(refused_keys(&deep).complete);
    let wide: serde_json::Map<String, Value> = (0..MAX_NODES + 5)
        .map(|i| (format!("k{i}"), json!({})))
        .collect();
    let wide = json!({"type": "object", "properties": wide});
    assert!(!walk(&wide, &mut |_, _| {}));
    // A recursive type's `$ref` points into `$defs`, read once.
    let recursive = json!({"$ref": "#/$defs/N", "$defs": {"N": {"properties": {"next": {"$ref": "#/$defs/N"}}}}});
    assert!(refused_keys(&recursive).complete);
}

#[test]
fn root_rules_find_unions_and_a_missing_object_type() {
    let found = schema_findings(&json!({"oneOf": [{}, {}], "allOf": [{}]}));
    let ids: Vec<(&str, &str)> = found.iter().map(|f| (f.rule.id, f.what.as_str())).collect();
    assert!(ids.contains(&(ROOT_UNION.id, "`oneOf`")));
    assert!(ids.contains(&(ROOT_UNION.id, "`allOf`")));
    assert!(ids.contains(&(ROOT_TYPE.id, "no `type`")));
    let fine = json!({"type": "object", "properties": {"a": {}}, "required": ["a"], "additionalProperties": false});
    assert!(schema_findings(&fine).is_empty());
}

#[test]
fn strict_rules_find_depth_count_closing_and_optional_properties() {
    let mut deep = json!({"type": "string"});
    for _ in 0..6 {
        deep = json!({"type": "object", "properties": {"a": deep}, "required": ["a"], "additionalProperties": false});
    }
    let found = schema_findings(&deep);
    let depth: Vec<&str> = found
        .iter()
        .filter(|f| f.rule.id == STRICT_DEPTH.id)
        .map(|f| f.at.as_str())
        .collect();
    assert_eq!(
        depth,
        ["/properties/a/properties/a/properties/a/properties/a/properties/a"]
    );
    let many: serde_json::Map<String, Value> =
        (0..101).map(|i| (format!("k{i}"), json!({}))).collect();
    let names: Vec<&String> = many.keys().collect();
    let wide = json!({"type": "object", "properties": many, "required": names, "additionalProperties": false});
    let found = schema_findings(&wide);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].rule.id, STRICT_PROPERTIES.id);
    let open = json!({"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a"]});
    let found: Vec<(&str, &str)> = schema_findings(&open)
        .iter()
        .map(|f| (f.rule.id, f.at.as_str()))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(a, b)| (a, if b.is_empty() { "top" } else { "nested" }))
        .collect();
    assert_eq!(
        found,
        [(STRICT_CLOSED.id, "top"), (STRICT_REQUIRED.id, "top")]
    );
}

#[test]
fn every_rule_has_a_source_and_a_date() {
    for rule in ARGUMENT_RULES {
        assert!(!rule.contract.source.is_empty() && rule.contract.checked.len() == 10);
    }
    for rule in keywords::SCHEMA_RULES {
        assert!(
            !rule.source.is_empty() && rule.checked.len() == 10,
            "{}",
            rule.id
        );
    }
}

#[test]
fn a_plain_key_is_one_every_argument_rule_takes() {
    let mut keys: Vec<String> = [
        "q",
        "_",
        "_x",
        "query",
        "Query_2",
        "a1",
        "rule_name",
        "x[]",
        "1a",
        "a-b",
        "a.b",
        "",
        "ü",
        "a b",
    ]
    .iter()
    .map(|k| (*k).to_owned())
    .collect();
    keys.extend(["k".repeat(64), "k".repeat(65)]);
    // Every ASCII character after a letter, and first.
    let mut each = 0;
    for ch in (0u8..=0x7F).map(char::from) {
        for key in [format!("a{ch}"), format!("{ch}a")] {
            if super::plain_key(&key) {
                each += 1;
                assert!(argument_refusals(&key, true).is_empty(), "{key:?}");
            }
        }
    }
    assert_eq!(
        each,
        63 + 53,
        "[A-Za-z0-9_] after a letter, [A-Za-z_] first"
    );
    let mut plain = 0;
    for key in &keys {
        if super::plain_key(key) {
            plain += 1;
            assert!(argument_refusals(key, true).is_empty(), "{key:?}");
        }
    }
    assert_eq!(
        plain, 8,
        "q, _, _x, query, Query_2, a1, rule_name and 64 k's are plain"
    );
}
