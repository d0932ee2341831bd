//! Prompt names: clients turn MCP prompts into slash commands, and a prompt name
//! breaks there the way a tool name breaks an LLM request. The MCP spec sets no format for
//! prompt names (server/prompts); [`PROMPT`] is what survives as a command in the clients run
//! here, and each [`PromptClient`] says how it makes the command.

use crate::client::{CLAUDE_CODE, Verification, Verified, client_by_id};
use crate::contract::{Charset, Contract, FirstChar};
use crate::qualify::client_key;

/// A prompt name every client tried runs as a slash command: 1 to 128 characters, none of them
/// white space, a control or an invisible character. Claude Code 2.1.332 and Gemini CLI 0.61.0
/// run prompts named with `.`, `:`, `/`, `ü` and 70 characters; a space ends Claude Code's
/// command (the rest becomes arguments), and Gemini CLI turns it into `-`, so `a b` and `a-b`
/// become one command. 128 is the spec's tool-name length, kept here for sanity.
pub const PROMPT: Contract = Contract {
    id: "prompt",
    title: "the slash-command rule for prompts",
    charset: Charset::EMPTY.range(b'!', b'~').with_printable_non_ascii(),
    first: FirstChar::Any,
    max_len: 128,
    pattern: r"^[^\s\p{Cc}\p{Cf}]{1,128}$",
    allowed: "any character but white space, controls and invisible ones",
    source: "run: Claude Code 2.1.332 and Gemini CLI 0.61.0 against a fixture server's prompts (cli/tests/oracle_prompts.rs); the MCP spec (server/prompts) sets no format",
    checked: "2026-12-02",
};

/// A prompt argument name every client tried can pass: 1 to 128 characters, none of them `=`, a
/// control or an invisible character. Claude Code 2.1.332 passes arguments by place, so any
/// name works there; Gemini CLI 0.61.0 passes them by name as `--<name>=<value>` and reads the
/// name up to the first `=`: `with space`, `dot.name`, `ümlaut` and `dash-x` reach the server,
/// `a=b` does not. 128 is kept for sanity, as in [`PROMPT`].
pub const PROMPT_ARGUMENT: Contract = Contract {
    id: "prompt_argument",
    title: "the rule for prompt argument names",
    charset: Charset::EMPTY
        .range(b' ', b'<')
        .range(b'>', b'~')
        .with_printable_non_ascii(),
    first: FirstChar::Any,
    max_len: 128,
    pattern: r"^[^=\p{Cc}\p{Cf}]{1,128}$",
    allowed: "any character but `=`, controls and invisible ones",
    source: "run: Gemini CLI 0.61.0 given `--<name>=<value>` for each argument of a fixture server's prompt, Claude Code 2.1.332 given the values by place (cli/tests/oracle_prompts.rs)",
    checked: "2026-12-02",
};

/// What a client does with white space in a prompt name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Whitespace {
    /// The command ends at it: the prompt cannot be run.
    EndsCommand,
    /// Each white-space character becomes this one.
    Becomes(char),
    /// Not run here: not known.
    Unknown,
}

/// What a client does when prompts of two servers make one command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromptClash {
    /// The command holds the server's key: prompts of two servers never meet.
    NeverMeet,
    /// The prompt of the server that answers first keeps the command; a later one's becomes
    /// `<key><separator><command>`. "First" is the order the servers answer in, not the
    /// config's: a client that starts every server at once registers each as its discovery
    /// ends (Gemini CLI, run both ways round in `cli/tests/oracle_prompts.rs`).
    LaterRenamed(&'static str),
    /// The command holds the server's key as the client makes it for tools: where two keys
    /// make one, their prompts of one name get one command, which runs the prompt of the
    /// server that connects first; the other cannot be run (Claude Code, run with each of two
    /// servers slow in turn in `cli/tests/oracle_prompts.rs`).
    FirstConnected,
    /// Not run here: not known.
    Unknown,
}

/// How a client passes the words typed after a prompt's command as the prompt's arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromptArguments {
    /// In the order the prompt lists its arguments, one word each: argument names are never
    /// typed, so any name works.
    Positional,
    /// By name as `<flag><name>=<value>`, the name ending at the first `=`: a name that is
    /// empty or holds `=` cannot be passed by name (a required one may still be filled by
    /// position, an optional one not at all).
    Named {
        /// What opens the name (`--`).
        flag: &'static str,
    },
    /// Not run here: not known.
    Unknown,
}

/// How one client turns a server's prompt into a slash command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PromptClient {
    /// Identifier, as for tool presets: `claude_code`.
    pub id: &'static str,
    /// The client's name.
    pub title: &'static str,
    /// What opens the command (`/mcp__`).
    pub prefix: &'static str,
    /// Whether the server's key is in the command (read as the client reads it for tools).
    pub uses_server_key: bool,
    /// What joins the key and the prompt name.
    pub separator: &'static str,
    /// White space in the name.
    pub whitespace: Whitespace,
    /// Prompts of two servers that make one command.
    pub on_clash: PromptClash,
    /// How the words after the command become the prompt's arguments.
    pub arguments: PromptArguments,
    /// Where the rule comes from.
    pub source: &'static str,
    /// What it was verified against.
    pub verified: Verified,
}

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
    on_clash: PromptClash::FirstConnected,
    arguments: PromptArguments::Positional,
    source: "the @anthropic-ai/claude-code npm package run with `-p /mcp__<server>__<prompt>` against a fixture server (cli/tests/oracle_prompts.rs): the prompt's text reaches the model; `/mcp__<server>__<prompt> v0 v1 ...` passes each word to the argument at its place, whatever the names (`a=b`, `with space`, `ümlaut` too)",
    verified: Verified {
        how: Verification::Run,
        version: CLAUDE_CODE.verified.version,
        date: "2026-12-02",
    },
};

