//! Arguments an alias carries are checked against its tool's input schema when the registry
//! is built: the macro cannot see the fields of the tool's parameter type (serde
//! may rename them), the schema rmcp lists can. An argument the tool does not take fails
//! `tool_router()` naming the alias, with a did-you-mean.

use mcp_toolname::{Alias, Problem, ToolDef, ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Check {
    path: String,
    #[serde(rename = "checkMode")]
    mode: String,
}

struct Typo;

#[tool_registry]
impl Typo {
    #[mcp_tool(alias(name = "validate_adr", args(mode = "single")))]
    fn validate_adrs(&self, Parameters(c): Parameters<Check>) -> String {
        format!("{} {}", c.path, c.mode)
    }
}

struct Renamed;

#[tool_registry]
impl Renamed {
    // serde renames the field: the JSON argument is `checkMode`, and that is what is checked.
    #[mcp_tool(alias(name = "validate_adr", args(checkMode = "single")))]
    fn validate_adrs(&self, Parameters(c): Parameters<Check>) -> String {
        format!("{} {}", c.path, c.mode)
    }
}

#[test]
fn an_argument_the_tool_does_not_take_fails_the_build_of_the_registry() {
    let panic = std::panic::catch_unwind(Typo::tool_router).expect_err("refused");
    let text = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        text.contains(
            "alias `validate_adr` carries the argument `mode` into `validate_adrs`, whose input \
             schema has no such argument; did you mean `checkMode`?"
        ),
        "{text}"
    );
    assert!(!text.contains("mcp-toolname bug"), "{text}");
    assert!(Renamed::tool_router().has_route("validate_adr"));
}

#[test]
fn a_carried_value_of_another_type_is_refused_at_run_time_too() {
    let registry = Renamed::tool_router();
    let route = registry.clone().into_iter().next().expect("one route");
    let err = ToolRegistry::<Renamed>::builder()
        .tool(
            ToolDef::new(route).alias(
                Alias::new("old").with_args(
                    serde_json::json!({"checkMode": 3})
                        .as_object()
                        .cloned()
                        .unwrap_or_default(),
                ),
            ),
        )
        .build()
        .expect_err("3 is no string");
    let [Problem::AliasArgs { name, problems, .. }] = err.problems() else {
        panic!("{err}")
    };
    assert_eq!(name, "old");
    assert!(problems[0].contains("wants a JSON string"), "{problems:?}");
}
