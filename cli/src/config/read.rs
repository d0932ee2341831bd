//! Reading a config file's text: JSON (strict, or with VS Code's comments and trailing
//! commas) and TOML, down to its layout and its server entries in file order, with the line
//! and column of a syntax error.

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use mcp_toolname_rules::message::show;
use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use super::{EXPECTED, Flavor, kind_of};

/// A layout and its server entries, in file order.
type Found = (Flavor, Vec<(String, Value)>);

// ---------------------------------------------------------------------------------------
// JSON

/// A value read from a JSON object key by key, so that a key given twice is seen twice
/// (serde_json's maps keep only one).
pub(super) trait FromMap<'de>: Sized {
    /// What the object holds, for serde's "invalid type" message.
    const EXPECTING: &'static str;

    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Self, A::Error>;
}

/// The [`Visitor`] of every [`FromMap`] type.
struct MapVisitor<T>(PhantomData<T>);

impl<'de, T: FromMap<'de>> Visitor<'de> for MapVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::from_map(map)
    }
}

/// `Deserialize::deserialize` for a [`FromMap`] type.
pub(super) fn deserialize_map<'de, T: FromMap<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_map(MapVisitor(PhantomData))
}

/// Server entries in file order, repeated names kept.
#[derive(Debug, Default)]
pub(super) struct Servers(pub(super) Vec<(String, Value)>);

impl<'de> FromMap<'de> for Servers {
    const EXPECTING: &'static str = "an object of servers, keyed by name";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut out = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            out.push((key, map.next_value::<Value>()?));
        }
        Ok(Self(out))
    }
}

impl<'de> Deserialize<'de> for Servers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_map(deserializer)
    }
}

/// VS Code's user `settings.json`: `"mcp": {"servers": {...}}`.
#[derive(Debug, Default)]
struct Nested(Option<Servers>);

impl<'de> FromMap<'de> for Nested {
    const EXPECTING: &'static str = "an object";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut servers = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "servers" {
                servers = Some(map.next_value::<Servers>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(Self(servers))
    }
}

impl<'de> Deserialize<'de> for Nested {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_map(deserializer)
    }
}

/// The members of the top-level object `permission` of the JSON `text`, in file order
/// (serde_json's maps sort them): OpenCode's last matching permission rule decides. `None`
/// when `text` is not a JSON object or `permission` not an object in it.
#[must_use]
pub(super) fn permission_rules(text: &str) -> Option<Vec<(String, Value)>> {
    serde_json::from_str::<Members>(text)
        .ok()?
        .permission
        .map(|s| s.0)
}

/// The keys of the top-level object `mcp` of the JSON `text`, in file order: OpenCode starts
/// its servers in that order.
fn mcp_order(text: &str) -> Option<Vec<String>> {
    let members = serde_json::from_str::<Members>(text).ok()?;
    Some(members.mcp?.0.into_iter().map(|(k, _)| k).collect())
}

/// OpenCode's top-level `mcp` and `permission`, each in file order.
#[derive(Default)]
struct Members {
    mcp: Option<Servers>,
    permission: Option<Servers>,
}

impl<'de> FromMap<'de> for Members {
    const EXPECTING: &'static str = "a JSON object";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut out = Self::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "mcp" => out.mcp = map.next_value::<Servers>().ok(),
                "permission" => out.permission = map.next_value::<Servers>().ok(),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(out)
    }
}

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_map(deserializer)
    }
}

