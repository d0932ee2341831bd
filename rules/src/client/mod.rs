//! Client presets, as data: how each MCP client turns the key a config gives a server and a
//! tool name into the name the model sees, and its length budget ([`rule`]), and the
//! built-in presets, each with its source and what it was verified against ([`presets`]),
//! and what each does past the name ([`limits`]);
//! [`crate::qualify`] applies them.

mod agents;
mod limits;
mod presets;
mod prompts;
mod rule;

pub use agents::*;
pub use limits::*;
pub use presets::*;
pub use prompts::*;
pub use rule::*;

/// The API caps on tools per request that `count` tools pass, each with those of `clients`
/// that send every tool to that API in each request ([`Loading::SendsAll`]), in `clients`
/// order: what `audit` and `#[tool_registry]` report as too many tools.
///
/// ```
/// use mcp_toolname_rules::{CLIENTS, caps_passed};
/// let passed = caps_passed(130, CLIENTS);
/// assert_eq!(passed.len(), 1);
/// assert_eq!(passed[0].0.max, 128);
/// let ids: Vec<&str> = passed[0].1.iter().map(|c| c.id).collect();
/// assert_eq!(ids, ["cline", "opencode", "continue_cli", "copilot_cli", "kilo_code"]);
/// assert_eq!(caps_passed(600, CLIENTS).len(), 2, "Gemini's 512 too");
/// assert!(caps_passed(128, CLIENTS).is_empty());
/// ```
#[must_use]
pub fn caps_passed(
    count: usize,
    clients: &[&'static ClientPreset],
) -> Vec<(ToolCap, Vec<&'static ClientPreset>)> {
    let mut caps: Vec<(ToolCap, Vec<&'static ClientPreset>)> = Vec::new();
    for &client in clients {
        let Some(cap) = client.limits.tools_per_request else {
            continue;
        };
        if client.limits.loading != Loading::SendsAll || count <= cap.max {
            continue;
        }
        match caps.iter_mut().find(|(c, _)| *c == cap) {
            Some((_, sending)) => sending.push(client),
            None => caps.push((cap, vec![client])),
        }
    }
    caps
}
