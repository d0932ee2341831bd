//! `audit --config FILE`: read the MCP servers of a client's config file. Four layouts:
//! Claude Desktop's `claude_desktop_config.json` and Claude Code's `.mcp.json` (both
//! `{"mcpServers": {NAME: {...}}}`), VS Code's `mcp.json` (`{"servers": {NAME: {...}}}`, JSON
//! with comments) and Codex's `config.toml` (`[mcp_servers.NAME]` tables).
//!
//! A file that cannot be read, parsed or recognised is an error for the whole run. A server
//! entry that is wrong (no `command`, a field of the wrong type, a field the host does not
//! know) is an error for that server only: the others are still audited. Remote servers,
//! disabled ones and VS Code servers that need `${input:...}` answers are skipped, with the
//! reason.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use mcp_toolname_rules::message::show;
use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use crate::child::Launch;

/// Which client's layout the file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// `claude_desktop_config.json`.
    ClaudeDesktop,
    /// `.mcp.json` or `~/.claude.json`: `mcpServers`, with `${VAR}` expansion.
    ClaudeCode,
    /// Another file with `mcpServers` (Cursor, Windsurf, Cline...): read as Claude Desktop's
    /// layout, plus the fields those hosts add.
    McpServers,
    /// VS Code `mcp.json` (`servers`), or `settings.json` (`mcp.servers`).
    VsCode,
    /// Codex `config.toml`.
    Codex,
}

/// Fields of a Claude server entry: stdio ones, then remote ones (accepted, not used).
const CLAUDE_FIELDS: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "headersHelper",
    "oauth",
];
/// Claude's fields plus what other `mcpServers` hosts add.
const MCP_SERVERS_FIELDS: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "headersHelper",
    "oauth",
    "envFile",
    "disabled",
    "autoApprove",
    "alwaysAllow",
    "timeout",
    "transportType",
];
const VSCODE_FIELDS: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "envFile",
    "cwd",
    "url",
    "headers",
    "dev",
    "sandboxEnabled",
    "sandbox",
    "gallery",
    "version",
];
const CODEX_FIELDS: &[&str] = &[
    "command",
    "args",
    "env",
    "env_vars",
    "cwd",
    "url",
    "bearer_token_env_var",
    "http_headers",
    "env_http_headers",
    "startup_timeout_sec",
    "startup_timeout_ms",
    "tool_timeout_sec",
    "enabled",
    "required",
    "enabled_tools",
    "disabled_tools",
    "scopes",
    "oauth_resource",
];

impl Flavor {
    /// The layout in words, for reports.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "Claude Desktop `claude_desktop_config.json`",
            Self::ClaudeCode => "Claude Code `.mcp.json`",
            Self::McpServers => "`mcpServers` JSON, read as Claude Desktop's layout",
            Self::VsCode => "VS Code `mcp.json`",
            Self::Codex => "Codex `config.toml`",
        }
    }

    /// A stable id, for JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "claude_desktop",
            Self::ClaudeCode => "claude_code",
            Self::McpServers => "mcp_servers",
            Self::VsCode => "vscode",
            Self::Codex => "codex",
        }
    }

    const fn host(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "Claude Desktop",
            Self::ClaudeCode => "Claude Code",
            Self::McpServers => "an `mcpServers` host",
            Self::VsCode => "VS Code",
            Self::Codex => "Codex",
        }
    }

    const fn fields(self) -> &'static [&'static str] {
        match self {
            Self::ClaudeDesktop | Self::ClaudeCode => CLAUDE_FIELDS,
            Self::McpServers => MCP_SERVERS_FIELDS,
            Self::VsCode => VSCODE_FIELDS,
            Self::Codex => CODEX_FIELDS,
        }
    }
}

/// What to do with one server of the config.
#[derive(Debug, Clone)]
pub enum Plan {
    /// Start it and audit it.
    Run(Launch),
    /// Leave it out, for this reason (a remote or disabled server).
    Skip(String),
    /// Its entry is wrong: the whole message, naming the file, the server and the field.
    Invalid(String),
}

/// One server entry.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its name in the config: the key the host gives it.
    pub key: String,
    /// What to do with it.
    pub plan: Plan,
}

/// A config file, read.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file, as given.
    pub path: PathBuf,
    /// Its layout.
    pub flavor: Flavor,
    /// Its servers, in file order.
    pub servers: Vec<Entry>,
    /// Things worth knowing that are not errors (a server defined twice, comments read).
    pub notes: Vec<String>,
}

