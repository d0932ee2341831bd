//! More built-in client presets: coding agents whose packages run here (Kilo Code's CLI, Qwen
//! Code, Factory's Droid) and Goose, read from source. Each has its `source` and `verified`,
//! as in [`super::presets`].

use super::limits::{ArgumentKeys, Limits, Loading, TextRule, UNKNOWN_LIMITS};
use super::presets::OPENCODE;
use super::prompts::{
    CommandTaken, PromptArguments, PromptClash, PromptRule, QWEN_CODE_BUILTINS, Whitespace,
};
use super::rule::TYPICAL;
use super::rule::{
    Across, Clash, Cleaning, ClientPreset, HashInput, KEY_AS_WRITTEN, KeyRule, NO_LIMIT, Overflow,
    Units,
};
use super::verified::{Verification, Verified};
use crate::contract::Charset;

/// A client that lists names up front and loads definitions by its tool search: run with
/// 520 tools, all listed; what becomes of long descriptions and instructions once loaded is
/// not run (the fake model never searches).
const LISTED: Limits = Limits {
    loading: Loading::Listed,
    description: TextRule::Unknown,
    instructions: TextRule::Unknown,
    tools_per_request: None,
    // Only the names are sent up front; every tool was listed, whatever its argument names.
    arguments: ArgumentKeys::AsWritten,
    schemas: super::SchemaHandling::NamesOnly,
    window: None,
    auto_defer: None,
};

/// Kilo Code's CLI (`kilo`, a fork of OpenCode): `<server>_<tool>`, no prefix; every UTF-16
/// unit outside `A-Z a-z 0-9 _ -` becomes `_` in both parts (an emoji `__`, case kept, no key
/// refused). Nothing is cut or hashed: a 1,002-character name was sent whole, and the API
/// behind decides. Of a server's tools that meet after replacing, the last listed is sent
/// ([`Clash::LastWins`]). Across servers (run on whole configs, each server slow in turn):
/// tools are kept by their final name, so where two servers' names meet (keys `my.server` and
/// `my_server` with a tool `search` each) only the tool of the server that connects last is
/// sent ([`Across::LastConnected`], as in OpenCode); the rest of both servers stays.
///
/// MCP prompts ([`PromptRule`]) are slash commands `/<server>:<prompt>` (headless: `kilo run
/// --command <server>:<prompt>`, which sent the prompt's text),
/// every UTF-16 unit of both parts outside `A-Z a-z 0-9 _ -` turned into `_` (so `with space`
/// is `with_space`, `my.server` is `my_server`), as it makes tool names. The `:` keeps every
/// command apart from its built-in ones. Two keys that make one share their prompts'
/// commands, and the server that connects last answers them ([`PromptClash::LastConnected`]).
/// The words after the command fill `$1`, `$2`, ... in the order the prompt lists its
/// arguments.
pub const KILO_CODE: ClientPreset = ClientPreset {
    id: "kilo_code",
    title: "Kilo Code CLI",
    source: "the @kilocode/cli npm package run against a fake chat completions API (cli/tests/oracles.rs)",
    verified: Verified {
        how: Verification::Run,
        version: "7.7.7",
        date: "2026-12-03",
    },
    prompts: Some(PromptRule {
        prefix: "/",
        uses_server_key: true,
        separator: ":",
        whitespace: Whitespace::Becomes('_'),
        sanitized: true,
        builtins: &[],
        on_taken: CommandTaken::NeverTaken,
        path_chars: &[],
        on_clash: PromptClash::LastConnected,
        arguments: PromptArguments::Positional,
        source: "the @kilocode/cli npm package run with `run --command <server>:<prompt>` against fixture servers (cli/tests/oracle_configs.rs): `srv:with_space` and `srv:dot_name` ran `with space` and `dot.name`; keys `my.server` and `my_server`, each slow in turn, share `my_server:plain` and the slower one answers; its bundle: prompts keyed `sanitize(server) + \":\" + sanitize(prompt)`, arguments mapped to `$1`, `$2`, ...",
        verified: Verified {
            how: Verification::Run,
            version: "7.7.7",
            date: "2026-12-03",
        },
    }),
    ..OPENCODE
};

