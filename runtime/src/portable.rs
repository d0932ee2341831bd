//! [`Schemas`]: whether a registry lists tool input schemas as rmcp writes them (every nested
//! type a `$ref` into `$defs`) or inlined, which every client reads; and the inlining done
//! once per schema as routes enter a registry, never per request.

use std::collections::HashMap;
use std::sync::Arc;

use mcp_toolname_rules::message;
use mcp_toolname_rules::schema::inline::{InlineError, inline_refs};
use rmcp::model::JsonObject;

/// How a registry lists the input schema of each tool. Set with
/// [`RegistryBuilder::schemas`](crate::RegistryBuilder::schemas).
///
/// rmcp builds an argument type's schema with schemars (JSON Schema 2020-12): every nested
/// type (a struct field, `Vec<Item>`, `Option<Kind>`) becomes `{"$ref": "#/$defs/Item"}` with
/// the type under `$defs`. Clients that drop `$defs` or refuse `$ref` then see a tool whose
/// arguments they cannot read, so by default the registry lists each schema inlined
/// ([`mcp_toolname_rules::schema::inline::inline_refs`]: the same instances accepted, no
/// `$ref`, `$defs` or `$schema`).
///
/// ```
/// use mcp_toolname_runtime::{Schemas, ToolDef, ToolRegistry};
/// use rmcp::handler::server::router::tool::ToolRoute;
/// use rmcp::model::{CallToolResult, JsonObject, Tool};
/// use std::sync::Arc;
///
/// struct Server;
/// let schema: JsonObject = serde_json::from_value(serde_json::json!({
///     "type": "object",
///     "properties": {"item": {"$ref": "#/$defs/Item"}},
///     "$defs": {"Item": {"type": "integer"}}
/// }))?;
/// let route = ToolRoute::<Server>::new_dyn(Tool::new("add", "Adds.", Arc::new(schema)), |_| {
///     Box::pin(async { Ok(CallToolResult::default().into()) })
/// });
/// let tools = ToolRegistry::builder().tool(ToolDef::new(route)).build()?;
/// let listed = &tools.get("add").unwrap().input_schema;
/// assert_eq!(listed["properties"]["item"], serde_json::json!({"type": "integer"}));
///
/// // The schema as rmcp wrote it, `$defs` and all:
/// let tools = tools.reconfigure().schemas(Schemas::AsWritten).build()?;
/// assert!(tools.get("add").unwrap().input_schema.contains_key("$defs"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A schema that cannot be inlined (a recursive type: a `Tree` whose children are `Tree`s)
/// is listed as written, and the registry logs a warning (`tracing`) naming the tool, the
/// type and what to do; the server builds and runs as with rmcp.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Schemas {
    /// Each input schema inlined, once, as its route enters the registry (the default).
    #[default]
    Portable,
    /// Each input schema as its route has it, as rmcp lists it.
    AsWritten,
}

/// The inlined form of each schema met in one build or change, by the address of rmcp's
/// `Arc` (rmcp builds one per argument type and shares it by every tool of that type). The
/// original is held too, so that no address is freed and reused while the cache lives.
#[derive(Default)]
pub(crate) struct Inlined {
    seen: HashMap<*const JsonObject, Seen>,
}

struct Seen {
    _original: Arc<JsonObject>,
    inlined: Result<Option<Arc<JsonObject>>, InlineError>,
}

impl Inlined {
    /// The inlined form of `schema`, the input schema of tool `tool`: `None` when there is
    /// nothing to inline, or when it cannot be (logged, naming the tool, as a warning).
    pub fn inline(&mut self, tool: &str, schema: &Arc<JsonObject>) -> Option<Arc<JsonObject>> {
        let key = Arc::as_ptr(schema);
        // No lookup while nothing is kept: most registries have only flat schemas.
        if let Some(seen) = (!self.seen.is_empty())
            .then(|| self.seen.get(&key))
            .flatten()
        {
            return answer(tool, &seen.inlined);
        }
        let inlined = inline_refs(schema).map(|s| s.map(Arc::new));
        if matches!(inlined, Ok(None)) {
            // Nothing to inline, found by a read that costs less than keeping the answer:
            // most schemas are flat, and a registry of them builds as fast as before.
            return None;
        }
        let given = answer(tool, &inlined);
        let original = Arc::clone(schema);
        self.seen.insert(
            key,
            Seen {
                _original: original,
                inlined,
            },
        );
        given
    }
}

/// What [`Inlined::inline`] gives for `inlined`, the inlining of tool `tool`'s schema: the
/// inlined schema, or `None` (nothing to inline, or a warning logged naming the tool).
fn answer(
    tool: &str,
    inlined: &Result<Option<Arc<JsonObject>>, InlineError>,
) -> Option<Arc<JsonObject>> {
    match inlined {
        Ok(inlined) => inlined.clone(),
        Err(error) => {
            tracing::warn!(
                tool = %tool,
                "tool {}: input schema listed as written, with `$defs` and `$ref` (some \
                 clients drop them): {error}",
                message::show(tool)
            );
            None
        }
    }
}
