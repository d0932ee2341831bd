//! One served name as a snapshot records it ([`Entry`]), made from the tool `tools/list`
//! gave: a tool, an alias of one (listed, or hidden and shown only in surface mode), or a
//! tombstone; its arguments (name, JSON type, required), a digest of each schema, and for a
//! listed name its description and input schema. A prompt of `prompts/list` is read the same
//! way.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use rmcp::model::{MetaObject, Prompt, Tool};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// The `_meta` key a listed alias carries in every mode (the runtime's
/// `DEPRECATION_META_KEY`): `{"replacement", "until", "since"}`.
pub const DEPRECATED_KEY: &str = "mcp-toolname/deprecated";
/// The `_meta` key every alias carries in surface mode: `{"of", "hidden", "until",
/// "list_until", "args"}`.
pub const ALIAS_KEY: &str = "mcp-toolname/alias";
/// The `_meta` key a tombstone carries in surface mode: `{"replacement", "renamed", "until"}`.
pub const TOMBSTONE_KEY: &str = "mcp-toolname/tombstone";
/// The `_meta` key every tool carries in surface mode (the runtime's `ORIGIN_META_KEY`):
/// where it was declared, `{"file", "line", "column"}`.
pub const ORIGIN_KEY: &str = "mcp-toolname/origin";
/// The longest origin file path read, in bytes (Linux's `PATH_MAX`): a server could send any
/// length, and the path is written into every SARIF result and annotation of its tools.
pub const MAX_ORIGIN_FILE: usize = 4096;

/// What a server built with mcp-toolname says in surface mode beyond the snapshot's entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Declared {
    /// Where the tool was declared: the file as the server's build named it (`file!()`,
    /// relative to its workspace root) and the 1-based line.
    pub origin: Option<(String, u32)>,
    /// An alias past its window that the server still declares: it refuses calls to it, so
    /// it is no name a client can call (not in a snapshot), but it is left over in the code.
    pub expired: bool,
}

impl Declared {
    /// What `tool`'s `_meta` declares.
    #[must_use]
    pub fn of_tool(tool: &Tool) -> Self {
        Self::of_meta(tool.meta.as_ref())
    }

    /// What an item's `_meta` declares (a tool's or a prompt's).
    #[must_use]
    pub fn of_meta(meta: Option<&MetaObject>) -> Self {
        let meta = meta.map(|m| &m.0);
        let get = |key: &str| meta.and_then(|m| m.get(key)).and_then(Value::as_object);
        let origin = get(ORIGIN_KEY).and_then(|o| {
            let file = o.get("file")?.as_str()?.to_owned();
            let line = u32::try_from(o.get("line")?.as_u64()?).ok()?;
            (line > 0 && !file.is_empty() && file.len() <= MAX_ORIGIN_FILE).then_some((file, line))
        });
        let expired = get(ALIAS_KEY)
            .and_then(|a| a.get("expired"))
            .and_then(Value::as_bool)
            == Some(true);
        Self { origin, expired }
    }
}

/// What a served name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A tool, or a prompt: the item itself (`prompt` in a snapshot's `prompts`).
    #[serde(alias = "prompt")]
    Tool,
    /// An old name of a tool, answered by it.
    Alias,
    /// A name kept only to say where a removed tool went.
    Tombstone,
}

/// One argument of a tool: its JSON types and whether it is required.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Argument {
    /// The JSON Schema `type` (several for a union; `any` when the schema gives none).
    pub types: Types,
    /// Listed in the schema's `required`.
    pub required: bool,
}

/// An argument's JSON Schema types, sorted, without repeats: a list of strings in the file.
/// Equal lists made on one thread are one list: a snapshot within its size limit may give
/// millions of arguments the same `["string"]`, and each would otherwise hold its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Types(Arc<[String]>);

impl Types {
    /// `types` sorted and without repeats, shared with every equal list made before.
    #[must_use]
    pub fn new(mut types: Vec<String>) -> Self {
        thread_local! {
            /// Every list made on this thread; a surface holds few distinct ones.
            static MADE: RefCell<HashSet<Arc<[String]>>> = RefCell::new(HashSet::new());
        }
        types.sort();
        types.dedup();
        MADE.with(|made| {
            let mut made = made.borrow_mut();
            if let Some(same) = made.get(types.as_slice()) {
                return Self(Arc::clone(same));
            }
            let types: Arc<[String]> = types.into();
            made.insert(Arc::clone(&types));
            Self(types)
        })
    }
}

impl std::ops::Deref for Types {
    type Target = [String];

