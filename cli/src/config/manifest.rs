//! A Claude Code plugin's manifest (`.claude-plugin/plugin.json`) read: its `name`, and its
//! `mcpServers` as Claude Code takes them (a path, the servers inline in file order, or a list
//! of those), the rest ignored.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;

use super::read::{FromMap, Servers, deserialize_map};
use crate::file::json_error;

/// What a Claude Code plugin's manifest gives as its servers (`mcpServers`): a path to a
/// file of them, the servers inline (in file order), or a list of those.
#[derive(Debug)]
pub(super) enum Declared {
    /// A file of servers, relative to the plugin's folder.
    Path(String),
    /// The servers inline, in file order.
    Inline(Vec<(String, Value)>),
    /// Several of these.
    List(Vec<Declared>),
    /// Anything else: what it is, for the message.
    Other(&'static str),
}

struct DeclaredVisitor;

impl<'de> Visitor<'de> for DeclaredVisitor {
    type Value = Declared;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a path, an object of servers, or a list of those")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Declared, E> {
        Ok(Declared::Path(v.to_owned()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Declared, A::Error> {
        Servers::from_map(map).map(|s| Declared::Inline(s.0))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Declared, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element::<Declared>()? {
            out.push(item);
        }
        Ok(Declared::List(out))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Declared, E> {
        Ok(Declared::Other("a boolean"))
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Declared, E> {
        Ok(Declared::Other("a number"))
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Declared, E> {
        Ok(Declared::Other("a number"))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Declared, E> {
        Ok(Declared::Other("a number"))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Declared, E> {
        Ok(Declared::Other("null"))
    }
}

impl<'de> Deserialize<'de> for Declared {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(DeclaredVisitor)
    }
}

/// A Claude Code plugin's manifest (`.claude-plugin/plugin.json`): its `name` and
/// `mcpServers`, the rest ignored.
#[derive(Debug, Default)]
pub(super) struct Manifest {
    pub(super) name: Option<Value>,
    pub(super) servers: Option<Declared>,
}

impl<'de> FromMap<'de> for Manifest {
    const EXPECTING: &'static str = "a JSON object (a Claude Code plugin manifest)";

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Self, A::Error> {
        let mut manifest = Self::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "name" => manifest.name = Some(map.next_value()?),
                "mcpServers" => manifest.servers = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(manifest)
    }
}

impl<'de> Deserialize<'de> for Manifest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_map(deserializer)
    }
}

/// A plugin's manifest, read.
pub(super) fn read_manifest(text: &str) -> Result<Manifest, String> {
    serde_json::from_str::<Manifest>(text).map_err(|e| {
        if e.is_syntax() || e.is_eof() {
            format!("is not valid JSON: {}", json_error(&e))
        } else {
            format!("is not a valid plugin manifest: {}", json_error(&e))
        }
    })
}
