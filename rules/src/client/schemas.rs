//! What a client does to a tool's input schema on its way to the model: whether `$defs` (where
//! every `$ref` of a generated schema points) goes along, which keywords it removes, which it
//! rewrites into the description, and what it adds.
//!
//! Each run client's [`SchemaHandling`] was learnt by running it (the version its preset
//! names) against a fixture server whose tools carry the schemas rmcp 3.11 makes for argument
//! types: a nested struct, one with a documented field, `Vec<Struct>`, a unit enum, a data
//! enum, `Option<Enum>`, a recursive type, `HashMap<String, Struct>`, `u64`,
//! `chrono::DateTime<Utc>` (`cli/tests/oracle_schemas.rs`), and comparing each schema the fake
//! API received with the one served.
//!
//! ```
//! use mcp_toolname_rules::{CONTINUE_CLI, CLAUDE_CODE};
//!
//! let schema = serde_json::json!({
//!     "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}}},
//!     "type": "object",
//!     "properties": {"at": {"$ref": "#/$defs/Point"}}
//! });
//! let schema = schema.as_object().expect("an object");
//! let lost = CONTINUE_CLI.limits.schemas.changes(schema).expect("run");
//! assert_eq!(lost.dangling.first, ["/properties/at"]);
//! assert!(CLAUDE_CODE.limits.schemas.changes(schema).expect("run").is_whole());
//! ```

use serde_json::{Map, Value};

use crate::schema::{Step, pointer, walk_object};

/// What a client does with a schema's `$defs` (and `definitions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Defs {
    /// Sent with the schema: every `$ref` into them still resolves.
    Kept,
    /// Removed, the `$ref`s left in place: each points nowhere, so the model gets no shape for
    /// the argument (an enum's values, a struct's fields).
    Dropped,
}

/// What a client does to a tool's input schema before the model gets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemaHandling {
    /// Sent in each request that carries the tool, changed as the fields say.
    Sent {
        /// What becomes of `$defs`.
        defs: Defs,
        /// Keywords removed wherever they stand.
        drops: &'static [&'static str],
        /// Keywords removed and written into the `description` of the subschema they stood
        /// in, as text (the model still reads them).
        described: &'static [&'static str],
        /// Members the client may add: keywords (`additionalProperties`) or arguments of its
        /// own.
        adds: &'static [&'static str],
        /// What was run and read, with the version.
        source: &'static str,
    },
    /// Only names are sent up front; a definition reaches the model when its tool search
    /// loads it, which the fake model never asks for: not run.
    NamesOnly,
    /// Not run: not known.
    Unknown,
}

/// What a client's handling does to one schema ([`SchemaHandling::changes`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SchemaChanges {
    /// Keywords of the schema the client removes (`$defs` too, where it drops it), each once,
    /// in the order of its list.
    pub dropped: Vec<&'static str>,
    /// Keywords of the schema it moves into a description.
    pub described: Vec<&'static str>,
    /// Each `$ref` into `$defs` left pointing nowhere.
    pub dangling: Refs,
}

/// Most JSON pointers of `$ref`s a [`Refs`] holds: each is as long as the path to its `$ref`
/// (a hostile schema's member names can be megabytes long), and a message names a few.
pub const REFS_KEPT: usize = 32;

/// The `$ref`s of a schema into its own `$defs` or `definitions`, outside them
/// ([`refs_into_defs`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Refs {
    /// The JSON pointer of each of the first [`REFS_KEPT`], in the order of the bounded walk
    /// ([`crate::schema::walk`]).
    pub first: Vec<String>,
    /// How many the walk met in all.
    pub count: usize,
}

impl Refs {
    /// Whether there are none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }
}

impl SchemaChanges {
    /// Whether the schema reaches the model as the server wrote it, but for what the client
    /// adds.
    #[must_use]
    pub fn is_whole(&self) -> bool {
        self.dropped.is_empty() && self.described.is_empty() && self.dangling.is_empty()
    }
}

