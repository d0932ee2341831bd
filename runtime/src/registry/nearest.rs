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

    /// The served name `called` most likely meant, skipping names `is_off` says are not
    /// served; `None` when none is close, or when looking would cost too much (see the
    /// module docs).
    pub fn closest(&self, called: &str, is_off: impl Fn(&str) -> bool) -> Option<&str> {
        if called.len() > LONGEST_LOOKED_AT {
            return None;
        }
        let key = match_key(called);
        if let Some(hit) = self.by_key.get(&key).and_then(|n| served(n, &is_off)) {
            return Some(hit);
        }
        if self.by_key.len() > MOST_COMPARED {
            return None;
        }
        let limit = edit_limit(&key);
        self.by_key
            .iter()
            .filter_map(|(other, names)| {
                let distance = distance_within(&key, other, limit)?;
                Some((distance, served(names, &is_off)?))
            })
            .min()
            .map(|(_, name)| name)
    }
}

/// The first of `names` that is served.
fn served<'a>(names: &'a [Cow<'static, str>], is_off: &impl Fn(&str) -> bool) -> Option<&'a str> {
    names.iter().map(AsRef::as_ref).find(|n| !is_off(n))
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
        assert_eq!(
            index.closest("Preview.Start", |_| false),
            Some("preview_start")
        );
        assert_eq!(
            index.closest("preview_strat", |_| false),
            None,
            "past MOST_COMPARED tools no edit distance is computed"
        );
    }

    #[test]
    fn a_small_edit_is_found_in_a_small_registry() {
        let index = index(&["deploy", "preview_start", "preview_stop"]);
        assert_eq!(index.closest("deplyo", |_| false), Some("deploy"));
        assert_eq!(
            index.closest("preview_strat", |_| false),
            Some("preview_start")
        );
        assert_eq!(index.closest("rollback", |_| false), None);
    }

    #[test]
    fn a_switched_off_tool_is_never_suggested() {
        let index = index(&["get-user", "get_user"]);
        assert_eq!(index.closest("GET.USER", |_| false), Some("get-user"));
        assert_eq!(
            index.closest("GET.USER", |n| n == "get-user"),
            Some("get_user")
        );
        assert_eq!(index.closest("GET.USER", |_| true), None);
    }

    #[test]
    fn an_overlong_name_gets_no_suggestion() {
        let long = "a".repeat(LONGEST_LOOKED_AT + 1);
        let index = index(&["a"]);
        assert_eq!(index.closest(&long, |_| false), None);
    }
}
