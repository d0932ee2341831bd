//! `mcp-toolname.toml`: the contracts and clients a project targets, and its lint levels.
//! Found as clippy finds `clippy.toml`: the file given with `--config-file`, else
//! `mcp-toolname.toml` (or `.mcp-toolname.toml`) in the current directory, then in each
//! parent up to the root.
//!
//! ```toml
//! targets = ["openai", "claude_code"]
//! max_token_growth = 500   # or "10%": the threshold of `diff` and `audit --baseline`
//!
//! [lints]
//! contract = "deny"
//! shared_name = "warn"
//! look_alike = { level = "allow", reason = "our tool names differ by design" }
//! ```
//!
//! A level is a word, or a table of `level` and `reason` (as in Cargo's `[lints]` and Rust's
//! `#[allow(lint, reason = "...")]`): the reason is shown with each finding the row hides.
//!
//! Every mistake (a key, a lint, a level or a target that does not exist, a value of the wrong
//! kind) is an error naming the file and the line, with a did-you-mean.

use std::path::{Path, PathBuf};

use mcp_toolname_rules::lint::WARNINGS;
use mcp_toolname_rules::message::show;
use toml::de::{DeTable, DeValue};

use super::{Level, Levels, lint_named, target_named};
use crate::cost::threshold::{Limit, Threshold};

/// The names looked for in each directory, in this order.
pub const NAMES: &[&str] = &["mcp-toolname.toml", ".mcp-toolname.toml"];

/// The keys a file may have.
const KEYS: &[&str] = &["targets", "max_token_growth", "lints"];

/// What a file says, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The file.
    pub path: PathBuf,
    /// `targets`, when the file has it.
    pub targets: Option<Vec<&'static str>>,
    /// `[lints]`: each name (a lint or `warnings`; an old name is read as the lint's name),
    /// its level and reason, in file order.
    pub lints: Vec<Row>,
    /// What to say on stderr about the file's lint names, each with its line: an old name,
    /// or a lint only the build reports.
    pub notes: Vec<String>,
    /// `max_token_growth`, when the file has it: the threshold of `diff` and `audit
    /// --baseline` ([`crate::cost::threshold`]), set by this file at its line.
    pub max_token_growth: Option<Threshold>,
}

/// One row of `[lints]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The lint's name (or `warnings`).
    pub name: String,
    /// Its level.
    pub level: Level,
    /// Why, when the row says (`{ level = "allow", reason = "..." }`).
    pub reason: Option<String>,
    /// The row's line, 1-based.
    pub line: usize,
}

impl Settings {
    /// Applies the file's levels (with their reasons) and targets to `levels`.
    pub fn apply(&self, levels: &mut Levels) {
        // Relative to the working directory where it can be, as the config a run audits is:
        // SARIF and GitHub then place it in the repository.
        let cwd = std::env::current_dir().ok();
        let path = cwd
            .as_deref()
            .and_then(|d| self.path.strip_prefix(d).ok())
            .unwrap_or(&self.path)
            .to_string_lossy()
            .into_owned();
        for row in &self.lints {
            // Checked when read.
            let _ = levels.set(&row.name, row.level);
            let reason = super::Reason {
                text: row.reason.clone(),
                path: path.clone(),
                line: row.line,
            };
            levels.set_reason(&row.name, row.level, reason);
        }
        if let Some(targets) = &self.targets {
            levels.set_targets(targets.clone());
        }
    }
}

/// The config file for a run from `dir`: the first of [`NAMES`] in `dir` or the nearest
/// parent that has one.
///
/// # Errors
/// Both names in one directory: which one is meant is not clear.
pub fn find(dir: &Path) -> Result<Option<PathBuf>, String> {
    for dir in dir.ancestors() {
        let found: Vec<PathBuf> = NAMES
            .iter()
            .map(|n| dir.join(n))
            .filter(|p| p.is_file())
            .collect();
        match found.as_slice() {
            [] => {}
            [one] => return Ok(Some(one.clone())),
            [a, b, ..] => {
                return Err(format!(
                    "{} and {} are both there; keep one of them",
                    show(&a.to_string_lossy()),
                    show(&b.to_string_lossy())
                ));
            }
        }
    }
    Ok(None)
}

