//! The sentences of the macros, most of the runtime's, and the CLI's reasons about one name,
//! kept here so a user reads the same words from the build, the server and the CLI. The CLI's
//! report writes its own sentences across a list, across servers and between snapshots.
//!
//! Style follows rustc: lowercase, no closing period, code in backticks; a text a model reads
//! in a tool result (an expired alias, a notice, a tombstone) is sentences, capitalised and
//! closed with a period. A name is shown escaped (control and invisible characters as
//! `\u{..}`) and, past 80 characters, cut, so that no message can hide or garble what it is
//! about.

mod arguments;
mod attrs;
mod audit;
mod calls;
mod clients;
mod kind;
mod limits;
mod lints;
mod meet;
mod show;
pub use arguments::*;
pub use attrs::*;
pub use audit::*;
pub use calls::*;
pub use clients::*;
pub use kind::*;
pub use limits::*;
pub use lints::*;
pub use meet::*;
pub use show::*;

use crate::check::{AliasNameError, NameError};
use crate::contract::Contract;

/// What is wrong with `name` under `contract`, as one line.
///
/// ```
/// use mcp_toolname_rules::{check, message, MCP};
/// let err = check("search documents", &MCP).unwrap_err();
/// assert_eq!(
///     message::name_error("search documents", &err, &MCP),
///     "tool name `search documents` contains a space at index 6, which the MCP spec \
///      does not allow (allowed: `A-Z a-z 0-9 _ - .`)"
/// );
/// ```
#[must_use]
pub fn name_error(name: &str, err: &NameError, contract: &Contract) -> String {
    item_name_error(&Kind::TOOL, name, err, contract)
}

/// [`name_error`] for any kind of named item.
///
/// ```
/// use mcp_toolname_rules::{check, message, message::Kind, PROMPT};
/// let err = check("review pr", &PROMPT).unwrap_err();
/// assert_eq!(
///     message::item_name_error(&Kind::PROMPT, "review pr", &err, &PROMPT),
///     "prompt name `review pr` contains a space at index 6, which the slash-command rule for \
///      prompts does not allow (allowed: any character but white space, controls and \
///      invisible ones)"
/// );
/// ```
#[must_use]
pub fn item_name_error(kind: &Kind, name: &str, err: &NameError, contract: &Contract) -> String {
    named_error(kind.noun, name, err, contract)
}

/// What is wrong with `name`, a name of a `noun` (a kind's, or a prompt's `argument`).
fn named_error(noun: &str, name: &str, err: &NameError, contract: &Contract) -> String {
    match *err {
        NameError::Empty => format!(
            "{noun} name is empty; {} requires 1 to {} characters",
            contract.title, contract.max_len
        ),
        NameError::InvalidChar { ch, index } => format!(
            "{noun} name {} contains {} at index {index}, which {} does not allow (allowed: {})",
            show(name),
            describe_char(ch),
            contract.title,
            contract.allowed
        ),
        NameError::InvalidFirstChar { ch } => format!(
            "{noun} name {} starts with {}, but {} requires it to start with {}",
            show(name),
            describe_char(ch),
            contract.title,
            contract.first.describe()
        ),
        NameError::TooLong { len, max } => format!(
            "{noun} name {} is {len} characters long, but {} allows at most {max}",
            show_len_said(name),
            contract.title
        ),
    }
}

/// The fix, as a help line: ``write `search_documents` instead``.
#[must_use]
pub fn write_instead(suggestion: &str) -> String {
    format!("write {} instead", show(suggestion))
}

/// Warning for a spec-valid name that an LLM API contract refuses, with the help in words:
/// [`write_instead`], or [`no_readable_fix`] where nothing readable can be made from the name.
#[must_use]
pub fn not_portable_help(name: &str, err: &NameError, contract: &Contract, help: &str) -> String {
    format!(
        "{}; a client that passes it to those APIs fails the whole request, so {help}",
        name_error(name, err, contract)
    )
}

