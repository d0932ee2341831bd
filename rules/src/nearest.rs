//! The name a caller most likely meant, for every "did you mean": on an unknown tool, where the
//! caller is often a model or a client that rewrote the name (`preview.start` for
//! `preview_start`, `Get_User` for `get_user`), and on an unknown attribute argument, lint,
//! target or config field, where it is a person's slip.
//!
//! Two names are compared by their [`match_key`] (ASCII case folded, the separators `.` `-`
//! `/` `:` and space read as `_`), then by edit distance between the keys (a swap of two
//! neighbours counts one edit), with a small limit that grows with the length of the name.
//! The distance is banded (only the cells within the limit of the diagonal are computed), so
//! one comparison costs `O(len × limit)`, never `O(len²)`: the caller can bound the whole
//! search by the number of candidates it compares.

/// The form two tool names are compared in: ASCII letters lower-cased, and each of `.` `-` `/`
/// `:` and space turned into `_` (the characters clients and models swap for one another).
/// Other characters are kept as they are.
///
/// ```
/// use mcp_toolname_rules::match_key;
/// assert_eq!(match_key("Preview.Start"), "preview_start");
/// assert_eq!(match_key("get-user id"), "get_user_id");
/// ```
#[must_use]
pub fn match_key(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '.' | '-' | '/' | ':' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The form in which two names of one server look alike: case folded (Unicode, as
/// `str::to_lowercase`), then [`match_key`]. Two different names with one key warn in the
/// build and in `audit`: as case-only when they are one name in lower case, else as
/// look-alikes.
///
/// ```
/// use mcp_toolname_rules::look_alike_key;
/// assert_eq!(look_alike_key("Run-Query"), look_alike_key("run_query"));
/// assert_eq!(look_alike_key("ÄRGER.Log"), "ärger_log");
/// assert_ne!(look_alike_key("runquery"), look_alike_key("run_query"));
/// ```
#[must_use]
pub fn look_alike_key(name: &str) -> String {
    match_key(&name.to_lowercase())
}

/// The most edits between two match keys that still reads as a slip: 1 up to 9 characters
/// of `key`, 2 beyond. Kept small on purpose: `preview_start` and `preview_stop` (3 edits) are
/// two tools, not a typo of one.
#[must_use]
pub fn edit_limit(key: &str) -> usize {
    if key.chars().count() <= 9 { 1 } else { 2 }
}

/// The edit distance between `a` and `b` (over characters; an insertion, a deletion, a
/// substitution or a swap of two neighbours each count 1: the optimal string alignment
/// distance), if it is at most `limit`; `None` otherwise. Only the cells within `limit` of
/// the diagonal are computed, so it costs `O(len(a) × limit)`.
///
/// ```
/// use mcp_toolname_rules::distance_within;
/// assert_eq!(distance_within("preview_strat", "preview_start", 2), Some(1));
/// assert_eq!(distance_within("kitten", "sitting", 2), None);
/// ```
#[must_use]
pub fn distance_within(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.is_ascii() && b.is_ascii() {
        banded(a.as_bytes(), b.as_bytes(), limit)
    } else {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        banded(&a, &b, limit)
    }
}

/// [`distance_within`] over characters (or bytes, for ASCII text): one allocation, and it
/// stops at the first row whose every cell is past the limit.
fn banded<T: PartialEq>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // Three rows of the table (two rows back, the last, this one): `row[j]` is the distance
    // between the first `i` items of `a` and the first `j` of `b`; cells outside the band
    // hold `far` (more than the limit).
    let far = limit + 1;
    let width = b.len() + 1;
    let mut rows = vec![far; 3 * width];
    for (j, cell) in rows[width..2 * width].iter_mut().enumerate() {
        *cell = j.min(far);
    }
    let (mut before, mut prev, mut row) = (0, width, 2 * width);
    for i in 1..=a.len() {
        rows[row..row + width].fill(far);
        rows[row] = i.min(far);
        let lo = i.saturating_sub(limit).max(1);
        let hi = (i + limit).min(b.len());
        let mut best = rows[row];
        for j in lo..=hi {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[prev + j] + 1)
                .min(rows[row + j - 1] + 1)
                .min(rows[prev + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[before + j - 2] + 1);
            }
            rows[row + j] = d.min(far);
            best = best.min(rows[row + j]);
        }
        if best > limit {
            return None;
        }
        (before, prev, row) = (prev, row, before);
    }
    Some(rows[prev + b.len()]).filter(|d| *d <= limit)
}

