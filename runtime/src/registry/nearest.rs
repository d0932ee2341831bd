//! The served tool an unknown name most likely meant, for the "did you mean" of a `tools/call`
//! error. The rule is the rules crate's ([`mcp_toolname_rules::closest_name`]); this module
//! bounds its cost, since anyone connected can send unknown names as fast as they like.
//! Old names (aliases, tombstones) are indexed beside served ones, since old clients mistype
//! old names; the caller turns a hit on one into the served name it leads to.
//!
//! - A called name longer than [`LONGEST_LOOKED_AT`] bytes gets no suggestion.
//! - Names that differ only by case or separators are found by one look-up of the called
//!   name's match key in an index built once per change of the tool set.
//! - A small edit (`deplyo`) is looked for only when the server has at most
//!   [`MOST_COMPARED`] (64) names (tools, aliases and tombstones, counted by match key):
//!   then each comparison is banded by the edit limit and stops at the first row past it, so
//!   one unknown call costs at most `MOST_COMPARED × 256 × 5` steps of the distance table,
//!   and one allocation per name.

use std::borrow::Cow;
use std::collections::HashMap;

use mcp_toolname_rules::{distance_within, edit_limit, match_key};

/// Longest called name (in bytes) a suggestion is looked for: the spec's 128 characters, with
/// room for names of 2-byte characters.
pub(crate) const LONGEST_LOOKED_AT: usize = 256;

/// Most names (by match key) compared one by one for a small edit.
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

    /// What `called` most likely meant: each indexed name near it that `resolve` turns into
    /// a suggestion (`None` for a name that leads to nothing served). One, or several when
    /// they match it equally (`run_query` and `Run-Query` for `run-query`), sorted, one per
    /// served name (the smallest: a served name reached by itself before one reached through
    /// an old name), at most [`MOST_TIED`]; empty when none is close, or when looking would
    /// cost too much (see the module docs).
    pub fn closest<'a, T: Ord>(
        &'a self,
        called: &str,
        resolve: impl Fn(&'a str) -> Option<T>,
        same: impl Fn(&T, &T) -> bool,
    ) -> Vec<T> {
        if called.len() > LONGEST_LOOKED_AT {
            return Vec::new();
        }
        let key = match_key(called);
        if let Some(names) = self.by_key.get(&key) {
            let hits = served(names, &resolve);
            if !hits.is_empty() {
                return one_each(hits, same);
            }
        }
        if self.by_key.len() > MOST_COMPARED {
            return Vec::new();
        }
        let limit = edit_limit(&key);
        let near: Vec<(usize, Vec<T>)> = self
            .by_key
            .iter()
            .filter_map(|(other, names)| {
                let distance = distance_within(&key, other, limit)?;
                let hits = served(names, &resolve);
                (!hits.is_empty()).then_some((distance, hits))
            })
            .collect();
        let Some(best) = near.iter().map(|(d, _)| *d).min() else {
            return Vec::new();
        };
        let tied: Vec<T> = near
            .into_iter()
            .filter(|(d, _)| *d == best)
            .flat_map(|(_, hits)| hits)
            .collect();
        one_each(tied, same)
    }
}

/// `hits` sorted, with only the first of each run that `same` says leads to one served name,
/// at most [`MOST_TIED`].
fn one_each<T: Ord>(mut hits: Vec<T>, same: impl Fn(&T, &T) -> bool) -> Vec<T> {
    hits.sort_unstable();
    hits.dedup_by(|later, first| same(first, later));
    hits.truncate(MOST_TIED);
    hits
}

/// Most names a "did you mean" offers when several match equally.
pub(crate) const MOST_TIED: usize = 4;

/// What `resolve` makes of `names`, skipping those that lead to nothing served.
fn served<'a, T>(
    names: &'a [Cow<'static, str>],
    resolve: &impl Fn(&'a str) -> Option<T>,
) -> Vec<T> {
    names.iter().filter_map(|n| resolve(n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names `called` most likely meant, skipping those `is_off` says are not served.
    fn plain<'a>(
        index: &'a NearIndex,
        called: &str,
        is_off: impl Fn(&str) -> bool,
    ) -> Vec<&'a str> {
        index.closest(called, |n| (!is_off(n)).then_some(n), |a, b| a == b)
    }

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
        assert_eq!(plain(&index, "Preview.Start", |_| false), ["preview_start"]);
        assert!(
            plain(&index, "preview_strat", |_| false).is_empty(),
            "past MOST_COMPARED tools no edit distance is computed"
        );
    }

    #[test]
    fn a_small_edit_is_found_in_a_small_registry() {
        let index = index(&["deploy", "preview_start", "preview_stop"]);
        assert_eq!(plain(&index, "deplyo", |_| false), ["deploy"]);
        assert_eq!(plain(&index, "preview_strat", |_| false), ["preview_start"]);
        assert!(plain(&index, "rollback", |_| false).is_empty());
    }

    /// keurcien/auxilia #254: `run-query` was answered with one of two look-alikes.
    #[test]
    fn names_that_match_equally_are_all_offered_and_a_switched_off_one_never() {
        let users = index(&["get-user", "get_user"]);
        assert_eq!(
            plain(&users, "GET.USER", |_| false),
            ["get-user", "get_user"]
        );
        assert_eq!(plain(&users, "GET.USER", |n| n == "get-user"), ["get_user"]);
        assert!(plain(&users, "GET.USER", |_| true).is_empty());
        let deploys = index(&["deploy_a", "deploy_b", "status"]);
        assert_eq!(
            plain(&deploys, "deploy_c", |_| false),
            ["deploy_a", "deploy_b"]
        );
    }

    #[test]
    fn an_overlong_name_gets_no_suggestion() {
        let long = "a".repeat(LONGEST_LOOKED_AT + 1);
        let index = index(&["a"]);
        assert!(plain(&index, &long, |_| false).is_empty());
    }

    #[test]
    fn an_old_name_leads_to_its_served_name_once() {
        type Hit = (String, Option<String>);
        let index = index(&["calc.add", "deplo", "deploy"]);
        // What the registry makes of each: an alias leads to its tool.
        let resolve = |n: &str| -> Option<Hit> {
            let tool = match n {
                "calc.add" => "add_numbers",
                "deplo" => "deploy",
                _ => return Some((n.to_owned(), None)),
            };
            Some((tool.to_owned(), Some(n.to_owned())))
        };
        let same = |a: &Hit, b: &Hit| a.0 == b.0;
        let hit = |tool: &str, via: Option<&str>| (tool.to_owned(), via.map(str::to_owned));
        assert_eq!(
            index.closest("calc_add", resolve, same),
            [hit("add_numbers", Some("calc.add"))]
        );
        // `deplyo` is one edit from `deploy` and from its alias `deplo`: one suggestion, the
        // tool by its own name.
        assert_eq!(
            index.closest("deplyo", resolve, same),
            [hit("deploy", None)]
        );
    }
}
