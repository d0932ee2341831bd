//! Where the lists are: the per-server filters of a config's entries, Claude Code's
//! `permissions` in a settings file, and the `tools` front matter of Claude Code's agents and
//! skills. Every reader is bounded: a file past [`MAX_FILE_BYTES`] is not read, a folder gives
//! at most [`MAX_FILES`] files, a list at most [`super::MAX_ENTRIES`] entries.

use std::path::Path;

use mcp_toolname_rules::message::show;
use mcp_toolname_rules::{CLAUDE_CODE, CODEX, COPILOT_CLI, ClientPreset, GEMINI_CLI};
use serde_json::Value;

use super::{Effect, Form, List, MAX_ENTRIES};

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

/// The 1-based line of the first line of `text`, from line `from` (1-based) on, that holds
/// `needle`; `None` when none does.
fn line_from(text: &str, from: usize, needle: &str) -> Option<usize> {
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find(|(_, line)| line.contains(needle))
        .map(|(i, _)| i + 1)
}

/// The strings of a JSON array, each with its line in `text` (searched from `from`), at most
/// [`MAX_ENTRIES`]; and how many were left out past that.
fn entries(items: &[Value], text: &str, from: usize) -> (Vec<(String, Option<usize>)>, usize) {
    let strings: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    let dropped = strings.len().saturating_sub(MAX_ENTRIES);
    let kept = strings
        .into_iter()
        .take(MAX_ENTRIES)
        .map(|s| {
            let needle = serde_json::to_string(s).unwrap_or_default();
            (s.to_owned(), line_from(text, from, &needle))
        })
        .collect();
    (kept, dropped)
}

/// The filter lists of server `key`'s entry `value` in a config `file` whose text is `text`;
/// `codex` when the file is Codex's `config.toml`.
#[must_use]
pub fn server_filters(file: &str, text: &str, codex: bool, key: &str, value: &Value) -> Vec<List> {
    let from = crate::diag::line_of_key(text, key).unwrap_or(1);
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
            })
        })
        .collect()
}

/// A file's text, bounded.
fn read_text(path: &Path, what: &str) -> Result<String, String> {
    crate::file::read_text(path, what, MAX_FILE_BYTES)
}

/// Claude Code's `permissions.allow`, `ask` and `deny` in the settings file `path`
/// (`.claude/settings.json`, `settings.local.json`, `~/.claude/settings.json`).
///
/// # Errors
/// The file cannot be read, is too large, or is not a JSON object; its `permissions` (when
/// present) is not an object.
pub fn settings(path: &Path) -> Result<Vec<List>, String> {
    let text = read_text(path, "settings file")?;
    let file = path.to_string_lossy().into_owned();
    let shown = show(&file);
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "settings file {shown} is not valid JSON: line {}, column {}",
            e.line(),
            e.column()
        )
    })?;
    let Value::Object(top) = value else {
        return Err(format!("settings file {shown} is not a JSON object"));
    };
    let Some(permissions) = top.get("permissions") else {
        return Ok(Vec::new());
    };
    let Value::Object(permissions) = permissions else {
        return Err(format!(
            "settings file {shown}: `permissions` must be an object"
        ));
    };
    let from = line_from(&text, 1, "\"permissions\"").unwrap_or(1);
    let mut lists = Vec::new();
    for (field, effect) in [
        ("allow", Effect::Allow),
        ("ask", Effect::Ask),
        ("deny", Effect::Deny),
    ] {
        let Some(items) = permissions.get(field).and_then(Value::as_array) else {
            continue;
        };
        let (entries, dropped) = entries(items, &text, from);
        lists.push(List {
            client: &CLAUDE_CODE,
            file: file.clone(),
            field: format!("`permissions.{field}`"),
            effect,
            form: Form::Qualified,
            entries,
            dropped,
        });
    }
    Ok(lists)
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
        .map(|(v, _)| v.clone())
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
            })
        })
        .collect()
}

/// A field's values, each with its line.
type Values = Vec<(String, Option<usize>)>;

/// The `key: value` fields of a Markdown file's front matter (between two `---` lines at its
/// start): a value is a YAML flow list (`[a, b]`), a block list (`- a` lines below the key),
/// or a comma-separated string (`Read, Grep`), commas inside `(...)` kept. Quotes around an
/// item are taken off. Enough of YAML for these fields, not all of it.
fn front_matter(text: &str) -> Vec<(String, usize, Values)> {
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
                values.push((unquote(item), Some(n)));
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
            split_items(flow, n)
        } else if value.is_empty() {
            Vec::new()
        } else {
            split_items(value, n)
        };
        fields.push((key.trim().to_owned(), n, values));
    }
    fields
}

/// Items separated by commas outside parentheses, trimmed and unquoted; empty ones dropped.
fn split_items(text: &str, line: usize) -> Values {
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
        .map(unquote)
        .filter(|s| !s.is_empty())
        .map(|s| (s, Some(line)))
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