/// Reads `path` and plans each of its servers.
///
/// # Errors
/// One line naming the file when it cannot be read, is not valid JSON or TOML (with the line
/// and column), or has none of the keys of a known layout (naming the keys expected).
pub fn load(path: &Path) -> Result<Config, String> {
    let file = show(&path.to_string_lossy());
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read config {file}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "config {file} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let mut notes = Vec::new();
    let (flavor, servers) = match ext.as_deref() {
        Some("toml") => read_toml(text).map_err(|e| format!("config {file} {e}"))?,
        Some("json" | "jsonc") => {
            read_json(path, text, &mut notes).map_err(|e| format!("config {file} {e}"))?
        }
        _ => match read_json(path, text, &mut notes) {
            Ok(found) => found,
            Err(json) if json.starts_with("is not valid JSON") => {
                read_toml(text).map_err(|toml| {
                    format!(
                        "config {file} is not a known MCP client config: it {json}, and it {toml} \
                         (expected {EXPECTED})"
                    )
                })?
            }
            Err(e) => return Err(format!("config {file} {e}")),
        },
    };
    let ctx = Context::new(path, flavor);
    let mut entries: Vec<Entry> = Vec::new();
    for (key, value) in servers {
        if let Some(i) = entries.iter().position(|e| e.key == key) {
            notes.push(format!(
                "server {} is defined more than once; the last definition is used, as hosts do",
                show(&key)
            ));
            entries.remove(i);
        }
        let plan = ctx.plan(&key, &value);
        entries.push(Entry { key, plan });
    }
    Ok(Config {
        path: path.to_owned(),
        flavor,
        servers: entries,
        notes,
    })
}

/// The layouts, for the error about a file that matches none.
const EXPECTED: &str = "a JSON object with `mcpServers` (Claude Desktop \
                        `claude_desktop_config.json`, Claude Code `.mcp.json`) or `servers` (VS \
                        Code `mcp.json`), or a TOML file with `[mcp_servers.<name>]` tables \
                        (Codex `config.toml`)";

// ---------------------------------------------------------------------------------------
// JSON

/// Server entries in file order, repeated names kept (serde_json's maps keep only one).
#[derive(Debug, Default)]
struct Servers(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Servers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Servers;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of servers, keyed by name")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Servers, A::Error> {
                let mut out = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    out.push((key, map.next_value::<Value>()?));
                }
                Ok(Servers(out))
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// VS Code's user `settings.json`: `"mcp": {"servers": {...}}`.
#[derive(Debug, Default)]
struct Nested(Option<Servers>);

