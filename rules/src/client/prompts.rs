//! How a client makes a slash command of a server's prompt, as data: the shape of the rule
//! ([`PromptRule`], each client's in its preset: [`super::ClientPreset::prompts`]) and the
//! built-in commands a prompt's command can meet; [`crate::slash_command`] applies it.

use super::verified::Verified;

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

/// How one client turns a server's prompt into a slash command
/// ([`super::ClientPreset::prompts`]); [`crate::slash_command`] applies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PromptRule {
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
    /// Where the prompt rule comes from (the tool rule's is [`super::ClientPreset::source`]).
    pub source: &'static str,
    /// What the prompt rule was verified against.
    pub verified: Verified,
}

/// Gemini CLI 0.61.0's built-in slash commands that are there whatever the settings, read from
/// its bundle (`BuiltinCommandLoader`, which headless `-p` loads too): a prompt of one of these
/// names is renamed `/<server>.<name>`.
pub const GEMINI_CLI_BUILTINS: &[&str] = &[
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

/// Qwen Code 0.24.4's built-in slash commands that are there whatever the settings, read from
/// its bundle (`BuiltinCommandLoader`): it loads them after the prompts, so a prompt of one of
/// these names is replaced by the built-in and cannot be run.
pub const QWEN_CODE_BUILTINS: &[&str] = &[
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
