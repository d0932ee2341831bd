//! The files of permission rules, each client's: Claude Code's and Qwen Code's
//! `permissions`, Gemini CLI's policy settings, OpenCode's `permission` and the Continue CLI's
//! `permissions.yaml`, each list with the rank its client gives it. Bounded as
//! [`super::read`]'s readers are.

use std::path::Path;

use mcp_toolname_rules::message::show;
use mcp_toolname_rules::{
    CLAUDE_CODE, CONTINUE_CLI, ClientPreset, GEMINI_CLI, KILO_CODE, OPENCODE, QWEN_CODE,
};
use serde_json::Value;

use super::read::{entries, field_offset, front_matter, read_text};
use super::{Effect, Entry, Form, List, MAX_ENTRIES};

/// The permission rules of a settings file `path`: Claude Code's `permissions.allow`, `ask`
/// and `deny` (`.claude/settings.json`, `settings.local.json`, `~/.claude/settings.json`),
/// Qwen Code's where the file is in a `.qwen` folder ([`permissions`]), or the Continue CLI's
/// `permissions.yaml` (any `.yaml` file; [`continue_permissions`]).
///
/// # Errors
/// The file cannot be read, is too large, or is not a JSON object; its `permissions` (when
/// present) is not an object.
pub fn settings(path: &Path) -> Result<Vec<List>, String> {
    let text = read_text(path, "settings file")?;
    let file = path.to_string_lossy().into_owned();
    let shown = show(&file);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
    {
        return Ok(continue_permissions(&file, &text));
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "settings file {shown} is not valid JSON: line {}, column {}",
            e.line(),
            e.column()
        )
    })?;
    let client = if path.components().any(|c| c.as_os_str() == ".qwen") {
        &QWEN_CODE
    } else {
        &CLAUDE_CODE
    };
    permissions(client, &file, &text, &value).map_err(|e| format!("settings file {shown}{e}"))
}

/// The permission rules `client` reads from a settings file's value `value` (its text
/// `text`, its name `file`): `permissions.allow`, `ask` and `deny`, and for Qwen Code also
/// `tools.allowed` (allow) and `tools.exclude` (deny), which it merges into them.
///
/// # Errors
/// `value` is not a JSON object, or its `permissions` is not one; said after the file's
/// name (`: ...`).
pub fn permissions(
    client: &'static ClientPreset,
    file: &str,
    text: &str,
    value: &Value,
) -> Result<Vec<List>, String> {
    let Value::Object(top) = value else {
        return Err(" is not a JSON object".to_owned());
    };
    let mut fields: Vec<(&str, &str, Effect)> = vec![
        ("permissions", "allow", Effect::Allow),
        ("permissions", "ask", Effect::Ask),
        ("permissions", "deny", Effect::Deny),
    ];
    if client.id == QWEN_CODE.id {
        fields.push(("tools", "allowed", Effect::Allow));
        fields.push(("tools", "exclude", Effect::Deny));
    }
    let mut lists = Vec::new();
    for (section, field, effect) in fields {
        let Some(at) = top.get(section) else {
            continue;
        };
        let Value::Object(at) = at else {
            if section == "permissions" {
                return Err(": `permissions` must be an object".to_owned());
            }
            continue;
        };
        let Some(items) = at.get(field).and_then(Value::as_array) else {
            continue;
        };
        let (entries, dropped) = entries(items, text, field_offset(text, section, field));
        lists.push(List {
            client,
            file: file.to_owned(),
            field: format!("`{section}.{field}`"),
            effect,
            form: Form::Qualified,
            entries,
            dropped,
            checked: true,
            rank: match effect {
                Effect::Deny => 3,
                Effect::Ask => 2,
                Effect::Allow | Effect::Only => 1,
            },
        });
    }
    Ok(lists)
}

