//! Built-in client presets of editors and their extensions: VS Code, Cursor, and the VS Code
//! extensions Cline (whose npm package runs here) and Roo Code. Each has its `source` and
//! `verified`, as in [`super::presets`].

use super::limits::{Limits, OPENAI_CHAT_TOOLS, TextRule, UNKNOWN_LIMITS, sends_all};
use super::prompts::{CommandTaken, PromptArguments, PromptClash, PromptRule, Whitespace};
use super::rule::TYPICAL;
use super::rule::{
    Across, Clash, Cleaning, ClientPreset, HashInput, KEY_AS_WRITTEN, KeyRule, Measure, Overflow,
    Units,
};
use super::schemas::{Defs, SchemaHandling};
use super::verified::{Verification, Verified};
use crate::contract::Charset;

/// VS Code: `mcp_<prefix>_<tool>`. The prefix comes from the server's announced
/// `serverInfo.title` or `name`, the config key being the fallback; it is lower-cased, each
/// run of characters outside `a-z 0-9 _ -` becomes one `_` (VS Code keeps `.` there and turns
/// every `.` of the whole id into `_` afterwards: the same but for a run mixing `.` with
/// others), it is cut to 13 (`MaxPrefixLen` 18 counts `mcp_` and the `_`), and a prefix
/// another server has gets a number (`mcp_foo2_`). Servers under distinct keys announcing
/// `AzureDevOps.Mcp` were reported as `mcp_azuredevops_m_*`, `mcp_azuredevops_2_*`,
/// `mcp_azuredevops_3_*`, which server gets which number changing from one reload to the next
/// (microsoft/vscode#324992, VS Code 1.127.0, 2026-07-08): the CLI numbers in config order, and
/// the report's `_2` kept to 13 where this rule appends is not settled. Hiding one of two
/// servers of the same name and version was asked for across config sources
/// (microsoft/vscode#244644, 2025-03-25) and is not modelled. The whole name is cut at 64 (no
/// hash).
///
/// MCP prompts ([`PromptRule`]) are slash commands `/mcp.<server>.<prompt>` in chat, from its
/// documentation; not run here (no package of it runs headless).
pub const VSCODE: ClientPreset = ClientPreset {
    id: "vscode",
    title: "VS Code",
    prefix: "mcp_",
    separator: "_",
    key: KeyRule {
        cleaning: Cleaning::None,
        refuses_outside: None,
        lowercase: true,
        keeps: Some(
            Charset::EMPTY
                .range(b'a', b'z')
                .range(b'0', b'9')
                .with("_-"),
        ),
        collapse_runs: true,
        from_server_info: true,
        numbers_clashes: true,
    },
    max_key_len: 13,
    units: Units::Chars,
    max_len: 64,
    overflow: Overflow::Cut,
    on_clash: Clash::OneOf,
    across: Across::Unknown,
    limits: UNKNOWN_LIMITS,
    source: "github.com/microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpPrefixGenerator: MaxPrefixLen 18 is `mcp_` + 13 + `_`), mcpTypes.ts (McpTool: `.` to `_`, cut to 64); no package of it runs headless here",
    verified: Verified {
        how: Verification::Source,
        version: "b9d464f5",
        date: "2026-12-01",
    },
    prompts: Some(PromptRule {
        prefix: "/mcp.",
        uses_server_key: true,
        separator: ".",
        whitespace: Whitespace::Unknown,
        sanitized: false,
        builtins: &[],
        on_taken: CommandTaken::Unknown,
        path_chars: &[],
        on_clash: PromptClash::NeverMeet,
        arguments: PromptArguments::Unknown,
        source: "code.visualstudio.com/docs/copilot/chat/mcp-servers (\"Use MCP prompts\": type `/` then `mcp.servername.promptname`)",
        verified: Verified {
            how: Verification::Reports,
            version: "",
            date: "2026-12-02",
        },
    }),
    ..TYPICAL
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
    key: KEY_AS_WRITTEN,
    units: Units::Chars,
    max_len: 59,
    measure: Measure::ServerPlusTool,
    overflow: Overflow::Skip,
    on_clash: Clash::OneOf,
    across: Across::Unknown,
    limits: UNKNOWN_LIMITS,
    source: "user reports (no official source): \"Combined server and tool name length (60) exceeds 60 characters\" for 1 + 59",
    verified: Verified {
        how: Verification::Reports,
        version: "",
        date: "2026-11-30",
    },
    ..TYPICAL
};

/// Cline (since mid-2026): `<server>__<tool>`, no `mcp` prefix; each run of characters
/// outside `A-Z a-z 0-9 _ -` becomes one `_`, case kept; if that changed anything, or the
/// name is over 64, it becomes its first 55 characters + `_` + 8 hex digits of a SHA-1 of
/// the raw `<server>__<tool>`. (The older `c<5 chars>0mcp0<tool>` scheme is legacy.)
/// Tools of different servers that get one name: the one of the server written last in the
/// config is sent, whatever order they connect in or their keys sort in
/// ([`Across::LastInConfig`]; run on whole configs).
pub const CLINE: ClientPreset = ClientPreset {
    id: "cline",
    title: "Cline",
    prefix: "",
    separator: "__",
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        collapse_runs: true,
        ..KEY_AS_WRITTEN
    },
    collapse_runs: true,
    hash_when_changed: true,
    units: Units::Chars,
    max_len: 64,
    overflow: Overflow::HashSuffix {
        hex: 8,
        input: HashInput::Joined,
        after_server: false,
    },
    on_clash: Clash::OneOf,
    across: Across::LastInConfig,
    // Run against an OpenAI-compatible Chat Completions API.
    limits: Limits {
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &["$schema"],
            described: &[],
            adds: &[],
            source: "run, 3.0.65: `$defs` and every `$ref` sent; `$schema` removed",
        },
        ..sends_all(TextRule::NotSent, Some(OPENAI_CHAT_TOOLS))
    },
    source: "the cline npm package run against a fake chat completions API (cli/tests/oracles.rs); github.com/cline/cline name-transform.ts",
    verified: Verified {
        how: Verification::Run,
        version: "3.0.65",
        date: "2026-12-01",
    },
    ..TYPICAL
};

/// Roo Code: `mcp--<server>--<tool>`; each part is cleaned by deleting what it does not take
/// ([`Cleaning::DeleteInvalid`]: `my server` becomes `my_server`, `search.issues`
/// `searchissues`, `工具` `_unnamed`), and the whole name is cut at 64, no hash. Of tools of one
/// name only the first is sent ([`Clash::FirstWins`]).
pub const ROO_CODE: ClientPreset = ClientPreset {
    id: "roo_code",
    title: "Roo Code",
    prefix: "mcp--",
    separator: "--",
    key: KeyRule {
        cleaning: Cleaning::DeleteInvalid,
        ..KEY_AS_WRITTEN
    },
    cleaning: Cleaning::DeleteInvalid,
    keeps: None,
    units: Units::Utf16,
    max_len: 64,
    overflow: Overflow::Cut,
    on_clash: Clash::FirstWins,
    across: Across::Unknown,
    limits: UNKNOWN_LIMITS,
    source: "github.com/RooCodeInc/Roo-Code src/utils/mcp-name.ts (buildMcpToolName, sanitizeMcpName) and src/core/prompts/tools/native-tools/mcp_server.ts (first of a name wins); a VS Code extension, nothing of it runs headless here",
    verified: Verified {
        how: Verification::Source,
        version: "cb836567",
        date: "2026-12-02",
    },
    ..TYPICAL
};