    fn deref(&self) -> &[String] {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Types {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<String>::deserialize(d).map(Self::new)
    }
}

/// One served name. Field names are stable: they are the snapshot file. Its fields but the
/// name are seldom given, and each is boxed: a snapshot within its size limit may hold a
/// million entries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The name a client calls.
    pub name: String,
    /// Tool, alias or tombstone.
    pub kind: Kind,
    /// Whether `tools/list` shows it to every client.
    pub listed: bool,
    /// For an alias, its tool; for a tombstone, the tool to call instead, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Box<str>>,
    /// The end of the window (RFC 3339), for an alias or a tombstone that has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Box<str>>,
    /// Arguments an alias carries into its tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub args: Option<Box<Map<String, Value>>>,
    /// The top-level arguments of the input schema, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub arguments: BTreeMap<String, Argument>,
    /// `sha256:` and 16 hex digits of the input schema as canonical JSON (keys sorted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<Box<str>>,
    /// The same for the output schema, if the tool has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Box<str>>,
    /// What `tools/list` gives every client besides the name, for a name listed to clients
    /// (from `schema_version` 3): what the tokens a client's model is handed are counted of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<Box<Definition>>,
}

/// A listed tool's description and input schema, as the server listed them. Field names are
/// stable: they are the snapshot file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Definition {
    /// The description; absent when the server gave none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The input schema.
    pub input_schema: Map<String, Value>,
}

impl Definition {
    /// The tool it defines, named `name`, as `tools/list` would list it (nothing else of the
    /// tool is kept).
    #[must_use]
    pub fn tool(&self, name: &str) -> Tool {
        let mut tool = Tool::default();
        tool.name = name.to_owned().into();
        tool.description = self.description.clone().map(Into::into);
        tool.input_schema = Arc::new(self.input_schema.clone());
        tool
    }
}

/// `sha256:` and the first 16 hex digits of the SHA-256 of the schema `map` as canonical JSON
/// (every object's keys sorted), so the same schema gives the same digest whatever order the
/// server wrote. The text is hashed as it is written: neither a copy nor the text is held.
#[must_use]
pub fn digest_object(map: &Map<String, Value>) -> String {
    let mut hasher = Hashing(Sha256::new());
    // Writing into a hasher cannot fail, and a JSON object always serialises.
    let _ = serde_json::to_writer(&mut hasher, &CanonicalObject(map));
    let sum = hasher.0.finalize();
    let hex: String = sum.iter().take(8).map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// A writer that hashes what it is given: a schema is digested as it is written, never held
/// as text.
struct Hashing(Sha256);

impl std::io::Write for Hashing {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A value written with every object's keys sorted, as canonical JSON, without a copy.
struct Canonical<'a>(&'a Value);

/// An object written with its keys sorted.
struct CanonicalObject<'a>(&'a Map<String, Value>);

impl Serialize for Canonical<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        match self.0 {
            Value::Object(map) => CanonicalObject(map).serialize(serializer),
            Value::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Canonical(item))?;
                }
                seq.end()
            }
            other => other.serialize(serializer),
        }
    }
}

impl Serialize for CanonicalObject<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut entries: Vec<(&String, &Value)> = self.0.iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let mut map = serializer.serialize_map(Some(entries.len()))?;
        for (key, value) in entries {
            map.serialize_entry(key, &Canonical(value))?;
        }
        map.end()
    }
}

/// The top-level arguments of an input schema: each property with its `type` (a string or
/// a list; `any` without one), and whether `required` lists it.
#[must_use]
pub fn arguments(schema: &Map<String, Value>) -> BTreeMap<String, Argument> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return BTreeMap::new();
    };
    properties
        .iter()
        .map(|(name, property)| {
            let types = match property.get("type") {
                Some(Value::String(t)) => vec![t.clone()],
                Some(Value::Array(ts)) => ts
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect(),
                _ => vec!["any".to_owned()],
            };
            let argument = Argument {
                types: Types::new(types),
                required: required.contains(&name.as_str()),
            };
            (name.clone(), argument)
        })
        .collect()
}

impl Entry {
    /// The entry for one tool of `tools/list`: its kind read from `_meta` (an alias in
    /// surface mode, a listed alias by its deprecation, a tombstone), listed unless surface
    /// mode says it is hidden.
    #[must_use]
    pub fn of_tool(tool: &Tool) -> Self {
        let entry = Self {
            name: tool.name.to_string(),
            kind: Kind::Tool,
            listed: true,
            of: None,
            until: None,
            args: None,
            arguments: arguments(&tool.input_schema),
            input_schema: Some(digest_object(&tool.input_schema).into()),
            output_schema: tool.output_schema.as_ref().map(|s| digest_object(s).into()),
            definition: Some(Box::new(Definition {
                description: tool.description.as_deref().map(str::to_owned),
                input_schema: (*tool.input_schema).clone(),
            })),
        };
        entry.marked(tool.meta.as_ref())
    }

