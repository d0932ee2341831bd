//! Client-side namespacing: every row of `tests/data/qualify.jsonl` (handed cases), and the
//! properties any correct qualification keeps, over generated sets of servers and tools.

use mcp_toolname_rules::{ALL, Charset, Contract, FirstChar, GEMINI, LLM_COMMON, check};
use mcp_toolname_runtime::{Namespace, NamespaceError, ServerKey};
use proptest::prelude::*;
use serde_json::Value;

fn contract_named(id: &str) -> &'static Contract {
    ALL.iter()
        .copied()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("unknown contract {id}"))
}

fn build(
    contract: &'static Contract,
    servers: &[(String, Vec<String>)],
) -> Result<Namespace, NamespaceError> {
    let mut keyed = Vec::new();
    for (key, tools) in servers {
        keyed.push((ServerKey::new(key)?, tools.clone()));
    }
    Namespace::build(contract, keyed)
}

/// Whether `name` ends like a hashed name (`_` and 12 or more lowercase hex digits).
fn looks_hashed(name: &str) -> bool {
    let hex = name
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        .count();
    hex >= 12 && name.len() > hex && name.as_bytes()[name.len() - hex - 1] == b'_'
}

/// Every property that holds for any set: in the contract, distinct, round trip, lossless
/// when clean, case and key kept.
fn assert_properties(ns: &Namespace, servers: &[(String, Vec<String>)]) {
    let mut seen = std::collections::HashSet::new();
    for (key, tools) in servers {
        for tool in tools {
            let name = ns
                .qualified(key, tool)
                .unwrap_or_else(|| panic!("{key}/{tool} has no name"));
            assert!(
                check(name, ns.contract()).is_ok(),
                "{name} is outside {}",
                ns.contract().id
            );
            assert!(seen.insert(name.to_owned()), "{name} is given twice");
            assert_eq!(
                ns.resolve(name),
                Some((key.as_str(), tool.as_str())),
                "round trip of {name}"
            );
            // The key is kept verbatim where the contract allows its characters; else each
            // other character is `_`, as in the raw part.
            let key_part: String = key
                .chars()
                .map(|c| {
                    if ns.contract().charset.contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            assert!(
                name.starts_with(&format!("mcp__{key_part}__")),
                "the key is kept where it can be: {name}"
            );
            let lossless = format!("mcp__{key}__{tool}");
            if check(&lossless, ns.contract()).is_ok() && !looks_hashed(&lossless) {
                assert_eq!(name, lossless, "clean names stay as they are");
            }
        }
    }
    assert_eq!(ns.names().len(), seen.len());
}

#[test]
fn every_handed_qualify_case_holds() {
    let data = include_str!("../../tests/data/qualify.jsonl");
    let mut rows = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        rows += 1;
        let row: Value = serde_json::from_str(line).unwrap();
        let contract = contract_named(row["contract"].as_str().unwrap());
        let servers: Vec<(String, Vec<String>)> = row["servers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let tools = s[1]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().to_owned())
                    .collect();
                (s[0].as_str().unwrap().to_owned(), tools)
            })
            .collect();
        let must: Vec<&str> = row["must"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        if must.contains(&"key_rejected") {
            let err = build(contract, &servers).expect_err(line);
            assert!(err.to_string().contains("server key `` is empty"), "{err}");
            continue;
        }
        let ns = build(contract, &servers).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_properties(&ns, &servers);
        if let Some(expect) = row["expect"].as_object() {
            for (identity, name) in expect {
                let (key, tool) = identity.split_once('/').unwrap();
                assert_eq!(ns.qualified(key, tool), name.as_str(), "{identity}");
            }
        }
        if must.contains(&"order_independent") {
            let reversed: Vec<_> = servers
                .iter()
                .rev()
                .map(|(k, t)| (k.clone(), t.iter().rev().cloned().collect()))
                .collect();
            let again = build(contract, &reversed).unwrap();
            assert_eq!(ns.names(), again.names(), "{line}");
        }
        if must.contains(&"wire_name_is_raw") {
            for (key, tools) in &servers {
                for tool in tools {
                    let name = ns.qualified(key, tool).unwrap();
                    assert_eq!(
                        ns.resolve(name).unwrap().1,
                        tool,
                        "the call goes out with the raw name"
                    );
                }
            }
        }
    }
    assert_eq!(rows, 6, "the handed file has 6 rows");
}

/// Fixed vectors: SHA-256 of `key`, NUL, `raw`, first 12 hex digits. A change here changes
/// the model-facing names of every host that uses this crate.
#[test]
fn names_are_stable_across_runs_and_machines() {
    let servers = vec![
        (
            "google-workspace".to_owned(),
            vec![
                "calendar.respondToEvent".to_owned(),
                "gmail.search".to_owned(),
            ],
        ),
        (
            "srv".to_owned(),
            vec!["admin.reset".to_owned(), "admin_reset".to_owned()],
        ),
        (
            "claude-mem-search".to_owned(),
            vec!["progressive_description_of_the_whole_history".to_owned()],
        ),
    ];
    let ns = build(&LLM_COMMON, &servers).unwrap();
    let got: Vec<&str> = ns.names();
    assert_eq!(got, FIXED, "names changed");
}

/// Computed independently (Python `hashlib.sha256(key + b"\\0" + raw).hexdigest()[:12]`).
const FIXED: [&str; 5] = [
    "mcp__claude-mem-search__progressive_description_of_81274a696c43",
    "mcp__google-workspace__calendar_respondToEvent_09f29fe1203f",
    "mcp__google-workspace__gmail_search_ef7af94aa320",
    "mcp__srv__admin_reset",
    "mcp__srv__admin_reset_3b185f786768",
];

#[test]
fn a_raw_name_crafted_to_look_hashed_cannot_take_another_tools_name() {
    let servers = vec![("srv".to_owned(), vec!["admin.reset".to_owned()])];
    let ns = build(&LLM_COMMON, &servers).unwrap();
    let hashed = ns.qualified("srv", "admin.reset").unwrap().to_owned();
    let crafted = hashed.trim_start_matches("mcp__srv__").to_owned();
    let servers = vec![(
        "srv".to_owned(),
        vec!["admin.reset".to_owned(), crafted.clone()],
    )];
    let ns = build(&LLM_COMMON, &servers).unwrap();
    assert_properties(&ns, &servers);
    assert_eq!(
        ns.qualified("srv", "admin.reset"),
        Some(hashed.as_str()),
        "the real tool keeps its name"
    );
    assert_ne!(ns.qualified("srv", &crafted), Some(hashed.as_str()));
}

#[test]
fn bad_keys_duplicate_keys_and_duplicate_tools_are_refused() {
    let long = "k".repeat(33);
    for (key, why) in [
        ("", "is empty"),
        ("a__b", "contains `__`"),
        ("_a", "starts or ends with `_`"),
        ("a.b", "has a character outside"),
        (long.as_str(), "is longer than 32"),
    ] {
        let err = ServerKey::new(key).unwrap_err();
        assert!(err.to_string().contains(why), "{key:?}: {err}");
    }
    let key = || ServerKey::new("srv").unwrap();
    let err = Namespace::build(&LLM_COMMON, [(key(), vec![]), (key(), vec![])]).unwrap_err();
    assert!(matches!(err, NamespaceError::DuplicateKey(_)), "{err}");
    let err =
        Namespace::build(&LLM_COMMON, [(key(), vec!["a".to_owned(), "a".to_owned()])]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "server `srv` lists tool `a` twice; its list was refused whole and the previous one kept"
    );
}

#[test]
fn a_refresh_swaps_a_list_whole_or_keeps_the_previous_generation() {
    let key = ServerKey::new("srv").unwrap();
    let mut ns =
        Namespace::build(&LLM_COMMON, [(key.clone(), vec!["old_tool".to_owned()])]).unwrap();
    let failed: Result<Vec<String>, &str> = Err("connection closed");
    let err = ns.refresh(&key, failed).unwrap_err();
    assert!(err.to_string().contains("connection closed"), "{err}");
    assert_eq!(
        ns.names(),
        ["mcp__srv__old_tool"],
        "a failed fetch keeps the previous generation"
    );
    let dup: Result<Vec<String>, &str> = Ok(vec!["new".to_owned(), "new".to_owned()]);
    assert!(matches!(
        ns.refresh(&key, dup),
        Err(NamespaceError::DuplicateRawName(_))
    ));
    assert_eq!(
        ns.names(),
        ["mcp__srv__old_tool"],
        "a list with a duplicate is refused whole"
    );
    ns.refresh(&key, Ok::<_, &str>(vec!["new_tool".to_owned()]))
        .unwrap();
    assert_eq!(ns.names(), ["mcp__srv__new_tool"]);
    let other = ServerKey::new("other").unwrap();
    ns.refresh(&other, Ok::<_, &str>(vec!["new_tool".to_owned()]))
        .unwrap();
    assert_eq!(ns.names(), ["mcp__other__new_tool", "mcp__srv__new_tool"]);
}

/// A custom contract without `-`: keys such as `unreal-mcp` must still give
/// names inside it.
static NO_DASH: Contract = Contract {
    id: "no_dash",
    title: "a contract without `-`",
    charset: Charset::ALNUM.with("_"),
    first: FirstChar::Letter,
    max_len: 64,
    pattern: "^[A-Za-z][A-Za-z0-9_]{0,63}$",
    allowed: "`A-Z a-z 0-9 _`",
    source: "a test",
    checked: "2026-11-30",
};

/// A contract without `_`, which no qualified name can pass: refused at build.
static NO_UNDERSCORE: Contract = Contract {
    id: "no_underscore",
    title: "a contract without `_`",
    charset: Charset::ALNUM.with("-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9-]{1,64}$",
    allowed: "`A-Z a-z 0-9 -`",
    source: "a test",
    checked: "2026-11-30",
};

#[test]
fn a_dashed_key_under_a_contract_without_dashes_gives_names_inside_it() {
    let servers = vec![
        ("unreal-mcp".to_owned(), vec!["list_toolsets".to_owned()]),
        ("unreal_mcp".to_owned(), vec!["list_toolsets".to_owned()]),
    ];
    let ns = build(&NO_DASH, &servers).unwrap();
    let name = ns.qualified("unreal-mcp", "list_toolsets").unwrap();
    assert!(check(name, &NO_DASH).is_ok(), "{name}");
    assert!(
        name.starts_with("mcp__unreal_mcp__list_toolsets_"),
        "{name}"
    );
    assert_eq!(
        ns.qualified("unreal_mcp", "list_toolsets"),
        Some("mcp__unreal_mcp__list_toolsets")
    );
    assert_properties(&ns, &servers);
}

#[test]
fn a_contract_no_qualified_name_can_pass_is_refused() {
    let err = build(&NO_UNDERSCORE, &[("k".to_owned(), vec!["t".to_owned()])]).unwrap_err();
    assert!(
        matches!(&err, NamespaceError::ContractLacks(m) if m.contains("does not allow an underscore `_`")),
        "{err}"
    );
}

fn keys() -> impl Strategy<Value = String> {
    prop_oneof!["[A-Za-z0-9]", "[A-Za-z0-9][A-Za-z0-9-]{0,10}[A-Za-z0-9]"]
}

fn raw_names() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z_]{1,12}",
        "[A-Za-z0-9_.:/ -]{1,40}",
        "[a-z]{1,8}_[0-9a-f]{12}",
        ".{0,20}",
        "[a-z]{60,80}",
    ]
}

