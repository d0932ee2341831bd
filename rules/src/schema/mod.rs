//! Tool input schemas: a bounded walk over every subschema (nested objects, array `items`,
//! `anyOf`/`oneOf`/`allOf`, and `$defs`/`definitions`, where every `$ref` of a generated schema
//! points), the argument-key rules of the LLM APIs checked on each property key, and the
//! keywords each API refuses or drops ([`keywords`]).
//!
//! ```
//! use mcp_toolname_rules::schema::refused_keys;
//!
//! let schema = serde_json::json!({
//!     "type": "object",
//!     "properties": {"rule_name[]": {"type": "string"}, "query": {"type": "string"}}
//! });
//! let refused = refused_keys(&schema);
//! assert_eq!(refused.keys[0].key, "rule_name[]");
//! assert_eq!(refused.keys[0].at, "/properties/rule_name[]");
//! assert!(refused.complete);
//! ```

pub mod inline;
pub mod keywords;

use serde_json::{Map, Value};

use crate::check::{NameError, check};
use crate::contract::{ANTHROPIC_ARGUMENT, Contract, GEMINI_ARGUMENT};
use crate::lint::{self, Lint};

/// Deepest subschema the walk enters; past it, the rest is not read (a hostile schema nests
/// without end). Generated schemas stay far below it.
pub const MAX_DEPTH: usize = 32;

/// Most subschemas the walk reads in one schema; past it, the rest is not read.
pub const MAX_NODES: usize = 10_000;

/// Which property keys a rule reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyScope {
    /// The keys of the schema's own `properties` (the tool's arguments).
    TopLevel,
    /// Every property key, nested ones and those of `$defs` too.
    Everywhere,
}

/// One API's rule for the property keys of a tool's input schema.
#[derive(Debug, PartialEq, Eq)]
pub struct ArgumentRule {
    /// The keys it takes, as a [`Contract`] (its source and the day it was read).
    pub contract: &'static Contract,
    /// Which keys it reads.
    pub scope: KeyScope,
    /// The lint its refusals are findings of.
    pub lint: &'static Lint,
    /// Who applies it, for messages: `Claude (the Anthropic API, Bedrock Converse)`.
    pub applies_to: &'static str,
}

/// Every argument-key rule with a public source: Anthropic's (refusing the whole request, so
/// [`lint::ARGUMENT_NAME`], denied) and Gemini's for `parameters` (stricter, and only where a
/// client sends that form, so [`lint::ARGUMENT_CONTRACT`], a warning). OpenAI and the spec set
/// none for property keys.
pub static ARGUMENT_RULES: &[ArgumentRule] = &[
    ArgumentRule {
        contract: &ANTHROPIC_ARGUMENT,
        scope: KeyScope::TopLevel,
        lint: &lint::ARGUMENT_NAME,
        applies_to: "Claude (the Anthropic API, and Amazon Bedrock Converse for Claude)",
    },
    ArgumentRule {
        contract: &GEMINI_ARGUMENT,
        scope: KeyScope::TopLevel,
        lint: &lint::ARGUMENT_CONTRACT,
        applies_to: "Gemini (`FunctionDeclaration.parameters`)",
    },
];

/// One step of a path into a schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    /// An object member.
    Key(&'a str),
    /// An array element.
    Index(usize),
}

