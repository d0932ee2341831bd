//! A schema without references: every local `$ref` replaced by what it points to, and
//! `$defs`, `definitions` and `$schema` dropped, for clients that drop `$defs` or refuse
//! `$ref` (schemars writes every nested type as a `$ref` into `$defs`).
//!
//! ```
//! use mcp_toolname_rules::schema::inline::inline_refs;
//!
//! let schema = serde_json::json!({
//!     "$schema": "https://json-schema.org/draft/2020-12/schema",
//!     "type": "object",
//!     "properties": {"item": {"$ref": "#/$defs/Item", "description": "What to add."}},
//!     "$defs": {"Item": {"type": "object", "properties": {"id": {"type": "integer"}}}}
//! });
//! let inlined = inline_refs(schema.as_object().unwrap())?.expect("it has a $ref");
//! assert_eq!(
//!     serde_json::Value::Object(inlined),
//!     serde_json::json!({
//!         "type": "object",
//!         "properties": {"item": {
//!             "type": "object",
//!             "properties": {"id": {"type": "integer"}},
//!             "description": "What to add."
//!         }}
//!     })
//! );
//! // Nothing to inline: no copy.
//! assert!(inline_refs(serde_json::json!({"type": "object"}).as_object().unwrap())?.is_none());
//! # Ok::<(), mcp_toolname_rules::schema::inline::InlineError>(())
//! ```

use std::fmt;

use serde_json::{Map, Value};

mod merge;

pub use merge::ANNOTATIONS;

use super::{LIST, MAP, MAX_DEPTH, MAX_NODES, ONE, Step, pointer};
use merge::merge;

/// Most bytes of text (strings and member names) an inlined schema may hold: each `$ref` copies
/// its definition's descriptions where it stands, so a few long ones used in many places would
/// multiply past what any client sends a model.
pub const MAX_TEXT: usize = 4 << 20;

/// Why a schema could not be inlined. Each names the reference or keyword and where it
/// stands (a JSON pointer into the schema as given); its `Display` says what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InlineError {
    /// A definition refers to itself, directly or through others (a recursive type, or
    /// `"$ref": "#"`): inlined, it would never end.
    Recursive {
        /// The definition, by name (`Tree`) or, outside `$defs`, by pointer.
        definition: String,
        /// Each site of the cycle, from the definition back to itself:
        /// `["/$defs/Tree/properties/children/items"]`.
        through: Vec<String>,
    },
    /// A `$ref` that points to nothing in the schema, or is not a string.
    Unresolved {
        /// The reference as written.
        reference: String,
        /// Where it stands.
        at: String,
    },
    /// A `$ref` to another document (a URL or a relative path): only references inside the
    /// schema (`#...`) are read.
    NonLocal {
        /// The reference as written.
        reference: String,
        /// Where it stands.
        at: String,
    },
    /// A keyword that changes what references mean (`$dynamicRef`, `$recursiveRef`, `$id`
    /// below the top level), which this does not read.
    Unsupported {
        /// The keyword.
        keyword: String,
        /// Where it stands.
        at: String,
    },
    /// The inlined schema would pass a bound: more than [`MAX_NODES`] subschemas and
    /// values, nested ones too (each reference is copied where it stands, so a definition
    /// used twice in a definition used twice... grows exponentially), more than
    /// [`MAX_TEXT`] bytes of text, or nesting deeper than [`MAX_DEPTH`] (subschemas, or
    /// references followed one inside another).
    TooLarge {
        /// Which bound: `nodes`, `text` or `depth`.
        bound: &'static str,
        /// Its value.
        limit: usize,
    },
}

impl fmt::Display for InlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Recursive {
                definition,
                through,
            } => write!(
                f,
                "`{definition}` refers to itself (at {}): a recursive type cannot be inlined, \
                 its schema would never end; keep the schema as written (with `$defs` and \
                 `$ref`), or break the cycle: type the recursive field as \
                 `serde_json::Value` or as the id of a node kept elsewhere",
                through.join(" -> ")
            ),
            Self::Unresolved { reference, at } => write!(
                f,
                "`$ref` {reference} at `{at}` points to nothing in the schema; add the \
                 definition it names, or fix the reference (a JSON pointer: `#/$defs/Name`)"
            ),
            Self::NonLocal { reference, at } => write!(
                f,
                "`$ref` {reference} at `{at}` points outside the schema; only references \
                 inside it (`#/$defs/Name`) are inlined: copy the definition into `$defs`"
            ),
            Self::Unsupported { keyword, at } => write!(
                f,
                "`{keyword}` at `{at}` changes what references resolve to, which inlining does \
                 not read; keep the schema as written, or write it without `{keyword}`"
            ),
            Self::TooLarge { bound, limit } => write!(
                f,
                "the inlined schema would pass {limit} {}: each `$ref` is copied where it \
                 stands, so definitions used many times multiply; keep the schema as written, \
                 or use each nested type in fewer places",
                match *bound {
                    "depth" => "levels of nesting",
                    "text" => "bytes of text",
                    _ => "subschemas and values",
                }
            ),
        }
    }
}