/// An OpenCode server entry in Claude's layout, as OpenCode reads it: a `local` one's
/// `command` (an array) split into `command` and `args`, its `environment` as `env`,
/// `enabled: false` as `disabled`; a `remote` one's `url` and `headers` as an HTTP server's,
/// and `oauth` kept (such a server is skipped, as its auth needs a browser). Other fields are
/// OpenCode's own (`timeout`) and are not read.
fn from_opencode(value: Value) -> Value {
    let Value::Object(entry) = value else {
        return value;
    };
    let mut out = serde_json::Map::new();
    match entry.get("type").and_then(Value::as_str) {
        Some("remote") => {
            out.insert("type".to_owned(), Value::from("http"));
            for field in ["url", "headers", "oauth"] {
                if let Some(v) = entry.get(field) {
                    out.insert(field.to_owned(), v.clone());
                }
            }
        }
        _ => {
            if let Some(Value::Array(command)) = entry.get("command") {
                if let Some(first) = command.first() {
                    out.insert("command".to_owned(), first.clone());
                }
                out.insert("args".to_owned(), Value::Array(command[1..].to_vec()));
            } else if let Some(command) = entry.get("command") {
                out.insert("command".to_owned(), command.clone());
            }
            if let Some(env) = entry.get("environment") {
                out.insert("env".to_owned(), env.clone());
            }
        }
    }
    if entry.get("enabled") == Some(&Value::Bool(false)) {
        out.insert("disabled".to_owned(), Value::Bool(true));
    }
    Value::Object(out)
}

/// The top level of a JSON config: the server maps it has, and every key (for messages).
#[derive(Debug, Default)]
struct Top {
    keys: Vec<String>,
    mcp_servers: Option<Servers>,
    servers: Option<Servers>,
    mcp: Option<Servers>,
    /// OpenCode's `mcp`: its servers keyed by name, each with a `type`.
    opencode: Option<Servers>,
}

impl<'de> FromMap<'de> for Top {
    const EXPECTING: &'static str = "a JSON object (an MCP client config)";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut top = Self::default();
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
                    // OpenCode's `opencode.json`: each server an object with a `type`.
                    Value::Object(obj)
                        if !obj.is_empty() && obj.values().all(|v| v.get("type").is_some()) =>
                    {
                        top.opencode = Some(Servers(
                            obj.into_iter()
                                .map(|(k, v)| (k, from_opencode(v)))
                                .collect(),
                        ));
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

impl<'de> Deserialize<'de> for Top {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_map(deserializer)
    }
}

/// The layout and servers of a JSON config; `notes` gets a line when the file is read as
/// JSON with comments.
pub(super) fn read_json(path: &Path, text: &str, notes: &mut Vec<String>) -> Result<Found, String> {
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
                    return Err(format!(
                        "is not valid JSON: {}",
                        crate::file::json_error(&strict)
                    ));
                }
                _ => {
                    return Err(format!(
                        "is not a valid config: {}",
                        crate::file::json_error(&strict)
                    ));
                }
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
    if let (None, None, None, Some(s)) = (&top.mcp_servers, &top.servers, &top.mcp, &top.opencode) {
        // In file order, as OpenCode starts them.
        let order = mcp_order(text).unwrap_or_default();
        let mut servers = s.0.clone();
        servers.sort_by_key(|(k, _)| order.iter().position(|o| o == k));
        return Ok((Flavor::OpenCode, servers));
    }
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

/// The servers of a Codex `config.toml`.
pub(super) fn read_toml(text: &str) -> Result<Found, String> {
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
    fn opencode_servers_and_rules_are_read_in_order() {
        let text = r#"{"mcp": {
            "b": {"type": "local", "command": ["npx", "-y", "s"], "environment": {"K": "v"}},
            "a": {"type": "remote", "url": "https://x.example/mcp", "enabled": false}
          },
          "permission": {"z_*": "allow", "a_*": "deny", "edit": {"*": "ask"}}}"#;
        let (flavor, servers) =
            read_json(Path::new("opencode.json"), text, &mut Vec::new()).expect("read");
        assert_eq!(flavor, Flavor::OpenCode);
        assert_eq!(
            servers,
            [
                (
                    "b".to_owned(),
                    serde_json::json!({"command": "npx", "args": ["-y", "s"], "env": {"K": "v"}})
                ),
                (
                    "a".to_owned(),
                    serde_json::json!({"type": "http", "url": "https://x.example/mcp", "disabled": true})
                ),
            ]
        );
        let rules: Vec<String> = permission_rules(text)
            .expect("rules")
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(rules, ["z_*", "a_*", "edit"]);
    }

    #[test]
    fn lines_and_columns() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 0), (1, 1));
    }
}
