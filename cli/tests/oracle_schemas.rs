//! The real clients as judges of schema shapes: each client run here is started against a
//! fixture server whose tools carry the input schemas rmcp 3.11 makes for argument types
//! (generated here from Rust types with rmcp's own `schema_for_type`, so draft 2020-12 with
//! `$defs` and `$ref` for every nested type), and a fake LLM API that records what reaches
//! the model: each schema as the client sent it is the preset's prediction
//! ([`mcp_toolname_rules::SchemaHandling`]), and `audit` marks what the client loses.

use std::collections::{BTreeSet, HashMap};

use crate::{common, oracle_arguments};

use common::oracle::{audit_fixture, client_bin, observe, report, scratch, verdict};
use mcp_toolname_rules::schema::inline::inline_refs;
use mcp_toolname_rules::{SchemaHandling, client_by_id};
use rmcp::handler::server::common::{schema_for_input, schema_for_type};
use rmcp::schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Nested {
    at: Point,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Documented {
    /// Where the pin goes.
    at: Point,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct List {
    points: Vec<Point>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
enum Color {
    Red,
    Green,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct UnitEnum {
    color: Color,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
enum Shape {
    Circle { r: f64 },
    Square { side: f64 },
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct DataEnum {
    shape: Shape,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct OptionEnum {
    color: Option<Color>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Tree {
    name: String,
    children: Vec<Tree>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Recursive {
    root: Tree,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Map {
    by_name: HashMap<String, Point>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Count {
    count: u64,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct When {
    at: chrono::DateTime<chrono::Utc>,
}

#[derive(Deserialize, JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
#[allow(dead_code)]
struct Plain {
    query: String,
}

/// Each fixture tool and its schema, as rmcp makes it for the tool's `Parameters<T>`, then
/// each of those with a `$ref` again, as a registry lists it by default: inlined by
/// [`inline_refs`] (the recursive type cannot be, and is listed as written).
fn shapes() -> Vec<(String, Value)> {
    let written = rmcp_shapes();
    let inlined: Vec<(String, Value)> = written
        .iter()
        .filter_map(|(tool, schema)| {
            let inlined = inline_refs(schema.as_object()?).ok()??;
            Some((format!("{tool}_inlined"), Value::Object(inlined)))
        })
        .collect();
    let written = written.into_iter().map(|(t, s)| (t.to_owned(), s));
    written.chain(inlined).collect()
}

/// Each fixture tool and its schema, as rmcp's `#[tool]` makes it for the tool's
/// `Parameters<T>` (`schema_for_input`: draft 2020-12, the top-level `title` and `description`
/// taken off), and one whole schema of a type, `title` and all, as other SDKs write them.
fn rmcp_shapes() -> Vec<(&'static str, Value)> {
    fn input<T: JsonSchema + std::any::Any>() -> Value {
        Value::Object((*schema_for_input::<T>().expect("an object schema")).clone())
    }
    vec![
        ("t_nested", input::<Nested>()),
        ("t_documented", input::<Documented>()),
        ("t_list", input::<List>()),
        ("t_unit_enum", input::<UnitEnum>()),
        ("t_data_enum", input::<DataEnum>()),
        ("t_option_enum", input::<OptionEnum>()),
        ("t_recursive", input::<Recursive>()),
        ("t_map", input::<Map>()),
        ("t_u64", input::<Count>()),
        ("t_datetime", input::<When>()),
        ("t_string", input::<Plain>()),
        (
            "t_titled",
            Value::Object((*schema_for_type::<Plain>()).clone()),
        ),
    ]
}

/// The keywords (and property names) `got` lacks of `sent`, those it adds, and the members
/// whose value it changed, compared member by member (array items by place).
#[derive(Debug, Default)]
struct Diff {
    removed: BTreeSet<String>,
    added: BTreeSet<String>,
    changed: BTreeSet<String>,
}

fn diff(sent: &Value, got: &Value, key: &str, out: &mut Diff) {
    match (sent, got) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                match b.get(k) {
                    None => {
                        out.removed.insert(k.clone());
                    }
                    Some(w) => diff(v, w, k, out),
                }
            }
            for k in b.keys().filter(|k| !a.contains_key(*k)) {
                out.added.insert(k.clone());
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (v, w) in a.iter().zip(b) {
                diff(v, w, key, out);
            }
        }
        (a, b) if a != b => {
            out.changed.insert(key.to_owned());
        }
        _ => {}
    }
}

/// Each tool's schema as the client sent it must be the served one changed exactly as the
/// client's preset says ([`SchemaHandling`]): the keywords it removes (and `$defs` where it
/// drops it) present in the schema, each removed, nothing else; what it adds among what the
/// preset lets it add; no value changed but a description it writes into. A client that sends
/// names only up front must send every tool's name and no schema. Then `audit` of the same
/// server (a Node.js one, as any non-Rust server) must mark each tool `refs_lost` under the
/// client exactly where the client sent `$ref`s without their `$defs`, with a `schema_ref`
/// finding for it. An inlined twin (what a registry lists) must reach the model with no `$ref`.
/// The tools of [`oracle_arguments`] are served beside them, as a second server of the same
/// client run, and judged there: one start of each client for both.
fn judge(id: &str) {
    let Some(bin) = client_bin(id) else {
        return;
    };
    let client = client_by_id(id).expect("a preset");
    let dir = scratch("oracle-schemas", id);
    let shapes = shapes();
    let tools: Vec<&str> = shapes.iter().map(|(t, _)| t.as_str()).collect();
    let schemas: Vec<&Value> = shapes.iter().map(|(_, s)| s).collect();
    // Claude Code defers every MCP tool behind its tool search by default; with it off, each
    // schema goes out in every request.
    let arguments = oracle_arguments::spec();
    let corpus = json!({
        "servers": [
            {"key": "shapes", "tools": tools, "schemas": schemas},
            {"key": "args", "tools": arguments["tools"], "schemas": arguments["schemas"]},
        ],
        "claude_env": {"ENABLE_TOOL_SEARCH": "false"},
    });
    let observed = observe(id, &bin, &corpus, &dir);

    let doc = audit_fixture(&dir, "shapes", &json!({"tools": tools, "schemas": schemas}));
    let (argued, mut argued_wrong) =
        oracle_arguments::judge(id, &observed, &audit_fixture(&dir, "args", &arguments), 1);

    let sent = observed["tools"].as_array().expect("tools");
    let mut agree = 0;
    let mut disagree = Vec::new();
    for (t, (tool, schema)) in shapes.iter().enumerate() {
        let origin = format!("0.{t}");
        let present = sent.iter().any(|s| {
            s["origin"] == origin.as_str() || s["name"].as_str().is_some_and(|n| n.ends_with(tool))
        });
        let got = &observed["schemas"][&origin];
        let mut wrong = Vec::new();
        if !present {
            wrong.push("the client left the tool out".to_owned());
        }
        let mut dangling = false;
        match (client.limits.schemas, got.is_null()) {
            (SchemaHandling::NamesOnly, false) => {
                wrong.push(format!(
                    "the client sent a schema up front: {}",
                    got["schema"]
                ));
            }
            (SchemaHandling::Sent { adds, .. }, false) => {
                let served = schema.as_object().expect("an object");
                let changes = client.limits.schemas.changes(served).expect("sent");
                let mut found = Diff::default();
                diff(schema, &got["schema"], "", &mut found);
                let expected: BTreeSet<String> = changes
                    .dropped
                    .iter()
                    .chain(&changes.described)
                    .map(|k| (*k).to_owned())
                    .collect();
                if found.removed != expected {
                    wrong.push(format!(
                        "removed {:?}, the preset says {expected:?}",
                        found.removed
                    ));
                }
                let extra: Vec<&String> = found
                    .added
                    .iter()
                    .filter(|k| !adds.contains(&k.as_str()))
                    .collect();
                if !extra.is_empty() {
                    wrong.push(format!("added {extra:?}, the preset lets it add {adds:?}"));
                }
                let described = !changes.described.is_empty();
                let changed: Vec<&String> = found
                    .changed
                    .iter()
                    .filter(|k| !(described && *k == "description"))
                    .collect();
                if !changed.is_empty() {
                    wrong.push(format!("changed the values of {changed:?}"));
                }
                if tool.ends_with("_inlined") && got["schema"].to_string().contains("\"$ref\"") {
                    wrong.push("an inlined schema reached the model with a `$ref`".to_owned());
                }
                dangling = found.removed.contains("$defs")
                    && got["schema"].to_string().contains("\"$ref\"");
                let predicted = !changes.dangling.is_empty();
                if dangling != predicted {
                    wrong.push(format!(
                        "`$ref`s left pointing nowhere: {dangling}, the preset says {:?}",
                        changes.dangling
                    ));
                }
            }
            (SchemaHandling::Sent { .. }, true) if present => {
                wrong.push("the client sent no schema with the tool".to_owned());
            }
            (SchemaHandling::Unknown, _) => wrong.push("the preset was not run".to_owned()),
            _ => {}
        }
        let verdict = verdict(&doc, tool, id);
        let finding = doc["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .any(|f| {
                let has = |field: &str, v: &str| {
                    f[field]
                        .as_array()
                        .is_some_and(|a| a.iter().any(|x| x == v))
                };
                f["lint"] == "schema_ref" && has("tools", tool) && has("clients", id)
            });
        if verdict["refs_lost"] != dangling || finding != dangling {
            wrong.push(format!(
                "audit says refs_lost {} (a schema_ref finding: {finding}), the client {}",
                verdict["refs_lost"],
                if dangling {
                    "sent `$ref`s pointing nowhere"
                } else {
                    "did not"
                }
            ));
        }
        if wrong.is_empty() {
            agree += 1;
        } else {
            disagree.push(format!("{tool}: {}", wrong.join("; ")));
        }
    }
    report(&format!(
        "oracle {id} {}: schema shapes: {agree}/{} tools agree",
        observed["version"],
        shapes.len()
    ));
    report(&format!(
        "oracle {id} {}: argument names: {argued}/{} tools agree",
        observed["version"],
        arguments["tools"].as_array().map_or(0, Vec::len)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    disagree.append(&mut argued_wrong);
    assert!(disagree.is_empty(), "{id}:\n{}", disagree.join("\n"));
}

common::oracle::each_client!(judge);