impl std::error::Error for InlineError {}

/// `schema` with every `$ref` inside it (`#/$defs/Name`, `#/definitions/Name`, any JSON
/// pointer, `~0`/`~1` escapes and percent-encoding read as RFC 6901 and RFC 3986 say)
/// replaced by what it points to, and `$defs`, `definitions` and (for JSON Schema 2020-12,
/// the MCP default, or none given) `$schema` dropped: it accepts the same instances.
///
/// A `$ref` with other keywords beside it (2020-12 applies both): the definition's members
/// and those keywords are merged when no keyword is in both with different values, the
/// referring site's [`ANNOTATIONS`] kept over the definition's; otherwise the definition is
/// wrapped, `{"allOf": [definition], ...keywords}`. In drafts 4 to 7 (a `$schema` naming
/// one) keywords beside a `$ref` are ignored, so only annotations are kept, and `$schema`
/// stays (the schema is read in its draft).
///
/// Returns `Ok(None)` when there is nothing to do (no `$ref`, no top-level `$defs` or
/// `definitions`), found by a read of the schema that copies nothing.
///
/// # Errors
/// [`InlineError`]: a recursive definition, a reference that resolves to nothing or to
/// another document, `$dynamicRef`/`$recursiveRef`/a nested `$id`, or an output past
/// [`MAX_NODES`], [`MAX_TEXT`] or [`MAX_DEPTH`]. Nothing panics, and the work (and the
/// stack) is bounded by those limits.
pub fn inline_refs(schema: &Map<String, Value>) -> Result<Option<Map<String, Value>>, InlineError> {
    let mut budget = MAX_NODES;
    if !has_ref(schema, 0, &mut budget) {
        return Ok(None);
    }
    let dialect = schema.get("$schema");
    let legacy = dialect.and_then(Value::as_str).is_some_and(|s| {
        ["draft-03", "draft-04", "draft-06", "draft-07"]
            .iter()
            .any(|d| s.contains(d))
    });
    // Any dialect but 2020-12 (the default) is kept: 2019-09 reads `items: [...]` as a tuple,
    // which 2020-12 refuses.
    let kept = dialect.filter(|d| !d.as_str().is_some_and(|s| s.contains("/2020-12/")));
    let mut inliner = Inliner {
        root: schema,
        legacy,
        stack: vec![Frame {
            target: String::new(),
            site: Vec::new(),
        }],
        path: Vec::new(),
        nodes: 0,
        text: 0,
    };
    let mut out = match inliner.object(schema, 0)? {
        Value::Object(map) => map,
        // The root was a `$ref` to a boolean schema: the same as an object.
        Value::Bool(true) => Map::new(),
        _ => serde_json::json!({"not": {}})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    };
    if let Some(dialect) = kept {
        out.insert("$schema".to_owned(), dialect.clone());
    }
    Ok(Some(out))
}

/// Whether a `$ref` (or a keyword that only [`inline_refs`] can judge, or at the top level
/// `$defs` or `definitions`) stands in a subschema of `node`; past the bounds, yes, so that
/// the inlining reports them. One pass over each object's members, no lookups: a registry
/// reads every tool's schema with it, and most have nothing to inline.
fn has_ref(node: &Map<String, Value>, depth: usize, budget: &mut usize) -> bool {
    if depth > MAX_DEPTH || *budget == 0 {
        return true;
    }
    *budget -= 1;
    node.iter().any(|(key, value)| {
        let key = key.as_str();
        if matches!(key, "$ref" | "$dynamicRef" | "$recursiveRef")
            || (depth == 0 && matches!(key, "$defs" | "definitions"))
        {
            return true;
        }
        let mut sub = |v: &Value| matches!(v, Value::Object(m) if has_ref(m, depth + 1, budget));
        match value {
            Value::Object(map) if MAP.contains(&key) => map.values().any(&mut sub),
            Value::Array(list) if LIST.contains(&key) || key == "items" => {
                list.iter().any(&mut sub)
            }
            Value::Object(_) if ONE.contains(&key) => sub(value),
            _ => false,
        }
    })
}

