//! What an API refuses or drops in a tool's input schema beyond its property keys: union
//! keywords at the top level, a top-level type other than `object`, and the limits and
//! requirements of OpenAI's strict mode. One rule per [`SchemaRule`], each with its source,
//! the day it was read and who applies it; one finding per rule and place.
//!
//! ```
//! use mcp_toolname_rules::schema::keywords::{ROOT_UNION, schema_findings};
//!
//! let schema = serde_json::json!({"type": "object", "anyOf": [{"required": ["a"]}]});
//! let found = schema_findings(&schema);
//! assert!(found.iter().any(|f| f.rule.id == ROOT_UNION.id && f.at.is_empty()));
//! ```

use serde_json::{Map, Value};

use super::{Step, pointer, walk_object};
use crate::lint::{self, Lint};

/// One rule an API applies to input schemas.
#[derive(Debug, PartialEq, Eq)]
pub struct SchemaRule {
    /// Stable identifier: `root_union`.
    pub id: &'static str,
    /// The lint its findings are.
    pub lint: &'static Lint,
    /// Who applies it.
    pub applies_to: &'static str,
    /// The rule in words, lowercase: `no `anyOf`, `oneOf` or `allOf` at the top level`.
    pub rule: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// The day the source was read (`YYYY-MM-DD`).
    pub checked: &'static str,
}

/// Anthropic refuses a tool whose input schema has `anyOf`, `oneOf` or `allOf` at the top
/// level (`input_schema does not support oneOf, allOf, or anyOf at the top level`), the whole
/// request with it; Bedrock Converse answers so for Claude.
pub const ROOT_UNION: SchemaRule = SchemaRule {
    id: "root_union",
    lint: &lint::SCHEMA_ROOT,
    applies_to: "Claude (the Anthropic API, and Amazon Bedrock Converse for Claude)",
    rule: "no `anyOf`, `oneOf` or `allOf` at the top level of `input_schema`",
    source: "the API's error, public in github.com/code-yeongyu/senpi/issues/1947 (2026-09-22) \
             and github.com/mthines/lorekit/pull/656 (2026-09-07)",
    checked: "2026-12-03",
};

/// Bedrock Converse refuses a tool whose `inputSchema.json.type` is missing or not `object`
/// (`The value at toolConfig.tools.N.toolSpec.inputSchema.json.type must be one of the
/// following: object`), for every model.
pub const ROOT_TYPE: SchemaRule = SchemaRule {
    id: "root_type",
    lint: &lint::SCHEMA_ROOT,
    applies_to: "Amazon Bedrock Converse",
    rule: "the top-level `type` is `object`",
    source: "the API's error, public in github.com/earendil-works/pi/issues/8279 (2026-08-17) \
             and github.com/d-kuro/kirocc/pull/93 (2026-08-03)",
    checked: "2026-12-03",
};