/// The Continue CLI's `~/.continue/permissions.yaml` (text `text`, name `file`): `exclude`,
/// `ask` and `allow`, each a list of tool names as it sends them (the tool's name alone, no
/// server), `*` and `?` wildcards, case counting; the first rule that matches decides, in
/// that order, so exclude wins over ask and ask over allow (`permissionsYamlLoader.ts` and
/// `permissionChecker.ts` in @continuedev/cli 1.5.47's source map). No rule: an MCP tool runs
/// headless (`cn -p`) and is asked about in its terminal UI. Read with the YAML subset of
/// agents' front matter (block and flow lists).
#[must_use]
pub fn continue_permissions(file: &str, text: &str) -> Vec<List> {
    // YAML's comments (`#` after white space, outside quotes) and document markers taken
    // out, each line kept in its place.
    let cleaned: Vec<&str> = text
        .lines()
        .map(|line| {
            if matches!(line.trim_end(), "---" | "...") {
                return "";
            }
            let mut quote: Option<char> = None;
            let mut before = ' ';
            for (at, c) in line.char_indices() {
                match (quote, c) {
                    (None, '"' | '\'') => quote = Some(c),
                    (Some(q), c) if c == q => quote = None,
                    (None, '#') if before.is_whitespace() => return line[..at].trim_end(),
                    _ => {}
                }
                before = c;
            }
            line
        })
        .collect();
    let fields = front_matter(&format!("---\n{}\n---\n", cleaned.join("\n")));
    [
        ("exclude", Effect::Deny, 3),
        ("ask", Effect::Ask, 2),
        ("allow", Effect::Allow, 1),
    ]
    .into_iter()
    .filter_map(|(field, effect, rank)| {
        let (_, _, values) = fields.iter().find(|(k, _, _)| k == field)?;
        Some(List {
            client: &CONTINUE_CLI,
            file: file.to_owned(),
            field: format!("`{field}`"),
            effect,
            form: Form::Qualified,
            // One line was put before the text.
            entries: values
                .iter()
                .take(MAX_ENTRIES)
                .map(|e| Entry {
                    line: e.line.map(|l| l - 1),
                    ..e.clone()
                })
                .collect(),
            dropped: values.len().saturating_sub(MAX_ENTRIES),
            checked: true,
            rank,
        })
    })
    .collect()
}

/// OpenCode's `permission` in its `opencode.json` (Kilo Code's, in a `kilo*.json`), its
/// `rules` in file order, the file's text `text`: each key
/// a pattern over tool names (`*` any run of characters, `?` one, case counts), its value an
/// action (`allow`, `ask`, `deny`) or an object of argument patterns to actions, of which
/// only `*` is about a whole tool. The last rule that matches a tool decides (`evaluate` in
/// the opencode-ai 1.18.33 binary: `findLast`), so each rule is a list of its own ranked by
/// its place; no rule: the tool runs (run). A `deny` for `*` takes the tool out of what the
/// model is sent; `ask`, headless (`opencode run`), is refused ("auto-rejecting").
#[must_use]
pub fn opencode_permission(file: &str, text: &str, rules: &[(String, Value)]) -> Vec<List> {
    let client: &'static ClientPreset = if Path::new(file)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("kilo"))
    {
        &KILO_CODE
    } else {
        &OPENCODE
    };
    let all_places = member_keys(text, "permission");
    // A key written twice is one rule, where it was first written, with the value written
    // last: as JavaScript's `JSON.parse` keeps an object's keys.
    type Place = Option<(usize, usize)>;
    let mut kept: Vec<(&str, &Value, Place)> = Vec::new();
    for (i, (key, action)) in rules.iter().enumerate() {
        match kept.iter_mut().find(|(k, _, _)| k == key) {
            Some(rule) => rule.1 = action,
            None => kept.push((key, action, all_places.get(i).copied())),
        }
    }
    let places: Vec<Place> = kept.iter().map(|(_, _, p)| *p).collect();
    let rules: Vec<(String, Value)> = kept
        .iter()
        .map(|(k, v, _)| ((*k).to_owned(), (*v).clone()))
        .collect();
    let mut lists = Vec::new();
    for (rank, (key, action)) in rules.iter().enumerate().take(MAX_ENTRIES) {
        let action = match action {
            Value::String(a) => Some(a.as_str()),
            Value::Object(by) => by.get("*").and_then(Value::as_str),
            _ => None,
        };
        let effect = match action {
            Some("allow") => Effect::Allow,
            Some("ask") => Effect::Ask,
            Some("deny") => Effect::Deny,
            _ => continue,
        };
        let place = places.get(rank).copied().flatten();
        let entries = vec![Entry {
            text: key.clone(),
            line: place.map(|(l, _)| l),
            column: place.map(|(_, c)| c),
        }];
        lists.push(List {
            client,
            file: file.to_owned(),
            field: format!("`permission` ({})", effect.word()),
            effect,
            form: Form::Qualified,
            entries,
            dropped: 0,
            checked: true,
            rank: u32::try_from(rank + 1).unwrap_or(u32::MAX),
        });
    }
    lists
}