/// Reads and checks the file at `path`.
///
/// # Errors
/// A file that cannot be read, is larger than [`crate::file::MAX_SETTINGS`] or cannot be
/// parsed, or that has a mistake: the file, the line and what is wrong.
pub fn read(path: &Path) -> Result<Settings, String> {
    let text = crate::file::read_text(path, "", crate::file::MAX_SETTINGS)?;
    parse(path, &text)
}

/// [`read`] for `text`, the contents of `path`.
///
/// # Errors
/// As [`read`].
pub fn parse(path: &Path, text: &str) -> Result<Settings, String> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let place = |offset: usize| {
        format!(
            "{}, line {}",
            show(&path.to_string_lossy()),
            line_of(offset)
        )
    };
    let at = |offset: usize, what: String| format!("{}: {what}", place(offset));
    let table = DeTable::parse(text).map_err(|e| {
        let what = format!(
            "not valid TOML: {}",
            e.message().trim_end().replace('`', "'").replace('\n', "; ")
        );
        at(e.span().map_or(0, |s| s.start), what)
    })?;
    let mut settings = Settings {
        path: path.to_owned(),
        ..Settings::default()
    };
    for (key, value) in table.get_ref() {
        let start = key.span().start;
        match key.get_ref().as_ref() {
            "targets" => settings.targets = Some(targets(value, &at)?),
            "lints" => (settings.lints, settings.notes) = lints(value, &at, &line_of)?,
            "max_token_growth" => {
                let limit = growth_limit(value).map_err(|e| at(value.span().start, e))?;
                settings.max_token_growth = Some(Threshold {
                    limit,
                    set_by: place(start),
                });
            }
            other => {
                let near = mcp_toolname_rules::closest_name(other, KEYS)
                    .map(|k| format!("did you mean `{k}`?"))
                    .unwrap_or_else(|| {
                        "the keys are `targets`, `max_token_growth` and `[lints]`".to_owned()
                    });
                return Err(at(start, format!("unknown key {}; {near}", show(other))));
            }
        }
    }
    Ok(settings)
}

type At<'a> = dyn Fn(usize, String) -> String + 'a;

/// `max_token_growth`: a number of tokens (`500`) or a percent (`"10%"`).
fn growth_limit(value: &toml::Spanned<DeValue<'_>>) -> Result<Limit, String> {
    let what = "`max_token_growth` is a number of tokens, such as `max_token_growth = 500`, or \
                a percent, such as `max_token_growth = \"10%\"`";
    match value.get_ref() {
        DeValue::Integer(n) => u64::from_str_radix(n.as_str(), n.radix())
            .map(Limit::Tokens)
            .map_err(|_| what.to_owned()),
        DeValue::String(text) if text.trim_end().ends_with('%') => {
            Limit::parse(text).map_err(|_| what.to_owned())
        }
        _ => Err(what.to_owned()),
    }
}

fn targets(value: &toml::Spanned<DeValue<'_>>, at: &At<'_>) -> Result<Vec<&'static str>, String> {
    let DeValue::Array(items) = value.get_ref() else {
        return Err(at(
            value.span().start,
            "`targets` is a list of contract and client ids, such as `targets = [\"openai\", \
             \"claude_code\"]`"
                .to_owned(),
        ));
    };
    let mut out: Vec<&'static str> = Vec::new();
    for item in items {
        let DeValue::String(id) = item.get_ref() else {
            return Err(at(
                item.span().start,
                "each target is a string, such as `\"openai\"`".to_owned(),
            ));
        };
        let id = target_named(id).map_err(|e| at(item.span().start, e))?;
        if out.contains(&id) {
            return Err(at(
                item.span().start,
                format!("target `{id}` is listed twice"),
            ));
        }
        out.push(id);
    }
    Ok(out)
}

/// The rows of `[lints]`, and the notes on their names.
type Lints = (Vec<Row>, Vec<String>);

