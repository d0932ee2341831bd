//! Renames in the attributes: an alias carrying arguments, notices read once (per
//! alias and for the whole impl), tombstones; and what the registry makes of them.

use mcp_toolname::{Successor, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::schemars;

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Validate {
    path: String,
    mode: String,
    depth: Option<i64>,
    strict: Option<bool>,
}

struct Server;

#[tool_registry(
    alias_notice_once,
    tombstone(
        name = "validate_adr_v0",
        renamed_to = "validate_adrs",
        until = "2099-01-01"
    ),
    tombstone(
        name = "adr_stats",
        instead = "validate_adrs",
        note = "counted there now"
    ),
    tombstone(name = "adr_lint")
)]
impl Server {
    /// Validates records.
    #[mcp_tool(
        alias(name = "validate_adr", args(mode = "single", depth = -1, strict = true)),
        alias(name = "validate_all", args(mode = "all"), notice_once = false)
    )]
    fn validate_adrs(&self, Parameters(v): Parameters<Validate>) -> String {
        format!("{} {} {:?} {:?}", v.path, v.mode, v.depth, v.strict)
    }
}

fn main() {
    let registry = Server::tool_router();
    let aliases: Vec<_> = registry.aliases().map(|(a, _)| a.clone()).collect();
    assert_eq!(aliases[0].name, "validate_adr");
    assert_eq!(aliases[0].notice_once, Some(true), "the impl's default");
    assert_eq!(
        aliases[0]
            .args
            .as_ref()
            .map(|a| serde_json::Value::Object(a.clone())),
        Some(serde_json::json!({"mode": "single", "depth": -1, "strict": true}))
    );
    assert_eq!(
        aliases[1].notice_once, None,
        "`notice_once = false` keeps the default off"
    );
    let tombstones: Vec<_> = registry.tombstones().cloned().collect();
    assert_eq!(tombstones.len(), 3);
    assert_eq!(tombstones[0].successor, Successor::None);
    assert_eq!(
        tombstones[1].successor,
        Successor::Instead("validate_adrs".into())
    );
    assert!(tombstones[2].until.is_some());
}
