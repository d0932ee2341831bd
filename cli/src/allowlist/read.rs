//! Where the lists are: the per-server filters of a config's entries and the `tools` front
//! matter of Claude Code's agents and skills (the permission-rule files: [`super::settings`]). Every reader is bounded: a file past [`MAX_FILE_BYTES`] is not read, a folder gives
//! at most [`MAX_FILES`] files, a list at most [`super::MAX_ENTRIES`] entries.

use std::path::Path;

use mcp_toolname_rules::message::show;
use mcp_toolname_rules::{CLAUDE_CODE, CODEX, COPILOT_CLI, ClientPreset, GEMINI_CLI};
use serde_json::Value;

use super::{Effect, Entry, Form, List, MAX_ENTRIES};

/// The largest settings or agent file read.
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most files read from one agents folder.
pub const MAX_FILES: usize = 1000;

/// The per-server filter fields of a config's server entries, and the client that reads each:
/// (field, client, effect). The flavour decides which apply: Codex's in `config.toml`, the
/// others in `mcpServers` JSON (Gemini CLI's `settings.json`, Copilot CLI's
/// `mcp-config.json`).
const FILTERS: &[(&str, &ClientPreset, Effect, bool)] = &[
    ("enabled_tools", &CODEX, Effect::Only, true),
    ("disabled_tools", &CODEX, Effect::Deny, true),
    ("includeTools", &GEMINI_CLI, Effect::Only, false),
    ("excludeTools", &GEMINI_CLI, Effect::Deny, false),
    ("tools", &COPILOT_CLI, Effect::Only, false),
];

/// The byte offset where 1-based line `line` of `text` starts (the end, past its last line).
fn line_start(text: &str, line: usize) -> usize {
    text.split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum()
}

/// The byte offset of the first `"key"` in `text` at or after byte `from`, past its quotes.
pub(super) fn key_after(text: &str, from: usize, key: &str) -> Option<usize> {
    let needle = format!("\"{key}\"");
    text.get(from..)?
        .find(&needle)
        .map(|at| from + at + needle.len())
}

/// The byte offset where `section.field` of the JSON `text` is written (past the field's
/// name), or where `section` is; the start when neither is found.
pub(super) fn field_offset(text: &str, section: &str, field: &str) -> usize {
    let at = key_after(text, 0, section).unwrap_or(0);
    key_after(text, at, field).unwrap_or(at)
}

/// The strings of a JSON array, each with its place in `text` (searched from byte `start`,
/// each after the one before, so a repeated entry points at itself), at most
/// [`MAX_ENTRIES`]; and how many were left out past that.
pub(super) fn entries(items: &[Value], text: &str, start: usize) -> (Vec<Entry>, usize) {
    let strings: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    let dropped = strings.len().saturating_sub(MAX_ENTRIES);
    // Where the search goes on, and that place's line and the offset its line starts at:
    // counted forward only, so every entry costs the text it passes, not the whole file.
    let mut cursor = start.min(text.len());
    while !text.is_char_boundary(cursor) {
        cursor -= 1;
    }
    let mut line = text[..cursor].matches('\n').count() + 1;
    let mut line_at = text[..cursor].rfind('\n').map_or(0, |n| n + 1);
    let kept = strings
        .into_iter()
        .take(MAX_ENTRIES)
        .map(|s| {
            let needle = serde_json::to_string(s).unwrap_or_default();
            let place = text[cursor..].find(&needle).map(|at| {
                let found = cursor + at;
                let passed = &text[cursor..found];
                line += passed.matches('\n').count();
                if let Some(n) = passed.rfind('\n') {
                    line_at = cursor + n + 1;
                }
                cursor = found + needle.len();
                (line, text[line_at..found].chars().count() + 1)
            });
            Entry {
                text: s.to_owned(),
                line: place.map(|(l, _)| l),
                column: place.map(|(_, c)| c),
            }
        })
        .collect();
    (kept, dropped)
}

/// The filter lists of server `key`'s entry `value` in a config `file` whose text is `text`;
/// `codex` when the file is Codex's `config.toml`.
#[must_use]
pub fn server_filters(file: &str, text: &str, codex: bool, key: &str, value: &Value) -> Vec<List> {
    let from = line_start(text, crate::diag::line_of_key(text, key).unwrap_or(1));
    FILTERS
        .iter()
        .filter(|(_, _, _, for_codex)| *for_codex == codex)
        .filter_map(|(field, client, effect, _)| {
            let items = value.get(*field)?.as_array()?;
            let (entries, dropped) = entries(items, text, from);
            Some(List {
                client,
                file: file.to_owned(),
                field: format!("`{field}` of server {}", show(key)),
                effect: *effect,
                form: Form::Raw {
                    server: key.to_owned(),
                },
                entries,
                dropped,
                checked: false,
                rank: 0,
            })
        })
        .collect()
}

/// A file's text, bounded.
pub(super) fn read_text(path: &Path, what: &str) -> Result<String, String> {
    crate::file::read_text(path, what, MAX_FILE_BYTES)
}

/// The front matter fields of an agent or skill that list tools, and what each does.
const FRONT_MATTER: &[(&str, Effect)] = &[
    // An agent's `tools`: the only tools it gets.
    ("tools", Effect::Only),
    ("disallowedTools", Effect::Deny),
    // A skill's `allowed-tools`: used without asking while the skill runs.
    ("allowed-tools", Effect::Allow),
];

