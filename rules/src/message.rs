//! The sentences of the macros, most of the runtime's, and the CLI's reasons about one name,
//! written once. The CLI's report writes its own sentences across a list, across servers and
//! between snapshots.
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
pub use arguments::*;
pub use attrs::*;
pub use audit::*;
pub use calls::*;
pub use clients::*;
pub use kind::*;
pub use limits::*;
pub use lints::*;
pub use meet::*;

use std::borrow::Cow;

use crate::check::{AliasNameError, NameError, is_control_like, is_invisible};
use crate::contract::Contract;

/// Longest name shown whole in a message; a longer one is cut with its length given.
const SHOWN_CHARS: usize = 80;

/// A name as it appears inside backticks in a message: escaped, and cut past 80
/// characters, with its full length in characters and its [`digest`] appended (so two long
/// names that share their first 80 characters are still told apart).
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(message::show("search\u{202E}"), "`search\\u{202e}`");
/// let long = "a".repeat(100);
/// assert_eq!(
///     message::show(&long),
///     format!("`{}…` (100 characters, sha1 {})", "a".repeat(80), message::digest(&long))
/// );
/// ```
#[must_use]
pub fn show(name: &str) -> String {
    show_with(name, true)
}

/// Longest name carried whole in every field of a JSON report; a longer one is carried whole
/// once (the tool's own `name`) and [`short`] everywhere else. Twice the longest name any
/// client or LLM API keeps (128), so every name that works anywhere is always whole.
pub const WHOLE_CHARS: usize = 256;

/// The first 12 lower-case hex digits of the SHA-1 of `name`'s UTF-8 bytes: a label that
/// tells two long names apart in a report (not a security measure).
#[must_use]
pub fn digest(name: &str) -> String {
    crate::qualify::sha1_hex(&[name], 12)
}

/// `name` as a JSON report carries it outside the one place it is whole: as it is up to
/// [`WHOLE_CHARS`] characters; past that its first 80 characters, `…`, and its length and
/// [`digest`], so a report grows with the number of names, not with their length. Not
/// escaped: the JSON writer escapes control and invisible characters.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert_eq!(message::short("search_docs"), "search_docs");
/// let long = "x".repeat(10_000);
/// assert_eq!(
///     message::short(&long),
///     format!("{}… (10000 characters, sha1 {})", "x".repeat(80), message::digest(&long))
/// );
/// ```
#[must_use]
pub fn short(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(WHOLE_CHARS) {
        None => std::borrow::Cow::Borrowed(name),
        Some(_) => {
            let cut = name
                .char_indices()
                .nth(SHOWN_CHARS)
                .map_or(name.len(), |(i, _)| i);
            let count = name.chars().count();
            std::borrow::Cow::Owned(format!(
                "{}… ({count} characters, sha1 {})",
                &name[..cut],
                digest(name)
            ))
        }
    }
}

/// Longest text from outside (an error's own words, with its causes) shown whole.
const SHOWN_TEXT_CHARS: usize = 400;

/// Text from outside the program (an HTTP client's or TLS library's error, with its causes)
/// as it appears in a message, not in backticks: escaped as [`show`] escapes a name, and cut
/// past 400 characters (with its full length appended), so the last cause, which usually
/// says what failed, is kept.
#[must_use]
pub fn show_text(text: &str) -> String {
    let (escaped, count) = escape(text, SHOWN_TEXT_CHARS, true);
    if count > SHOWN_TEXT_CHARS {
        format!("{escaped}… ({count} characters)")
    } else {
        escaped.into_owned()
    }
}

/// An author's sentence for a model inside an answer (a tombstone's note): escaped as
/// [`show_text`] escapes, but with its backticks kept (a note names tools in code spans), and
/// cut past 400 characters with its full length appended, so an answer stays short whatever
/// the note holds.
///
/// ```
/// use mcp_toolname_rules::message::show_note;
/// assert_eq!(show_note("use `list_events`"), "use `list_events`");
/// assert_eq!(show_note("a\u{202E}b"), "a\\u{202e}b");
/// assert!(show_note(&"x".repeat(1000)).ends_with("… (1000 characters)"));
/// ```
#[must_use]
pub fn show_note(text: &str) -> String {
    let (escaped, count) = escape(text, SHOWN_TEXT_CHARS, false);
    if count > SHOWN_TEXT_CHARS {
        format!("{escaped}… ({count} characters)")
    } else {
        escaped.into_owned()
    }
}