/// `steps` as a JSON pointer (RFC 6901: `~` as `~0`, `/` as `~1`): `/properties/a/items`.
///
/// ```
/// use mcp_toolname_rules::schema::{Step, pointer};
/// assert_eq!(pointer(&[Step::Key("properties"), Step::Key("a/b")]), "/properties/a~1b");
/// assert_eq!(pointer(&[Step::Key("anyOf"), Step::Index(1)]), "/anyOf/1");
/// assert_eq!(pointer(&[]), "");
/// ```
#[must_use]
pub fn pointer(steps: &[Step]) -> String {
    let mut out = String::new();
    for step in steps {
        out.push('/');
        match step {
            Step::Key(k) => out.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Step::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

/// What [`walk`] calls for each subschema: the steps to it, and it.
pub type Visit<'a, 'f> = dyn FnMut(&[Step<'a>], &'a Map<String, Value>) + 'f;

/// Members whose value is one subschema.
const ONE: &[&str] = &[
    "items",
    "additionalProperties",
    "not",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "if",
    "then",
    "else",
    "contentSchema",
    "additionalItems",
];
/// Members whose value is a list of subschemas.
const LIST: &[&str] = &["anyOf", "oneOf", "allOf", "prefixItems"];
/// Members whose value maps names to subschemas.
const MAP: &[&str] = &[
    "properties",
    "$defs",
    "definitions",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
];

/// Calls `visit(steps, subschema)` for the schema and each subschema in it, depth first, at
/// most [`MAX_NODES`] of them, none deeper than [`MAX_DEPTH`]. `$ref` is not followed where it
/// stands: the `$defs` and `definitions` it points into are walked in place, each once, so a
/// recursive type is read once and cannot loop. Returns whether every subschema was read.
pub fn walk<'a>(schema: &'a Value, visit: &mut Visit<'a, '_>) -> bool {
    match schema {
        Value::Object(root) => walk_object(root, visit),
        _ => true,
    }
}

/// [`walk`] of a schema held as an object (as rmcp holds a tool's `input_schema`).
pub fn walk_object<'a>(root: &'a Map<String, Value>, visit: &mut Visit<'a, '_>) -> bool {
    let mut steps = Vec::new();
    let mut nodes = 0;
    enter(root, &mut steps, &mut nodes, visit)
}

fn enter<'a>(
    node: &'a Map<String, Value>,
    steps: &mut Vec<Step<'a>>,
    nodes: &mut usize,
    visit: &mut Visit<'a, '_>,
) -> bool {
    *nodes += 1;
    if *nodes > MAX_NODES || steps.len() > MAX_DEPTH * 2 {
        return false;
    }
    visit(steps, node);
    let mut complete = true;
    for (key, value) in node {
        let key = key.as_str();
        if ONE.contains(&key) {
            if let Value::Object(sub) = value {
                steps.push(Step::Key(key));
                complete &= enter(sub, steps, nodes, visit);
                steps.pop();
            } else if let (Value::Array(list), "items") = (value, key) {
                complete &= enter_list(key, list, steps, nodes, visit);
            }
        } else if LIST.contains(&key) {
            if let Value::Array(list) = value {
                complete &= enter_list(key, list, steps, nodes, visit);
            }
        } else if MAP.contains(&key)
            && let Value::Object(map) = value
        {
            steps.push(Step::Key(key));
            for (name, sub) in map {
                if let Value::Object(sub) = sub {
                    steps.push(Step::Key(name));
                    complete &= enter(sub, steps, nodes, visit);
                    steps.pop();
                }
            }
            steps.pop();
        }
        if !complete {
            return false;
        }
    }
    complete
}

fn enter_list<'a>(
    key: &'a str,
    list: &'a [Value],
    steps: &mut Vec<Step<'a>>,
    nodes: &mut usize,
    visit: &mut Visit<'a, '_>,
) -> bool {
    steps.push(Step::Key(key));
    let mut complete = true;
    for (i, sub) in list.iter().enumerate() {
        if let Value::Object(sub) = sub {
            steps.push(Step::Index(i));
            complete &= enter(sub, steps, nodes, visit);
            steps.pop();
        }
        if !complete {
            break;
        }
    }
    steps.pop();
    complete
}

/// A property key an [`ArgumentRule`] refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedKey<'a> {
    /// The key.
    pub key: &'a str,
    /// Where it stands: a JSON pointer into the schema (`/properties/rule_name[]`).
    pub at: String,
    /// Whether it is one of the tool's own arguments (the schema's top-level `properties`).
    pub top_level: bool,
    /// Each rule that refuses it, with the first problem found.
    pub rules: Vec<(&'static ArgumentRule, NameError)>,
}

