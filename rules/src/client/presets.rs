//! The built-in client presets, each with where its rule was read (`source`) and what it was
//! verified against (`verified`: run in CI, read from source at a commit, or user reports).

use super::limits::{
    ArgumentKeys, AutoDefer, Encoding, GEMINI_TOOLS, Limits, Loading, OPENAI_CHAT_TOOLS, TextRule,
    Tokenizer, Window, sends_all,
};
use super::prompts::{
    CommandTaken, GEMINI_CLI_BUILTINS, PromptArguments, PromptClash, PromptRule, Whitespace,
};
use super::rule::TYPICAL;
use super::rule::{
    Across, Clash, Cleaning, ClientPreset, HashInput, KEY_AS_WRITTEN, KeyRule, NO_LIMIT, Overflow,
    PrefixRule, Units,
};
use super::schemas::{Defs, SchemaHandling};
use super::verified::{Verification, Verified};
use crate::contract::{ANTHROPIC_ARGUMENT, ANTHROPIC_TOOL_SEARCH, Charset, GEMINI, OPENAI};

/// Claude Code: `mcp__<server>__<tool>`. Every UTF-16 unit outside `A-Z a-z 0-9 _ -` becomes
/// `_`, in the key and in the tool name (an emoji `__`); a non-ASCII tool name is cleaned
/// first ([`Cleaning::NfkcStripInvisible`]). Nothing is cut or hashed: a whole name over 128
/// is not sent at all (its debug log says so). Names from 65 to 128 are sent; the Messages API
/// takes them, while its tool search (`tool_reference`) is documented at 64, which the
/// contract says. Of a server's tools that meet after replacing the first listed is sent
/// ([`Clash::FirstWins`], read from its code: its deferred list carries names only, so the run
/// sees one name sent, not which tool). Not modelled (rare): reserved keys (`claude_ai`,
/// `workspace`, ...) are not started, `mcp__ide__*` names other than two are left out, and a
/// plugin's server started by the same command as a server of the user's config is dropped,
/// the user's kept (run, 2.1.332).
///
/// Servers are named by their key alone, never their `serverInfo`: two servers announcing
/// the same `serverInfo` name and version are both sent under their keys, in `--mcp-config`,
/// the project's `.mcp.json` and a plugin (run, 2.1.332, `cli/tests/oracle_plugins.rs`;
/// anthropics/claude-code#74635, 2026-07-06, reported neither exposed in a project's
/// `.mcp.json`, which this release does not do). A plugin's server is keyed
/// `plugin:<plugin>:<key>` and a claude.ai connector `claude.ai <name>`
/// ([`crate::plugin_server_key`], [`crate::connector_server_key`]).
///
/// Past the name (run, the limits corpus): MCP tools are deferred, names up front and
/// definitions loaded by `ToolSearch`, which answers with a `tool_reference` per tool; 2.1.332
/// names a 68-character tool there, and the Messages API refuses it (`tool_reference.tool_name:
/// String should have at most 64 characters`, anthropics/claude-code #20643, 2026-01-24, and
/// #22455, 2026-02-01), after which every request of the session fails. A description is cut
/// after 16,384 UTF-16 units and instructions after 4,096, each followed by `… [truncated]`
/// (its documentation and anthropics/claude-code #41593 and #87650 say 2,048, as older
/// releases did).
/// Tools of different servers that get one name (keys `my.server` and `my_server`, or key `x`
/// with tool `y__z` and key `x__y` with tool `z`): the one whose server connects first is sent
/// ([`Across::FirstConnected`]; run on whole configs, each server slow in turn).
///
/// MCP prompts ([`PromptRule`]) are slash commands `/mcp__<server>__<prompt>`, the prompt name as
/// written (run: `.`, `:`, `/`, `ü`, 70 characters work); white space ends the command, so such a
/// prompt cannot be run. The key is made as for tools (`my.server` gives `my_server`): two keys
/// that make one share the commands of their prompts, and the server that connects first answers
/// them ([`PromptClash::FirstConnected`]).
pub const CLAUDE_CODE: ClientPreset = ClientPreset {
    id: "claude_code",
    title: "Claude Code",
    prefix: "mcp__",
    separator: "__",
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    cleaning: Cleaning::NfkcStripInvisible,
    units: Units::Utf16,
    max_len: 128,
    overflow: Overflow::Skip,
    on_clash: Clash::FirstWins,
    across: Across::FirstConnected,
    contract: &ANTHROPIC_TOOL_SEARCH,
    limits: Limits {
        loading: Loading::Deferred {
            reference_max: 64,
            source: "anthropics/claude-code #20643 and #22455, 2026",
        },
        description: TextRule::Cut {
            at: 16_384,
            marker: "\u{2026} [truncated]",
        },
        instructions: TextRule::Cut {
            at: 4_096,
            marker: "\u{2026} [truncated]",
        },
        tools_per_request: None,
        arguments: ArgumentKeys::LeavesOut {
            contract: &ANTHROPIC_ARGUMENT,
            source: "run: of tools with keys `rule_name[]`, `issue types`, 65 characters and \
                     `数据`, none reached the API, not even by name; `issue-type` and `a.b` did",
        },
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &[],
            described: &[],
            adds: &[],
            source: "run, 2.1.332, with `ENABLE_TOOL_SEARCH=false` so that every schema goes out \
                     up front: each shape reached the API as served",
        },
        window: Some(Window {
            tokens: 1_000_000,
            models: "Claude Opus, Sonnet and Haiku 5.5",
            source: "the model catalog in Claude Code 2.1.332's bundled code: `context: \
                     {window: 1e6, native_1m: true}` for each",
            checked: "2026-12-03",
            // Anthropic publishes no tokenizer of its Claude models.
            tokenizer: None,
        }),
        auto_defer: Some(AutoDefer {
            percent: 10,
            setting: "`ENABLE_TOOL_SEARCH=auto` (`auto:N` for N%)",
            otherwise: "with `ENABLE_TOOL_SEARCH` unset (the default), every MCP tool is \
                        deferred whatever its size; `false` sends them all in each request",
            source: "Claude Code 2.1.332's bundled code: `tst-auto` defers once the deferred \
                     tools' tokens reach floor(window * N / 100), N = 10 by default (its \
                     log: `Auto tool search enabled: T tokens (threshold: X, 10% of \
                     context)`); read 2026-12-03",
        }),
    },
    source: "the @anthropic-ai/claude-code npm package run against a fake Messages API (cli/tests/oracles.rs), its embedded code read (the sanitiser, the Unicode cleaning, the 128 filter); 64: tool search's tool_reference, github.com/anthropics/claude-code/issues/22327 and #19882",
    verified: Verified {
        how: Verification::Run,
        version: "2.1.332",
        date: "2026-12-01",
    },
    prompts: Some(PromptRule {
        prefix: "/mcp__",
        uses_server_key: true,
        separator: "__",
        whitespace: Whitespace::EndsCommand,
        sanitized: false,
        builtins: &[],
        on_taken: CommandTaken::NeverTaken,
        path_chars: &[],
        on_clash: PromptClash::FirstConnected,
        arguments: PromptArguments::Positional,
        source: "the @anthropic-ai/claude-code npm package run with `-p /mcp__<server>__<prompt>` against a fixture server (cli/tests/oracle_prompts.rs): the prompt's text reaches the model; `/mcp__<server>__<prompt> v0 v1 ...` passes each word to the argument at its place, whatever the names (`a=b`, `with space`, `ümlaut` too)",
        verified: Verified {
            how: Verification::Run,
            version: "2.1.332",
            date: "2026-12-02",
        },
    }),
    ..TYPICAL
};

