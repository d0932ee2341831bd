//! An inlined schema accepts exactly what its original accepts: random schemas with `$defs`
//! and `$ref` (nested, refs to refs, keywords beside a `$ref`, `anyOf` with null, arrays of
//! refs, names that need escaping), each judged against random instances by a JSON Schema
//! 2020-12 validator, original and inlined alike.

use mcp_toolname_rules::schema::inline::inline_refs;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Definition names, some of which a pointer must escape (`~1`, `~0`, `%20`).
const NAMES: [&str; 5] = ["Item", "a/b", "c~d", "e f", "Kind"];

/// The `$ref` to definition `i`.
fn ref_to(i: usize) -> String {
    let token = NAMES[i]
        .replace('~', "~0")
        .replace('/', "~1")
        .replace(' ', "%20");
    format!("#/$defs/{token}")
}

fn leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        (0i64..4).prop_map(|m| json!({"type": "integer", "minimum": m})),
        (0u64..3).prop_map(|m| json!({"type": "string", "maxLength": m})),
        Just(json!({"type": "null"})),
        Just(json!({"type": "boolean"})),
        Just(json!({"enum": ["a", 1, null]})),
        Just(json!({})),
    ]
    .boxed()
}

/// A `$ref` to one of the first `defs` definitions, alone or with keywords beside it.
fn reference(defs: usize, inner: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    let siblings = prop_oneof![
        3 => Just(json!({})),
        1 => Just(json!({"description": "At the site."})),
        1 => (0i64..4).prop_map(|m| json!({"minimum": m})),
        1 => Just(json!({"type": "object"})),
        1 => Just(json!({"maxItems": 1, "required": ["a"]})),
        1 => inner.clone().prop_map(|s| json!({"properties": {"a": s}, "additionalProperties": false})),
        1 => inner.clone().prop_map(|s| json!({"properties": {"a": s}})),
        1 => inner.prop_map(|s| json!({"prefixItems": [s]})),
    ];
    (0..defs, siblings)
        .prop_map(|(i, siblings)| {
            let mut node = siblings.as_object().cloned().unwrap_or_default();
            node.insert("$ref".into(), Value::String(ref_to(i)));
            Value::Object(node)
        })
        .boxed()
}

/// A subschema that may refer to the first `defs` definitions.
fn node(defs: usize) -> BoxedStrategy<Value> {
    let base = if defs == 0 {
        leaf()
    } else {
        prop_oneof![leaf(), reference(defs, leaf())].boxed()
    };
    base.prop_recursive(3, 24, 3, move |inner| {
        let keys = prop::sample::select(vec!["a", "b", "c"]);
        let object = (
            prop::collection::btree_map(keys, inner.clone(), 0..3),
            prop::collection::vec(prop::sample::select(vec!["a", "b"]), 0..2),
            prop::option::of(any::<bool>()),
        )
            .prop_map(|(properties, required, closed)| {
                let mut o =
                    json!({"type": "object", "properties": properties, "required": required});
                if let Some(closed) = closed {
                    o["additionalProperties"] = Value::Bool(!closed);
                }
                o
            });
        let mut cases = vec![
            object.boxed(),
            inner
                .clone()
                .prop_map(|s| json!({"type": "array", "items": s, "maxItems": 2}))
                .boxed(),
            inner
                .clone()
                .prop_map(|s| json!({"anyOf": [s, {"type": "null"}]}))
                .boxed(),
        ];
        if defs > 0 {
            cases.push(reference(defs, inner));
        }
        prop::strategy::Union::new(cases)
    })
    .boxed()
}

/// A root schema with up to five definitions, each referring only to earlier ones.
fn schemas() -> impl Strategy<Value = Value> {
    (0usize..=NAMES.len()).prop_flat_map(|n| {
        let defs: Vec<BoxedStrategy<Value>> = (0..n).map(node).collect();
        (defs, node(n)).prop_map(|(defs, root)| {
            let mut root = match root {
                Value::Object(map) => map,
                _ => Map::new(),
            };
            let defs: Map<String, Value> =
                NAMES.iter().map(|n| (*n).to_owned()).zip(defs).collect();
            if !defs.is_empty() {
                root.insert("$defs".into(), Value::Object(defs));
            }
            root.insert(
                "$schema".into(),
                json!("https://json-schema.org/draft/2020-12/schema"),
            );
            Value::Object(root)
        })
    })
}

fn instances() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1i64..5).prop_map(Value::from),
        prop::sample::select(vec!["", "a", "ab", "abc"]).prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec!["a", "b", "c", "d"]).prop_map(String::from),
                inner,
                0..3
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn an_inlined_schema_accepts_what_the_original_accepts(
        schema in schemas(),
        cases in prop::collection::vec(instances(), 12),
    ) {
        let inlined = inline_refs(schema.as_object().unwrap());
        let inlined = match inlined {
            Ok(Some(map)) => Value::Object(map),
            Ok(None) => schema.clone(),
            Err(e) => return Err(TestCaseError::fail(format!("{schema}: {e}"))),
        };
        let text = inlined.to_string();
        prop_assert!(!text.contains("$ref") && !text.contains("$defs"), "{}", text);
        let original = jsonschema::draft202012::new(&schema).expect("a generated schema compiles");
        let flat = jsonschema::draft202012::new(&inlined).expect("an inlined schema compiles");
        for instance in &cases {
            prop_assert_eq!(
                original.is_valid(instance),
                flat.is_valid(instance),
                "{} on\n  {}\n  inlined {}", instance, schema, inlined
            );
        }
    }
}