/// The property keys of a schema that some rule of [`ARGUMENT_RULES`] refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedKeys<'a> {
    /// Each refused key, in the order the walk met them.
    pub keys: Vec<RefusedKey<'a>>,
    /// Whether every key a rule could refuse was read: false past [`MAX_NODES`] or
    /// [`MAX_DEPTH`] of a walk; true while no rule looks below the top level, which is then
    /// all that is read.
    pub complete: bool,
}

/// The rules of [`ARGUMENT_RULES`] that refuse `key`, a top-level key or a nested one.
///
/// ```
/// use mcp_toolname_rules::schema::argument_refusals;
/// let ids: Vec<&str> = argument_refusals("issue-type", true).iter().map(|(r, _)| r.contract.id).collect();
/// assert_eq!(ids, ["gemini"]);
/// assert!(argument_refusals("query", true).is_empty());
/// assert_eq!(argument_refusals("rule_name[]", true).len(), 2);
/// assert!(argument_refusals("rule_name[]", false).is_empty());
/// ```
#[must_use]
pub fn argument_refusals(key: &str, top_level: bool) -> Vec<(&'static ArgumentRule, NameError)> {
    ARGUMENT_RULES
        .iter()
        .filter(|r| top_level || r.scope == KeyScope::Everywhere)
        .filter_map(|r| check(key, r.contract).err().map(|e| (r, e)))
        .collect()
}

/// Every property key of `schema` that a rule of [`ARGUMENT_RULES`] refuses, with where it
/// stands. Allocates only for a refused key.
#[must_use]
pub fn refused_keys(schema: &Value) -> RefusedKeys<'_> {
    match schema {
        Value::Object(root) => refused_keys_of(root),
        _ => RefusedKeys {
            keys: Vec::new(),
            complete: true,
        },
    }
}

/// Whether `key` is a plain identifier (`[A-Za-z_][A-Za-z0-9_]{0,63}`), which every rule of
/// [`ARGUMENT_RULES`] takes: nearly every key is, and it is told in a few instructions a byte,
/// where the full check of each rule costs hundreds (a registry checks every tool as it is
/// built).
fn plain_key(key: &str) -> bool {
    let bytes = key.as_bytes();
    matches!(bytes.first(), Some(b) if !b.is_ascii_digit())
        && bytes.len() <= 64
        && bytes.iter().all(|&b| WORD_BYTE[usize::from(b)])
}

/// Which bytes may stand in a plain key: `[A-Za-z0-9_]`, one table load a byte.
static WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// [`refused_keys`] of a schema held as an object (as rmcp holds a tool's `input_schema`).
#[must_use]
pub fn refused_keys_of(schema: &Map<String, Value>) -> RefusedKeys<'_> {
    let mut keys = Vec::new();
    let complete = if ARGUMENT_RULES
        .iter()
        .any(|r| r.scope == KeyScope::Everywhere)
    {
        walk_object(schema, &mut |steps, node| {
            refused_in(steps, node, &mut keys)
        })
    } else {
        // Every API with a rule reads only a tool's own arguments, so nothing below the top
        // level can be refused: no walk (a registry checks every tool as it is built).
        refused_in(&[], schema, &mut keys);
        true
    };
    RefusedKeys { keys, complete }
}

/// The keys of `node`'s `properties` a rule refuses, at `steps`, added to `keys`.
fn refused_in<'a>(
    steps: &[Step<'a>],
    node: &'a Map<String, Value>,
    keys: &mut Vec<RefusedKey<'a>>,
) {
    let Some(Value::Object(properties)) = node.get("properties") else {
        return;
    };
    let top_level = steps.is_empty();
    for key in properties.keys().filter(|k| !plain_key(k)) {
        let rules = argument_refusals(key, top_level);
        if rules.is_empty() {
            continue;
        }
        let mut at = pointer(steps);
        at.push_str("/properties");
        at.push_str(&pointer(&[Step::Key(key)]));
        keys.push(RefusedKey {
            key,
            at,
            top_level,
            rules,
        });
    }
}

#[cfg(test)]
mod tests;
