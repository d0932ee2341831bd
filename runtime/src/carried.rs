//! Arguments an alias carries into its tool ([`crate::Alias::args`]): checked against the
//! tool's input schema when the alias is added, left out of the schema the alias lists, and
//! merged into each call by the old name.

use mcp_toolname_rules::{closest_name, message};
use rmcp::model::JsonObject;
use serde_json::Value;

/// Every problem of `args` carried by `alias` into `tool` with input `schema`: an argument
/// the schema does not have (where it lists its properties), a value of another JSON type,
/// or one outside its `enum` / `const`. Each in words.
pub(crate) fn problems(
    alias: &str,
    tool: &str,
    args: &JsonObject,
    schema: &JsonObject,
) -> Vec<String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let mut out = Vec::new();
    for (key, value) in args {
        let Some(properties) = properties else {
            continue; // a schema without properties takes any argument
        };
        let Some(property) = properties.get(key).and_then(Value::as_object) else {
            let names: Vec<&str> = properties.keys().map(String::as_str).collect();
            out.push(message::alias_arg_unknown(
                alias,
                tool,
                key,
                nearest(key, &names),
            ));
            continue;
        };
        if let Some(expected) = mismatch(value, property) {
            out.push(message::alias_arg_mismatch(
                alias,
                tool,
                key,
                &value.to_string(),
                &expected,
            ));
        }
    }
    out
}

/// The argument `key` most likely meant: a slip of it ([`closest_name`]), else the one
/// argument whose name holds it as a word (`mode` in `checkMode`, as serde's renames make).
fn nearest<'a>(key: &str, names: &[&'a str]) -> Option<&'a str> {
    closest_name(key, names).or_else(|| {
        let key = key.to_ascii_lowercase();
        let mut holding = names.iter().filter(|n| {
            mcp_toolname_rules::words(n)
                .iter()
                .any(|w| w.to_ascii_lowercase() == key)
        });
        match (holding.next(), holding.next()) {
            (Some(only), None) => Some(*only),
            _ => None,
        }
    })
}

/// The most values of an `enum` named in a message.
const SHOWN_VALUES: usize = 10;

/// What `property` wants that `value` is not, in words; `None` when it fits.
fn mismatch(value: &Value, property: &JsonObject) -> Option<String> {
    if let Some(allowed) = property.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        // The schema's values, each escaped and cut, and only the first few: a schema can
        // list thousands.
        let mut shown: Vec<String> = allowed
            .iter()
            .take(SHOWN_VALUES)
            .map(|v| message::show(&v.to_string()))
            .collect();
        if allowed.len() > SHOWN_VALUES {
            shown.push(format!("and {} more", allowed.len() - SHOWN_VALUES));
        }
        return Some(format!("one of {}", shown.join(", ")));
    }
    if let Some(fixed) = property.get("const")
        && fixed != value
    {
        return Some(message::show(&fixed.to_string()));
    }
    let types: Vec<&str> = match property.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let fits = |t: &str| match t {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    };
    (!types.iter().any(|t| fits(t))).then(|| format!("a JSON {}", types.join(" or ")))
}

/// `schema` without the properties `args` fixes (and without them in `required`): what a
/// caller of the alias may still give.
pub(crate) fn without(schema: &JsonObject, args: &JsonObject) -> JsonObject {
    let mut out = schema.clone();
    if let Some(Value::Object(properties)) = out.get_mut("properties") {
        properties.retain(|k, _| !args.contains_key(k));
    }
    if let Some(Value::Array(required)) = out.get_mut("required") {
        required.retain(|k| k.as_str().is_none_or(|k| !args.contains_key(k)));
    }
    out
}

/// A caller's argument that clashes with one the alias carries: the key, the carried value
/// and the given one, as JSON.
pub(crate) struct Clash {
    pub key: String,
    pub fixed: String,
    pub given: String,
}

/// The caller's `given` arguments with `args` merged in. A carried argument the caller also
/// gives with the same value is fine; with another value the call is refused ([`Clash`]):
/// the alias stands for the old tool's behaviour, and neither value can silently win.
pub(crate) fn merge(args: &JsonObject, given: Option<JsonObject>) -> Result<JsonObject, Clash> {
    let mut merged = given.unwrap_or_default();
    for (key, value) in args {
        match merged.get(key) {
            Some(other) if other != value => {
                return Err(Clash {
                    key: key.clone(),
                    fixed: value.to_string(),
                    given: other.to_string(),
                });
            }
            Some(_) => {}
            None => {
                merged.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(value: Value) -> JsonObject {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn carried_arguments_are_checked_against_the_schema() {
        let schema = object(json!({
            "type": "object",
            "properties": {
                "mode": {"type": "string", "enum": ["single", "all"]},
                "depth": {"type": "integer"},
                "path": {"type": ["string", "null"]},
            },
            "required": ["mode", "path"],
        }));
        let fine = object(json!({"mode": "single", "depth": 2, "path": null}));
        assert!(problems("a", "t", &fine, &schema).is_empty());
        let bad = object(json!({"mod": "single", "depth": "2", "mode": "some"}));
        let found = problems("a", "t", &bad, &schema);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            found.iter().any(|p| p.contains("did you mean `mode`")),
            "{found:?}"
        );
        assert!(
            found.iter().any(|p| p.contains("wants a JSON integer")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|p| p.contains("one of `\"single\"`, `\"all\"`")),
            "{found:?}"
        );
        let listed = without(&schema, &object(json!({"mode": "single"})));
        assert_eq!(listed["required"], json!(["path"]));
        assert!(listed["properties"].get("mode").is_none());
    }

    #[test]
    fn a_caller_may_repeat_a_carried_argument_but_not_change_it() {
        let args = object(json!({"mode": "single"}));
        let merged = merge(&args, Some(object(json!({"id": 7})))).unwrap_or_default();
        assert_eq!(Value::Object(merged), json!({"id": 7, "mode": "single"}));
        assert!(merge(&args, Some(object(json!({"mode": "single"})))).is_ok());
        let clash = merge(&args, Some(object(json!({"mode": "all"})))).err();
        assert!(clash.is_some_and(|c| c.key == "mode" && c.given == "\"all\""));
        assert!(merge(&args, None).is_ok_and(|m| m.len() == 1));
    }
}
