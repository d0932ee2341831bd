use std::collections::HashSet;

use super::*;
use crate::{ALL, CLIENTS};

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Every id `allow(...)` and `targets` take besides lint names: a lint named like one would
/// make `allow(<id>)` mean two things.
fn target_ids() -> Vec<&'static str> {
    ALL.iter()
        .map(|c| c.id)
        .chain(CLIENTS.iter().map(|c| c.id))
        .collect()
}

#[test]
fn names_old_and_new_are_unique_snake_case_and_no_target_id() {
    let targets = target_ids();
    let mut seen = HashSet::new();
    for lint in LINTS {
        for name in std::iter::once(&lint.name).chain(lint.old_names) {
            assert!(seen.insert(*name), "`{name}` names two lints");
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
            assert!(*name != WARNINGS && !targets.contains(name), "{name}");
        }
    }
}

#[test]
fn every_text_is_written_and_why_opens_with_the_level() {
    for lint in LINTS {
        assert!(
            lint.why
                .starts_with(&format!("{}. ", capitalised(lint.level.word()))),
            "{}: `why` opens with its level",
            lint.name
        );
        for text in [lint.summary, lint.finds, lint.help, lint.fix, lint.source] {
            assert!(!text.is_empty() && !text.contains("  "), "{}", lint.name);
        }
        assert!(!lint.summary.ends_with('.') && !lint.help.ends_with('.'));
    }
}

#[test]
fn every_lint_is_reported_by_someone_and_only_warnings_are_renamed() {
    for lint in LINTS {
        assert!(
            lint.cli_reports() || lint.build != Build::Silent,
            "no one reports `{}`",
            lint.name
        );
        // The build's old names were the names of warnings, which `allow(...)` took.
        assert!(
            lint.old_names.is_empty() || lint.build == Build::Warning,
            "{}",
            lint.name
        );
    }
}

#[test]
fn lookups_never_fall_back_to_another_lint() {
    for lint in LINTS {
        assert_eq!(Lint::by_name(lint.name), Some(lint));
        assert_eq!(Lint::renamed(lint.name), None);
        for old in lint.old_names {
            assert_eq!(Lint::by_name(old), None);
            assert_eq!(Lint::renamed(old), Some(lint));
        }
    }
    for unknown in [
        "",
        "warnings",
        "Spec",
        "spec ",
        "spe",
        "openai",
        LINTS[0].summary,
    ] {
        assert_eq!(Lint::by_name(unknown), None, "{unknown}");
        assert_eq!(Lint::renamed(unknown), None, "{unknown}");
    }
}
