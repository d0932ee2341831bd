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
/// command) the first colon written as `\u{3a}`; a command a runner acts on anywhere in a
/// line ([`runner_command_follows`]: GitHub's older `##[`, Azure Pipelines' `##vso[`) has its
/// second `#` written `\u{23}`. [`super::github`] is the one writer of such
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
    escape_lines(&text, annotations, &mut out);
    out
}

/// Appends `text`, already masked, to `out` with each line escaped as [`clean`] escapes it:
/// each line on its own, so text cut at line feeds gives the same bytes piece by piece.
pub(super) fn escape_lines(text: &str, annotations: bool, out: &mut String) {
    for line in text.split_inclusive('\n') {
        let line = escape(line);
        let line = break_runner_commands(line);
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
}

/// Whether the text after a `##` makes a command a CI runner acts on wherever it stands in a
/// line: `[` (GitHub's older workflow command syntax, `##[set-output ...]`, and Azure Pipelines'
/// `##[section]` formatting) or `vso[` in any case (Azure Pipelines' logging commands,
/// `##vso[task.setvariable ...]`, which its agent matches without regard to case).
#[must_use]
pub fn runner_command_follows(rest: &str) -> bool {
    rest.starts_with('[')
        || rest
            .get(..4)
            .is_some_and(|word| word.eq_ignore_ascii_case("vso["))
}

/// `line` with the second `#` of each `##` that starts a runner's command
/// ([`runner_command_follows`]) written `\u{23}`.
fn break_runner_commands(line: Cow<'_, str>) -> Cow<'_, str> {
    // Overlapping: in `###[` the command starts at the second `#`.
    let at: Vec<usize> = line
        .match_indices('#')
        .filter(|&(at, _)| {
            line[at + 1..].starts_with('#') && runner_command_follows(&line[at + 2..])
        })
        .map(|(at, _)| at)
        .collect();
    if at.is_empty() {
        return line;
    }
    let mut out = String::with_capacity(line.len() + 8 * at.len());
    let mut start = 0;
    for at in at {
        out.push_str(&line[start..=at]);
        out.push_str("\\u{23}");
        start = at + 2;
    }
    out.push_str(&line[start..]);
    Cow::Owned(out)
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
        assert_eq!(
            clean("t ##vso[task.setvariable variable=x]1 ##VSO[task.complete]\n"),
            "t #\\u{23}vso[task.setvariable variable=x]1 #\\u{23}VSO[task.complete]\n"
        );
        assert_eq!(clean("## vso ##vs[ #vso[\n"), "## vso ##vs[ #vso[\n");
        assert_eq!(clean("###[x]\n"), "##\\u{23}[x]\n");
        assert_eq!(clean("g\u{206a}x\u{e0100}"), "g\\u{206a}x\\u{e0100}");
        assert_eq!(
            clean_annotations("::error title=x::y\n"),
            "::error title=x::y\n"
        );
    }
}
