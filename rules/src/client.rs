//! Client presets: how each MCP client turns (server, tool) into the name the model sees,
//! and whether a tool name still fits once it does.

use crate::contract::{ANTHROPIC, Charset, Contract, GEMINI, LLM_COMMON, OPENAI};

/// What a client does when the qualified name is longer than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// Sends it anyway; the LLM API refuses the whole request.
    ApiError,
    /// Cuts the tool part and appends `_` and 12 hex digits of a SHA-1 of the raw name.
    HashSuffix,
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
    /// The server name plus the tool name, without prefix or separator.
    ServerPlusTool,
}

/// One MCP client's naming rule. Lengths are in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientPreset {
    /// Identifier, a valid Rust identifier: `claude_code` (the CLI also takes `claude-code`).
    pub id: &'static str,
    /// The client's name.
    pub title: &'static str,
    /// What goes before the server key (`mcp__`).
    pub prefix: &'static str,
    /// What goes between the server key and the tool name (`__`); empty when the client
    /// does not name the server (`server_key_len` is then ignored).
    pub separator: &'static str,
    /// Whether the server key is part of the name (false: a fixed-length id replaces it).
    pub uses_server_key: bool,
    /// Characters of a fixed-length id used instead of the key (Cline's `c` + 5 + `0mcp0`).
    pub fixed_id_len: usize,
    /// Most characters of the server key kept (VS Code keeps 13); `usize::MAX` for all.
    pub max_key_len: usize,
    /// Characters kept in the tool part; every other one becomes `_`.
    pub keeps: Charset,
    /// The budget, measured as [`ClientPreset::measure`] says.
    pub max_len: usize,
    /// What the budget is measured on.
    pub measure: Measure,
    /// What happens past the budget.
    pub overflow: Overflow,
    /// The API contract the qualified name is sent under.
    pub contract: &'static Contract,
    /// Where the rule comes from.
    pub source: &'static str,
    /// When the source was read (`YYYY-MM-DD`).
    pub checked: &'static str,
}

/// Claude Code: `mcp__<server>__<tool>`, characters outside `A-Z a-z 0-9 _ -` become `_`,
/// nothing is cut: past 64 (tool search's `tool_reference` limit; the Messages API takes
/// 128) the request fails.
pub const CLAUDE_CODE: ClientPreset = ClientPreset {
    id: "claude_code",
    title: "Claude Code",
    prefix: "mcp__",
    separator: "__",
    uses_server_key: true,
    fixed_id_len: 0,
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_-"),
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::ApiError,
    contract: &ANTHROPIC,
    source: "https://docs.anthropic.com/en/docs/claude-code/mcp; tool_reference limit: github.com/anthropics/claude-code/issues/22327",
    checked: "2026-11-29",
};

/// OpenAI Codex CLI: `mcp__<server>__<tool>`, characters outside `A-Z a-z 0-9 _` become `_`
/// (`-` too, since v0.116.0); past 64 bytes the tool part is cut and `_` plus 12 hex digits
/// of a SHA-1 of the raw name appended.
pub const CODEX: ClientPreset = ClientPreset {
    id: "codex",
    title: "Codex CLI",
    prefix: "mcp__",
    separator: "__",
    uses_server_key: true,
    fixed_id_len: 0,
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_"),
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::HashSuffix,
    contract: &OPENAI,
    source: "github.com/openai/codex codex-rs/codex-mcp/src/mcp_tool_names.rs",
    checked: "2026-11-29",
};

/// Gemini CLI: `mcp_<server>_<tool>`, characters outside `A-Z a-z 0-9 _ . : -` become `_`;
/// past 63 the middle is cut out and replaced by `...` (no hash: two names can meet).
pub const GEMINI_CLI: ClientPreset = ClientPreset {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    fixed_id_len: 0,
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_.:-"),
    max_len: 63,
    measure: Measure::Whole,
    overflow: Overflow::MiddleCut("..."),
    contract: &GEMINI,
    source: "github.com/google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts (generateValidName)",
    checked: "2026-11-29",
};

/// VS Code: `mcp_<prefix>_<tool>` with the server part lower-cased and kept to 13
/// characters, characters outside `A-Z a-z 0-9 _ -` in the tool become `_`, then the whole
/// name is cut at 64 (no hash).
pub const VSCODE: ClientPreset = ClientPreset {
    id: "vscode",
    title: "VS Code",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    fixed_id_len: 0,
    max_key_len: 13,
    keeps: Charset::ALNUM.with("_-"),
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::Cut,
    contract: &LLM_COMMON,
    source: "github.com/microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpTypes.ts (McpToolName)",
    checked: "2026-11-29",
};

/// Cursor: server name plus tool name over 60 characters draws a warning and the tool may
/// be filtered out. Reported by users; no official source.
pub const CURSOR: ClientPreset = ClientPreset {
    id: "cursor",
    title: "Cursor",
    prefix: "mcp_",
    separator: "_",
    uses_server_key: true,
    fixed_id_len: 0,
    max_key_len: usize::MAX,
    keeps: Charset::ALNUM.with("_-"),
    max_len: 60,
    measure: Measure::ServerPlusTool,
    overflow: Overflow::Skip,
    contract: &LLM_COMMON,
    source: "user reports (no official source): \"Combined server and tool name length exceeds 60 characters\"",
    checked: "2026-11-29",
};