/// OpenAI Codex CLI: a key outside `^[a-zA-Z0-9_:@/.-]+$` stops the server from starting;
/// then the namespace `mcp__<key>` (no second `mcp__` when the key already starts with it)
/// and the function name, every character outside `A-Z a-z 0-9 _` (so `-` and `.` too)
/// turned into one `_`; the model sees `<namespace>__<function>`. Past 128 the function name
/// is cut and `_` plus 12 hex digits of a SHA-1 of the tool's identity appended (where not
/// even that fits, the namespace is cut to 113 and the hash is the whole function name).
/// Tools of a server that meet after replacing each get `_` + 12 hex of the SHA-1 of their
/// identity ([`Clash::HashesAll`], run).
/// Two keys that make one namespace: each server's namespace gets `_` and 12 hex digits of the
/// SHA-1 of `<key>\0<key>\0`, so every tool of both is sent ([`Across::HashesNamespaces`], run
/// on whole configs: `my-server` gives `mcp__my_server_497a8b629ad2__search`).
pub const CODEX: ClientPreset = ClientPreset {
    id: "codex",
    title: "Codex CLI",
    prefix: "mcp__",
    prefix_rule: PrefixRule::UnlessPart,
    separator: "__",
    key: KeyRule {
        refuses_outside: Some(Charset::ALNUM.with("_:@/.-")),
        keeps: Some(Charset::ALNUM.with("_")),
        ..KEY_AS_WRITTEN
    },
    keeps: Some(Charset::ALNUM.with("_")),
    units: Units::Chars,
    max_len: 128,
    overflow: Overflow::HashSuffix {
        hex: 12,
        input: HashInput::CodexIdentity,
        after_server: true,
    },
    on_clash: Clash::HashesAll,
    across: Across::HashesNamespaces,
    contract: &OPENAI,
    // The Responses API documents no cap on tools; Codex sent 520 of 520.
    limits: Limits {
        window: Some(Window {
            tokens: 500_000,
            models: "`gpt-6.2-sol`, first in its model list",
            source: "the model catalog bundled in Codex 0.171.0 (`\"context_window\": 500000`, \
                     priority 1)",
            checked: "2026-12-03",
            tokenizer: Some(Tokenizer {
                encoding: Encoding::O200kBase,
                source: "openai/codex codex-rs/utils/tokenizer/src/lib.rs (at 2f39d3f, read \
                         2026-12-06): Codex counts tokens with tiktoken-rs, by the model's \
                         encoding when tiktoken knows the model and by `o200k_base` otherwise \
                         (`gpt-6.2-sol` is not in tiktoken-rs 0.12.1's table)",
            }),
        }),
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &["$schema", "title", "format", "minimum"],
            described: &[],
            adds: &["properties"],
            source: "run, 0.171.0: `$defs` and every `$ref` sent; `$schema`, `title`, `format` \
                     (`int32`, `uint64`, `date-time`) and `minimum` (a `u64`'s 0) removed; \
                     `properties: {}` added to an object without it (a map)",
        },
        ..sends_all(TextRule::Whole, None)
    },
    source: "the @openai/codex npm package run against a fake Responses API (cli/tests/oracles.rs); codex-rs/codex-mcp/src/tools.rs (identities, the hash, the namespace cut); 128 since 0.153.2 (openai/codex#46188)",
    verified: Verified {
        how: Verification::Run,
        version: "0.171.0",
        date: "2026-12-01",
    },
    ..TYPICAL
};

