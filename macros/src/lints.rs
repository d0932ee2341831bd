//! The macros over the one lint table: every lint the build warns of is taken by
//! `allow(<name>)` (and its old names, with a warning naming the new one), has a producer a
//! trybuild case shows, and is silenced in the trybuild case that builds with
//! `#![deny(warnings)]`; a lint the build refuses or never reports is no `allow(...)` at all.

use mcp_toolname_rules::lint::{Build, LINTS};
use quote::{format_ident, quote};

use crate::kind::Kind;
use crate::tests::strings;

/// `#[tool_registry(allow(<id>))]` (or the prompt twin) over one plain item: whether it
/// errs, and every string literal of its expansion.
fn expand_with_allow(kind: &'static Kind, id: &str) -> (bool, Vec<String>) {
    let id = format_ident!("{id}");
    let attr = quote!(allow(#id));
    let item_attr = format_ident!("{}", kind.attr);
    let item = quote!(impl Server { #[#item_attr(name = "fetch")] fn fetch(&self) -> String { String::new() } });
    let tokens = crate::registry(kind, attr, item);
    let errs = tokens.to_string().contains("compile_error");
    let mut texts = Vec::new();
    strings(tokens, &mut texts);
    (errs, texts)
}

#[test]
fn every_build_warning_is_taken_by_allow_and_no_other_lint_is() {
    for lint in LINTS {
        for kind in [&Kind::TOOL, &Kind::PROMPT] {
            let (errs, texts) = expand_with_allow(kind, lint.name);
            match lint.build {
                Build::Warning => assert!(!errs, "allow({}): {texts:?}", lint.name),
                Build::Error => assert!(
                    texts.iter().any(|t| t.contains("cannot silence")),
                    "allow({}): {texts:?}",
                    lint.name
                ),
                Build::Silent => assert!(
                    texts.iter().any(|t| t.contains("the build never reports")),
                    "allow({}): {texts:?}",
                    lint.name
                ),
            }
        }
    }
}

#[test]
fn an_old_name_still_silences_with_a_warning_naming_the_new_one() {
    for lint in LINTS {
        for old in lint.old_names {
            let (errs, texts) = expand_with_allow(&Kind::TOOL, old);
            assert!(!errs, "allow({old}): {texts:?}");
            let note = format!("lint `{old}` is now called `{}`", lint.name);
            assert!(
                texts.iter().any(|t| t.contains(&note)),
                "allow({old}): {texts:?}"
            );
        }
    }
    // And it silences its lint: a dot the common LLM contract refuses, allowed by the old name.
    let item = quote!(impl Server { #[mcp_tool(name = "admin.list")] fn list(&self) -> String { String::new() } });
    let plain = crate::registry(&Kind::TOOL, quote!(), item.clone());
    let old = crate::registry(
        &Kind::TOOL,
        quote!(allow(tool_name_refused_by_llm_apis)),
        item,
    );
    let (mut plain_texts, mut old_texts) = (Vec::new(), Vec::new());
    strings(plain, &mut plain_texts);
    strings(old, &mut old_texts);
    let refused = |t: &String| t.contains("To silence only this warning, write `allow(contract)`");
    assert!(plain_texts.iter().any(refused), "{plain_texts:?}");
    assert!(!old_texts.iter().any(refused), "{old_texts:?}");
}

/// The names written in every `allow(...)` of `source`.
fn allowed_in(source: &str) -> Vec<&str> {
    source
        .split("allow(")
        .skip(1)
        .filter_map(|rest| rest.split_once(')'))
        .flat_map(|(list, _)| list.split(','))
        .map(str::trim)
        .collect()
}

#[test]
fn an_unknown_name_is_refused_and_silences_nothing() {
    for name in ["look_alikes", "tool_names_look_alik", "warnings"] {
        let (errs, texts) = expand_with_allow(&Kind::TOOL, name);
        assert!(errs, "allow({name})");
        assert!(
            texts.iter().any(|t| t.contains(&format!("`{name}`"))),
            "allow({name}): {texts:?}"
        );
    }
}

/// Each lint the build warns of shows in a trybuild case's `.stderr` (so something produces
/// it, as users read it), and a passing case that denies warnings silences it by name.
#[test]
fn every_build_warning_has_a_producer_and_a_silenced_case() {
    let ui = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/tests/ui");
    let (mut stderr, mut silenced) = (String::new(), String::new());
    for topic in std::fs::read_dir(ui).expect("tests/ui") {
        let topic = topic.expect("an entry").path();
        if !topic.is_dir() {
            continue;
        }
        for case in std::fs::read_dir(&topic).expect("a topic") {
            let case = case.expect("an entry").path();
            let text = std::fs::read_to_string(&case).unwrap_or_default();
            if case.extension().is_some_and(|e| e == "stderr") {
                stderr.push_str(&text);
            } else if topic.ends_with("pass") && text.starts_with("#![deny(warnings)]") {
                silenced.push_str(&text);
            }
        }
    }
    for lint in LINTS.iter().filter(|l| l.build == Build::Warning) {
        assert!(
            stderr.contains(&format!("`_::mcp_toolname::{}`", lint.name)),
            "no trybuild case shows the warning `{}`",
            lint.name
        );
        assert!(
            allowed_in(&silenced).contains(&lint.name),
            "no case of tests/ui/pass that denies warnings silences `{}`",
            lint.name
        );
    }
}
