//! Properties over generated names: `check` agrees with each contract's regex, a suggestion
//! always passes its contract, and messages never carry a raw control or invisible character;
//! and over generated schemas: inlining their references keeps what they accept.

// In a folder of its own: a file beside this one would be a test target of its own.
#[path = "properties/inline.rs"]
mod inline;

use mcp_toolname_rules::{
    ALL, Charset, Contract, FirstChar, LLM_COMMON, PORTABLE, check, check_alias, is_control_like,
    is_invisible, message, suggest, suggest_all,
};
use proptest::prelude::*;
use regex::Regex;

/// Names mixing the characters that matter: valid ASCII, separators, look-alikes, controls,
/// bidi and invisible characters, and anything else.
fn names() -> impl Strategy<Value = String> {
    let interesting = prop_oneof![
        4 => prop::char::range('a', 'z'),
        2 => prop::char::range('A', 'Z'),
        2 => prop::char::range('0', '9'),
        3 => prop::sample::select(vec!['_', '-', '.', ':', ' ', '/', ',', '`', '\\', '"', '\'']),
        1 => prop::sample::select(vec!['\u{0}', '\t', '\u{7f}', '\u{202e}', '\u{200b}', '\u{feff}', '\u{3164}', '\u{2800}']),
        1 => prop::sample::select(vec!['é', 'а', 'Ο', 'ß', 'Ａ', '€', '中', '🔥']),
        1 => any::<char>(),
    ];
    prop::collection::vec(interesting, 0..150).prop_map(|chars| chars.into_iter().collect())
}

fn regex_of(contract: &Contract) -> Regex {
    Regex::new(contract.pattern).expect("contract patterns are valid regexes")
}

/// Contracts as small as a user could define, to check `suggest` has no hidden floor.
fn tiny_contracts() -> Vec<Contract> {
    (1..=5)
        .flat_map(|max_len| {
            [
                FirstChar::Any,
                FirstChar::Letter,
                FirstChar::LetterOrUnderscore,
            ]
            .map(|first| Contract {
                max_len,
                first,
                charset: Charset::ALNUM.with("_"),
                ..LLM_COMMON
            })
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn check_agrees_with_each_contract_regex(name in names()) {
        for contract in ALL {
            prop_assert_eq!(check(&name, contract).is_ok(), regex_of(contract).is_match(&name), "{:?} under {}", name, contract.id);
        }
    }

    #[test]
    fn a_suggestion_always_passes_its_contract_and_leaves_passing_names_alone(name in names()) {
        for contract in ALL {
            let fixed = suggest(&name, contract);
            prop_assert!(check(&fixed, contract).is_ok(), "{:?} -> {:?} fails {}", name, fixed, contract.id);
            if check(&name, contract).is_ok() {
                prop_assert_eq!(&fixed, &name);
            }
        }
        for contract in tiny_contracts() {
            let fixed = suggest(&name, &contract);
            prop_assert!(check(&fixed, &contract).is_ok(), "{:?} -> {:?} fails max {}", name, fixed, contract.max_len);
        }
        let all = suggest_all(&name, ALL);
        prop_assert!(ALL.iter().all(|c| check(&all, c).is_ok()), "{:?} -> {:?}", name, all);
    }

    #[test]
    fn messages_never_carry_a_raw_control_or_invisible_character(name in names()) {
        let mut texts = vec![message::show(&name), message::tool_not_found(&name)];
        for contract in ALL {
            if let Err(err) = check(&name, contract) {
                texts.push(message::name_error(&name, &err, contract));
            }
        }
        if let Err(err) = check_alias(&name) {
            texts.push(message::alias_name_error(&name, &err));
        }
        for text in texts {
            prop_assert!(!text.chars().any(|c| is_control_like(c) || is_invisible(c)), "{:?}", text);
        }
    }
}

#[test]
fn show_keeps_quotes_and_escapes_what_hides_text() {
    assert_eq!(message::show("don't"), "`don't`");
    assert_eq!(message::show("a\"b"), "`a\"b`");
    assert_eq!(message::show("a\\b"), "`a\\\\b`");
    assert_eq!(message::show("a\u{3164}b"), "`a\\u{3164}b`");
    assert_eq!(message::show("a\u{200b}b"), "`a\\u{200b}b`");
    assert_eq!(message::show("a`b"), "`a\\u{60}b`");
}

#[test]
fn an_alias_may_break_the_charset_but_not_hide() {
    assert_eq!(check_alias("calc.add"), Ok(()));
    assert_eq!(check_alias("find documents"), Ok(()));
    let err = check_alias("a\u{200b}").unwrap_err();
    assert_eq!(
        message::alias_name_error("a\u{200b}", &err),
        "alias name `a\\u{200b}` contains the invisible character U+200B at index 1; an alias may break the spec's charset (it is an old name), but not with characters a reader cannot see"
    );
}

#[test]
fn the_portable_suggestion_for_an_all_separator_name_is_a_letter_first_name() {
    assert_eq!(suggest("._-:", &PORTABLE), "tool");
    let one = Contract {
        max_len: 1,
        first: FirstChar::Letter,
        ..PORTABLE
    };
    assert_eq!(suggest("", &one), "t");
    assert_eq!(suggest("9", &one), "t");
}
