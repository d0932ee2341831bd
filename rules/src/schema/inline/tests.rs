use serde_json::{Value, json};

use super::MAX_TEXT;
use super::{InlineError, inline_refs};
use crate::schema::{MAX_DEPTH, MAX_NODES};

fn inline(schema: &Value) -> Result<Option<Value>, InlineError> {
    inline_refs(schema.as_object().expect("an object")).map(|o| o.map(Value::Object))
}

#[test]
fn a_schema_without_references_is_not_copied() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"a": {"type": "string", "default": {"$ref": "#/nowhere"}}}
    });
    assert_eq!(inline(&schema), Ok(None));
}

#[test]
fn references_are_replaced_and_defs_and_dialect_dropped() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "list": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
            "maybe": {"anyOf": [{"$ref": "#/$defs/Kind"}, {"type": "null"}]},
            "odd": {"$ref": "#/$defs/a~1b%20c~0"},
            "old": {"$ref": "#/definitions/Old"}
        },
        "$defs": {
            "Item": {"type": "object", "properties": {"kind": {"$ref": "#/$defs/Kind"}}},
            "Kind": {"type": "string", "enum": ["x", "y"]},
            "a/b c~": {"type": "integer"}
        },
        "definitions": {"Old": {"type": "boolean"}}
    });
    let kind = json!({"type": "string", "enum": ["x", "y"]});
    assert_eq!(
        inline(&schema).unwrap(),
        Some(json!({
            "type": "object",
            "properties": {
                "list": {"type": "array", "items": {"type": "object", "properties": {"kind": kind}}},
                "maybe": {"anyOf": [kind, {"type": "null"}]},
                "odd": {"type": "integer"},
                "old": {"type": "boolean"}
            }
        }))
    );
}

#[test]
fn annotations_beside_a_reference_win_and_other_clashes_are_wrapped() {
    let schema = json!({
        "properties": {
            "doc": {"$ref": "#/$defs/A", "description": "The field's."},
            "tight": {"$ref": "#/$defs/A", "minimum": 3},
            "more": {"$ref": "#/$defs/A", "maximum": 9},
            "extra": {"$ref": "#/$defs/Open", "properties": {"y": {}}}
        },
        "$defs": {
            "A": {"type": "integer", "minimum": 1, "description": "The type's."},
            "Open": {"additionalProperties": false}
        }
    });
    let out = inline(&schema).unwrap().unwrap();
    assert_eq!(
        out["properties"]["doc"],
        json!({"type": "integer", "minimum": 1, "description": "The field's."})
    );
    assert_eq!(
        out["properties"]["tight"],
        json!({"allOf": [{"type": "integer", "minimum": 1, "description": "The type's."}], "minimum": 3})
    );
    assert_eq!(
        out["properties"]["more"],
        json!({"type": "integer", "minimum": 1, "maximum": 9, "description": "The type's."})
    );
    // Merged, `additionalProperties: false` would let `y` in.
    assert_eq!(
        out["properties"]["extra"],
        json!({"allOf": [{"additionalProperties": false}], "properties": {"y": {}}})
    );
}

#[test]
fn a_recursive_definition_is_named_with_where_it_refers_to_itself() {
    let schema = json!({
        "properties": {"root": {"$ref": "#/$defs/Tree"}},
        "$defs": {"Tree": {"properties": {"children": {"items": {"$ref": "#/$defs/Tree"}}}}}
    });
    let error = inline(&schema).unwrap_err();
    assert_eq!(
        error,
        InlineError::Recursive {
            definition: "Tree".into(),
            through: vec!["/$defs/Tree/properties/children/items".into()],
        }
    );
    let text = error.to_string();
    assert!(text.starts_with("`Tree` refers to itself (at /$defs/Tree/properties/children/items)"));
    assert!(text.contains("serde_json::Value"), "{text}");

    let root = json!({"properties": {"next": {"$ref": "#"}}});
    assert!(matches!(
        inline(&root),
        Err(InlineError::Recursive { definition, .. }) if definition == "#"
    ));
    let mutual = json!({
        "$ref": "#/$defs/A",
        "$defs": {"A": {"items": {"$ref": "#/$defs/B"}}, "B": {"not": {"$ref": "#/$defs/A"}}}
    });
    assert_eq!(
        inline(&mutual),
        Err(InlineError::Recursive {
            definition: "A".into(),
            through: vec!["/$defs/A/items".into(), "/$defs/B/not".into()],
        })
    );
}

