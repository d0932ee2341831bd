//! Prompt names: clients turn MCP prompts into slash commands, and a prompt name
//! breaks there the way a tool name breaks an LLM request. The MCP spec sets no format for
//! prompt names (server/prompts); [`PROMPT`] is what survives as a command in the clients run
//! here, and each client's [`PromptRule`] says how it makes the command.

mod across;

pub use across::{PromptFate, PromptVerdict, prompts_across};

use crate::client::{ClientPreset, CommandTaken, PromptArguments, PromptRule, Whitespace};
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

/// Whether `client` can pass a prompt's argument named `name` by what the user types after the
/// command: `Some(true)` where it can, `Some(false)` where it cannot (a client that passes
/// arguments by name, for a name outside [`PROMPT_ARGUMENT`]: Gemini CLI reads `--a=b=v` as
/// `a`), `None` where the client was not run or has no prompt rule.
///
/// ```
/// use mcp_toolname_rules::{argument_passes, CLAUDE_CODE, GEMINI_CLI};
/// // Gemini CLI reads `--a=b=v` as argument `a` with value `b=v`.
/// assert_eq!(argument_passes(&GEMINI_CLI, "a=b"), Some(false));
/// assert_eq!(argument_passes(&GEMINI_CLI, "with space"), Some(true));
/// // Claude Code passes arguments by place: names are never typed.
/// assert_eq!(argument_passes(&CLAUDE_CODE, "a=b"), Some(true));
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
pub fn argument_passes(client: &ClientPreset, name: &str) -> Option<bool> {
    match client.prompts?.arguments {
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
/// `None` for a client with no prompt rule ([`ClientPreset::prompts`]).
///
/// ```
/// use mcp_toolname_rules::{slash_command, CLAUDE_CODE, CODEX, GEMINI_CLI, KILO_CODE, QWEN_CODE};
/// let command = |client, name| slash_command(client, "github", name).unwrap();
/// let c = command(&CLAUDE_CODE, "review pr");
/// assert_eq!(c.command, "/mcp__github__review pr");
/// assert_eq!(c.runs, Some(false), "the space ends the command");
/// let g = command(&GEMINI_CLI, "review  pr");
/// assert_eq!((g.command.as_str(), g.runs), ("/review-pr", Some(true)));
/// // A zero-width space cannot be typed: no client can run it.
/// assert_eq!(command(&GEMINI_CLI, "a\u{200B}b").runs, Some(false));
/// // Named as a built-in: Gemini CLI puts the server in front, Qwen Code keeps its own.
/// assert_eq!(command(&GEMINI_CLI, "help").command, "/github.help");
/// let q = command(&QWEN_CODE, "help");
/// assert_eq!((q.command.as_str(), q.runs), ("/help", Some(false)));
/// // Qwen Code reads `/slash/x` as a path.
/// assert_eq!(command(&QWEN_CODE, "slash/x").runs, Some(false));
/// // Kilo Code makes both parts of `A-Z a-z 0-9 _ -`.
/// let k = slash_command(&KILO_CODE, "my.server", "dot.name x").unwrap();
/// assert_eq!((k.command.as_str(), k.runs), ("/my_server:dot_name_x", Some(true)));
/// // Codex makes no command of prompts.
/// assert_eq!(slash_command(&CODEX, "github", "review"), None);
/// ```
#[must_use]
pub fn slash_command(client: &ClientPreset, key: &str, name: &str) -> Option<SlashCommand> {
    let rule = client.prompts.as_ref()?;
    let key_part = if rule.uses_server_key {
        // The server part as the client makes it for tools.
        let part = client_key(client, key).unwrap_or_else(|_| key.to_owned());
        format!("{part}{}", rule.separator)
    } else {
        String::new()
    };
    let (bare, runs) = bare_command(rule, name);
    if builtin_in(rule, name).is_some() {
        match rule.on_taken {
            CommandTaken::RenamedWithServer(sep) => {
                return Some(SlashCommand {
                    command: format!("{}{key}{sep}{bare}", rule.prefix),
                    runs,
                });
            }
            CommandTaken::BuiltinKeeps => {
                return Some(SlashCommand {
                    command: format!("{}{bare}", rule.prefix),
                    runs: runs.map(|_| false),
                });
            }
            CommandTaken::NeverTaken | CommandTaken::Unknown => {}
        }
    }
    Some(SlashCommand {
        command: format!("{}{key_part}{bare}", rule.prefix),
        runs,
    })
}

/// The built-in command of `client` that a prompt named `name` meets, where it meets one.
#[must_use]
pub fn builtin_met(client: &ClientPreset, name: &str) -> Option<&'static str> {
    builtin_in(client.prompts.as_ref()?, name)
}

fn builtin_in(rule: &PromptRule, name: &str) -> Option<&'static str> {
    if rule.uses_server_key {
        return None;
    }
    let (bare, _) = bare_command(rule, name);
    rule.builtins.iter().copied().find(|b| *b == bare)
}

/// The name part of the command `rule` makes of prompt `name`, and whether it can be typed.
fn bare_command(rule: &PromptRule, name: &str) -> (String, Option<bool>) {
    let spaced = name.chars().any(char::is_whitespace);
    // A control or invisible character cannot be typed into a command line at all.
    let untypeable = name.chars().any(|ch| {
        !ch.is_whitespace() && (crate::chars::is_control_like(ch) || crate::chars::is_invisible(ch))
    });
    let (bare, runs) = if rule.sanitized {
        (sanitize(name), Some(!name.is_empty()))
    } else {
        match rule.whitespace {
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
    let as_path = name.chars().any(|ch| rule.path_chars.contains(&ch));
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