/// An alias name that no client could send.
#[must_use]
pub fn alias_name_error(alias: &str, err: &AliasNameError) -> String {
    old_name_error("alias", alias, err)
}

/// An old name (`noun`: an `alias`, or a `tombstone` of a removed tool) that no client could
/// send: it may break the spec's charset, as an old name often does, but not be empty, too
/// long for any client, or hold control or invisible characters.
#[must_use]
pub fn old_name_error(noun: &str, name: &str, err: &AliasNameError) -> String {
    let article = if noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    match *err {
        AliasNameError::Empty => format!("{noun} name is empty; write the old name of the tool"),
        AliasNameError::ControlChar { ch, index } => format!(
            "{noun} name {} contains {} at index {index}; {article} {noun} may break the spec's \
             charset (it is an old name), but not with control characters",
            show(name),
            describe_char(ch)
        ),
        AliasNameError::TooLong { max, .. } => format!(
            "{noun} name {} is longer than {max} characters, the most the MCP spec lets a tool \
             name have, so no client could have called a tool by it; write the old name as it \
             was",
            show(name)
        ),
        AliasNameError::Invisible { ch, index } => format!(
            "{noun} name {} contains {} at index {index}; {article} {noun} may break the spec's \
             charset (it is an old name), but not with characters a reader cannot see",
            show(name),
            describe_char(ch)
        ),
    }
}

/// A date or timestamp argument that does not parse.
#[must_use]
pub fn bad_date(arg: &str, value: &str) -> String {
    format!(
        "`{arg}` is {}, which is not a valid date; write `YYYY-MM-DD` (e.g. `2027-03-01`, \
         meaning 2027-03-01T00:00:00Z) or an RFC 3339 timestamp (e.g. `2027-03-01T12:00:00Z`)",
        show(value)
    )
}

/// `since` on or after `until`.
#[must_use]
pub fn since_not_before_until(since: &str, until: &str) -> String {
    format!(
        "`since` ({}) is not before `until` ({}), so the alias would never be served; \
         `since` is when the tool was renamed and `until` when the old name stops working",
        show(since),
        show(until)
    )
}

/// A call to an alias whose window has closed (a JSON-RPC error message).
#[must_use]
pub fn alias_expired(alias: &str, canonical: &str, until: &str) -> String {
    item_alias_expired(&Kind::TOOL, alias, canonical, until)
}

/// A call to a name the server does not serve (a JSON-RPC error message).
#[must_use]
pub fn tool_not_found(name: &str) -> String {
    item_not_found(&Kind::TOOL, name, &[])
}

/// The sentence that opens a listed alias's description: a tool's is called, a prompt's used.
///
/// ```
/// use mcp_toolname_rules::message::{Kind, item_alias_description};
/// assert_eq!(
///     item_alias_description(&Kind::TOOL, "search_docs", Some("2027-03-01T00:00:00Z")),
///     "Deprecated: renamed to `search_docs`; this name stops working at \
///      2027-03-01T00:00:00Z. Call `search_docs` instead."
/// );
/// assert_eq!(
///     item_alias_description(&Kind::PROMPT, "review_pr", None),
///     "Deprecated: renamed to `review_pr`. Use `review_pr` instead."
/// );
/// ```
#[must_use]
pub fn item_alias_description(kind: &Kind, canonical: &str, until: Option<&str>) -> String {
    let verb = kind.verb;
    match until {
        Some(until) => format!(
            "Deprecated: renamed to `{canonical}`; this name stops working at {until}. {verb} \
             `{canonical}` instead."
        ),
        None => format!("Deprecated: renamed to `{canonical}`. {verb} `{canonical}` instead."),
    }
}

/// The `tracing` warning logged when a deprecated alias is called.
#[must_use]
pub fn alias_called(alias: &str, canonical: &str, until: Option<&str>) -> String {
    item_alias_called(&Kind::TOOL, alias, canonical, until)
}

