//! Client presets, as data: how each MCP client turns the key a config gives a server and a
//! tool name into the name the model sees, and its length budget. Each preset cites where
//! its rule was read (`source`, `checked`); [`crate::qualify`] applies them.

use crate::contract::{ANTHROPIC, Charset, Contract, GEMINI, LLM_COMMON, OPENAI};

/// What a client does when the qualified name is longer than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// Sends it anyway; the LLM API refuses the whole request.
    ApiError,
    /// Keeps the first characters and appends `_` and `hex` hex digits of a SHA-1 of the raw
    /// name, to exactly the budget.
    HashSuffix {
        /// Hex digits of the hash.
        hex: usize,
    },
    /// Keeps the start and the end and joins them with this marker.
    MiddleCut(&'static str),
    /// Cuts at the budget, no marker: two long names can become one.
    Cut,
    /// Leaves the tool out of what the model sees.
    Skip,
}

/// How the qualified name is measured against the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The whole model-facing name.
    Whole,
    /// The server key plus the tool name, without prefix or separator.
    ServerPlusTool,
}

/// How a client turns the key a config gives a server into the server part of its names.
/// The steps run in field order: refuse, lower-case, replace, cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyRule {
    /// A key that is empty or has a character outside this set is refused: the client does
    /// not start the server, so none of its tools reaches the model. `None`: every key is
    /// taken.
    pub refuses_outside: Option<Charset>,
    /// Whether the key is lower-cased (ASCII and Unicode).
    pub lowercase: bool,
    /// Characters kept; every other becomes `_`. `None`: the key is used as written.
    pub keeps: Option<Charset>,
    /// Whether a run of replaced characters becomes one `_` (else one `_` each).
    pub collapse_runs: bool,
    /// Whether the client names the server by the `serverInfo.title` or `name` it announces,
    /// the config key being only the fallback.
    pub from_server_info: bool,
    /// Whether a server part another server already has gets a number (`foo`, `foo2`).
    pub numbers_clashes: bool,
}

/// The key as written, no check: what a client does when nothing else is known.
const KEY_AS_WRITTEN: KeyRule = KeyRule {
    refuses_outside: None,
    lowercase: false,
    keeps: None,
    collapse_runs: false,
    from_server_info: false,
    numbers_clashes: false,
};

/// One MCP client's naming rule. Lengths are in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientPreset {
    /// Identifier, a valid Rust identifier: `claude_code` (the CLI also takes `claude-code`).
    pub id: &'static str,
    /// The client's name.
    pub title: &'static str,
    /// What goes before the server part (`mcp__`).
    pub prefix: &'static str,
    /// What goes between the server part and the tool name (`__`).
    pub separator: &'static str,
    /// Whether the server key is part of the name (every built-in preset: yes).
    pub uses_server_key: bool,
    /// How the config key becomes the server part.
    pub key: KeyRule,
    /// Most characters of the server part kept (VS Code keeps 18); `usize::MAX` for all.
    pub max_key_len: usize,
    /// Characters kept in the tool part; every other one becomes `_`.
    pub keeps: Charset,
    /// Whether a run of replaced characters in the tool part becomes one `_`.
    pub collapse_runs: bool,
    /// Whether a name that replacing changed is hashed like an overlong one (Cline).
    pub hash_when_changed: bool,
    /// The budget, measured as [`ClientPreset::measure`] says.
    pub max_len: usize,
    /// What the budget is measured on.
    pub measure: Measure,
    /// What happens past the budget.
    pub overflow: Overflow,
    /// The API contract the qualified name is sent under.
    pub contract: &'static Contract,
    /// Where the rule comes from, and what is unsure about it.
    pub source: &'static str,
    /// When the source was read (`YYYY-MM-DD`).
    pub checked: &'static str,
}

/// Claude Code: `mcp__<server>__<tool>`; characters outside `A-Z a-z 0-9 _ -` become `_` in
/// both parts (`claude mcp add` refuses such keys; a hand-edited config is sanitised, as
/// reported); nothing is cut: past 64 (tool search's `tool_reference` limit; the Messages
/// API takes 128) the request fails. Closed source: the sanitiser is inferred.
pub const CLAUDE_CODE: ClientPreset = ClientPreset {
    id: "claude_code",
    title: "Claude Code",
    prefix: "mcp__",
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::ApiError,
    contract: &ANTHROPIC,
    source: "https://docs.anthropic.com/en/docs/claude-code/mcp; 64: tool_reference limit, github.com/anthropics/claude-code/issues/22327; key sanitiser inferred from reports (closed source)",
    checked: "2026-11-30",
};