/// Codex CLI for a server whose tools it names without `mcp__`: its feature
/// `non_prefixed_mcp_tool_names` in `config.toml` (`[features] non_prefixed_mcp_tool_names =
/// true` for every server, or the table `[features.non_prefixed_mcp_tool_names]` with `enabled
/// = true` and `server_names`, the keys as written, for some). The namespace is then the key
/// alone (`my-srv` becomes `my_srv`, the model sees `my_srv__<tool>`), a key already starting
/// with `mcp__` is kept as it is, and everything else is [`CODEX`]'s: the same key check, 128,
/// and hash. Run (0.171.0, `cli/tests/oracle_plugins.rs`, 2026-12-03): `server_names` without
/// `enabled = true` changes nothing, an empty list none, a table without it every server; a
/// `non_prefixed_mcp_tool_names` field inside `[mcp_servers.<key>]` is ignored.
pub const CODEX_NON_PREFIXED: ClientPreset = ClientPreset {
    prefix: "",
    source: "the @openai/codex npm package run with its non_prefixed_mcp_tool_names feature against a fake Responses API (cli/tests/oracle_plugins.rs)",
    verified: Verified {
        how: Verification::Run,
        version: "0.171.0",
        date: "2026-12-03",
    },
    ..CODEX
};

/// Gemini CLI: `mcp_<server>_<tool>`, where `mcp_` is left out when `<server>_<tool>` as
/// written already starts with it; every UTF-16 unit outside `A-Z a-z 0-9 _ . : -` becomes
/// `_` (an emoji becomes `__`; no key check, no case folding); past 63 units the first 30
/// and the last 30 are joined by `...` (no hash: of a server's tools whose names meet, the
/// last listed is sent, [`Clash::LastWins`]).
/// Tools of different servers that get one name: the one whose server connects last replaces
/// the others ([`Across::LastConnected`]; run on whole configs, each server slow in turn).
///
/// MCP prompts ([`PromptRule`]) are slash commands `/<prompt>`, white space trimmed and each run of
/// it turned into `-`; no server in the command, so the prompt of a server that answers later, with
/// a name already taken, becomes `<server>_<prompt>` (which server answers first is a race, not the
/// config's order). A prompt whose command is a built-in's ([`GEMINI_CLI_BUILTINS`]), or
/// another server's prompt's under another name, becomes `/<server>.<command>` (run: `/srv.help`,
/// `/one.review-pr` and `/two.review-pr` for `review pr` of `one` and `review-pr` of `two`).
pub const GEMINI_CLI: ClientPreset = ClientPreset {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "mcp_",
    prefix_rule: PrefixRule::UnlessJoined,
    separator: "_",
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_.:-")),
        ..KEY_AS_WRITTEN
    },
    keeps: Some(Charset::ALNUM.with("_.:-")),
    units: Units::Utf16,
    max_len: 63,
    overflow: Overflow::MiddleCut("..."),
    on_clash: Clash::LastWins,
    across: Across::LastConnected,
    contract: &GEMINI,
    limits: Limits {
        window: Some(Window {
            tokens: 1_048_576,
            models: "`gemini-2.5-pro`, its default model, and every Gemini model it names",
            source: "Gemini CLI 0.61.0, packages/core/src/core/tokenLimits.ts in its bundle \
                     (`tokenLimit`)",
            checked: "2026-12-03",
            // Google publishes no tokenizer of its Gemini models.
            tokenizer: None,
        }),
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &[],
            described: &[],
            adds: &["wait_for_previous"],
            source: "run, 0.61.0: each schema sent whole as `parametersJsonSchema`, `$defs` \
                     and `$ref` too, with an argument of its own (`wait_for_previous`) added",
        },
        ..sends_all(TextRule::Whole, Some(GEMINI_TOOLS))
    },
    source: "the @google/gemini-cli npm package run against a fake Gemini API (cli/tests/oracles.rs); packages/core/src/tools/mcp-tool.ts (generateValidName)",
    verified: Verified {
        how: Verification::Run,
        version: "0.61.0",
        date: "2026-12-01",
    },
    prompts: Some(PromptRule {
        prefix: "/",
        uses_server_key: false,
        separator: "",
        whitespace: Whitespace::RunsBecome('-'),
        sanitized: false,
        builtins: GEMINI_CLI_BUILTINS,
        on_taken: CommandTaken::RenamedWithServer("."),
        path_chars: &[],
        on_clash: PromptClash::LaterRenamed("_"),
        arguments: PromptArguments::Named { flag: "--" },
        source: "the @google/gemini-cli npm package run with `-p /<prompt>` against fixture servers (cli/tests/oracle_prompts.rs, cli/tests/oracle_configs.rs); its log: `Prompt with name \"plain\" is already registered. Renaming to \"two_plain\"`; google-gemini/gemini-cli PR 12910 (white space); `/<prompt> --<name>=<value>` passes each argument by name, `with space` and `ümlaut` too, but not `a=b` (read as `a`); its bundle's McpPromptLoader (`trim().replace(/\\s+/g, \"-\")`), SlashCommandResolver (`<server>.<command>`) and BuiltinCommandLoader (the built-in names)",
        verified: Verified {
            how: Verification::Run,
            version: "0.61.0",
            date: "2026-12-02",
        },
    }),
    ..TYPICAL
};