/// [`alias_called`] for an item of any kind.
#[must_use]
pub fn item_alias_called(kind: &Kind, alias: &str, canonical: &str, until: Option<&str>) -> String {
    let window = until.map_or_else(String::new, |u| format!(" until {u}"));
    format!(
        "{} {} by its deprecated name {}; it was renamed to {} (the old name is \
         served{window})",
        kind.noun,
        kind.done,
        show(alias),
        show(canonical)
    )
}

/// `until_version` that is not a semver version.
#[must_use]
pub fn bad_version(value: &str) -> String {
    format!(
        "`until_version` is {}, which is not a semver version; write e.g. `2.0.0`",
        show(value)
    )
}

/// An alias whose `until_version` this crate version has reached.
#[must_use]
pub fn alias_due(alias: &str, canonical: &str, until_version: &str, crate_version: &str) -> String {
    format!(
        "alias {} of tool {} was due for removal in version {until_version}, and this crate is \
         version {crate_version}; delete the alias, or raise `until_version` to keep serving it",
        show(alias),
        show(canonical)
    )
}

/// Warning for an alias that `tools/list` shows although a contract refuses its name.
#[must_use]
pub fn listed_alias_refused(alias: &str, err: &NameError, contract: &Contract) -> String {
    let reason = name_error(alias, err, contract);
    let reason = reason.strip_prefix("tool name ").unwrap_or(&reason);
    let who = if contract.id == crate::MCP.id {
        "a client that checks names against the spec refuses the list"
    } else {
        "a client that passes the list to an LLM API with that rule fails the whole request"
    };
    format!(
        "alias {reason}; it is listed in `tools/list`, so {who}: add `hidden` (the old name stays \
         callable but is not listed)"
    )
}

/// A listed prompt alias that breaks the slash-command rule ([`crate::PROMPT`]).
///
/// ```
/// use mcp_toolname_rules::{check, message, PROMPT};
/// let err = check("review pr", &PROMPT).unwrap_err();
/// assert!(message::listed_prompt_alias_refused("review pr", &err).starts_with(
///     "alias `review pr` contains a space at index 6"
/// ));
/// ```
#[must_use]
pub fn listed_prompt_alias_refused(alias: &str, err: &NameError) -> String {
    let reason = item_name_error(&Kind::PROMPT, alias, err, &crate::PROMPT);
    let reason = reason.strip_prefix("prompt name ").unwrap_or(&reason);
    format!(
        "alias {reason}; it is listed in `prompts/list`, where clients make it a slash command \
         that cannot be run as listed: add `hidden` (the old name still answers `prompts/get` \
         but is not listed)"
    )
}

/// A name refused by several declared contracts at once: the first message, and the others.
#[must_use]
pub fn also_refused_by(first: &str, others: &[&str]) -> String {
    if others.is_empty() {
        first.to_owned()
    } else {
        format!("{first} (also refused by {})", others.join(", "))
    }
}

/// A window override for an alias the registry does not have.
#[must_use]
pub fn override_unknown_alias(alias: &str, source: &str, known: &[&str]) -> String {
    let hint = crate::closest_name(alias, known)
        .map_or_else(String::new, |k| format!("; did you mean `{k}`?"));
    format!(
        "{source}: no alias is named {}{hint} (aliases: {})",
        show(alias),
        known.join(", ")
    )
}

/// A window override entry that does not parse.
#[must_use]
pub fn override_bad_entry(entry: &str, source: &str) -> String {
    format!(
        "{source}: entry {} is not `ALIAS=YYYY-MM-DD`, `ALIAS=<RFC 3339 timestamp>` or \
         `ALIAS=never`; entries are separated by `,`",
        show(entry)
    )
}

/// `list_until` not before `until`: the hidden phase would be empty.
#[must_use]
pub fn list_until_not_before_until(list_until: &str, until: &str) -> String {
    format!(
        "`list_until` ({}) is not before `until` ({}); the alias is listed until `list_until`, then \
         hidden but callable until `until`, so `list_until` comes first",
        show(list_until),
        show(until)
    )
}