/// Qwen Code (a fork of Gemini CLI): `mcp__<server>__<tool>`. A name whose whole
/// `mcp__<key>__<tool>` as written is at most 63 UTF-16 units of `A-Z a-z 0-9 _ -` is sent as
/// it is; any other (a character outside those, or longer) has each such unit replaced by `_`
/// (an emoji `__`), is cut to 55 and gets `_` and 7 base-36 digits of the FNV-1a of the name
/// as written ([`HashInput::WholeFnv1a`]): `my.server` and `search` give
/// `mcp__my_server__search_` and a hash, never `mcp__my_server__search`, so a changed name
/// never meets an unchanged one, and two names meet only where `<key>__<tool>` as written is
/// the same. Across servers (run on whole configs, each server slow in turn): key `a` with
/// tool `b__c` and key `a__b` with tool `c` both give `mcp__a__b__c`; the tool of the server
/// that connects last is sent ([`Across::LastConnected`]) and the other server's tool is left
/// out (its other tools stay). MCP tools are deferred: the system prompt lists each name with its
/// description, and a `tool_search` tool loads definitions (limits past the name not run).
///
/// MCP prompts ([`PromptRule`]) are slash commands `/<prompt>`, without the server (run:
/// `/hello`), the name as written; white space ends the command. As in Gemini CLI, the prompt
/// of a server that answers later, with a name already taken, becomes `/<server>_<prompt>`; a
/// prompt named as a built-in command ([`QWEN_CODE_BUILTINS`]) cannot be run: the built-in
/// keeps the command; nor can one whose name holds `/` or `\`: the command is read as a file
/// path.
pub const QWEN_CODE: ClientPreset = ClientPreset {
    id: "qwen_code",
    title: "Qwen Code",
    prefix: "mcp__",
    separator: "__",
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    hash_when_changed: true,
    units: Units::Utf16,
    max_len: 63,
    overflow: Overflow::HashSuffix {
        hex: 7,
        input: HashInput::WholeFnv1a,
        after_server: false,
    },
    on_clash: Clash::OneOf,
    across: Across::LastConnected,
    limits: LISTED,
    source: "the @qwen-code/qwen-code npm package run against a fake chat completions API (cli/tests/oracles.rs); packages/core/src/utils/tool-name-utils.ts in its bundle (normalizeToolNameForProvider)",
    verified: Verified {
        how: Verification::Run,
        version: "0.24.4",
        date: "2026-12-03",
    },
    prompts: Some(PromptRule {
        prefix: "/",
        uses_server_key: false,
        separator: "",
        whitespace: Whitespace::EndsCommand,
        sanitized: false,
        builtins: QWEN_CODE_BUILTINS,
        on_taken: CommandTaken::BuiltinKeeps,
        path_chars: &['/', '\\'],
        on_clash: PromptClash::LaterRenamed("_"),
        arguments: PromptArguments::Named { flag: "--" },
        source: "the @qwen-code/qwen-code npm package run with `/<prompt>` as the prompt against fixture servers (cli/tests/oracle_configs.rs): `/two_plain` ran the later server's `plain`, `/help` the built-in, `/slash/x` nothing (read as a path); its bundle: isSlashCommand (a `/` or `\\` in the first word), PromptRegistry (`<server>_<prompt>`), McpPromptLoader (the name as written, `--<name>=<value>`), CommandService (a later loader's command replaces an earlier one's)",
        verified: Verified {
            how: Verification::Run,
            version: "0.24.4",
            date: "2026-12-03",
        },
    }),
    ..TYPICAL
};

/// Factory's Droid: `<server>___<tool>`, no prefix. The key is made a slug when the config is
/// read ([`Cleaning::Slug`], cut to 32: `my.server` becomes `my-server`, `数据库`
/// `invalid-server-name`); every UTF-16 unit of the tool outside `A-Z a-z 0-9 _ -` becomes `_`
/// (an emoji `__`). Past 64 the name is cut to 55 and gets `_` and 8 hex digits of the
/// SHA-256 of `<server part>___<tool as written>` ([`HashInput::PartSha256`]). Of a server's
/// tools that meet after replacing, each whose tool name was changed gets that suffix too and
/// one unchanged keeps the name ([`Clash::HashesChanged`]). Across servers (read from its
/// code): servers are kept by their slug, so of two keys with one slug
/// (`my.server` and `my-server`) only the server configured later is started. MCP tools are
/// deferred: names only, in a system reminder, definitions loaded by its `ToolSearch` (limits
/// past the name not run). Run headless (`droid exec`) with `blockOnMcpLoad` set: without it
/// the first request goes out before the servers have listed their tools.
pub const DROID: ClientPreset = ClientPreset {
    id: "droid",
    title: "Droid",
    prefix: "",
    separator: "___",
    key: KeyRule {
        cleaning: Cleaning::Slug(32),
        ..KEY_AS_WRITTEN
    },
    units: Units::Utf16,
    max_len: 64,
    overflow: Overflow::HashSuffix {
        hex: 8,
        input: HashInput::PartSha256,
        after_server: false,
    },
    on_clash: Clash::HashesChanged,
    across: Across::LaterKeyReplaces,
    limits: LISTED,
    source: "the @factory/cli npm package's Linux binary (@factory/cli-linux-x64) run with a custom model against a fake chat completions API (cli/tests/oracles.rs); its bundled code read for the key slug and the clash rule",
    verified: Verified {
        how: Verification::Run,
        version: "0.225.2",
        date: "2026-12-03",
    },
    ..TYPICAL
};

