//! The text sink: what every line the CLI writes for people passes through, on stdout
//! (reports, GitHub annotations) and on stderr (`say!`).

use std::borrow::Cow;

use mcp_toolname_rules::{is_control_like, is_invisible};

/// Whether `ch` is written as a `\u{..}` escape in text: every character that could hide,
/// move or fake text (C0 and C1 controls, DEL, bidi controls, zero-width and other invisible
/// characters, white space other than the space) but the line feed that ends each line.
fn hidden(ch: char) -> bool {
    ch != '\n' && (is_control_like(ch) || is_invisible(ch) || (ch != ' ' && ch.is_whitespace()))
}

/// `text` with every learned secret masked and nothing left that a terminal or a CI runner
/// would act on: each [`hidden`] character written as `\u{..}`, and in a line that would start
/// with `::` after its indentation (a GitHub runner executes such a line as a workflow
/// command) the first colon written as `\u{3a}`; `##[`, the runner's older form of a command
/// anywhere in a line, is written `#\u{23}[`. [`super::github`] is the one writer of such
/// lines, and its output is passed through [`clean_annotations`].
#[must_use]
pub fn clean(text: &str) -> String {
    clean_lines(text, false)
}

/// [`clean`] for the GitHub format, whose lines starting with `::` are the annotations the
/// emitter wrote itself (their data and properties were escaped as GitHub reads them).
#[must_use]
pub fn clean_annotations(text: &str) -> String {
    clean_lines(text, true)
}

fn clean_lines(text: &str, annotations: bool) -> String {
    let text = crate::redact::text(text);
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let line = escape(line);
        // The runner's older syntax, `##[command]` anywhere in a line, is acted on as well.
        let line = if line.contains("##[") {
            Cow::Owned(line.replace("##[", "#\\u{23}["))
        } else {
            line
        };
        let body = line.trim_start();
        if !annotations && body.starts_with("::") {
            let indent = line.len() - body.len();
            out.push_str(&line[..indent]);
            out.push_str("\\u{3a}");
            out.push_str(&body[1..]);
        } else {
            out.push_str(&line);
        }
    }
    out
}

/// `line` with each [`hidden`] character written as `\u{..}`.
#[must_use]
pub fn escape(line: &str) -> Cow<'_, str> {
    if !line.chars().any(hidden) {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len() + 16);
    for ch in line.chars() {
        if hidden(ch) {
            out.extend(ch.escape_unicode());
        } else {
            out.push(ch);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_could_hide_or_act() {
        assert_eq!(
            clean("a\u{1b}[2Jb\u{7}\r\n  ::warning::x\n\u{202e}\u{200b}\u{2028}\u{85}\u{9b}\tc"),
            "a\\u{1b}[2Jb\\u{7}\\u{d}\n  \\u{3a}:warning::x\n\\u{202e}\\u{200b}\\u{2028}\\u{85}\\u{9b}\\u{9}c"
        );
        assert_eq!(clean("plain\ntext: ok ::\n"), "plain\ntext: ok ::\n");
        assert_eq!(
            clean("srv ##[set-output name=v;]x\n"),
            "srv #\\u{23}[set-output name=v;]x\n"
        );
        assert_eq!(clean("g\u{206a}x\u{e0100}"), "g\\u{206a}x\\u{e0100}");
        assert_eq!(
            clean_annotations("::error title=x::y\n"),
            "::error title=x::y\n"
        );
    }
}
