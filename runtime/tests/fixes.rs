//! A name the registry refuses at run time gets the fix the macros and the CLI give for the
//! same name beside the same names in use: the rules crate's one fixer, for the spec alone.

use std::sync::Arc;

use mcp_toolname_rules::{FixRules, MCP, check};
use mcp_toolname_runtime::{Problem, ToolRegistry};
use proptest::prelude::*;
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::model::{CallToolResult, JsonObject, Tool};

struct Server;

fn route(name: &str) -> ToolRoute<Server> {
    ToolRoute::new_dyn(
        Tool::new(name.to_owned(), "", Arc::new(JsonObject::new())),
        |_| Box::pin(async { Ok(CallToolResult::default().into()) }),
    )
}

fn name() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(vec![
            "search",
            "documents",
            "the",
            "of",
            "implementation",
            "é"
        ])
        .prop_map(str::to_owned),
        "[a-z]{1,20}",
    ];
    (
        prop::collection::vec(word, 1..12),
        prop::sample::select(vec![" ", "/", "_", "."]),
    )
        .prop_map(|(w, sep)| w.join(sep))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_refused_name_gets_the_fixers_fix(
        served in prop::collection::hash_set(name(), 0..6),
        bad in name(),
    ) {
        let mut registry: ToolRegistry<Server> = ToolRegistry::new();
        let mut in_use: Vec<&str> = Vec::new();
        for name in &served {
            if check(name, &MCP).is_ok() {
                registry.try_add_route(route(name)).expect("a valid, new name");
                in_use.push(name);
            }
        }
        let Err(err) = registry.try_add_route(route(&bad)) else {
            // A valid name not served yet: nothing to fix.
            return Ok(());
        };
        let invalid = err.problems().iter().find_map(|p| match p {
            Problem::InvalidName { help, .. } => Some(help.clone()),
            _ => None,
        });
        if check(&bad, &MCP).is_ok() {
            prop_assert!(invalid.is_none());
        } else {
            let expected = FixRules::new(&[], &[], None).help_in(&bad, &in_use);
            prop_assert_eq!(invalid.as_deref(), Some(expected.as_str()));
            prop_assert!(err.to_string().contains(&expected), "{err}");
        }
    }
}

#[test]
fn a_spaced_name_refused_at_run_time_says_what_to_write() {
    let mut registry: ToolRegistry<Server> = ToolRegistry::new();
    registry
        .try_add_route(route("search_documents"))
        .expect("valid");
    let err = registry
        .try_add_route(route("search documents"))
        .expect_err("a space");
    let text = err.to_string();
    assert!(
        text.contains("write `search_documents_2` instead"),
        "{text}"
    );
}