fn lints(
    value: &toml::Spanned<DeValue<'_>>,
    at: &At<'_>,
    line_of: &dyn Fn(usize) -> usize,
) -> Result<Lints, String> {
    let DeValue::Table(table) = value.get_ref() else {
        return Err(at(
            value.span().start,
            "`lints` is a table of lint names and levels, such as `[lints]` then `contract = \
             \"deny\"`"
                .to_owned(),
        ));
    };
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for (key, level) in table {
        let written = key.get_ref().as_ref();
        let mut name = written;
        if written != WARNINGS {
            let named = lint_named(written).map_err(|e| at(key.span().start, e))?;
            notes.extend(named.note(written).map(|n| at(key.span().start, n)));
            name = named.lint.name;
        }
        let (level, reason) = level_and_reason(written, level, at)?;
        let word = match level.get_ref() {
            DeValue::String(word) => Some(word.as_ref()),
            _ => None,
        };
        let Some(level) = word.and_then(Level::parse) else {
            let near = word
                .and_then(|w| match w.to_lowercase().as_str() {
                    "error" | "forbid" | "fail" => Some("deny"),
                    "warning" | "warnings" => Some("warn"),
                    "off" | "ignore" | "none" | "allowed" => Some("allow"),
                    _ => mcp_toolname_rules::closest_name(w, Level::WORDS),
                })
                .map(|w| format!("; did you mean `\"{w}\"`?"))
                .unwrap_or_default();
            return Err(at(
                level.span().start,
                format!("the level of `{written}` is `\"deny\"`, `\"warn\"` or `\"allow\"`{near}"),
            ));
        };
        out.push(Row {
            name: name.to_owned(),
            level,
            reason,
            line: line_of(key.span().start),
        });
    }
    Ok((out, notes))
}