/// OpenAI strict mode (`strict: true`): at most 5 levels of object nesting.
pub const STRICT_DEPTH: SchemaRule = SchemaRule {
    id: "strict_depth",
    lint: &lint::SCHEMA_STRICT,
    applies_to: "OpenAI function calling with `strict: true`",
    rule: "at most 5 levels of nested objects",
    source: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas \
             (\"up to 100 object properties total, with up to 5 levels of nesting\", as quoted \
             in community.openai.com/t/918388)",
    checked: "2026-12-03",
};

/// OpenAI strict mode: at most 100 object properties in the whole schema.
pub const STRICT_PROPERTIES: SchemaRule = SchemaRule {
    id: "strict_properties",
    lint: &lint::SCHEMA_STRICT,
    applies_to: "OpenAI function calling with `strict: true`",
    rule: "at most 100 object properties in the whole schema",
    source: STRICT_DEPTH.source,
    checked: "2026-12-03",
};

/// OpenAI strict mode: every object sets `additionalProperties: false`.
pub const STRICT_CLOSED: SchemaRule = SchemaRule {
    id: "strict_closed",
    lint: &lint::SCHEMA_STRICT,
    applies_to: "OpenAI function calling with `strict: true`",
    rule: "every object sets `additionalProperties: false`",
    source: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas \
             (\"additionalProperties: false must always be set in objects\")",
    checked: "2026-12-03",
};

/// OpenAI strict mode: every property of an object is in its `required` (an optional one is
/// written as a union with `null`).
pub const STRICT_REQUIRED: SchemaRule = SchemaRule {
    id: "strict_required",
    lint: &lint::SCHEMA_STRICT,
    applies_to: "OpenAI function calling with `strict: true`",
    rule: "every property is in `required` (an optional one takes `null` instead)",
    source: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas \
             (\"all fields must be required\")",
    checked: "2026-12-03",
};

/// Every schema rule, in the order findings are reported.
pub static SCHEMA_RULES: &[&SchemaRule] = &[
    &ROOT_UNION,
    &ROOT_TYPE,
    &STRICT_DEPTH,
    &STRICT_PROPERTIES,
    &STRICT_CLOSED,
    &STRICT_REQUIRED,
];

/// One place of a schema a [`SchemaRule`] refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaFinding {
    /// The rule.
    pub rule: &'static SchemaRule,
    /// Where: a JSON pointer into the schema (empty for the top level).
    pub at: String,
    /// What is there, in words: `` `anyOf` ``, `6 levels`, `a property `b` not in `required``.
    pub what: String,
}

/// Most objects the strict-mode levels are read on (`$defs` count as level 1).
const STRICT_LEVELS: usize = 5;
/// Most object properties strict mode takes in one schema.
const STRICT_MAX_PROPERTIES: usize = 100;

/// Every place of `schema` a rule of [`SCHEMA_RULES`] refuses, read with the bounded walk of
/// [`super::walk`].
#[must_use]
pub fn schema_findings(schema: &Value) -> Vec<SchemaFinding> {
    match schema {
        Value::Object(root) => schema_findings_of(root),
        _ => Vec::new(),
    }
}

/// [`schema_findings`] of a schema held as an object (as rmcp holds a tool's `input_schema`),
/// without copying it into a [`Value`].
#[must_use]
pub fn schema_findings_of(root: &Map<String, Value>) -> Vec<SchemaFinding> {
    let mut out = Vec::new();
    for key in ["anyOf", "oneOf", "allOf"] {
        if root.contains_key(key) {
            out.push(finding(&ROOT_UNION, &[], format!("`{key}`")));
        }
    }
    if root.get("type").and_then(Value::as_str) != Some("object") {
        let what = root
            .get("type")
            .map_or_else(|| "no `type`".to_owned(), |t| format!("`type` {t}"));
        out.push(finding(&ROOT_TYPE, &[], what));
    }
    let mut properties = 0usize;
    walk_object(root, &mut |steps, node| {
        strict_object(steps, node, &mut properties, &mut out);
    });
    if properties > STRICT_MAX_PROPERTIES {
        out.push(finding(
            &STRICT_PROPERTIES,
            &[],
            format!("{properties} properties"),
        ));
    }
    out
}

/// Strict mode's findings of one subschema; `properties` counts every object property.
fn strict_object(
    steps: &[Step],
    node: &Map<String, Value>,
    properties: &mut usize,
    out: &mut Vec<SchemaFinding>,
) {
    let Some(Value::Object(props)) = node.get("properties") else {
        return;
    };
    *properties += props.len();
    let level = 1 + steps
        .iter()
        .filter(|s| **s == Step::Key("properties"))
        .count();
    if level == STRICT_LEVELS + 1 {
        out.push(finding(&STRICT_DEPTH, steps, format!("{level} levels")));
    }
    if node.get("additionalProperties") != Some(&Value::Bool(false)) {
        out.push(finding(
            &STRICT_CLOSED,
            steps,
            "an object without `additionalProperties: false`".to_owned(),
        ));
    }
    let required: Vec<&str> = node
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let optional: Vec<String> = props
        .keys()
        .filter(|k| !required.contains(&k.as_str()))
        .map(|k| crate::message::show(k))
        .collect();
    if !optional.is_empty() {
        out.push(finding(
            &STRICT_REQUIRED,
            steps,
            format!("properties not in `required`: {}", optional.join(", ")),
        ));
    }
}

fn finding(rule: &'static SchemaRule, steps: &[Step], what: String) -> SchemaFinding {
    SchemaFinding {
        rule,
        at: pointer(steps),
        what,
    }
}