impl<'de> Deserialize<'de> for Nested {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Nested;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Nested, A::Error> {
                let mut servers = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "servers" {
                        servers = Some(map.next_value::<Servers>()?);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(Nested(servers))
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// The top level of a JSON config: the server maps it has, and every key (for messages).
#[derive(Debug, Default)]
struct Top {
    keys: Vec<String>,
    mcp_servers: Option<Servers>,
    servers: Option<Servers>,
    mcp: Option<Servers>,
}

impl<'de> Deserialize<'de> for Top {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Top;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object (an MCP client config)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
                let mut top = Top::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "mcpServers" => top.mcp_servers = Some(map.next_value()?),
                        "servers" => top.servers = Some(map.next_value()?),
                        "mcp" => match map.next_value::<Value>()? {
                            // Only an object holding `servers` makes this VS Code's settings.
                            Value::Object(obj) if obj.contains_key("servers") => {
                                let nested = Nested::deserialize(Value::Object(obj))
                                    .map_err(|e| de::Error::custom(format!("`mcp`: {e}")))?;
                                top.mcp = nested.0;
                            }
                            _ => {}
                        },
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                    top.keys.push(key);
                }
                Ok(top)
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// Line and column (1-based) of a serde_json error, in words.
fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    // serde_json ends its messages with ` at line L column C`; say it the same way for both.
    let what = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(what, _)| what);
    format!(
        "{} at line {}, column {}",
        what.replace('`', "'"),
        e.line(),
        e.column()
    )
}

fn read_json(
    path: &Path,
    text: &str,
    notes: &mut Vec<String>,
) -> Result<(Flavor, Vec<(String, Value)>), String> {
    let top = match serde_json::from_str::<Top>(text) {
        Ok(top) => top,
        Err(strict) => {
            // VS Code reads its files as JSON with comments and trailing commas.
            let relaxed = strip_jsonc(text).and_then(|t| serde_json::from_str::<Top>(&t).ok());
            match relaxed {
                Some(top) if top.servers.is_some() || top.mcp.is_some() => {
                    notes.push(
                        "the file has comments or trailing commas, which VS Code accepts"
                            .to_owned(),
                    );
                    top
                }
                _ if strict.is_syntax() || strict.is_eof() => {
                    return Err(format!("is not valid JSON: {}", json_error(&strict)));
                }
                _ => return Err(format!("is not a valid config: {}", json_error(&strict))),
            }
        }
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let claude_flavor = match name.as_str() {
        "claude_desktop_config.json" => Flavor::ClaudeDesktop,
        ".mcp.json" | ".claude.json" => Flavor::ClaudeCode,
        _ => Flavor::McpServers,
    };
    match (top.mcp_servers, top.servers, top.mcp) {
        (Some(s), None, _) => Ok((claude_flavor, s.0)),
        (None, Some(s), _) => Ok((Flavor::VsCode, s.0)),
        (Some(s), Some(_), _) if claude_flavor != Flavor::McpServers => Ok((claude_flavor, s.0)),
        (Some(_), Some(s), _) if name == "mcp.json" => Ok((Flavor::VsCode, s.0)),
        (Some(_), Some(_), _) => Err(
            "has both `mcpServers` (Claude's layout) and `servers` (VS Code's), so its client \
             is unclear; name it `.mcp.json` (Claude Code), `claude_desktop_config.json` or \
             `mcp.json` (VS Code)"
                .to_owned(),
        ),
        (None, None, Some(s)) => Ok((Flavor::VsCode, s.0)),
        (None, None, None) => {
            let keys = if top.keys.is_empty() {
                "it is an empty object".to_owned()
            } else {
                let shown: Vec<String> = top.keys.iter().take(12).map(|k| show(k)).collect();
                format!(
                    "its top-level keys are {}{}",
                    shown.join(", "),
                    if top.keys.len() > 12 { ", ..." } else { "" }
                )
            };
            Err(format!(
                "is not a known MCP client config: expected {EXPECTED}; {keys}"
            ))
        }
    }
}

/// `text` with `//` and `/* */` comments and trailing commas blanked out (so that line and
/// column numbers still match); `None` when it has none.
fn strip_jsonc(text: &str) -> Option<String> {
    let mut bytes = text.as_bytes().to_vec();
    let mut changed = false;
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        match (b, bytes.get(i + 1)) {
            (b'"', _) => in_string = true,
            (b'/', Some(b'/')) => {
                changed = true;
                while i < bytes.len() && bytes[i] != b'\n' {
                    bytes[i] = b' ';
                    i += 1;
                }
                continue;
            }
            (b'/', Some(b'*')) => {
                changed = true;
                let mut closed = false;
                while i < bytes.len() {
                    if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                        bytes[i] = b' ';
                        bytes[i + 1] = b' ';
                        i += 2;
                        closed = true;
                        break;
                    }
                    if bytes[i] != b'\n' {
                        bytes[i] = b' ';
                    }
                    i += 1;
                }
                if !closed {
                    return None;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // Trailing commas, now that comments are blank.
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b',' if !in_string => {
                let next = bytes[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                if matches!(next, Some(b'}' | b']')) {
                    bytes[i] = b' ';
                    changed = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Only ASCII bytes were replaced, each whole UTF-8 sequence inside a comment byte by byte.
    changed.then(|| String::from_utf8(bytes).ok()).flatten()
}

// ---------------------------------------------------------------------------------------
// TOML

fn read_toml(text: &str) -> Result<(Flavor, Vec<(String, Value)>), String> {
    let table = toml::from_str::<toml::Table>(text).map_err(|e| {
        let at = e
            .span()
            .map(|span| {
                let (line, column) = line_column(text, span.start);
                format!(" at line {line}, column {column}")
            })
            .unwrap_or_default();
        format!(
            "is not valid TOML: {}{at}",
            e.message().trim_end().replace('`', "'").replace('\n', "; ")
        )
    })?;
    let Some(servers) = table.get("mcp_servers") else {
        let keys: Vec<String> = table.keys().take(12).map(|k| show(k)).collect();
        let keys = if keys.is_empty() {
            "it has no keys".to_owned()
        } else {
            format!("its top-level keys are {}", keys.join(", "))
        };
        return Err(format!(
            "is not a known MCP client config: a Codex `config.toml` has \
             `[mcp_servers.<name>]` tables (expected {EXPECTED}); {keys}"
        ));
    };
    let toml::Value::Table(servers) = servers else {
        return Err(format!(
            "has `mcp_servers` = {}, but it must be a table of servers: write \
             `[mcp_servers.<name>]` sections",
            kind_of(&to_json(servers))
        ));
    };
    Ok((
        Flavor::Codex,
        servers
            .iter()
            .map(|(k, v)| (k.clone(), to_json(v)))
            .collect(),
    ))
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit_once('\n')
        .map_or(before, |(_, last)| last)
        .chars()
        .count()
        + 1;
    (line, column)
}

fn to_json(value: &toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s.clone()),
        toml::Value::Integer(i) => Value::from(*i),
        toml::Value::Float(f) => Value::from(*f),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.iter().map(to_json).collect()),
        toml::Value::Table(table) => {
            Value::Object(table.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())
        }
    }
}

// ---------------------------------------------------------------------------------------
// Server entries

/// `a string`, `an array`: what a value is, for messages.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Levenshtein distance over characters, for "did you mean".
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (row[j] + 1).min(row[j + 1] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The known field nearest to `field`, if one is near enough to be a typo.
fn nearest<'a>(field: &str, known: &[&'a str]) -> Option<&'a str> {
    let folded = |s: &str| s.to_ascii_lowercase().replace(['_', '-'], "");
    known
        .iter()
        .map(|k| {
            let d = if folded(k) == folded(field) {
                0
            } else {
                edit_distance(field, k)
            };
            (d, *k)
        })
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

/// Where the file is, for relative paths and VS Code's `${workspaceFolder}`.
struct Context {
    file: String,
    flavor: Flavor,
    /// The file's directory (absolute when it can be made so).
    dir: PathBuf,
    /// VS Code: the folder holding `.vscode/`.
    workspace: Option<PathBuf>,
}

/// A reason to stop planning a server: it is skipped, or its entry is wrong.
enum Stop {
    Skip(String),
    Invalid(String),
}

impl Context {
    fn new(path: &Path, flavor: Flavor) -> Self {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
        let dir = absolute
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_owned);
        let workspace = (flavor == Flavor::VsCode
            && dir.file_name().is_some_and(|n| n == ".vscode"))
        .then(|| dir.parent().map(Path::to_owned))
        .flatten();
        Self {
            file: show(&path.to_string_lossy()),
            flavor,
            dir,
            workspace,
        }
    }

    fn plan(&self, key: &str, value: &Value) -> Plan {
        match self.launch(value) {
            Ok(launch) => Plan::Run(launch),
            Err(Stop::Skip(reason)) => Plan::Skip(reason),
            Err(Stop::Invalid(problem)) => Plan::Invalid(format!(
                "config {}, server {}: {problem}",
                self.file,
                show(key)
            )),
        }
    }

    fn launch(&self, value: &Value) -> Result<Launch, Stop> {
        let host = self.flavor.host();
        let Value::Object(entry) = value else {
            return Err(Stop::Invalid(format!(
                "expected an object with `command`, `args` and `env`, found {}",
                kind_of(value)
            )));
        };
        let known = self.flavor.fields();
        let unknown: Vec<String> = entry
            .keys()
            .filter(|k| !known.contains(&k.as_str()))
            .map(|k| match nearest(k, known) {
                Some(near) => format!("{} (did you mean `{near}`?)", show(k)),
                None => show(k),
            })
            .collect();
        if !unknown.is_empty() {
            let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            return Err(Stop::Invalid(format!(
                "unknown {} {}; a server entry for {host} has {}; a misspelt field would start \
                 the server differently from {host}, so it is not audited",
                if unknown.len() == 1 {
                    "field"
                } else {
                    "fields"
                },
                unknown.join(", "),
                list.join(", ")
            )));
        }
        let string = |field: &str| -> Result<Option<&str>, Stop> {
            match entry.get(field) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.as_str())),
                Some(other) => Err(Stop::Invalid(format!(
                    "field `{field}` must be a string, found {}",
                    kind_of(other)
                ))),
            }
        };
        let flag = |field: &str| -> Result<Option<bool>, Stop> {
            match entry.get(field) {
                None => Ok(None),
                Some(Value::Bool(b)) => Ok(Some(*b)),
                Some(other) => Err(Stop::Invalid(format!(
                    "field `{field}` must be true or false, found {}",
                    kind_of(other)
                ))),
            }
        };
        if flag("enabled")? == Some(false) {
            return Err(Stop::Skip("disabled (`enabled = false`)".to_owned()));
        }
        if flag("disabled")? == Some(true) {
            return Err(Stop::Skip("disabled (`\"disabled\": true`)".to_owned()));
        }
        let kind = string("type")?;
        match kind {
            None | Some("stdio") => {}
            Some(remote @ ("http" | "sse" | "streamable-http" | "streamableHttp" | "ws")) => {
                return Err(Stop::Skip(format!(
                    "not a stdio server (`type` is {})",
                    show(remote)
                )));
            }
            Some(other) => {
                return Err(Stop::Invalid(format!(
                    "field `type` is {}; expected `stdio`, or `http` or `sse` for a remote server",
                    show(other)
                )));
            }
        }
        let Some(command) = string("command")? else {
            if kind.is_none() && entry.contains_key("url") {
                return Err(Stop::Skip("not a stdio server (it has `url`)".to_owned()));
            }
            return Err(Stop::Invalid(
                "missing `command`: a stdio server needs the program to start (a remote one \
                 has `url`)"
                    .to_owned(),
            ));
        };
        if command.trim().is_empty() {
            return Err(Stop::Invalid("field `command` is empty".to_owned()));
        }
        let args: Vec<&str> = match entry.get("args") {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    item.as_str().ok_or_else(|| {
                        Stop::Invalid(format!(
                            "field `args` must be an array of strings, but `args[{i}]` is {}",
                            kind_of(item)
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(Stop::Invalid(format!(
                    "field `args` must be an array of strings, found {}",
                    kind_of(other)
                )));
            }
        };
        let env: Vec<(&str, &str)> = match entry.get("env") {
            None => Vec::new(),
            Some(Value::Object(vars)) => vars
                .iter()
                .map(|(k, v)| {
                    v.as_str().map(|v| (k.as_str(), v)).ok_or_else(|| {
                        Stop::Invalid(format!(
                            "field `env` must map names to strings, but `env.{}` is {}",
                            show(k).trim_matches('`'),
                            kind_of(v)
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(Stop::Invalid(format!(
                    "field `env` must be an object of strings, found {}",
                    kind_of(other)
                )));
            }
        };
        let cwd = string("cwd")?;
        let env_file = string("envFile")?;

        let expand = |text: &str, field: &str| self.expand(text, field);
        let mut argv = vec![OsString::from(expand(command, "command")?)];
        for (i, arg) in args.iter().enumerate() {
            argv.push(expand(arg, &format!("args[{i}]"))?.into());
        }
        let mut vars = Vec::new();
        if let Some(file) = env_file {
            let file = self.resolve(&expand(file, "envFile")?);
            vars.extend(read_env_file(&file)?);
        }
        for (name, value) in env {
            vars.push((name.to_owned(), expand(value, &format!("env.{name}"))?));
        }
        let cwd = match cwd {
            Some(dir) => Some(self.resolve(&expand(dir, "cwd")?)),
            // Claude Code starts servers in the project folder; VS Code in the workspace.
            None => match self.flavor {
                Flavor::ClaudeCode => Some(self.dir.clone()),
                Flavor::VsCode => self.workspace.clone(),
                _ => None,
            },
        };
        Ok(Launch {
            argv,
            env: vars,
            cwd,
        })
    }

    /// A path from the config: relative ones are taken from the file's folder (VS Code: the
    /// workspace folder).
    fn resolve(&self, path: &str) -> PathBuf {
        let base = self.workspace.as_ref().unwrap_or(&self.dir);
        base.join(path)
    }

    /// Expands the variables the host expands in `text` (from field `field`).
    fn expand(&self, text: &str, field: &str) -> Result<String, Stop> {
        match self.flavor {
            Flavor::ClaudeCode => expand_claude(text, field),
            Flavor::VsCode => self.expand_vscode(text, field),
            Flavor::ClaudeDesktop | Flavor::McpServers | Flavor::Codex => Ok(text.to_owned()),
        }
    }

    /// VS Code: `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and the path separators
    /// are expanded; `${input:...}` asks the user, so the server is skipped.
    fn expand_vscode(&self, text: &str, field: &str) -> Result<String, Stop> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("${") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                out.push_str(&rest[start..]);
                return Ok(out);
            };
            let name = &after[..end];
            let value = match name {
                "workspaceFolder" | "workspaceRoot" => self
                    .workspace
                    .as_ref()
                    .map(|w| w.to_string_lossy().into_owned()),
                "workspaceFolderBasename" => self
                    .workspace
                    .as_ref()
                    .and_then(|w| w.file_name())
                    .map(|n| n.to_string_lossy().into_owned()),
                "userHome" => std::env::var("HOME").ok(),
                "pathSeparator" | "/" => Some(std::path::MAIN_SEPARATOR.to_string()),
                _ if name.starts_with("input:") => {
                    return Err(Stop::Skip(format!(
                        "`{field}` uses {}, which VS Code asks the user for when it starts the \
                         server; give the value in the config to audit it",
                        show(&format!("${{{name}}}"))
                    )));
                }
                _ => name
                    .strip_prefix("env:")
                    .map(|var| std::env::var(var).unwrap_or_default()),
            };
            let Some(value) = value else {
                return Err(Stop::Skip(format!(
                    "`{field}` uses {}, which only VS Code can resolve{}",
                    show(&format!("${{{name}}}")),
                    if name.starts_with("workspaceFolder") {
                        " (the file is not in a workspace's `.vscode` folder)"
                    } else {
                        ""
                    }
                )));
            };
            out.push_str(&value);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// Claude Code: `${VAR}` and `${VAR:-default}`; an unset variable without a default is an
/// error, as in Claude Code.
fn expand_claude(text: &str, field: &str) -> Result<String, Stop> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return Ok(out);
        };
        let inner = &after[..end];
        let (name, default) = match inner.split_once(":-") {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        };
        match (std::env::var(name), default) {
            (Ok(value), _) => out.push_str(&value),
            (Err(_), Some(default)) => out.push_str(default),
            (Err(_), None) => {
                return Err(Stop::Invalid(format!(
                    "`{field}` uses {}, but `{}` is not set and has no default (write \
                     `${{{}:-default}}`); Claude Code refuses such a config",
                    show(&format!("${{{inner}}}")),
                    show(name).trim_matches('`'),
                    show(name).trim_matches('`'),
                )));
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// `NAME=VALUE` lines (blank lines, `#` comments and `export ` are allowed; values may be
/// quoted).
fn read_env_file(path: &Path) -> Result<Vec<(String, String)>, Stop> {
    let shown = show(&path.to_string_lossy());
    let text = std::fs::read_to_string(path)
        .map_err(|e| Stop::Invalid(format!("field `envFile`: cannot read {shown}: {e}")))?;
    let mut vars = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((name, value)) = line.split_once('=') else {
            return Err(Stop::Invalid(format!(
                "field `envFile`: line {} of {shown} is not `NAME=VALUE`",
                n + 1
            )));
        };
        let value = value.trim();
        let unquoted = ['"', '\'']
            .iter()
            .find_map(|q| value.strip_prefix(*q).and_then(|v| v.strip_suffix(*q)))
            .unwrap_or(value);
        vars.push((name.trim().to_owned(), unquoted.to_owned()));
    }
    Ok(vars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonc_keeps_positions() {
        let text = "{\n  // a comment\n  \"servers\": {}, /* x */\n}";
        let stripped = strip_jsonc(text).expect("changed");
        assert_eq!(stripped.len(), text.len());
        assert_eq!(stripped.lines().count(), text.lines().count());
        assert!(
            serde_json::from_str::<Value>(&stripped).is_ok(),
            "{stripped}"
        );
        assert_eq!(strip_jsonc("{\"a\": \"// not a comment\"}"), None);
    }

    #[test]
    fn near_fields() {
        assert_eq!(nearest("arg", CLAUDE_FIELDS), Some("args"));
        assert_eq!(nearest("env_file", VSCODE_FIELDS), Some("envFile"));
        assert_eq!(nearest("Command", CODEX_FIELDS), Some("command"));
        assert_eq!(nearest("transport", CLAUDE_FIELDS), None);
    }

    #[test]
    fn claude_variables() {
        assert!(
            expand_claude("${MCP_TOOLNAME_SURELY_UNSET:-x}/y", "args[0]").is_ok_and(|s| s == "x/y")
        );
        assert!(matches!(
            expand_claude("${MCP_TOOLNAME_SURELY_UNSET}", "command"),
            Err(Stop::Invalid(_))
        ));
    }

    #[test]
    fn lines_and_columns() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 0), (1, 1));
    }
}
