//! How a definition takes the place of the `$ref` that pointed to it, beside the keywords
//! that stood with the `$ref`: merged into one object where that keeps the meaning, else
//! wrapped in `allOf`.

use serde_json::{Map, Value};

/// Keywords that only annotate (JSON Schema 2020-12, meta-data vocabulary, §9): where a
/// `$ref` has one beside it and its definition has the same, the referring site's is kept
/// (a field's doc comment says more about the field than its type's does).
pub const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// `definition` where a `$ref` stood, with `siblings`, the other keywords of that place:
/// merged where no keyword clashes (annotations of the site winning), else wrapped in
/// `allOf`.
pub(super) fn merge(definition: Value, siblings: Map<String, Value>) -> Value {
    if siblings.is_empty() {
        return definition;
    }
    if let Value::Object(mut def) = definition {
        if clash(&def, &siblings) {
            return wrap(Value::Object(def), siblings);
        }
        def.extend(siblings);
        return Value::Object(def);
    }
    if definition == Value::Bool(true) {
        return Value::Object(siblings);
    }
    wrap(definition, siblings)
}

/// Keywords whose meaning depends on others of the same object (2020-12 §10.3, §11): a
/// merge that brings one beside the other from the other side changes what it reads.
const DEPENDS: &[(&str, &[&str])] = &[
    (
        "additionalProperties",
        &["properties", "patternProperties", "additionalProperties"],
    ),
    ("items", &["prefixItems", "items"]),
    ("additionalItems", &["items", "additionalItems"]),
    ("if", &["then", "else", "if"]),
    ("then", &["if"]),
    ("else", &["if"]),
    ("contains", &["minContains", "maxContains", "contains"]),
    ("minContains", &["contains"]),
    ("maxContains", &["contains"]),
];

/// Whether merging `a` and `b` into one object would change what either means: a keyword in
/// both with different values (annotations aside), a keyword of [`DEPENDS`] on one side
/// and one it reads on the other, or an `unevaluated*` keyword on one side and any keyword
/// but an annotation on the other (it reads every keyword beside it).
fn clash(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let differ = b
        .iter()
        .any(|(k, v)| !ANNOTATIONS.contains(&k.as_str()) && a.get(k).is_some_and(|d| d != v));
    let reads = |x: &Map<String, Value>, y: &Map<String, Value>| {
        DEPENDS
            .iter()
            .any(|(k, group)| x.contains_key(*k) && group.iter().any(|g| y.contains_key(*g)))
            || (["unevaluatedProperties", "unevaluatedItems"]
                .iter()
                .any(|k| x.contains_key(*k))
                && y.keys().any(|k| !ANNOTATIONS.contains(&k.as_str())))
    };
    differ || reads(a, b) || reads(b, a)
}

/// `{"allOf": [definition, ...siblings' allOf], ...siblings}`.
fn wrap(definition: Value, mut siblings: Map<String, Value>) -> Value {
    let mut all = vec![definition];
    match siblings.remove("allOf") {
        Some(Value::Array(more)) => all.extend(more),
        Some(other) => all.push(other),
        None => {}
    }
    siblings.insert("allOf".to_owned(), Value::Array(all));
    Value::Object(siblings)
}