/// A definition being inlined: its pointer, and the site that referred to it.
struct Frame<'a> {
    target: String,
    site: Vec<Step<'a>>,
}

struct Inliner<'a> {
    root: &'a Map<String, Value>,
    legacy: bool,
    /// The definitions being inlined, outermost first (the root, pointer ``, first).
    stack: Vec<Frame<'a>>,
    /// Where the subschema being read stands in the input.
    path: Vec<Step<'a>>,
    nodes: usize,
    /// Bytes of text (strings and member names) in the output so far.
    text: usize,
}

impl<'a> Inliner<'a> {
    fn count(&mut self, n: usize) -> Result<(), InlineError> {
        self.nodes += n;
        if self.nodes > MAX_NODES {
            return Err(InlineError::TooLarge {
                bound: "nodes",
                limit: MAX_NODES,
            });
        }
        Ok(())
    }

    fn count_text(&mut self, bytes: usize) -> Result<(), InlineError> {
        self.text += bytes;
        if self.text > MAX_TEXT {
            return Err(InlineError::TooLarge {
                bound: "text",
                limit: MAX_TEXT,
            });
        }
        Ok(())
    }

    fn at(&self) -> String {
        pointer(&self.path)
    }

    /// A subschema (an object or a boolean), inlined.
    fn schema(&mut self, node: &'a Value, depth: usize) -> Result<Value, InlineError> {
        match node {
            Value::Object(map) => self.object(map, depth),
            other => self.copy(other),
        }
    }

    /// A keyword value that is not a subschema, copied as it is: each value in it counted,
    /// nested ones too, and its text, before anything is copied.
    fn copy(&mut self, value: &Value) -> Result<Value, InlineError> {
        let mut pending = vec![value];
        while let Some(value) = pending.pop() {
            self.count(1)?;
            match value {
                Value::String(s) => self.count_text(s.len())?,
                Value::Array(list) => pending.extend(list),
                Value::Object(map) => {
                    for (key, member) in map {
                        self.count_text(key.len())?;
                        pending.push(member);
                    }
                }
                _ => {}
            }
        }
        Ok(value.clone())
    }

    /// A subschema that is an object, inlined: an object, or a boolean schema where it was
    /// a `$ref` alone to one.
    fn object(&mut self, node: &'a Map<String, Value>, depth: usize) -> Result<Value, InlineError> {
        if depth > MAX_DEPTH {
            return Err(InlineError::TooLarge {
                bound: "depth",
                limit: MAX_DEPTH,
            });
        }
        self.count(1)?;
        for keyword in ["$dynamicRef", "$recursiveRef"] {
            if node.contains_key(keyword) {
                return Err(self.unsupported(keyword));
            }
        }
        if !self.path.is_empty() && node.contains_key("$id") {
            return Err(self.unsupported("$id"));
        }
        let mut out = Map::new();
        for (key, value) in node {
            let k = key.as_str();
            if matches!(k, "$ref" | "$defs" | "definitions" | "$schema") {
                continue;
            }
            if self.legacy && node.contains_key("$ref") && !ANNOTATIONS.contains(&k) {
                continue;
            }
            self.count_text(k.len())?;
            self.path.push(Step::Key(k));
            let inlined = self.member(k, value, depth);
            self.path.pop();
            out.insert(key.clone(), inlined?);
        }
        match node.get("$ref") {
            None => Ok(Value::Object(out)),
            Some(reference) => {
                let definition = self.reference(reference, depth)?;
                Ok(merge(definition, out))
            }
        }
    }

    /// The value of keyword `key`, its subschemas inlined.
    fn member(
        &mut self,
        key: &'a str,
        value: &'a Value,
        depth: usize,
    ) -> Result<Value, InlineError> {
        match value {
            Value::Object(map) if MAP.contains(&key) => {
                self.count(1)?;
                let mut out = Map::new();
                for (name, sub) in map {
                    self.count_text(name.len())?;
                    self.path.push(Step::Key(name));
                    let inlined = self.schema(sub, depth + 1);
                    self.path.pop();
                    out.insert(name.clone(), inlined?);
                }
                Ok(Value::Object(out))
            }
            Value::Array(list) if LIST.contains(&key) || key == "items" => {
                self.count(1)?;
                let mut out = Vec::with_capacity(list.len());
                for (i, sub) in list.iter().enumerate() {
                    self.path.push(Step::Index(i));
                    let inlined = self.schema(sub, depth + 1);
                    self.path.pop();
                    out.push(inlined?);
                }
                Ok(Value::Array(out))
            }
            Value::Object(_) | Value::Bool(_) if ONE.contains(&key) => {
                self.schema(value, depth + 1)
            }
            _ => self.copy(value),
        }
    }

