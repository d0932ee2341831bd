//! Prompt names: clients turn MCP prompts into slash commands, and a prompt name
//! breaks there the way a tool name breaks an LLM request. The MCP spec sets no format for
//! prompt names (server/prompts); [`PROMPT`] is what survives as a command in the clients run
//! here, and each [`PromptClient`] says how it makes the command.

mod across;
mod presets;

pub use across::{PromptFate, PromptVerdict, prompts_across};
pub use presets::{
    CLAUDE_CODE_PROMPTS, GEMINI_CLI_BUILTINS, GEMINI_CLI_PROMPTS, KILO_CODE_PROMPTS,
    PROMPT_CLIENTS, QWEN_CODE_BUILTINS, QWEN_CODE_PROMPTS, VSCODE_PROMPTS,
};

use crate::client::{Verified, client_by_id};
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
    /// White space at either end is dropped and each run of it inside becomes this one
    /// character (Gemini CLI: `a  b` gives `a-b`).
    RunsBecome(char),
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
    /// As [`PromptClash::FirstConnected`], but the server that connects last answers (Kilo
    /// Code, run with each of two servers slow in turn: its prompts are gathered per server
    /// and the later server's entry replaces the earlier one's).
    LastConnected,
    /// Not run here: not known.
    Unknown,
}

/// What a client does with a prompt whose command is already taken: by one of its built-in
/// commands, or by another server's prompt of another name that makes the same command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandTaken {
    /// The command holds what no built-in command holds (the server's key, `mcp__`, `:`):
    /// it is never taken.
    NeverTaken,
    /// Each prompt so met is renamed `<prefix><server><separator><command>`, the built-in
    /// keeping its command (Gemini CLI: a prompt `help` of server `srv` is `/srv.help`; prompts
    /// `review pr` of `one` and `review-pr` of `two` are `/one.review-pr` and `/two.review-pr`).
    RenamedWithServer(&'static str),
    /// The built-in keeps the command: the prompt cannot be run (Qwen Code).
    BuiltinKeeps,
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
    /// Whether every UTF-16 unit of the prompt name outside `A-Z a-z 0-9 _ -` becomes `_`
    /// (Kilo Code; white space too).
    pub sanitized: bool,
    /// The client's built-in slash commands (without `/`) that a prompt's command can meet.
    pub builtins: &'static [&'static str],
    /// What becomes of a prompt whose command is a built-in's or another server's.
    pub on_taken: CommandTaken,
    /// Characters that make the client read the command as a file path, not a command: a
    /// prompt whose name holds one cannot be run (Qwen Code: `/` and `\`).
    pub path_chars: &'static [char],
    /// Prompts of two servers that make one command.
    pub on_clash: PromptClash,
    /// How the words after the command become the prompt's arguments.
    pub arguments: PromptArguments,
    /// Where the rule comes from.
    pub source: &'static str,
    /// What it was verified against.
    pub verified: Verified,
}

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

