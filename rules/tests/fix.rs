//! The one fixer: a fix always passes what it claims, never cuts inside a
//! word while a whole-word form fits, never repeats a name of its set, and is the same for
//! the same name, contracts, clients, key and names in use.

use mcp_toolname_rules::{
    ALL, CLIENTS, ClientPreset, Contract, FixRules, LLM_COMMON, PORTABLE, SetFix, abbreviation,
    check, words,
};
use proptest::prelude::*;

/// Words a tool name is made of: verbs, objects, words with an abbreviation, little words,
/// openers of a qualifier, digits, and anything.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "get",
            "list",
            "send",
            "approve",
            "generate",
            "browser",
            "the",
            "of",
            "by",
            "without",
            "implementation",
            "notification",
            "Configuration",
            "DATABASE",
            "queue",
            "item",
            "user",
            "v2",
            "s3",
            "2",
            "mcp",
            "official",
            "mirror",
            "modifying",
            "id",
        ])
        .prop_map(str::to_owned),
        "[a-z]{1,9}",
        "[A-Z][a-z]{0,7}",
        "[0-9]{1,3}",
    ]
}

/// A name: words joined by one separator (camelCase when it is empty).
fn name() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(word(), 1..9),
        prop::sample::select(vec!["_", "-", ".", " ", ""]),
    )
        .prop_map(|(words, sep)| {
            let mut out = String::new();
            for (i, w) in words.iter().enumerate() {
                if i > 0 && sep.is_empty() {
                    let mut c = w.chars();
                    out.extend(c.next().map(|f| f.to_ascii_uppercase()));
                    out.push_str(c.as_str());
                } else {
                    if i > 0 {
                        out.push_str(sep);
                    }
                    out.push_str(w);
                }
            }
            out
        })
}

fn contracts() -> impl Strategy<Value = Vec<&'static Contract>> {
    prop_oneof![
        Just(vec![&LLM_COMMON]),
        Just(vec![&PORTABLE]),
        Just(ALL.to_vec()),
        Just(Vec::new()),
    ]
}

fn clients() -> impl Strategy<Value = Vec<&'static ClientPreset>> {
    prop::sample::subsequence(CLIENTS.to_vec(), 0..3)
}

/// What a whole-word fix of `name` may be made of: its words, their abbreviations (and
/// theirs: `kubernetes` gives `k8s`, words `k` `8` `s`), and the `tool` a name that may not
/// start with its first character gets in front.
fn whole_words(name: &str) -> Vec<String> {
    let mut out = vec!["tool".to_owned()];
    for w in words(name) {
        out.push(w.to_owned());
        if let Some(short) = abbreviation(w) {
            out.extend(words(&short).into_iter().map(str::to_owned));
            out.push(short);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_fix_passes_what_it_claims_and_cuts_no_word_while_one_fits(
        name in name(),
        contracts in contracts(),
        clients in clients(),
        key in "[a-z][a-z-]{0,40}",
    ) {
        let rules = FixRules::new(&contracts, &clients, Some(&key));
        let fix = rules.fixes(&[&name], &[]).remove(0);
        let fits = |s: &str| {
            s.chars().count() <= rules.max_len()
                && rules.contracts().iter().all(|c| check(s, c).is_ok())
        };
        match &fix {
            SetFix::Keep => prop_assert!(fits(&name)),
            SetFix::Rename(to) => {
                prop_assert!(fits(to), "{to:?} does not pass what the fix claims");
                let allowed = whole_words(&name);
                let one_fits = allowed.iter().any(|w| fits(w));
                if one_fits {
                    for w in words(to) {
                        prop_assert!(
                            allowed.iter().any(|a| a == w),
                            "{name:?} in {}: {to:?} cuts inside a word ({w:?})",
                            rules.max_len()
                        );
                    }
                }
            }
            SetFix::NoReadable => prop_assert!(false, "{name:?} has letters"),
        }
        // The same question, the same answer.
        prop_assert_eq!(FixRules::new(&contracts, &clients, Some(&key)).fixes(&[&name], &[]), vec![fix]);
    }

    #[test]
    fn a_set_of_fixes_never_repeats_itself_or_a_name_in_use(
        names in prop::collection::vec(name(), 1..8),
        in_use in prop::collection::vec(name(), 0..4),
        clients in clients(),
        key in "[a-z]{1,30}",
    ) {
        let rules = FixRules::new(ALL, &clients, Some(&key));
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let in_use: Vec<&str> = in_use.iter().map(String::as_str).collect();
        let fixes = rules.fixes(&names, &in_use);
        let mut seen: Vec<String> = Vec::new();
        for fix in &fixes {
            if let SetFix::Rename(to) = fix {
                let lower = to.to_ascii_lowercase();
                prop_assert!(
                    !names.iter().chain(&in_use).any(|n| n.to_ascii_lowercase() == lower),
                    "{to:?} is in use"
                );
                prop_assert!(!seen.contains(&lower), "{to:?} proposed twice");
                seen.push(lower);
            }
        }
    }
}

/// The inputs under every client with the pulsemcp key (Qwen Code leaves 16: 63 less
/// `mcp__`, the key and `__`; Claude Code 17).
#[test]
fn the_pulsemcp_tools_get_whole_word_fixes() {
    let rules = FixRules::new(
        ALL,
        CLIENTS,
        Some("pulsemcp-admin-submission-queue-readonly"),
    );
    assert_eq!(rules.max_len(), 16);
    let fixes = rules.fixes(
        &[
            "approve_official_mirror_queue_item_without_modifying",
            "send_mcp_implementation_posted_notification",
        ],
        &[],
    );
    assert_eq!(
        fixes,
        [
            SetFix::Rename("approve_item".into()),
            SetFix::Rename("send_impl_notif".into()),
        ]
    );
}
