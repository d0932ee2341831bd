//! The served tool an unknown name most likely meant, for the "did you mean" of a `tools/call`
//! error. The rule is the rules crate's ([`mcp_toolname_rules::closest_name`]); this module
//! bounds its cost, since anyone connected can send unknown names as fast as they like.
//!
//! - A called name longer than [`LONGEST_LOOKED_AT`] bytes gets no suggestion.
//! - Names that differ only by case or separators are found by one look-up of the called
//!   name's match key in an index built once per change of the tool set.
//! - A small edit (`deplyo`) is looked for only when the server has at most
//!   [`MOST_COMPARED`] (64) tools: then each comparison is banded by the edit limit and
//!   stops at the first row past it, so one unknown call costs at most
//!   `MOST_COMPARED × 256 × 5` steps of the distance table, and one allocation per tool.

use std::borrow::Cow;
use std::collections::HashMap;

use mcp_toolname_rules::{distance_within, edit_limit, match_key};

/// Longest called name (in bytes) a suggestion is looked for: the spec's 128 characters, with
/// room for names of 2-byte characters.
pub(crate) const LONGEST_LOOKED_AT: usize = 256;

/// Most tools compared one by one for a small edit.
pub(crate) const MOST_COMPARED: usize = 64;

/// Tool names by match key; several when names differ only by case or separators.
#[derive(Debug, Default, Clone)]
pub(crate) struct NearIndex {
    by_key: HashMap<String, Vec<Cow<'static, str>>>,
}

impl NearIndex {
    /// The index of `names`.
    pub fn new<'a>(names: impl Iterator<Item = &'a Cow<'static, str>>) -> Self {
        let mut by_key: HashMap<String, Vec<Cow<'static, str>>> = HashMap::new();
        for name in names {
            by_key
                .entry(match_key(name))
                .or_default()
                .push(name.clone());
        }
        for names in by_key.values_mut() {
            names.sort_unstable();
        }
        Self { by_key }
    }

    /// The served names `called` most likely meant, skipping names `is_off` says are not
    /// served: one, or several when they match it equally (`run_query` and `Run-Query` for
    /// `run-query`), sorted, at most [`MOST_TIED`]; empty when none is close, or when looking
    /// would cost too much (see the module docs).
    pub fn closest(&self, called: &str, is_off: impl Fn(&str) -> bool) -> Vec<&str> {
        if called.len() > LONGEST_LOOKED_AT {
            return Vec::new();
        }
        let key = match_key(called);
        if let Some(names) = self.by_key.get(&key) {
            let hits = served(names, &is_off);
            if !hits.is_empty() {
                return hits;
            }
        }
        if self.by_key.len() > MOST_COMPARED {
            return Vec::new();
        }
        let limit = edit_limit(&key);
        let near: Vec<(usize, Vec<&str>)> = self
            .by_key
            .iter()
            .filter_map(|(other, names)| {
                let distance = distance_within(&key, other, limit)?;
                let hits = served(names, &is_off);
                (!hits.is_empty()).then_some((distance, hits))
            })
            .collect();
        let Some(best) = near.iter().map(|(d, _)| *d).min() else {
            return Vec::new();
        };
        let mut tied: Vec<&str> = near
            .into_iter()
            .filter(|(d, _)| *d == best)
            .flat_map(|(_, hits)| hits)
            .collect();
        tied.sort_unstable();
        tied.truncate(MOST_TIED);
        tied
    }
}

/// Most names a "did you mean" offers when several match equally.
pub(crate) const MOST_TIED: usize = 4;

/// Those of `names` that are served, in order (at most [`MOST_TIED`]).
fn served<'a>(names: &'a [Cow<'static, str>], is_off: &impl Fn(&str) -> bool) -> Vec<&'a str> {
    names
        .iter()
        .map(AsRef::as_ref)
        .filter(|n| !is_off(n))
        .take(MOST_TIED)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(names: &[&'static str]) -> NearIndex {
        let names: Vec<Cow<'static, str>> = names.iter().map(|n| Cow::Borrowed(*n)).collect();
        NearIndex::new(names.iter())
    }

    #[test]
    fn case_and_separators_are_one_look_up_even_in_a_large_registry() {
        let mut names: Vec<&'static str> = (0..1_000)
            .map(|i| &*Box::leak(format!("tool_{i:04}").into_boxed_str()))
            .collect();
        names.push("preview_start");
        let index = index(&names);
        assert_eq!(index.closest("Preview.Start", |_| false), ["preview_start"]);
        assert!(
            index.closest("preview_strat", |_| false).is_empty(),
            "past MOST_COMPARED tools no edit distance is computed"
        );
    }

    #[test]
    fn a_small_edit_is_found_in_a_small_registry() {
        let index = index(&["deploy", "preview_start", "preview_stop"]);
        assert_eq!(index.closest("deplyo", |_| false), ["deploy"]);
        assert_eq!(index.closest("preview_strat", |_| false), ["preview_start"]);
        assert!(index.closest("rollback", |_| false).is_empty());
    }

    /// keurcien/auxilia #254: `run-query` was answered with one of two look-alikes.
    #[test]
    fn names_that_match_equally_are_all_offered_and_a_switched_off_one_never() {
        let users = index(&["get-user", "get_user"]);
        assert_eq!(
            users.closest("GET.USER", |_| false),
            ["get-user", "get_user"]
        );
        assert_eq!(users.closest("GET.USER", |n| n == "get-user"), ["get_user"]);
        assert!(users.closest("GET.USER", |_| true).is_empty());
        let deploys = index(&["deploy_a", "deploy_b", "status"]);
        assert_eq!(
            deploys.closest("deploy_c", |_| false),
            ["deploy_a", "deploy_b"]
        );
    }

    #[test]
    fn an_overlong_name_gets_no_suggestion() {
        let long = "a".repeat(LONGEST_LOOKED_AT + 1);
        let index = index(&["a"]);
        assert!(index.closest(&long, |_| false).is_empty());
    }
}