/// OpenCode: `<server>_<tool>`, no prefix; every UTF-16 unit outside `A-Z a-z 0-9 _ -` becomes
/// `_` in both parts (an emoji `__`, case kept). Nothing is cut or hashed: a name of any length
/// is sent, and the API behind decides. Tools are kept by name: of a server's tools that meet
/// after replacing, the last listed is sent ([`Clash::LastWins`]).
/// Tools of different servers that get one name: the one whose server connects last replaces
/// the others ([`Across::LastConnected`]; run on whole configs, each server slow in turn).
pub const OPENCODE: ClientPreset = ClientPreset {
    id: "opencode",
    title: "OpenCode",
    prefix: "",
    separator: "_",
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    units: Units::Utf16,
    max_len: NO_LIMIT,
    overflow: Overflow::ApiError,
    on_clash: Clash::LastWins,
    across: Across::LastConnected,
    limits: Limits {
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &[],
            described: &[],
            adds: &["additionalProperties"],
            source: "run, 1.18.33 (and Kilo Code 7.7.7, its fork): each schema sent whole, \
                     `additionalProperties: false` added at the top level",
        },
        ..sends_all(TextRule::Whole, Some(OPENAI_CHAT_TOOLS))
    },
    source: "the opencode-ai npm package run against a fake chat completions API (cli/tests/oracles.rs); its bundled code (each UTF-16 unit outside [a-zA-Z0-9_-] to `_`, key and tool joined by `_`, no cut)",
    verified: Verified {
        how: Verification::Run,
        version: "1.18.33",
        date: "2026-12-02",
    },
    ..TYPICAL
};