/// The first `limit` characters of `text`, escaped (backticks too, with `backticks`), and
/// the number of characters in all.
fn escape(text: &str, limit: usize, backticks: bool) -> (Cow<'_, str>, usize) {
    // Nearly every name is printable ASCII that needs no escape: borrowed as it is (a
    // registry shows every tool's name as it is built, and the loop below costs a few hundred
    // instructions a character).
    if text.len() <= limit && text.bytes().all(|b| kept_as_is(b, backticks)) {
        return (Cow::Borrowed(text), text.len());
    }
    let (out, count) = escape_each(text, limit, backticks);
    (Cow::Owned(out), count)
}

/// [`escape`] character by character, for any text.
fn escape_each(text: &str, limit: usize, backticks: bool) -> (String, usize) {
    let mut out = String::new();
    for (count, (at, ch)) in text.char_indices().enumerate() {
        if count == limit {
            // The rest is only counted (a server's name can be megabytes long).
            return (out, count + text[at..].chars().count());
        }
        // Quotes stay as they are; anything that could hide, move or fake text is escaped.
        let hidden = is_control_like(ch)
            || is_invisible(ch)
            || (backticks && ch == '`')
            || (ch != ' ' && ch.is_whitespace());
        match ch {
            _ if hidden => out.extend(ch.escape_unicode()),
            '\\' => out.push_str("\\\\"),
            '\'' | '"' => out.push(ch),
            _ => out.extend(ch.escape_debug()),
        }
    }
    let count = text.chars().count();
    (out, count)
}

/// Whether byte `b` is a printable ASCII character that [`escape`] keeps as it is: not a
/// control, not the backslash (doubled), and not the backtick where backticks are escaped.
const fn kept_as_is(b: u8, backticks: bool) -> bool {
    matches!(b, b' '..=b'~') && b != b'\\' && !(backticks && b == b'`')
}

/// [`show`] for a sentence that gives the length itself: a cut name has only its digest
/// appended.
pub(crate) fn show_len_said(name: &str) -> String {
    show_with(name, false)
}

fn show_with(name: &str, with_len: bool) -> String {
    let (out, count) = escape(name, SHOWN_CHARS, true);
    if count > SHOWN_CHARS {
        let digest = digest(name);
        if with_len {
            format!("`{out}…` ({count} characters, sha1 {digest})")
        } else {
            format!("`{out}…` (sha1 {digest})")
        }
    } else {
        ["`", &out, "`"].concat()
    }
}

/// `items` as a list in words, `word` before the last: `a`, `a and b`, `a, b and c` (or `or`).
///
/// ```
/// use mcp_toolname_rules::message::joined;
/// let items = ["`a`".to_owned(), "`b`".to_owned(), "`c`".to_owned()];
/// assert_eq!(joined(&items, "and"), "`a`, `b` and `c`");
/// assert_eq!(joined(&items[..2], "or"), "`a` or `b`");
/// assert_eq!(joined(&items[..1], "or"), "`a`");
/// ```
#[must_use]
pub fn joined(items: &[String], word: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// A character in words: `a space`, `a dot `.``, `` `а` (U+0430, not ASCII) ``, or `the
/// control character U+0009`.
#[must_use]
pub fn describe_char(ch: char) -> String {
    let code = format!("U+{:04X}", ch as u32);
    match ch {
        ' ' => "a space".to_owned(),
        '.' => "a dot `.`".to_owned(),
        ',' => "a comma `,`".to_owned(),
        '/' => "a slash `/`".to_owned(),
        ':' => "a colon `:`".to_owned(),
        '-' => "a dash `-`".to_owned(),
        '_' => "an underscore `_`".to_owned(),
        c if c.is_ascii_digit() => format!("the digit `{c}`"),
        c if is_control_like(c) => format!("the control character {code}"),
        '`' => "a backtick".to_owned(),
        c if c.is_ascii() => format!("`{c}`"),
        c if is_invisible(c) || c.is_whitespace() || c.escape_debug().count() > 1 => {
            format!("the invisible character {code}")
        }
        c => format!("`{c}` ({code}, not ASCII)"),
    }
}

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
    let hint = closest(alias, known).map_or_else(String::new, |k| format!("; did you mean `{k}`?"));
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

#[cfg(test)]
mod tests;