#[test]
fn unresolved_non_local_and_unsupported_references_are_refused_naming_them() {
    let cases = [
        (
            json!({"items": {"$ref": "#/$defs/Gone"}}),
            "points to nothing",
        ),
        (
            json!({"items": {"$ref": "#/$defs/%FF"}}),
            "points to nothing",
        ),
        (json!({"items": {"$ref": "#anchor"}}), "points to nothing"),
        (json!({"items": {"$ref": 3}}), "points to nothing"),
        (
            json!({"items": {"$ref": "#/x/01"}, "x": [1, 2]}),
            "points to nothing",
        ),
        (
            json!({"items": {"$ref": "https://x.test/s.json#/a"}}),
            "points outside",
        ),
        (json!({"items": {"$ref": "other.json"}}), "points outside"),
        (
            json!({"items": {"$dynamicRef": "#a"}}),
            "`$dynamicRef` at `/items`",
        ),
        (
            json!({"items": {"$id": "x", "$ref": "#/$defs/A"}, "$defs": {"A": {}}}),
            "`$id` at `/items`",
        ),
    ];
    for (schema, said) in cases {
        let text = inline(&schema).unwrap_err().to_string();
        assert!(text.contains(said), "{schema}: {text}");
    }
    let unresolved = inline(&json!({"items": {"$ref": "#/$defs/Gone"}})).unwrap_err();
    assert_eq!(
        unresolved,
        InlineError::Unresolved {
            reference: "`#/$defs/Gone`".into(),
            at: "/items".into()
        }
    );
}

#[test]
fn exponential_and_deep_expansions_stop_at_the_bounds() {
    // D0 used twice by D1, D1 twice by D2, ...: 2^15 copies of D0 unbounded, 15 levels deep.
    let mut defs = serde_json::Map::new();
    defs.insert("D0".into(), json!({"type": "integer"}));
    for i in 1..16 {
        let prev = format!("#/$defs/D{}", i - 1);
        defs.insert(
            format!("D{i}"),
            json!({"properties": {"a": {"$ref": prev}, "b": {"$ref": prev}}}),
        );
    }
    let wide = json!({"$ref": "#/$defs/D15", "$defs": defs});
    assert_eq!(
        inline(&wide),
        Err(InlineError::TooLarge {
            bound: "nodes",
            limit: MAX_NODES
        })
    );
    assert!(
        inline(&wide)
            .unwrap_err()
            .to_string()
            .contains("10000 subschemas")
    );

    let mut deep = json!({"$ref": "#/$defs/A"});
    for _ in 0..1_000 {
        deep = json!({"items": deep});
    }
    deep["$defs"] = json!({"A": {}});
    assert_eq!(
        inline(&deep),
        Err(InlineError::TooLarge {
            bound: "depth",
            limit: MAX_DEPTH
        })
    );
}

#[test]
fn drafts_before_2019_ignore_keywords_beside_a_reference_and_keep_their_dialect() {
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "properties": {"a": {"$ref": "#/definitions/A", "minimum": 5, "description": "A."}},
        "definitions": {"A": {"type": "integer"}}
    });
    assert_eq!(
        inline(&schema).unwrap(),
        Some(json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "properties": {"a": {"type": "integer", "description": "A."}}
        }))
    );
}

#[test]
fn a_root_reference_to_a_boolean_schema_stays_an_object() {
    let never = json!({"$ref": "#/$defs/No", "$defs": {"No": false}});
    assert_eq!(inline(&never).unwrap(), Some(json!({"not": {}})));
    let any = json!({"$ref": "#/$defs/Yes", "$defs": {"Yes": true}});
    assert_eq!(inline(&any).unwrap(), Some(json!({})));
}