/// Continue's CLI (`cn`): the tool name alone, as the server lists it: no server key, no
/// prefix, nothing replaced or cut, so the API behind decides; two servers' tools of one name
/// are both sent under it ([`Clash::SendsAll`]). (Continue's IDE extensions prefix a cleaned
/// server name; that rule is not this one.)
/// Across servers too, each tool is sent under its bare name ([`Across::SendsAll`], run).
pub const CONTINUE_CLI: ClientPreset = ClientPreset {
    id: "continue_cli",
    title: "Continue CLI",
    prefix: "",
    separator: "",
    uses_server_key: false,
    key: KEY_AS_WRITTEN,
    keeps: None,
    units: Units::Chars,
    max_len: NO_LIMIT,
    overflow: Overflow::ApiError,
    on_clash: Clash::SendsAll,
    across: Across::SendsAll,
    limits: Limits {
        schemas: SchemaHandling::Sent {
            defs: Defs::Dropped,
            drops: &["$schema", "title"],
            described: &[],
            adds: &[],
            source: "run, 1.5.47: `$defs` removed and every `$ref` left in place, so each points \
                     nowhere (a nested struct, a list of them, every enum, a map's values); \
                     `$schema` and `title` removed too",
        },
        ..sends_all(TextRule::NotSent, Some(OPENAI_CHAT_TOOLS))
    },
    source: "the @continuedev/cli npm package run against a fake chat completions API (cli/tests/oracles.rs); extensions/cli/src/tools/index.tsx in its source map (convertMcpToolToContinueTool: the MCP tool name as is)",
    verified: Verified {
        how: Verification::Run,
        version: "1.5.47",
        date: "2026-12-02",
    },
    ..TYPICAL
};

/// GitHub Copilot CLI: `<server>-<tool>`, no prefix. In each part, every `.`-separated piece
/// holding a non-ASCII character becomes `xn--` + its Punycode ([`Cleaning::PunycodeParts`]),
/// then every character outside `A-Z a-z 0-9 _ -` becomes `-`, one for one. The whole name is
/// cut at 64, no hash. Of tools whose names are equal before the cut, the one whose name sorts
/// last is sent ([`Clash::GreatestWins`]); cut names that meet are numbered (the later ones
/// end in `2`, `3`, ... within the 64).
/// Tools of different servers that get one name (cut names are numbered per server first):
/// the one of the server whose key sorts last replaces the others, wherever it is written and
/// whenever it connects ([`Across::LastByKey`]; run on whole configs: `my.server` over
/// `my-server` in either order).
pub const COPILOT_CLI: ClientPreset = ClientPreset {
    id: "copilot_cli",
    title: "GitHub Copilot CLI",
    prefix: "",
    separator: "-",
    key: KeyRule {
        cleaning: Cleaning::PunycodeParts,
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    cleaning: Cleaning::PunycodeParts,
    replacement: '-',
    units: Units::Chars,
    max_len: 64,
    overflow: Overflow::Cut,
    on_clash: Clash::GreatestWins,
    across: Across::LastByKey,
    numbers_cut_clashes: true,
    limits: Limits {
        schemas: SchemaHandling::Sent {
            defs: Defs::Kept,
            drops: &[],
            described: &["format", "minimum"],
            adds: &["description"],
            source: "run, 1.0.102: `$defs` and every `$ref` sent; `format` and `minimum` \
                     moved into the description as text (`{format: \"uint64\", minimum: 0}`)",
        },
        ..sends_all(TextRule::NotSent, Some(OPENAI_CHAT_TOOLS))
    },
    source: "the @github/copilot npm package run offline with a custom provider against a fake chat completions API (cli/tests/oracles.rs); black box: its naming code is compiled in and not readable",
    verified: Verified {
        how: Verification::Run,
        version: "1.0.102",
        date: "2026-12-02",
    },
    ..TYPICAL
};
