//! How a name or a text is shown inside a message: escaped (control and invisible characters
//! as `\u{..}`) and, past a length, cut with a digest, so no message can hide or garble what it
//! is about; and the words for a character and for a list.

use std::borrow::Cow;

use crate::check::{is_control_like, is_invisible};

/// Longest name shown whole in a message; a longer one is cut with its length given.
pub(crate) const SHOWN_CHARS: usize = 80;

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

#[cfg(test)]
mod tests;