/// OpenAI Codex CLI: a key outside `^[a-zA-Z0-9_-]+$` stops the server from starting;
/// then `mcp__<server>__<tool>` with every character outside `A-Z a-z 0-9 _` (so `-` too)
/// turned into `_`; past 64 the tool part is cut and `_` plus 12 hex digits of a SHA-1 of
/// the raw identity appended. Newer builds may allow 128 (openai/codex#46188); 64 is kept,
/// the stricter reading.
pub const CODEX: ClientPreset = ClientPreset {
    id: "codex",
    title: "Codex CLI",
    prefix: "mcp__",
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        refuses_outside: Some(Charset::ALNUM.with("_-")),
        keeps: Some(Charset::ALNUM.with("_")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_"),
    collapse_runs: false,
    hash_when_changed: false,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::HashSuffix { hex: 12 },
    contract: &OPENAI,
    source: "github.com/openai/codex codex-rs/codex-mcp/src/mcp_tool_names.rs, rmcp_client.rs (key pattern); 64 per MAX_TOOL_NAME_LENGTH, 128 since 0.153.2 per openai/codex#46188 (unsure)",
    checked: "2026-11-30",
};

/// Gemini CLI: `mcp_<server>_<tool>`, characters outside `A-Z a-z 0-9 _ . : -` become `_`
/// (no key check, no case folding); past 63 the first 30 and last 30 characters are joined
/// by `...` (no hash: two names can meet).
pub const GEMINI_CLI: ClientPreset = ClientPreset {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_.:-")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_.:-"),
    collapse_runs: false,
    hash_when_changed: false,
    max_len: 63,
    measure: Measure::Whole,
    overflow: Overflow::MiddleCut("..."),
    contract: &GEMINI,
    source: "github.com/google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts (generateValidName)",
    checked: "2026-11-30",
};

/// VS Code: `mcp_<prefix>_<tool>`. The prefix comes from the server's announced
/// `serverInfo.title` or `name`, the config key being the fallback; it is lower-cased, each
/// run of characters outside `a-z 0-9 _ . -` becomes one `_`, it is cut to 18, and a prefix
/// another server has gets a number (`mcp_foo2_`). The whole name is cut at 64 (no hash).
/// Which source is current is unsure.
pub const VSCODE: ClientPreset = ClientPreset {
    id: "vscode",
    title: "VS Code",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    key: KeyRule {
        refuses_outside: None,
        lowercase: true,
        keeps: Some(
            Charset::EMPTY
                .range(b'a', b'z')
                .range(b'0', b'9')
                .with("_.-"),
        ),
        collapse_runs: true,
        from_server_info: true,
        numbers_clashes: true,
    },
    max_key_len: 18,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::Cut,
    contract: &LLM_COMMON,
    source: "github.com/microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpTypes.ts (McpToolName), mcpServer.ts (prefix from serverInfo, 18 characters; which is current is unsure)",
    checked: "2026-11-30",
};

/// Cursor (closed source): the tool is filtered out unless key + tool is at most 59
/// characters; its own error reads "Combined server and tool name length (60) exceeds 60
/// characters" for a 1-character key and a 59-character tool. How it treats the key and
/// what the model sees are unknown (the key is taken as written).
pub const CURSOR: ClientPreset = ClientPreset {
    id: "cursor",
    title: "Cursor",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    key: KEY_AS_WRITTEN,
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    max_len: 59,
    measure: Measure::ServerPlusTool,
    overflow: Overflow::Skip,
    contract: &LLM_COMMON,
    source: "user reports (no official source): \"Combined server and tool name length (60) exceeds 60 characters\" for 1 + 59",
    checked: "2026-11-30",
};

/// Cline (since mid-2026): `<server>__<tool>`, no `mcp` prefix; each run of characters
/// outside `A-Z a-z 0-9 _ -` becomes one `_`, case kept; if that changed anything, or the
/// name is over 64, it becomes its first 55 characters + `_` + 8 hex digits of a SHA-1 of
/// the raw `<server>__<tool>`. (The older `c<5 chars>0mcp0<tool>` scheme is legacy.)
pub const CLINE: ClientPreset = ClientPreset {
    id: "cline",
    title: "Cline",
    prefix: "",
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        collapse_runs: true,
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: true,
    hash_when_changed: true,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::HashSuffix { hex: 8 },
    contract: &LLM_COMMON,
    source: "github.com/cline/cline name-transform.ts (since mid-2026; the older ClineToolSet.ts scheme is legacy)",
    checked: "2026-11-30",
};

/// Every built-in client preset.
pub const CLIENTS: [&ClientPreset; 6] =
    [&CLAUDE_CODE, &CODEX, &GEMINI_CLI, &VSCODE, &CURSOR, &CLINE];

/// The built-in preset with this id; `-` is read as `_` (`claude-code`).
#[must_use]
pub fn client_by_id(id: &str) -> Option<&'static ClientPreset> {
    let id = id.replace('-', "_");
    CLIENTS.into_iter().find(|c| c.id == id)
}
