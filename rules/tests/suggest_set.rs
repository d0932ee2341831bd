//! `suggest_set`: within one set, every proposed name is distinct, differs from every name
//! in use (also in case), passes every contract and fits the length; a name with nothing
//! readable in it gets no placeholder.

use mcp_toolname_rules::{ALL, LLM_COMMON, SetFix, check, suggest_set};
use proptest::prelude::*;

#[test]
fn two_cjk_names_get_no_placeholder() {
    assert_eq!(
        suggest_set(&["代码规范文档工具", "代码规范文档"], &[], ALL, usize::MAX),
        [SetFix::NoReadable, SetFix::NoReadable]
    );
}

#[test]
fn a_fix_never_takes_a_name_in_use() {
    let fixes = suggest_set(
        &["search documents", "search_documents", "search.documents"],
        &[],
        ALL,
        usize::MAX,
    );
    assert_eq!(
        fixes,
        [
            SetFix::Rename("search_documents_2".to_owned()),
            SetFix::Keep,
            SetFix::Rename("search_documents_3".to_owned()),
        ]
    );
    // Case counts as taken: `Search_Documents` is in use.
    assert_eq!(
        suggest_set(
            &["search documents"],
            &["Search_Documents"],
            ALL,
            usize::MAX
        ),
        [SetFix::Rename("search_documents_2".to_owned())]
    );
}

#[test]
fn a_numbered_fix_still_fits_the_length() {
    // `aaaa_bbbb` does not fit 8: a whole word goes (never `aaaa_bbb`), then a number.
    let fixes = suggest_set(&["aaaa.bbbb", "aaaa bbbb"], &["aaaa_bbb"], ALL, 8);
    assert_eq!(
        fixes,
        [
            SetFix::Rename("aaaa".to_owned()),
            SetFix::Rename("aaaa_2".to_owned())
        ]
    );
    // A one-word name with no whole-word form in 6: cut, and cut shorter beside a number.
    let fixes = suggest_set(&["abcdefgh.", "abcdefgh "], &[], ALL, 6);
    assert_eq!(
        fixes,
        [
            SetFix::Rename("abcdef".to_owned()),
            SetFix::Rename("abcd_2".to_owned())
        ]
    );
}

fn names() -> impl Strategy<Value = Vec<String>> {
    let piece = prop_oneof![
        Just("search".to_owned()),
        Just("doc".to_owned()),
        Just(" ".to_owned()),
        Just(".".to_owned()),
        Just("_".to_owned()),
        Just("2".to_owned()),
        Just("中".to_owned()),
        Just("é".to_owned()),
        Just("tool".to_owned()),
        "[a-zA-Z]{1,3}",
    ];
    let name = prop::collection::vec(piece, 0..6).prop_map(|p| p.concat());
    prop::collection::vec(name, 1..12)
}

proptest! {
    #[test]
    fn proposals_are_distinct_free_and_valid(
        names in names(),
        in_use in names(),
        max_len in prop_oneof![Just(usize::MAX), 4usize..20],
    ) {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let in_use: Vec<&str> = in_use.iter().map(String::as_str).collect();
        let fixes = suggest_set(&names, &in_use, &[&LLM_COMMON], max_len);
        prop_assert_eq!(fixes.len(), names.len());
        let mut seen: Vec<String> = Vec::new();
        for (name, fix) in names.iter().zip(&fixes) {
            match fix {
                SetFix::Keep => {
                    prop_assert!(check(name, &LLM_COMMON).is_ok() && name.chars().count() <= max_len);
                }
                SetFix::Rename(new) => {
                    prop_assert!(check(new, &LLM_COMMON).is_ok(), "{new:?}");
                    prop_assert!(new.chars().count() <= max_len, "{new:?}");
                    let lower = new.to_ascii_lowercase();
                    prop_assert!(
                        !in_use.iter().chain(&names).any(|n| n.to_ascii_lowercase() == lower),
                        "{new:?} is in use"
                    );
                    prop_assert!(!seen.contains(&lower), "{new:?} proposed twice");
                    seen.push(lower);
                }
                SetFix::NoReadable => {
                    // Only a name with no ASCII letter or digit (nor a look-alike) gets none.
                    prop_assert!(
                        !name.chars().any(|c| c.is_ascii_alphanumeric() || c == 'é'),
                        "{name:?} has letters but got no fix"
                    );
                }
            }
        }
    }
}
