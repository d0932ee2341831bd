//! Client presets, as data: how each MCP client turns the key a config gives a server and a
//! tool name into the name the model sees, and its length budget ([`rule`]), what it does past
//! the name ([`limits`]) and how it makes a slash command of a prompt ([`prompts`]); and the
//! built-in presets, each with its source and what it was verified against ([`presets`],
//! [`editors`], [`agents`]). [`crate::qualify`] applies them.

mod agents;
mod editors;
mod limits;
mod presets;
mod prompts;
mod rule;
mod schemas;
mod verified;

pub use agents::*;
pub use editors::*;
pub use limits::*;
pub use presets::*;
pub use prompts::*;
pub use rule::*;
pub use schemas::*;
pub use verified::*;

/// Every built-in client preset.
pub const CLIENTS: &[&ClientPreset] = &[
    &CLAUDE_CODE,
    &CODEX,
    &GEMINI_CLI,
    &VSCODE,
    &CURSOR,
    &CLINE,
    &OPENCODE,
    &CONTINUE_CLI,
    &COPILOT_CLI,
    &ROO_CODE,
    &KILO_CODE,
    &QWEN_CODE,
    &DROID,
    &GOOSE,
    &KIRO_CLI,
];

/// The built-in preset with this id; `-` is read as `_` (`claude-code`).
#[must_use]
pub fn client_by_id(id: &str) -> Option<&'static ClientPreset> {
    let id = id.replace('-', "_");
    CLIENTS.iter().copied().find(|c| c.id == id)
}

/// Every built-in client preset with a prompt rule: those whose rule was run first, then the
/// rest, each in [`CLIENTS`] order; the order reports list prompt clients in.
pub fn prompt_clients() -> impl Iterator<Item = &'static ClientPreset> {
    fn run(c: &&ClientPreset) -> bool {
        c.prompts
            .is_some_and(|p| p.verified.how == Verification::Run)
    }
    let others = |c: &&ClientPreset| c.prompts.is_some() && !run(c);
    let clients = || CLIENTS.iter().copied();
    clients().filter(run).chain(clients().filter(others))
}

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