/// Cline with native tool calling: `c` + 5 random characters + `0mcp0` + the raw tool name,
/// not sanitised; a tool whose name passes 64 is skipped.
pub const CLINE: ClientPreset = ClientPreset {
    id: "cline",
    title: "Cline",
    prefix: "",
    separator: "",
    uses_server_key: false,
    fixed_id_len: 11,
    max_key_len: 0,
    keeps: Charset::EMPTY,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::Skip,
    contract: &LLM_COMMON,
    source: "github.com/cline/cline src/core/prompts/system-prompt/registry/ClineToolSet.ts",
    checked: "2026-11-29",
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

/// What a client makes of one tool name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualified {
    /// The model-facing name; for [`Fate::Hashed`] the last 12 characters stand for the hash
    /// (`<sha1>` is not computed here).
    pub name: String,
    /// Its length as the client measures it.
    pub measured: usize,
    /// What happened to it.
    pub fate: Fate,
}

/// The outcome of qualification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Within the budget, every character kept.
    Kept,
    /// Within the budget after characters were replaced by `_`.
    Normalised,
    /// Over the budget: the API refuses the whole request.
    Refused,
    /// Over the budget: a hash suffix replaces the end (unique, but unreadable).
    Hashed,
    /// Over the budget: cut (in the middle, or at the end), so two names can become one.
    Cut,
    /// Over the budget: the tool is left out.
    Skipped,
}

impl Fate {
    /// Whether the model sees the tool under a name a reader recognises.
    #[must_use]
    pub const fn is_fine(self) -> bool {
        matches!(self, Self::Kept | Self::Normalised)
    }
}

fn normalise(text: &str, keeps: Charset) -> String {
    text.chars()
        .map(|c| if keeps.contains(c) { c } else { '_' })
        .collect()
}

/// The model-facing form of `tool` on a server the host calls `server_key`, under `client`.
///
/// ```
/// use mcp_toolname_rules::{qualify, Fate, CLAUDE_CODE, GEMINI_CLI};
/// let q = qualify(&CLAUDE_CODE, "github", "create_issue");
/// assert_eq!((q.name.as_str(), q.fate), ("mcp__github__create_issue", Fate::Kept));
/// let q = qualify(&CLAUDE_CODE, "google-workspace", "calendar.respondToEvent");
/// assert_eq!((q.name.as_str(), q.fate), ("mcp__google-workspace__calendar_respondToEvent", Fate::Normalised));
/// let q = qualify(&GEMINI_CLI, "srv", &"x".repeat(70));
/// assert_eq!((q.name.len(), q.fate), (63, Fate::Cut));
/// ```
#[must_use]
pub fn qualify(client: &ClientPreset, server_key: &str, tool: &str) -> Qualified {
    let key: String = if client.uses_server_key {
        let key = normalise(server_key, client.keeps);
        let key = if client.id == VSCODE.id {
            key.to_lowercase()
        } else {
            key
        };
        key.chars().take(client.max_key_len).collect()
    } else {
        "c".to_owned() + &"x".repeat(client.fixed_id_len.saturating_sub(6)) + "0mcp0"
    };
    let raw_tool = if client.keeps == Charset::EMPTY {
        tool.to_owned()
    } else {
        normalise(tool, client.keeps)
    };
    let changed = client.keeps != Charset::EMPTY && raw_tool != tool;
    let name = format!("{}{key}{}{raw_tool}", client.prefix, client.separator);
    let len = name.chars().count();
    let measured = match client.measure {
        Measure::Whole => len,
        Measure::ServerPlusTool => server_key.chars().count() + tool.chars().count(),
    };
    if measured <= client.max_len {
        let fate = if changed {
            Fate::Normalised
        } else {
            Fate::Kept
        };
        return Qualified {
            name,
            measured,
            fate,
        };
    }
    let max = client.max_len;
    let (name, fate) = match client.overflow {
        Overflow::ApiError => (name, Fate::Refused),
        Overflow::Skip => (name, Fate::Skipped),
        Overflow::Cut => (name.chars().take(max).collect(), Fate::Cut),
        Overflow::HashSuffix => {
            let keep = max.saturating_sub(13);
            (
                name.chars().take(keep).collect::<String>() + "_<sha1 12hex>",
                Fate::Hashed,
            )
        }
        Overflow::MiddleCut(marker) => {
            let room = max.saturating_sub(marker.len());
            let head = room.div_ceil(2);
            let tail = room - head;
            let chars: Vec<char> = name.chars().collect();
            let start: String = chars[..head].iter().collect();
            let end: String = chars[chars.len() - tail..].iter().collect();
            let cut = start + marker + &end;
            (cut, Fate::Cut)
        }
    };
    Qualified {
        name,
        measured,
        fate,
    }
}

/// The longest tool name that `client` shows unchanged in length for a server key of
/// `key_len` characters: the budget left after the prefix, key and separator.
///
/// ```
/// use mcp_toolname_rules::{tool_budget, CLAUDE_CODE, CURSOR};
/// assert_eq!(tool_budget(&CLAUDE_CODE, 6), 64 - "mcp__".len() - 6 - "__".len());
/// assert_eq!(tool_budget(&CURSOR, 10), 50);
/// ```
#[must_use]
pub const fn tool_budget(client: &ClientPreset, key_len: usize) -> usize {
    let key = if !client.uses_server_key {
        client.fixed_id_len
    } else if key_len < client.max_key_len {
        key_len
    } else {
        client.max_key_len
    };
    let fixed = match client.measure {
        Measure::Whole => client.prefix.len() + key + client.separator.len(),
        Measure::ServerPlusTool => key,
    };
    client.max_len.saturating_sub(fixed)
}
