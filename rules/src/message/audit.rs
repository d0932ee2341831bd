//! Sentences of the CLI's `check` and `audit` reports: what the report redacts, and a
//! reason several contracts share, said once.

use super::{describe_char, show};
use crate::check::NameError;

/// The line that opens a report written under `--show-secrets`.
#[must_use]
pub const fn secrets_shown() -> &'static str {
    "warning: `--show-secrets` is on: flag values, URL passwords, tokens, `env` and header \
     values are written as they are; do not share this report"
}

/// What is wrong with `name`, without naming a contract: the first line of a reason that
/// several contracts share.
///
/// ```
/// use mcp_toolname_rules::{message, NameError};
/// let err = NameError::InvalidChar { ch: ' ', index: 6 };
/// assert_eq!(
///     message::name_problem("search documents", &err),
///     "tool name `search documents` contains a space at index 6"
/// );
/// ```
#[must_use]
pub fn name_problem(name: &str, err: &NameError) -> String {
    match *err {
        NameError::Empty => "tool name is empty".to_owned(),
        NameError::InvalidChar { ch, index } => format!(
            "tool name {} contains {} at index {index}",
            show(name),
            describe_char(ch)
        ),
        NameError::InvalidFirstChar { ch } => {
            format!("tool name {} starts with {}", show(name), describe_char(ch))
        }
        NameError::TooLong { len, .. } => {
            format!(
                "tool name {} is {len} characters long",
                super::show_len_said(name)
            )
        }
    }
}

/// Which contracts refuse a name for one reason (`err`, from [`name_problem`]), and which
/// clients' APIs: the second line of a grouped reason. `firsts` pairs each contract with
/// what it requires of a first character, for [`NameError::InvalidFirstChar`].
///
/// ```
/// use mcp_toolname_rules::{message, NameError};
/// let err = NameError::TooLong { len: 70, max: 64 };
/// assert_eq!(
///     message::refused_by(&["openai", "gemini"], &[], &err, &[]),
///     "refused by `openai` and `gemini`, which allow at most 64"
/// );
/// let err = NameError::InvalidFirstChar { ch: '1' };
/// assert_eq!(
///     message::refused_by(&["gemini", "portable"], &[], &err,
///         &[("gemini", "a letter or `_`"), ("portable", "a letter")]),
///     "refused by `gemini` and `portable`, which require it to start with a letter or `_` \
///      (`gemini`) or a letter (`portable`)"
/// );
/// ```
#[must_use]
pub fn refused_by(
    contracts: &[&str],
    clients: &[&str],
    err: &NameError,
    firsts: &[(&str, &str)],
) -> String {
    let ids: Vec<String> = contracts.iter().map(|id| format!("`{id}`")).collect();
    let one = contracts.len() == 1;
    let mut out = format!("refused by {}", super::joined(&ids, "and"));
    let which = if one {
        "which requires"
    } else {
        "which require"
    };
    match err {
        NameError::TooLong { max, .. } => {
            let allow = if one { "allows" } else { "allow" };
            out.push_str(&format!(", which {allow} at most {max}"));
        }
        NameError::InvalidFirstChar { .. } if !firsts.is_empty() => {
            let mut kinds: Vec<&str> = firsts.iter().map(|(_, f)| *f).collect();
            kinds.dedup();
            let start = if kinds.len() == 1 {
                kinds[0].to_owned()
            } else {
                firsts
                    .iter()
                    .map(|(id, f)| format!("{f} (`{id}`)"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            };
            out.push_str(&format!(", {which} it to start with {start}"));
        }
        NameError::Empty => out.push_str(&format!(", {which} 1 character or more")),
        _ => {}
    }
    if !clients.is_empty() {
        let ids: Vec<String> = clients.iter().map(|id| format!("`{id}`")).collect();
        out.push_str(&format!(
            "; so the APIs behind {} refuse it too",
            super::joined(&ids, "and")
        ));
    }
    out
}

/// A name that needs a fix when nothing readable can be made from it: rather than a
/// placeholder such as `tool`, say so.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(
///     message::no_readable_fix("代码规范文档"),
///     "no readable name can be made from `代码规范文档`: none of its characters has an ASCII \
///      form; name the tool yourself, in `A-Z a-z 0-9 _ -`, after what it does"
/// );
/// ```
#[must_use]
pub fn no_readable_fix(name: &str) -> String {
    format!(
        "no readable name can be made from {}: none of its characters has an ASCII form; name \
         the tool yourself, in `A-Z a-z 0-9 _ -`, after what it does",
        show(name)
    )
}

/// An alias whose window has closed, which a server still declares: calls to it are refused,
/// so it only waits to be cleaned up (`audit`'s `alias_past_window`).
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(
///     message::alias_past_window("calc.add", "add_numbers", "2027-03-01T00:00:00Z"),
///     "alias `calc.add` of `add_numbers` ended at 2027-03-01T00:00:00Z, and the server still \
///      declares it; turn it into a tombstone (`#[tool_registry(tombstone(name = \
///      \"calc.add\", renamed_to = \"add_numbers\"))]`) or delete it"
/// );
/// ```
#[must_use]
pub fn alias_past_window(alias: &str, canonical: &str, until: &str) -> String {
    format!(
        "alias {} of {} ended at {until}, and the server still declares it; turn it into a \
         tombstone (`#[tool_registry(tombstone(name = {:?}, renamed_to = {:?}))]`) or delete \
         it",
        show(alias),
        show(canonical),
        alias,
        canonical
    )
}
