//! Each client's prompt preset: how it makes a slash command of a server's prompt.

use super::{CommandTaken, PromptArguments, PromptClash, PromptClient, Whitespace};
use crate::client::{CLAUDE_CODE, Verification, Verified};

/// Claude Code: `/mcp__<server>__<prompt>`, the prompt name as written (run: `.`, `:`, `/`,
/// `ü`, 70 characters work); white space ends the command, so such a prompt cannot be run.
/// The key is made as for tools (`my.server` gives `my_server`): two keys that make one share
/// the commands of their prompts, and the server that connects first answers them
/// ([`PromptClash::FirstConnected`]).
pub const CLAUDE_CODE_PROMPTS: PromptClient = PromptClient {
    id: "claude_code",
    title: "Claude Code",
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
        version: CLAUDE_CODE.verified.version,
        date: "2026-12-02",
    },
};

/// Gemini CLI: `/<prompt>`, white space trimmed and each run of it turned into `-`; no server
/// in the command, so the prompt of a server that answers later, with a name already taken,
/// becomes `<server>_<prompt>` (which server answers first is a race, not the config's order).
/// A prompt whose command is a built-in's ([`GEMINI_CLI_BUILTINS`]), or another server's
/// prompt's under another name, becomes `/<server>.<command>` (run: `/srv.help`,
/// `/one.review-pr` and `/two.review-pr` for `review pr` of `one` and `review-pr` of `two`).
pub const GEMINI_CLI_PROMPTS: PromptClient = PromptClient {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "/",
    uses_server_key: false,
    separator: "",
    whitespace: Whitespace::RunsBecome('-'),
    sanitized: false,
    builtins: &GEMINI_CLI_BUILTINS,
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
};

/// Gemini CLI 0.61.0's built-in slash commands that are there whatever the settings, read from
/// its bundle (`BuiltinCommandLoader`, which headless `-p` loads too): a prompt of one of these
/// names is renamed `/<server>.<name>`.
pub const GEMINI_CLI_BUILTINS: [&str; 36] = [
    "about",
    "auth",
    "bug",
    "bug-memory",
    "chat",
    "clear",
    "commands",
    "compress",
    "copy",
    "corgi",
    "directory",
    "docs",
    "editor",
    "export-session",
    "extensions",
    "footer",
    "help",
    "ide",
    "init",
    "mcp",
    "memory",
    "model",
    "policies",
    "privacy",
    "quit",
    "resume",
    "rewind",
    "settings",
    "setup-github",
    "shortcuts",
    "stats",
    "tasks",
    "terminal-setup",
    "theme",
    "tools",
    "vim",
];

/// Kilo Code's CLI: `/<server>:<prompt>` (headless: `kilo run --command <server>:<prompt>`),
/// every UTF-16 unit of both parts outside `A-Z a-z 0-9 _ -` turned into `_` (so `with space`
/// is `with_space`, `my.server` is `my_server`), as it makes tool names. The `:` keeps every
/// command apart from its built-in ones. Two keys that make one share their prompts'
/// commands, and the server that connects last answers them ([`PromptClash::LastConnected`]).
/// The words after the command fill `$1`, `$2`, ... in the order the prompt lists its
/// arguments.
pub const KILO_CODE_PROMPTS: PromptClient = PromptClient {
    id: "kilo_code",
    title: "Kilo Code CLI",
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
};

/// Qwen Code 0.24.4's built-in slash commands that are there whatever the settings, read from
/// its bundle (`BuiltinCommandLoader`): it loads them after the prompts, so a prompt of one of
/// these names is replaced by the built-in and cannot be run.
pub const QWEN_CODE_BUILTINS: [&str; 33] = [
    "agents",
    "auth",
    "bug",
    "clear",
    "compress",
    "config",
    "context",
    "copy",
    "diff",
    "directory",
    "docs",
    "doctor",
    "editor",
    "export",
    "extensions",
    "help",
    "hooks",
    "init",
    "mcp",
    "memory",
    "model",
    "permissions",
    "plan",
    "quit",
    "resume",
    "settings",
    "setup-github",
    "skills",
    "stats",
    "terminal-setup",
    "theme",
    "tools",
    "vim",
];

/// Qwen Code (a fork of Gemini CLI): `/<prompt>`, the name as written; white space ends the
/// command. As in Gemini CLI, the prompt of a server that answers later, with a name already
/// taken, becomes `/<server>_<prompt>`; a prompt named as a built-in command
/// ([`QWEN_CODE_BUILTINS`]) cannot be run: the built-in keeps the command; nor can one whose
/// name holds `/` or `\`: the command is read as a file path.
pub const QWEN_CODE_PROMPTS: PromptClient = PromptClient {
    id: "qwen_code",
    title: "Qwen Code",
    prefix: "/",
    uses_server_key: false,
    separator: "",
    whitespace: Whitespace::EndsCommand,
    sanitized: false,
    builtins: &QWEN_CODE_BUILTINS,
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
};

/// VS Code: `/mcp.<server>.<prompt>` in chat, from its documentation; not run here (no
/// package of it runs headless).
pub const VSCODE_PROMPTS: PromptClient = PromptClient {
    id: "vscode",
    title: "VS Code",
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
};

/// Every prompt client, in the order reports list them.
pub const PROMPT_CLIENTS: [&PromptClient; 5] = [
    &CLAUDE_CODE_PROMPTS,
    &GEMINI_CLI_PROMPTS,
    &KILO_CODE_PROMPTS,
    &QWEN_CODE_PROMPTS,
    &VSCODE_PROMPTS,
];