/// Goose (`block/goose`, a Rust binary; no package of it runs here, and its repository is too
/// large to fetch whole, so this is read from its source, file by file): `<key>__<tool>`, no
/// prefix. The key is the extension's name with every white space character deleted, every
/// other character outside `A-Z a-z 0-9 _ -` made `_` (one each) and lower-cased
/// (`name_to_key`); the tool name is sent as the server lists it, with no cut and no hash, so
/// the API behind decides ([`Overflow::ApiError`]). Of a server's tools that meet, the first
/// listed is kept ([`Clash::FirstWins`]: "Duplicate tool name - skipping"). Across servers the
/// first of one name in the order of its hash map of servers is kept, an order seeded anew in
/// every process ([`Across::MapOrder`]); an extension whose key another already has is not
/// started at all. Not modelled: with exactly one extension enabled (its built-in `developer`
/// extension is on by default, so rarely) tool names are sent bare.
pub const GOOSE: ClientPreset = ClientPreset {
    id: "goose",
    title: "Goose",
    prefix: "",
    separator: "__",
    key: KeyRule {
        cleaning: Cleaning::DeleteWhiteSpace,
        lowercase: true,
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    keeps: None,
    units: Units::Chars,
    max_len: NO_LIMIT,
    overflow: Overflow::ApiError,
    on_clash: Clash::FirstWins,
    across: Across::MapOrder,
    limits: UNKNOWN_LIMITS,
    source: "block/goose, crates/goose/src/agents/extension_manager.rs at 2554e58d (fetch_all_tools: `<key>__<tool>`, the first of one name kept; add_extension: a key already there is not started) and crates/goose/src/config/extensions.rs at 1071c824 (name_to_key); no one commit of the search index holds both",
    verified: Verified {
        how: Verification::Source,
        version: "2554e58d",
        date: "2026-12-03",
    },
    ..TYPICAL
};

/// Kiro CLI (`kiro-cli`, closed source; no package of it runs here): the tool name alone, as
/// the server lists it: no server key and no prefix (Kiro's IDE prefixes `mcp_<key>_`; this rule
/// is not that one). Of tools of different servers that share a name one reaches the model and
/// the others are left out: Kiro CLI 1.x refused the later one at start ("rejected because they
/// conflict with existing tools"), and on 2.x which one wins changed from start to start, a race
/// between servers connecting ([`Across::FirstConnected`]). Within one server, which of two
/// tools of one name is kept is not reported ([`Clash::OneOf`]). Names are sent as listed, so
/// the API behind decides ([`Overflow::ApiError`]).
pub const KIRO_CLI: ClientPreset = ClientPreset {
    id: "kiro_cli",
    title: "Kiro CLI",
    prefix: "",
    separator: "",
    uses_server_key: false,
    key: KEY_AS_WRITTEN,
    keeps: None,
    units: Units::Chars,
    max_len: NO_LIMIT,
    overflow: Overflow::ApiError,
    on_clash: Clash::OneOf,
    across: Across::FirstConnected,
    limits: UNKNOWN_LIMITS,
    source: "user reports (closed source): kirodotdev/Kiro #7656 (Kiro CLI 2.0.1, 2026-04-20: bare tool names, \"only one wins, and the other is lost\"), kirodotdev/Kiro #7266 (Kiro CLI 1.x: the later server's tool \"rejected because they conflict with existing tools in names\") and kirodotdev/KiroCrew #11081 (2026-09-15: 14 starts split 7/7, a startup race)",
    verified: Verified {
        how: Verification::Reports,
        version: "",
        date: "2026-12-06",
    },
    ..TYPICAL
};