    /// The entry for one prompt of `prompts/list`, read as a tool's is: its arguments are its
    /// declared ones, each a string (`prompts/get` takes `arguments` as a map of strings:
    /// MCP specification 2025-11-25, Server Features, Prompts, "Getting a Prompt", read
    /// 2026-12-03), required when it says so; a prompt has no schema to digest.
    #[must_use]
    pub fn of_prompt(prompt: &Prompt) -> Self {
        let arguments = prompt
            .arguments
            .iter()
            .flatten()
            .map(|a| {
                let argument = Argument {
                    types: Types::new(vec!["string".to_owned()]),
                    required: a.required == Some(true),
                };
                (a.name.clone(), argument)
            })
            .collect();
        let entry = Self {
            name: prompt.name.clone(),
            kind: Kind::Tool,
            listed: true,
            of: None,
            until: None,
            args: None,
            arguments,
            input_schema: None,
            output_schema: None,
            definition: None,
        };
        entry.marked(prompt.meta.as_ref())
    }

    /// This entry as `meta` marks it: an alias (surface mode, or a listed alias's
    /// deprecation), a tombstone, or left a tool.
    fn marked(mut self, meta: Option<&MetaObject>) -> Self {
        let meta = meta.map(|m| &m.0);
        let get = |key: &str| meta.and_then(|m| m.get(key)).and_then(Value::as_object);
        let text = |map: &Map<String, Value>, key: &str| {
            map.get(key).and_then(Value::as_str).map(Box::from)
        };
        if let Some(alias) = get(ALIAS_KEY) {
            self.kind = Kind::Alias;
            self.of = text(alias, "of");
            self.until = text(alias, "until");
            self.listed = alias.get("hidden").and_then(Value::as_bool) != Some(true);
            self.args = alias
                .get("args")
                .and_then(Value::as_object)
                .map(|args| Box::new(args.clone()));
        } else if let Some(deprecated) = get(DEPRECATED_KEY) {
            self.kind = Kind::Alias;
            self.of = text(deprecated, "replacement");
            self.until = text(deprecated, "until");
        } else if let Some(tombstone) = get(TOMBSTONE_KEY) {
            self.kind = Kind::Tombstone;
            self.listed = false;
            self.of = text(tombstone, "replacement");
            self.until = text(tombstone, "until");
            self.arguments.clear();
            self.input_schema = None;
            self.output_schema = None;
        }
        // A name no client lists hands no model anything.
        if !self.listed {
            self.definition = None;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_origin(file: &str) -> Tool {
        let mut tool = Tool::new("t", "", std::sync::Arc::new(Map::new()));
        let mut meta = Map::new();
        meta.insert(
            ORIGIN_KEY.to_owned(),
            serde_json::json!({"file": file, "line": 3, "column": 5}),
        );
        tool.meta = Some(rmcp::model::MetaObject(meta));
        tool
    }

    /// The digest before it was streamed: the text of a sorted copy, hashed.
    fn digest_of_a_sorted_copy(value: &Value) -> String {
        fn canonical(value: &Value) -> Value {
            match value {
                Value::Object(map) => {
                    let sorted: BTreeMap<&String, Value> =
                        map.iter().map(|(k, v)| (k, canonical(v))).collect();
                    Value::Object(sorted.into_iter().map(|(k, v)| (k.clone(), v)).collect())
                }
                Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
                other => other.clone(),
            }
        }
        let text = serde_json::to_string(&canonical(value)).unwrap_or_default();
        let sum = Sha256::digest(text.as_bytes());
        let hex: String = sum.iter().take(8).map(|b| format!("{b:02x}")).collect();
        format!("sha256:{hex}")
    }

    #[test]
    fn a_streamed_digest_is_the_digest_of_the_sorted_text() {
        let schema = serde_json::json!({
            "type": "object",
            "properties": {"z": {"type": "string", "enum": ["b", "a"]}, "a": {"items": [{"y": 1, "b": 2.5}]}},
            "required": ["z"],
            "$defs": {"é": {"description": "\u{202e}\"quoted\"", "x": null, "t": true}}
        });
        let Value::Object(map) = &schema else {
            unreachable!("an object literal")
        };
        let before = digest_of_a_sorted_copy(&schema);
        assert_eq!(digest_object(map), before);
        // Key order does not change it.
        let reordered: Map<String, Value> = map
            .iter()
            .rev()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        assert_eq!(digest_object(&reordered), before);
    }

    #[test]
    fn an_origin_is_read_up_to_its_bound() {
        let fits = "src/".to_owned() + &"a".repeat(MAX_ORIGIN_FILE - 4);
        assert_eq!(
            Declared::of_tool(&with_origin(&fits)).origin,
            Some((fits, 3))
        );
        let past = "a".repeat(MAX_ORIGIN_FILE + 1);
        assert_eq!(Declared::of_tool(&with_origin(&past)).origin, None);
    }
}
