//! Argument names (the property keys of a tool's input schema) are checked when the registry
//! is built: the macro cannot see the fields of the tool's parameter type, and serde may rename
//! them to a key the Anthropic API refuses (with it, every request). `tool_router()` fails
//! naming the tool, the key, who refuses it and the rename that keeps the Rust field, so the
//! README's one-line test catches it in `cargo test`.

use mcp_toolname::{mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Filter {
    #[serde(rename = "rule_name[]")]
    rule_name: Vec<String>,
    query: String,
}

struct Brackets;

#[tool_registry]
impl Brackets {
    #[mcp_tool]
    fn search(&self, Parameters(f): Parameters<Filter>) -> String {
        format!("{} {}", f.query, f.rule_name.len())
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Nested {
    /// A nested key the API does not read (its check is of the top level only).
    inner: Inner,
    #[serde(rename = "issue-type")]
    issue_type: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Inner {
    #[serde(rename = "a b")]
    a_b: String,
}

struct Fine;

#[tool_registry]
impl Fine {
    #[mcp_tool]
    fn search(&self, Parameters(n): Parameters<Nested>) -> String {
        format!("{} {}", n.inner.a_b, n.issue_type)
    }
}

#[test]
fn a_refused_argument_name_fails_the_build_of_the_registry() {
    let panic = std::panic::catch_unwind(Brackets::tool_router).expect_err("refused");
    let text = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        text.contains(
            "tool `search`: argument name `rule_name[]` contains `[` at index 9, which \
             the Anthropic API (input_schema property keys) does not allow"
        ),
        "{text}"
    );
    assert!(
        text.contains("`#[serde(rename = \"rule_name\")]` on the field keeps its Rust name"),
        "{text}"
    );
    assert!(!text.contains("mcp-toolname bug"), "{text}");
}

#[test]
fn keys_only_other_apis_refuse_or_nested_ones_build() {
    // `issue-type` is refused by Gemini's `parameters` rule only (a warning in `audit`), `a b`
    // sits below the top level, which Anthropic's check does not read.
    assert!(Fine::tool_router().has_route("search"));
}

struct Literal;

#[tool_registry]
impl Literal {
    // A literal schema: the macro reads its top-level keys (`tests/ui/arguments` holds the
    // refused ones); these build, nested `sort by` included, and are listed as written.
    #[mcp_tool(input_schema = std::sync::Arc::new(rmcp::object!({
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "issue-type": {"type": "string"},
            "order": {"type": "object", "properties": {"sort by": {"type": "string"}}}
        }
    })))]
    fn find(&self) -> String {
        String::new()
    }
}

#[test]
fn a_literal_schema_with_keys_every_api_takes_builds_as_written() {
    let router = Literal::tool_router();
    let tool = router.get("find").expect("listed");
    let keys: Vec<&String> = tool.input_schema["properties"]
        .as_object()
        .expect("properties")
        .keys()
        .collect();
    assert_eq!(keys, ["issue-type", "order", "query"]);
}