/// The tool lists of Claude Code agents and skills under `path`: a folder's `*.md` files
/// (`.claude/agents/`) and `*/SKILL.md` files (`.claude/skills/`), or one such file.
///
/// # Errors
/// `path` cannot be read, or one of its files is too large or not UTF-8.
pub fn agents(path: &Path) -> Result<Vec<List>, String> {
    let shown = show(&path.to_string_lossy());
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut files = Vec::new();
    if meta.is_dir() {
        let dir = std::fs::read_dir(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        for item in dir.flatten() {
            let p = item.path();
            if p.is_dir() {
                let skill = p.join("SKILL.md");
                if skill.is_file() {
                    files.push(skill);
                }
            } else if p.extension().is_some_and(|e| e == "md") {
                files.push(p);
            }
        }
        files.sort();
        if files.len() > MAX_FILES {
            say!(
                "note: {shown} has {} agent and skill files; the first {MAX_FILES} are read",
                files.len()
            );
            files.truncate(MAX_FILES);
        }
    } else {
        files.push(path.to_owned());
    }
    let mut lists = Vec::new();
    for file in files {
        let text = read_text(&file, "agent file")?;
        lists.extend(front_matter_lists(&file.to_string_lossy(), &text));
    }
    Ok(lists)
}

/// The tool lists of one agent or skill file's front matter.
#[must_use]
pub fn front_matter_lists(file: &str, text: &str) -> Vec<List> {
    let fields = front_matter(text);
    let name = fields
        .iter()
        .find(|(k, _, _)| k == "name")
        .and_then(|(_, _, v)| v.first())
        .map(|v| v.text.clone())
        .unwrap_or_else(|| {
            Path::new(file)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        });
    let skill = Path::new(file)
        .file_name()
        .is_some_and(|n| n.eq_ignore_ascii_case("SKILL.md"));
    FRONT_MATTER
        .iter()
        .filter_map(|(field, effect)| {
            let (_, _, values) = fields.iter().find(|(k, _, _)| k == field)?;
            let dropped = values.len().saturating_sub(MAX_ENTRIES);
            Some(List {
                client: &CLAUDE_CODE,
                file: file.to_owned(),
                field: format!(
                    "`{field}` of {} {}",
                    if skill { "skill" } else { "agent" },
                    show(&name)
                ),
                effect: *effect,
                form: Form::Qualified,
                entries: values.iter().take(MAX_ENTRIES).cloned().collect(),
                dropped,
                checked: false,
                rank: 0,
            })
        })
        .collect()
}

/// A field's values, each with its place.
type Values = Vec<Entry>;

/// The `key: value` fields of a Markdown file's front matter (between two `---` lines at its
/// start): a value is a YAML flow list (`[a, b]`), a block list (`- a` lines below the key),
/// or a comma-separated string (`Read, Grep`), commas inside `(...)` kept. Quotes around an
/// item are taken off. Enough of YAML for these fields, not all of it.
pub(super) fn front_matter(text: &str) -> Vec<(String, usize, Values)> {
    let mut lines = text.lines().enumerate();
    if lines.next().is_none_or(|(_, l)| l.trim_end() != "---") {
        return Vec::new();
    }
    let mut fields: Vec<(String, usize, Values)> = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        if line.trim_end() == "---" {
            break;
        }
        let trimmed = line.trim();
        if let Some(item) = trimmed
            .strip_prefix("- ")
            .or(trimmed.strip_prefix('-').filter(|r| r.is_empty()))
        {
            if line.starts_with([' ', '\t', '-'])
                && let Some((_, _, values)) = fields.last_mut()
            {
                let column = line.len() - line.trim_start().len() + trimmed.len() - item.len();
                values.push(Entry {
                    text: unquote(item),
                    line: Some(n),
                    column: Some(line[..column].chars().count() + 1),
                });
            }
            continue;
        }
        if line.starts_with([' ', '\t', '#']) {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        let values = if let Some(flow) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
            split_items(line, flow, n)
        } else if value.is_empty() {
            Vec::new()
        } else {
            split_items(line, value, n)
        };
        fields.push((key.trim().to_owned(), n, values));
    }
    fields
}

/// Items separated by commas outside parentheses, trimmed and unquoted; empty ones dropped.
/// `text` is a slice of `whole`, the file's line `line`, where each item's column is counted.
fn split_items(whole: &str, text: &str, line: usize) -> Values {
    let base = text.as_ptr() as usize - whole.as_ptr() as usize;
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
        .into_iter()
        .filter_map(|item| {
            let value = unquote(item);
            let lead = item.len() - item.trim_start().len();
            let at = item.as_ptr() as usize - text.as_ptr() as usize + base + lead;
            (!value.is_empty()).then(|| Entry {
                text: value,
                line: Some(line),
                column: Some(whole[..at].chars().count() + 1),
            })
        })
        .collect()
}

/// `item` trimmed, without one pair of surrounding quotes.
fn unquote(item: &str) -> String {
    let item = item.trim();
    for q in ['"', '\''] {
        if let Some(inner) = item.strip_prefix(q).and_then(|i| i.strip_suffix(q)) {
            return inner.to_owned();
        }
    }
    item.to_owned()
}