/// The command `client` makes of prompt `name` of the server with config key `key`, on its
/// own (what other servers' prompts do to it is [`prompts_across`]'s): a prompt named as a
/// built-in command is renamed or cannot be run, as the client does ([`CommandTaken`]).
///
/// ```
/// use mcp_toolname_rules::{
///     slash_command, CLAUDE_CODE_PROMPTS, GEMINI_CLI_PROMPTS, KILO_CODE_PROMPTS,
///     QWEN_CODE_PROMPTS,
/// };
/// let c = slash_command(&CLAUDE_CODE_PROMPTS, "github", "review pr");
/// assert_eq!(c.command, "/mcp__github__review pr");
/// assert_eq!(c.runs, Some(false), "the space ends the command");
/// let g = slash_command(&GEMINI_CLI_PROMPTS, "github", "review  pr");
/// assert_eq!((g.command.as_str(), g.runs), ("/review-pr", Some(true)));
/// // A zero-width space cannot be typed: no client can run it.
/// assert_eq!(slash_command(&GEMINI_CLI_PROMPTS, "github", "a\u{200B}b").runs, Some(false));
/// // Named as a built-in: Gemini CLI puts the server in front, Qwen Code keeps its own.
/// assert_eq!(slash_command(&GEMINI_CLI_PROMPTS, "github", "help").command, "/github.help");
/// let q = slash_command(&QWEN_CODE_PROMPTS, "github", "help");
/// assert_eq!((q.command.as_str(), q.runs), ("/help", Some(false)));
/// // Qwen Code reads `/slash/x` as a path.
/// assert_eq!(slash_command(&QWEN_CODE_PROMPTS, "github", "slash/x").runs, Some(false));
/// // Kilo Code makes both parts of `A-Z a-z 0-9 _ -`.
/// let k = slash_command(&KILO_CODE_PROMPTS, "my.server", "dot.name x");
/// assert_eq!((k.command.as_str(), k.runs), ("/my_server:dot_name_x", Some(true)));
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
    let (bare, runs) = bare_command(client, name);
    if builtin_met(client, name).is_some() {
        match client.on_taken {
            CommandTaken::RenamedWithServer(sep) => {
                return SlashCommand {
                    command: format!("{}{key}{sep}{bare}", client.prefix),
                    runs,
                };
            }
            CommandTaken::BuiltinKeeps => {
                return SlashCommand {
                    command: format!("{}{bare}", client.prefix),
                    runs: runs.map(|_| false),
                };
            }
            CommandTaken::NeverTaken | CommandTaken::Unknown => {}
        }
    }
    SlashCommand {
        command: format!("{}{key_part}{bare}", client.prefix),
        runs,
    }
}

/// The built-in command of `client` that a prompt named `name` meets, where it meets one.
#[must_use]
pub fn builtin_met(client: &PromptClient, name: &str) -> Option<&'static str> {
    if client.uses_server_key {
        return None;
    }
    let (bare, _) = bare_command(client, name);
    client.builtins.iter().copied().find(|b| *b == bare)
}

/// The name part of `client`'s command for prompt `name`, and whether it can be typed.
fn bare_command(client: &PromptClient, name: &str) -> (String, Option<bool>) {
    let spaced = name.chars().any(char::is_whitespace);
    // A control or invisible character cannot be typed into a command line at all.
    let untypeable = name.chars().any(|ch| {
        !ch.is_whitespace() && (crate::chars::is_control_like(ch) || crate::chars::is_invisible(ch))
    });
    let (bare, runs) = if client.sanitized {
        (sanitize(name), Some(!name.is_empty()))
    } else {
        match client.whitespace {
            Whitespace::Becomes(c) => (
                name.chars()
                    .map(|ch| if ch.is_whitespace() { c } else { ch })
                    .collect(),
                Some(!name.is_empty()),
            ),
            Whitespace::RunsBecome(c) => {
                let joined = name
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(&c.to_string());
                let runs = Some(!joined.is_empty());
                (joined, runs)
            }
            Whitespace::EndsCommand => (name.to_owned(), Some(!spaced && !name.is_empty())),
            Whitespace::Unknown => (name.to_owned(), None),
        }
    };
    let as_path = name.chars().any(|ch| client.path_chars.contains(&ch));
    (
        bare,
        if untypeable || as_path {
            runs.map(|_| false)
        } else {
            runs
        },
    )
}

/// Every UTF-16 unit outside `A-Z a-z 0-9 _ -` as `_` (a character past U+FFFF gives two).
fn sanitize(name: &str) -> String {
    name.chars()
        .flat_map(|ch| {
            let keep = ch.is_ascii_alphanumeric() || ch == '_' || ch == '-';
            let n = if keep { 1 } else { ch.len_utf16() };
            std::iter::repeat_n(if keep { ch } else { '_' }, n)
        })
        .collect()
}