    /// What the `$ref` `reference`, standing at [`Self::path`], points to, inlined.
    fn reference(&mut self, reference: &'a Value, depth: usize) -> Result<Value, InlineError> {
        let Some(text) = reference.as_str() else {
            return Err(InlineError::Unresolved {
                reference: reference.to_string(),
                at: self.at(),
            });
        };
        let (target, steps) = self.resolve(text)?;
        let key = pointer(&steps);
        // The root is always on the stack, so `#` (target `None`) ends here.
        if let Some(first) = self.stack.iter().position(|f| f.target == key) {
            let mut through: Vec<String> = self.stack[first + 1..]
                .iter()
                .map(|f| pointer(&f.site))
                .collect();
            through.push(self.at());
            return Err(InlineError::Recursive {
                definition: definition_name(self.root, &steps),
                through,
            });
        }
        let Some(target) = target else {
            return Err(InlineError::Unresolved {
                reference: format!("`{text}`"),
                at: self.at(),
            });
        };
        // A chain of references, each a definition that is only a `$ref` to the next, nests
        // nothing, but each one followed takes stack: as many as levels of nesting.
        if self.stack.len() > MAX_DEPTH {
            return Err(InlineError::TooLarge {
                bound: "depth",
                limit: MAX_DEPTH,
            });
        }
        let site = std::mem::replace(&mut self.path, steps);
        self.stack.push(Frame { target: key, site });
        let inlined = self.schema(target, depth);
        self.path = self.stack.pop().map(|f| f.site).unwrap_or_default();
        inlined
    }

    /// The value `reference` points to in the root (`None`: the root itself), and the steps
    /// to it.
    #[allow(clippy::type_complexity)]
    fn resolve(&self, reference: &str) -> Result<(Option<&'a Value>, Vec<Step<'a>>), InlineError> {
        let unresolved = || InlineError::Unresolved {
            reference: format!("`{reference}`"),
            at: self.at(),
        };
        let Some(fragment) = reference.strip_prefix('#') else {
            return Err(InlineError::NonLocal {
                reference: format!("`{reference}`"),
                at: self.at(),
            });
        };
        let fragment = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .map_err(|_| unresolved())?;
        if fragment.is_empty() {
            return Ok((None, Vec::new()));
        }
        // A fragment that is not a pointer names an `$anchor`, which is not read.
        let tokens = fragment.strip_prefix('/').ok_or_else(unresolved)?;
        let mut steps = Vec::new();
        let mut here: Option<&'a Value> = None;
        for token in tokens.split('/') {
            let token = token.replace("~1", "/").replace("~0", "~");
            let map = match here {
                None => Some(self.root),
                Some(Value::Object(map)) => Some(map),
                Some(_) => None,
            };
            let next = if let Some(map) = map {
                let (name, value) = map.get_key_value(&token).ok_or_else(unresolved)?;
                steps.push(Step::Key(name.as_str()));
                value
            } else if let Some(Value::Array(list)) = here {
                let canonical = token == "0" || !token.starts_with('0');
                let i = token.parse::<usize>().ok().filter(|_| canonical);
                let value = i.and_then(|i| list.get(i)).ok_or_else(unresolved)?;
                steps.push(Step::Index(i.unwrap_or_default()));
                value
            } else {
                return Err(unresolved());
            };
            here = Some(next);
        }
        Ok((here, steps))
    }

    fn unsupported(&self, keyword: &str) -> InlineError {
        InlineError::Unsupported {
            keyword: keyword.to_owned(),
            at: self.at(),
        }
    }
}

/// A definition's name for messages: `Tree` for `#/$defs/Tree`; for the root, its `title`
/// (schemars writes the type's name there): `Tree (the root schema)`, or `#`; else its
/// pointer.
fn definition_name(root: &Map<String, Value>, steps: &[Step]) -> String {
    match steps {
        [Step::Key("$defs" | "definitions"), Step::Key(name)] => (*name).to_owned(),
        [] => match root.get("title").and_then(Value::as_str) {
            Some(title) => format!("{title} (the root schema)"),
            None => "#".to_owned(),
        },
        _ => format!("#{}", pointer(steps)),
    }
}

#[cfg(test)]
mod tests;