fn server_sets() -> impl Strategy<Value = Vec<(String, Vec<String>)>> {
    prop::collection::btree_map(keys(), prop::collection::btree_set(raw_names(), 0..8), 0..5)
        .prop_map(|m| {
            m.into_iter()
                .map(|(k, t)| (k, t.into_iter().collect()))
                .collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_set_keeps_every_property(servers in server_sets(), which in 0..3usize) {
        let contract = [&LLM_COMMON, &GEMINI, &NO_DASH][which];
        let ns = build(contract, &servers).unwrap();
        assert_properties(&ns, &servers);
        let shuffled: Vec<_> =
            servers.iter().rev().map(|(k, t)| (k.clone(), t.iter().rev().cloned().collect())).collect();
        let again = build(contract, &shuffled).unwrap();
        prop_assert_eq!(ns.names(), again.names());
    }

    #[test]
    fn crafted_look_alikes_of_every_hashed_name_stay_apart(servers in server_sets()) {
        let ns = build(&LLM_COMMON, &servers).unwrap();
        let mut crafted = servers.clone();
        for (key, tools) in &mut crafted {
            let prefix = format!("mcp__{key}__");
            let extra: Vec<String> = tools
                .iter()
                .filter_map(|t| ns.qualified(key, t))
                .filter_map(|n| n.strip_prefix(&prefix).map(str::to_owned))
                .filter(|r| !tools.contains(r))
                .collect();
            tools.extend(extra);
            tools.sort();
            tools.dedup();
        }
        let ns = build(&LLM_COMMON, &crafted).unwrap();
        assert_properties(&ns, &crafted);
    }
}