/// `D0 -> D1 -> ... -> Dn`, each definition only a `$ref` to the next: nothing nests, so
/// only the chain of references in progress can bound it.
fn chain(n: usize) -> Value {
    let mut defs = serde_json::Map::new();
    for i in 0..n {
        defs.insert(
            format!("D{i}"),
            json!({"$ref": format!("#/$defs/D{}", i + 1)}),
        );
    }
    defs.insert(format!("D{n}"), json!({"type": "integer"}));
    json!({"$ref": "#/$defs/D0", "$defs": defs})
}

#[test]
fn a_long_chain_of_references_stops_at_the_depth_bound_without_overflowing_the_stack() {
    // Before the bound each `$ref` of the chain took a few stack frames: 3,000 of them
    // overflowed a 2 MiB thread (a tokio worker's); 1,000 overflow this one's 256 KiB.
    let long = chain(1_000);
    let short = chain(MAX_DEPTH - 1);
    let (long, short) = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || (inline(&long), inline(&short)))
        .expect("a thread")
        .join()
        .expect("no overflow");
    assert_eq!(
        long,
        Err(InlineError::TooLarge {
            bound: "depth",
            limit: MAX_DEPTH
        })
    );
    assert_eq!(short, Ok(Some(json!({"type": "integer"}))));
}

#[test]
fn values_copied_count_every_nested_value_and_every_byte_of_text() {
    // One `default` holding 20,000 values, copied at three places: 60,000 values.
    let values: Vec<Value> = (0..20_000).map(Value::from).collect();
    let nested = json!({
        "properties": {
            "a": {"$ref": "#/$defs/B"}, "b": {"$ref": "#/$defs/B"}, "c": {"$ref": "#/$defs/B"}
        },
        "$defs": {"B": {"default": {"all": values}}}
    });
    assert_eq!(
        inline(&nested).err(),
        Some(InlineError::TooLarge {
            bound: "nodes",
            limit: MAX_NODES
        })
    );
    // A description of 64 KiB copied at 100 places: 6.4 MiB of text from 64 KiB.
    let properties: serde_json::Map<String, Value> = (0..100)
        .map(|i| (format!("p{i}"), json!({"$ref": "#/$defs/B"})))
        .collect();
    let long = json!({
        "properties": properties,
        "$defs": {"B": {"description": "x".repeat(64 << 10)}}
    });
    let Err(error) = inline(&long) else {
        panic!("6.4 MiB of text inlined");
    };
    assert_eq!(
        error,
        InlineError::TooLarge {
            bound: "text",
            limit: MAX_TEXT
        }
    );
    assert!(error.to_string().contains("bytes of text"), "{error}");
    // Property names count too.
    let names = json!({
        "properties": properties,
        "$defs": {"B": {"properties": {"x".repeat(64 << 10): {}}}}
    });
    assert_eq!(
        inline(&names).err(),
        Some(InlineError::TooLarge {
            bound: "text",
            limit: MAX_TEXT
        })
    );
}

#[test]
fn a_dialect_other_than_2020_12_is_kept() {
    // In 2019-09 an array of `items` is a tuple; in 2020-12 (the default once `$schema` is
    // gone) it is no schema at all, so every validator refuses the inlined schema.
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2019-09/schema",
        "type": "array",
        "items": [{"$ref": "#/$defs/S"}],
        "additionalItems": false,
        "$defs": {"S": {"type": "string"}}
    });
    assert_eq!(
        inline(&schema).unwrap(),
        Some(json!({
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "type": "array",
            "items": [{"type": "string"}],
            "additionalItems": false
        }))
    );
    let current = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "items": {"$ref": "#/$defs/S"},
        "$defs": {"S": {"type": "string"}}
    });
    assert_eq!(
        inline(&current).unwrap(),
        Some(json!({"items": {"type": "string"}}))
    );
}