/// Gemini CLI: `/<prompt>`, each white-space character turned into `-`; no server in the
/// command, so the prompt of a server that answers later, with a name already taken, becomes
/// `<server>_<prompt>` (which server answers first is a race, not the config's order).
pub const GEMINI_CLI_PROMPTS: PromptClient = PromptClient {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "/",
    uses_server_key: false,
    separator: "",
    whitespace: Whitespace::Becomes('-'),
    on_clash: PromptClash::LaterRenamed("_"),
    arguments: PromptArguments::Named { flag: "--" },
    source: "the @google/gemini-cli npm package run with `-p /<prompt>` against fixture servers (cli/tests/oracle_prompts.rs); its log: `Prompt with name \"plain\" is already registered. Renaming to \"two_plain\"`; google-gemini/gemini-cli PR 12910 (white space); `/<prompt> --<name>=<value>` passes each argument by name, `with space` and `ümlaut` too, but not `a=b` (read as `a`)",
    verified: Verified {
        how: Verification::Run,
        version: "0.61.0",
        date: "2026-12-02",
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
pub const PROMPT_CLIENTS: [&PromptClient; 3] =
    [&CLAUDE_CODE_PROMPTS, &GEMINI_CLI_PROMPTS, &VSCODE_PROMPTS];

/// Whether `client` can pass a prompt's argument named `name` by what the user types after the
/// command: `Some(true)` where it can, `Some(false)` where it cannot (a client that passes
/// arguments by name, for a name outside [`PROMPT_ARGUMENT`]: Gemini CLI reads `--a=b=v` as
/// `a`), `None` where the client was not run.
///
/// ```
/// use mcp_toolname_rules::{argument_passes, CLAUDE_CODE_PROMPTS, GEMINI_CLI_PROMPTS};
/// // Gemini CLI reads `--a=b=v` as argument `a` with value `b=v`.
/// assert_eq!(argument_passes(&GEMINI_CLI_PROMPTS, "a=b"), Some(false));
/// assert_eq!(argument_passes(&GEMINI_CLI_PROMPTS, "with space"), Some(true));
/// // Claude Code passes arguments by place: names are never typed.
/// assert_eq!(argument_passes(&CLAUDE_CODE_PROMPTS, "a=b"), Some(true));
/// # use mcp_toolname_rules::{check, message, PROMPT_ARGUMENT};
/// let err = check("a=b", &PROMPT_ARGUMENT).unwrap_err();
/// assert_eq!(
///     message::prompt_argument_error("review", "a=b", &err),
///     "prompt `review`: argument name `a=b` contains `=` at index 1, which the rule for \
///      prompt argument names does not allow (allowed: any character but `=`, controls and \
///      invisible ones); clients that pass prompt arguments by name (Gemini CLI: \
///      `--<name>=<value>`) cannot pass it"
/// );
/// ```
#[must_use]
pub fn argument_passes(client: &PromptClient, name: &str) -> Option<bool> {
    match client.arguments {
        PromptArguments::Positional => Some(true),
        PromptArguments::Named { .. } => Some(crate::check(name, &PROMPT_ARGUMENT).is_ok()),
        PromptArguments::Unknown => None,
    }
}

/// What a client makes of one prompt: the command a user types, and whether it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlashCommand {
    /// The command (`/mcp__github__review-pr`).
    pub command: String,
    /// Whether typing it runs the prompt; `None` where the client was not run.
    pub runs: Option<bool>,
}

/// The command `client` makes of prompt `name` of the server with config key `key`.
///
/// ```
/// use mcp_toolname_rules::{slash_command, CLAUDE_CODE_PROMPTS, GEMINI_CLI_PROMPTS};
/// let c = slash_command(&CLAUDE_CODE_PROMPTS, "github", "review pr");
/// assert_eq!(c.command, "/mcp__github__review pr");
/// assert_eq!(c.runs, Some(false), "the space ends the command");
/// let g = slash_command(&GEMINI_CLI_PROMPTS, "github", "review pr");
/// assert_eq!((g.command.as_str(), g.runs), ("/review-pr", Some(true)));
/// // A zero-width space cannot be typed: no client can run it.
/// assert_eq!(slash_command(&GEMINI_CLI_PROMPTS, "github", "a\u{200B}b").runs, Some(false));
/// ```
#[must_use]
pub fn slash_command(client: &PromptClient, key: &str, name: &str) -> SlashCommand {
    let key_part = if client.uses_server_key {
        // The server part as the client makes it for tools.
        let part = client_by_id(client.id)
            .and_then(|preset| client_key(preset, key).ok())
            .unwrap_or_else(|| key.to_owned());
        format!("{part}{}", client.separator)
    } else {
        String::new()
    };
    let spaced = name.chars().any(char::is_whitespace);
    // A control or invisible character cannot be typed into a command line at all.
    let untypeable = name.chars().any(|ch| {
        !ch.is_whitespace() && (crate::chars::is_control_like(ch) || crate::chars::is_invisible(ch))
    });
    let (name, runs) = match client.whitespace {
        Whitespace::Becomes(c) => (
            name.chars()
                .map(|ch| if ch.is_whitespace() { c } else { ch })
                .collect(),
            Some(!name.is_empty()),
        ),
        Whitespace::EndsCommand => (name.to_owned(), Some(!spaced && !name.is_empty())),
        Whitespace::Unknown => (name.to_owned(), None),
    };
    SlashCommand {
        command: format!("{}{key_part}{name}", client.prefix),
        runs: if untypeable {
            runs.map(|_| false)
        } else {
            runs
        },
    }
}