/// The candidate `word` most likely meant, for every "did you mean" (an unknown tool, argument,
/// attribute argument, lint, target, config field or server): the same [`match_key`]
/// (distance 0), else the nearest key within [`edit_limit`], else a key that `word`'s key of 3
/// characters or more begins (`claude` for `claude_code`, `llm` for `llm_common`: a name cut
/// short). Ties go to the smaller name, so the answer does not depend on the order of
/// `candidates`. `None` when nothing is that close.
///
/// Compares `word` with every candidate: callers facing untrusted input bound the number of
/// candidates (the runtime looks the key up in an index first, and compares one by one only
/// for small registries).
///
/// ```
/// use mcp_toolname_rules::closest_name;
/// let served = ["preview_start", "preview_stop", "deploy"];
/// assert_eq!(closest_name("preview.start", &served), Some("preview_start"));
/// assert_eq!(closest_name("Preview-Stop", &served), Some("preview_stop"));
/// assert_eq!(closest_name("deplyo", &served), Some("deploy"));
/// assert_eq!(closest_name("rollback", &served), None);
/// assert_eq!(closest_name("nme", &["name", "alias"]), Some("name"));
/// assert_eq!(closest_name("claude", &["codex", "claude_code"]), Some("claude_code"));
/// ```
#[must_use]
pub fn closest_name<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let key = match_key(word);
    let limit = edit_limit(&key);
    let cut_short = |other: &str| key.chars().count() >= 3 && other.starts_with(&key);
    candidates
        .iter()
        .filter_map(|c| {
            let other = match_key(c);
            let rank = distance_within(&key, &other, limit)
                .or_else(|| cut_short(&other).then_some(limit + 1))?;
            Some((rank, *c))
        })
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain full-table optimal string alignment distance, to check the banded one
    /// against.
    fn full(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, r) in d.iter_mut().enumerate() {
            r[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                d[i][j] = (d[i - 1][j] + 1)
                    .min(d[i][j - 1] + 1)
                    .min(d[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                }
            }
        }
        d[a.len()][b.len()]
    }

    #[test]
    fn the_banded_distance_agrees_with_the_full_one_within_the_limit() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "acb",
            "kitten",
            "sitting",
            "preview_start",
            "preview_strat",
            "previewstart",
            "start_preview",
            "get_user",
            "get_users",
            "xyz",
            "é_ü",
            "e_u",
            "abcd",
            "badc",
            "ca",
            "abc_def_ghi",
            "acb_edf_hgi",
        ];
        for a in words {
            for b in words {
                for limit in 0..4 {
                    let d = full(a, b);
                    let expected = (d <= limit).then_some(d);
                    assert_eq!(
                        distance_within(a, b, limit),
                        expected,
                        "{a:?} {b:?} {limit}"
                    );
                }
            }
        }
    }

    #[test]
    fn separators_and_case_count_as_no_edit() {
        let served = ["get_user", "get_users", "list"];
        assert_eq!(closest_name("GET.USER", &served), Some("get_user"));
        assert_eq!(closest_name("get user", &served), Some("get_user"));
        assert_eq!(closest_name("get/users", &served), Some("get_users"));
    }

    #[test]
    fn ties_go_to_the_smaller_name_whatever_the_order() {
        assert_eq!(
            closest_name("tool_b", &["tool_c", "tool_a"]),
            Some("tool_a")
        );
        assert_eq!(
            closest_name("tool_b", &["tool_a", "tool_c"]),
            Some("tool_a")
        );
    }

    #[test]
    fn short_names_allow_one_edit_and_long_ones_two() {
        assert_eq!(closest_name("ab", &["xy"]), None);
        assert_eq!(closest_name("add", &["sub", "mul"]), None);
        assert_eq!(closest_name("ad", &["add"]), Some("add"));
        assert_eq!(
            closest_name("deplyo", &["deploy"]),
            Some("deploy"),
            "a swap is one edit"
        );
        assert_eq!(closest_name("get_usr", &["get_users"]), None);
        assert_eq!(
            closest_name("get_usr_by_id", &["get_user_by_ids"]),
            Some("get_user_by_ids")
        );
        assert_eq!(closest_name("preview_start", &["preview_stop"]), None);
    }

    /// The hints of the build (`tests/ui`) and of the CLI's flags and files: a slip, a case or
    /// separator change, and a name cut short.
    #[test]
    fn a_name_cut_short_is_meant_as_the_longer_one() {
        let targets = ["llm_common", "claude_code", "codex", "openai"];
        assert_eq!(closest_name("claude", &targets), Some("claude_code"));
        assert_eq!(closest_name("llm", &targets), Some("llm_common"));
        assert_eq!(closest_name("open_ai", &targets), Some("openai"));
        assert_eq!(
            closest_name("util", &["until", "list_until"]),
            Some("until")
        );
        assert_eq!(
            closest_name("clinet", &["client", "contract"]),
            Some("client")
        );
        // Two characters cut nothing short: `ab` is not `abc`.
        assert_eq!(closest_name("ab", &["abcdef"]), None);
        // A slip is nearer than a longer name.
        assert_eq!(
            closest_name("deplo", &["deploy_all", "deploy"]),
            Some("deploy")
        );
    }
}