/// The place (1-based line, column in characters) of each key of the top-level object
/// `member` of the JSON `text`, in file order: a key's own place, not that of the same
/// string nested deeper (`"bash": {"*": "ask"}` before a top-level `"*"`). Empty when `text`
/// has no such object; what it cannot read stops the scan.
fn member_keys(text: &str, member: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut depth = 0usize;
    // The string just read, whether it was a key of the object wanted, and whether we are in
    // that object's value (its depth).
    let mut inside: Option<usize> = None;
    let mut chars = text.chars().peekable();
    let mut last: Option<(String, usize, usize)> = None;
    let mut pending_member = false;
    while let Some(c) = chars.next() {
        let (at_line, at_column) = (line, column);
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
        match c {
            '"' => {
                let mut s = String::new();
                while let Some(d) = chars.next() {
                    column += 1;
                    match d {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                column += 1;
                                s.push('\\');
                                s.push(e);
                            }
                        }
                        '\n' => {
                            line += 1;
                            column = 1;
                        }
                        other => s.push(other),
                    }
                }
                last = Some((s, at_line, at_column));
            }
            ':' => {
                if let Some((key, l, col)) = last.take() {
                    if inside == Some(depth) {
                        out.push((l, col));
                    } else if depth == 1 && inside.is_none() && key == member {
                        pending_member = true;
                    }
                }
            }
            '{' | '[' => {
                depth += 1;
                if pending_member && c == '{' {
                    inside = Some(depth);
                }
                pending_member = false;
                last = None;
            }
            '}' | ']' => {
                if inside == Some(depth) {
                    break;
                }
                depth = depth.saturating_sub(1);
                last = None;
            }
            c if c.is_whitespace() => {}
            _ => {
                pending_member = false;
                last = None;
            }
        }
    }
    out
}

/// Gemini CLI's policy settings in its `settings.json` (value `value`, text `text`, name
/// `file`), each field with the priority its policy engine gives it (times 1000), as
/// `createPolicyEngineConfig` in `bundle/chunk-JDPZ4CE3.js` of @google/gemini-cli 0.61.0
/// reads them: `mcp.excluded` (deny, 4.9), `tools.exclude` (deny, 4.4),
/// `tools.confirmationRequired` (ask, 4.35), `tools.allowed` (allow, 4.3), a server's `trust`
/// (allow, 4.2) and `mcp.allowed` (allow, 4.1; and a server not in it is not started, run).
/// Headless, a tool no rule matches is left out of what the model is sent (run).
#[must_use]
pub fn gemini_policy(file: &str, text: &str, value: &Value) -> Vec<List> {
    const FIELDS: &[(&str, &str, Effect, u32, bool)] = &[
        ("mcp", "excluded", Effect::Deny, 4900, true),
        ("tools", "exclude", Effect::Deny, 4400, false),
        ("tools", "confirmationRequired", Effect::Ask, 4350, false),
        ("tools", "allowed", Effect::Allow, 4300, false),
        // Only these servers are started, and their tools are allowed.
        ("mcp", "allowed", Effect::Only, 4100, true),
    ];
    let mut lists = Vec::new();
    for (section, field, effect, rank, servers) in FIELDS {
        let Some(items) = value
            .get(section)
            .and_then(|s| s.get(field))
            .and_then(Value::as_array)
        else {
            continue;
        };
        let (entries, dropped) = entries(items, text, field_offset(text, section, field));
        lists.push(List {
            client: &GEMINI_CLI,
            file: file.to_owned(),
            field: format!("`{section}.{field}`"),
            effect: *effect,
            form: if *servers {
                Form::Servers
            } else {
                Form::Qualified
            },
            entries,
            dropped,
            checked: true,
            rank: *rank,
        });
    }
    // Each trusted server: a rule that allows all its tools, at the key's line.
    let trusted: Vec<Entry> = value
        .get("mcpServers")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter(|(_, v)| v.get("trust") == Some(&Value::Bool(true)))
        .map(|(key, _)| Entry {
            text: key.clone(),
            line: crate::diag::line_of_key(text, key),
            column: None,
        })
        .take(MAX_ENTRIES)
        .collect();
    if !trusted.is_empty() {
        lists.push(List {
            client: &GEMINI_CLI,
            file: file.to_owned(),
            field: "`trust` of the servers".to_owned(),
            effect: Effect::Allow,
            form: Form::Servers,
            entries: trusted,
            dropped: 0,
            checked: true,
            rank: 4200,
        });
    }
    lists
}