/// A row's value split into its level and its reason: a word alone, or `{ level = "...",
/// reason = "..." }` with a reason that says something.
fn level_and_reason<'v, 'a>(
    written: &str,
    value: &'v toml::Spanned<DeValue<'a>>,
    at: &At<'_>,
) -> Result<(&'v toml::Spanned<DeValue<'a>>, Option<String>), String> {
    let DeValue::Table(table) = value.get_ref() else {
        return Ok((value, None));
    };
    let mut level = None;
    let mut reason = None;
    for (key, item) in table {
        match key.get_ref().as_ref() {
            "level" => level = Some(item),
            "reason" => match item.get_ref() {
                DeValue::String(text) if !text.trim().is_empty() => {
                    reason = Some(text.trim().to_owned());
                }
                _ => {
                    return Err(at(
                        item.span().start,
                        format!(
                            "the `reason` of `{written}` is a string that says why, such as `reason = \"our names differ by design\"`"
                        ),
                    ));
                }
            },
            other => {
                return Err(at(
                    key.span().start,
                    format!(
                        "unknown key {} in the row of `{written}`; a row is `{{ level = \"allow\", reason = \"...\" }}`",
                        show(other)
                    ),
                ));
            }
        }
    }
    let level = level.ok_or_else(|| {
        at(
            value.span().start,
            format!("the row of `{written}` has no `level`; write `{{ level = \"allow\", reason = \"...\" }}`"),
        )
    })?;
    Ok((level, reason))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Settings, String> {
        parse(Path::new("mcp-toolname.toml"), text)
    }

    #[test]
    fn reads_targets_and_levels() {
        let s = parsed("targets = [\"openai\", \"claude_code\"]\n[lints]\ncontract = \"deny\"\n")
            .unwrap();
        assert_eq!(s.targets, Some(vec!["openai", "claude_code"]));
        let rows: Vec<(&str, Level)> = s.lints.iter().map(|r| (r.name.as_str(), r.level)).collect();
        assert_eq!(rows, [("contract", Level::Deny)]);
        let mut levels = Levels::default();
        s.apply(&mut levels);
        assert_eq!(levels.level("contract", Some("openai"), None), Level::Deny);
        assert_eq!(levels.level("contract", Some("gemini"), None), Level::Allow);
    }

    /// A row may be `{ level, reason }`; the reason reaches the levels with its line, and a
    /// reason that says nothing or a key that is not one is an error at its line.
    #[test]
    fn a_row_with_a_reason() {
        let s = parsed("[lints]\n\nlook_alike = { level = \"allow\", reason = \" by design \" }\n")
            .unwrap();
        assert_eq!(s.lints[0].reason.as_deref(), Some("by design"));
        assert_eq!(s.lints[0].line, 3);
        let mut levels = Levels::default();
        s.apply(&mut levels);
        let lint = mcp_toolname_rules::lint::LOOK_ALIKE;
        let row = levels.allowed_by(&lint, None, None).expect("the row");
        assert_eq!((row.text.as_deref(), row.line), (Some("by design"), 3));
        for (text, expected) in [
            (
                "[lints]\nlook_alike = { level = \"allow\", reason = \" \" }\n",
                "line 2: the `reason` of `look_alike` is a string that says why",
            ),
            (
                "[lints]\nlook_alike = { level = \"allow\", why = \"x\" }\n",
                "line 2: unknown key `why` in the row of `look_alike`",
            ),
            (
                "[lints]\nlook_alike = { reason = \"x\" }\n",
                "line 2: the row of `look_alike` has no `level`",
            ),
        ] {
            let err = parsed(text).unwrap_err();
            assert!(err.contains(expected), "{err}");
        }
    }

    #[test]
    fn mistakes_name_the_file_the_line_and_the_closest() {
        for (text, expected) in [
            (
                "\n\n[lint]\nspec = \"warn\"\n",
                "`mcp-toolname.toml`, line 3: unknown key `lint`; did you mean `lints`?",
            ),
            (
                "[lints]\nspec = \"warn\"\nclinet = \"deny\"\n",
                "`mcp-toolname.toml`, line 3: unknown lint `clinet`; did you mean `client`?",
            ),
            (
                "[lints]\nspec = \"warning\"\n",
                "`mcp-toolname.toml`, line 2: the level of `spec` is `\"deny\"`, `\"warn\"` or \
                 `\"allow\"`; did you mean `\"warn\"`?",
            ),
            (
                "targets = [\"openai\",\n  \"claude-code\"]\n",
                "`mcp-toolname.toml`, line 2: unknown target `claude-code`; did you mean \
                 `claude_code`?",
            ),
            (
                "targets = \"openai\"\n",
                "`mcp-toolname.toml`, line 1: `targets` is a list of contract and client ids, \
                 such as `targets = [\"openai\", \"claude_code\"]`",
            ),
        ] {
            assert_eq!(parsed(text).unwrap_err(), expected, "{text}");
        }
        let err = parsed("[lints\n").unwrap_err();
        assert!(
            err.starts_with("`mcp-toolname.toml`, line 1: not valid TOML: "),
            "{err}"
        );
    }

    #[test]
    fn max_token_growth_is_tokens_or_a_percent_set_at_its_line() {
        let s = parsed("# the cost gate\nmax_token_growth = 500\n").unwrap();
        let threshold = s.max_token_growth.expect("read");
        assert_eq!(threshold.limit, Limit::Tokens(500));
        assert_eq!(threshold.set_by, "`mcp-toolname.toml`, line 2");
        let s = parsed("max_token_growth = \"2.5%\"\n").unwrap();
        assert_eq!(
            s.max_token_growth.map(|t| t.limit),
            Some(Limit::Percent(250))
        );
        for text in [
            "max_token_growth = -1\n",
            "max_token_growth = \"500\"\n",
            "max_token_growth = 1.5\n",
            "max_token_growth = \"ten%\"\n",
        ] {
            assert_eq!(
                parsed(text).unwrap_err(),
                "`mcp-toolname.toml`, line 1: `max_token_growth` is a number of tokens, such as \
                 `max_token_growth = 500`, or a percent, such as `max_token_growth = \"10%\"`",
                "{text}"
            );
        }
    }

    #[test]
    fn found_in_the_nearest_parent() {
        let root = std::env::temp_dir().join(format!("mcp-toolname-find-{}", std::process::id()));
        let deep = root.join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(root.join("mcp-toolname.toml"), "").unwrap();
        assert_eq!(find(&deep).unwrap(), Some(root.join("mcp-toolname.toml")));
        std::fs::write(root.join("a/.mcp-toolname.toml"), "").unwrap();
        assert_eq!(
            find(&deep).unwrap(),
            Some(root.join("a/.mcp-toolname.toml"))
        );
        std::fs::write(root.join("a/mcp-toolname.toml"), "").unwrap();
        assert!(find(&deep).unwrap_err().contains("are both there"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