impl SchemaHandling {
    /// What this handling does to `schema`; `None` where the client sends no schema up front
    /// or was not run. Reads at most [`crate::schema::MAX_NODES`] subschemas.
    #[must_use]
    pub fn changes(self, schema: &Map<String, Value>) -> Option<SchemaChanges> {
        let Self::Sent {
            defs,
            drops,
            described,
            ..
        } = self
        else {
            return None;
        };
        let wanted: Vec<&'static str> = drops.iter().chain(described).copied().collect();
        let (present, refs) = scan(schema, &wanted);
        let has = |keys: &[&'static str]| -> Vec<&'static str> {
            keys.iter()
                .copied()
                .filter(|k| present.contains(k))
                .collect()
        };
        let mut dropped = has(drops);
        let mut dangling = Refs::default();
        if defs == Defs::Dropped {
            for key in ["$defs", "definitions"] {
                if schema.contains_key(key) {
                    dropped.push(if key == "$defs" {
                        "$defs"
                    } else {
                        "definitions"
                    });
                }
            }
            dangling = refs;
        }
        Some(SchemaChanges {
            dropped,
            described: has(described),
            dangling,
        })
    }

    /// Whether the client drops `$defs`, leaving each `$ref` pointing nowhere.
    #[must_use]
    pub const fn drops_defs(self) -> bool {
        matches!(
            self,
            Self::Sent {
                defs: Defs::Dropped,
                ..
            }
        )
    }
}

/// Each `$ref` of `schema` into its own `$defs` or `definitions`, but those inside them (a
/// client that drops `$defs` drops those with it): what such a client leaves pointing
/// nowhere. The first [`REFS_KEPT`] by JSON pointer, in the order of the bounded walk
/// ([`crate::schema::walk`]), and how many in all.
///
/// ```
/// use mcp_toolname_rules::refs_into_defs;
/// let schema = serde_json::json!({
///     "type": "object",
///     "properties": {"tags": {"type": "array", "items": {"$ref": "#/$defs/Tag"}}},
///     "$defs": {"Tag": {"type": "string"}}
/// });
/// let refs = refs_into_defs(schema.as_object().expect("an object"));
/// assert_eq!(refs.first, ["/properties/tags/items"]);
/// assert_eq!(refs.count, 1);
/// ```
#[must_use]
pub fn refs_into_defs(schema: &Map<String, Value>) -> Refs {
    scan(schema, &[]).1
}

/// Which of `wanted` are keywords of `schema` (each once, in the order met), and
/// [`refs_into_defs`].
fn scan(schema: &Map<String, Value>, wanted: &[&'static str]) -> (Vec<&'static str>, Refs) {
    let mut present: Vec<&'static str> = Vec::new();
    let mut refs = Refs::default();
    walk_object(schema, &mut |steps, node| {
        // Only the few wanted are looked for: a list of every keyword met, searched for each
        // key, took seconds over one subschema of 40,000 members.
        if !wanted.is_empty() {
            for key in node.keys() {
                if let Some(w) = wanted.iter().find(|w| **w == key.as_str())
                    && !present.contains(w)
                {
                    present.push(w);
                }
            }
        }
        let in_defs = matches!(steps.first(), Some(Step::Key("$defs" | "definitions")));
        if !in_defs
            && node
                .get("$ref")
                .and_then(Value::as_str)
                .is_some_and(into_defs)
        {
            refs.count += 1;
            if refs.first.len() < REFS_KEPT {
                refs.first.push(pointer(steps));
            }
        }
    });
    (present, refs)
}

/// Whether `reference` points into the schema's own `$defs` or `definitions`, as every `$ref`
/// of a generated schema does.
fn into_defs(reference: &str) -> bool {
    reference.starts_with("#/$defs/") || reference.starts_with("#/definitions/")
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::{REFS_KEPT, refs_into_defs};
    use crate::CONTINUE_CLI;

    #[test]
    fn refs_inside_defs_are_not_left_pointing_nowhere() {
        // Dropped with `$defs`: only the one outside is sent pointing nowhere.
        let nested = json!({
            "properties": {"at": {"$ref": "#/$defs/A"}},
            "$defs": {"A": {"properties": {"b": {"$ref": "#/$defs/B"}}}, "B": {}}
        });
        let refs = refs_into_defs(nested.as_object().expect("an object"));
        assert_eq!(
            (refs.first, refs.count),
            (vec!["/properties/at".to_owned()], 1)
        );
        // Nothing outside `$defs` refers into them: the model gets the whole schema.
        let unused = json!({
            "properties": {"a": {"type": "string"}},
            "definitions": {"A": {"$ref": "#/definitions/B"}, "B": {}}
        });
        let changes = CONTINUE_CLI
            .limits
            .schemas
            .changes(unused.as_object().expect("an object"))
            .expect("run");
        assert!(changes.dangling.is_empty(), "{changes:?}");
    }

    #[test]
    fn only_the_first_pointers_are_built_however_long_their_path() {
        // 2,000 `$ref`s under a member name of 64 KiB: 131 MB of pointers, before.
        let inner: Map<String, Value> = (0..2_000)
            .map(|i| (format!("p{i}"), json!({"$ref": "#/$defs/A"})))
            .collect();
        let schema = json!({
            "properties": {"k".repeat(64 << 10): {"properties": inner}},
            "$defs": {"A": {}}
        });
        let refs = refs_into_defs(schema.as_object().expect("an object"));
        assert_eq!(refs.count, 2_000);
        assert_eq!(refs.first.len(), REFS_KEPT);
    }
}
