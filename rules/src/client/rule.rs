//! The shape of a client preset: how an MCP client turns the key a config gives a server and
//! a tool name into the name the model sees, and its length budget, as data
//! ([`super::presets`] holds the built-in ones; [`crate::qualify`] applies them).

use super::limits::Limits;
use super::prompts::PromptRule;
use super::verified::{Verification, Verified};
use crate::contract::{Charset, Contract};

/// What a client does when the qualified name is longer than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// Sends it anyway; the LLM API refuses the whole request.
    ApiError,
    /// Keeps the first characters and appends `_` and `hex` lower-case digits of a hash of
    /// `input` (hex digits of a SHA-1, or base-36 digits of an FNV-1a, as `input` says), to
    /// exactly the budget.
    HashSuffix {
        /// Digits of the hash.
        hex: usize,
        /// What the client hashes.
        input: HashInput,
        /// Whether the server part and separator are kept whole while the suffix fits after
        /// them, and else the server part is cut and the suffix is the whole tool part
        /// (Codex: a namespace and a function name); otherwise the whole name is cut (Cline).
        after_server: bool,
    },
    /// Keeps the start and the end and joins them with this marker.
    MiddleCut(&'static str),
    /// Cuts at the budget, no marker: two long names can become one.
    Cut,
    /// Leaves the tool out of what the model sees.
    Skip,
}

/// What a client does with tools of one server whose model-facing names meet (after
/// replacing or cutting; [`crate::qualify_list`] applies it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Clash {
    /// The first one listed is sent; the others are left out (Claude Code, Roo Code).
    FirstWins,
    /// The last one listed is sent; the others are left out (Gemini CLI, OpenCode).
    LastWins,
    /// The one whose name as written sorts last (byte order) is sent; the others are left out
    /// (GitHub Copilot CLI, for names equal before its cut).
    GreatestWins,
    /// Each one gets `_` and 12 hex digits of the SHA-1 of its identity, so all are sent, none
    /// readable (Codex).
    HashesAll,
    /// Each one is sent under the one name (Continue CLI).
    SendsAll,
    /// Each one whose tool name replacing changed gets `_` and the hash its client takes for
    /// an overlong name ([`Overflow::HashSuffix`]), cut to fit; one whose tool name is
    /// unchanged keeps the name (Factory's Droid: `a.b` meets `a_b`, `a.b` is hashed).
    HashesChanged,
    /// Not known which: one of them reaches the model.
    OneOf,
}

/// What a client does with tools of different servers whose model-facing names meet: their
/// keys meet under its key rule (`my-server` and `my_server`), or a key and a tool name meet at
/// the separator (key `x` with tool `y__z`, key `x__y` with tool `z`). Found by running each
/// client on whole configs whose servers answer at once and one at a time
/// (`cli/tests/oracle_configs.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Across {
    /// The tool of the server that connects first is sent; the others are left out, so which
    /// one the model gets changes with the order the servers answer in (Claude Code).
    FirstConnected,
    /// The tool of the server that connects last replaces the others' (Gemini CLI, OpenCode,
    /// Kilo Code, Qwen Code).
    LastConnected,
    /// The tool of the server written last in the config replaces the others', whatever order
    /// they connect in (Cline).
    LastInConfig,
    /// Servers are kept by their server part: of two keys that make one, only the server
    /// written later is started, and every tool of the earlier one is left out (Droid, whose
    /// keys become slugs; read from its code). Tools are kept by `<part>_<tool>`
    /// ([`crate::meets_as`]): of tools of other servers that meet so, the one whose server
    /// connects last is sent (run, each server slow in turn).
    LaterKeyReplaces,
    /// The tool of the server whose key, as written, sorts last (byte order) replaces the
    /// others', whatever order they are written or connect in: `my.server` over `my-server`
    /// (GitHub Copilot CLI).
    LastByKey,
    /// Every one is sent under the one name (Continue CLI).
    SendsAll,
    /// Names never meet: servers whose namespaces meet each get `_` and 12 hex digits of the
    /// SHA-1 of the server's identity after the namespace, and every name is then kept apart
    /// as within one server (Codex; [`crate::qualify_config`] applies it).
    HashesNamespaces,
    /// The tool of the server that comes first in the client's hash map of servers is sent;
    /// the others are left out. That order is a hash of the key seeded anew in every process,
    /// so which one the model gets can change from one start to the next (Goose, read from its
    /// code).
    MapOrder,
    /// Not known: one of them reaches the model.
    Unknown,
}

/// What a client hashes for a hash suffix, and how: always the key and the tool name as
/// written, not as replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HashInput {
    /// `<key><separator><tool>` (Cline).
    Joined,
    /// `<key>\0<key>\0\0<tool>\0<tool>`: Codex's identity of a tool of a configured server
    /// (server name, name again, an empty connector id, tool name, tool name).
    CodexIdentity,
    /// Not a SHA-1: the 32-bit FNV-1a of `<prefix><key><separator><tool>`, taken over its
    /// UTF-16 units, written in base 36 (`0-9 a-z`) and padded with `0` to the digits asked
    /// for (Qwen Code: 7, which any 32-bit value fits).
    WholeFnv1a,
    /// Not a SHA-1: the SHA-256 of `<server part><separator><tool>`, the server part as the
    /// client made it from the key and the tool as written, in hex (Factory's Droid: 8 digits).
    PartSha256,
}

/// What a client counts a name in, and replaces in: Unicode characters, UTF-16 code units, as
/// JavaScript strings do (an emoji is two, and becomes `__`), or UTF-8 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Units {
    /// Unicode scalar values (Rust `char`s).
    Chars,
    /// UTF-16 code units (JavaScript `String.length`).
    Utf16,
}

impl Units {
    /// How many units `c` counts as: 1, or 2 for a UTF-16 surrogate pair.
    #[must_use]
    pub const fn width(self, c: char) -> usize {
        match self {
            Self::Chars => 1,
            Self::Utf16 => c.len_utf16(),
        }
    }

    /// The word reports use: `characters`, `UTF-16 units`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Chars => "characters",
            Self::Utf16 => "UTF-16 units",
        }
    }
}

/// What a client does to a tool name before it replaces characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cleaning {
    /// Nothing.
    None,
    /// A name with any non-ASCII character is NFKC-normalised and stripped of format (Cf),
    /// private-use (Co) and unassigned (Cn) characters, until that changes nothing (at most
    /// 10 rounds): `Ａ` becomes `A`, `𝔘` becomes `U`, `e\u{301}` becomes `é`, U+202E and
    /// U+200B vanish (Claude Code, for everything a server lists).
    NfkcStripInvisible,
    /// Each `.`-separated part that holds a non-ASCII character becomes `xn--` and the RFC 3492
    /// Punycode of that part as written (no case folding, no normalisation): `Ünï` becomes
    /// `xn--n-jfa2d`, `服务` `xn--zfr188b` (GitHub Copilot CLI, in the key and the tool name).
    PunycodeParts,
    /// Each run of white space becomes `_`, every other character outside
    /// `A-Z a-z 0-9 _ -` is deleted, each run of `-` becomes one, a part that does not start
    /// with a letter or `_` gets a `_` in front, and a part left empty is `_unnamed` (`_` when it
    /// was empty already). Nothing is left for replacing to do (Roo Code, key and tool name).
    DeleteInvalid,
    /// A slug, for a key: each run of white space and of the ASCII punctuation
    /// `/ \ @ # $ % ^ & * ( ) + = [ ] { } | ; : ' " < > , . ?` becomes `-`, every other
    /// character outside `A-Z a-z 0-9 _ -` is deleted (an emoji, `é`, `!`, `~`), each run of `-`
    /// becomes one, `-` is trimmed from both ends; past `usize` characters the rest is cut and
    /// `-` trimmed from the end again; an empty result is `invalid-server-name`
    /// (Factory's Droid: `my.server` becomes `my-server`, `@scope/pkg` `scope-pkg`, `数据库`
    /// `invalid-server-name`).
    Slug(usize),
    /// Every white space character (Unicode `White_Space`) is deleted (Goose, in the key:
    /// `My Server` becomes `MyServer` before it is lower-cased and replaced).
    DeleteWhiteSpace,
}

/// When a client writes its prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrefixRule {
    /// Always.
    Always,
    /// Unless the server part, after replacing, already starts with it (Codex: key `mcp__x`
    /// gives `mcp__x__tool`).
    UnlessPart,
    /// Unless `<key><separator><tool>` as written already starts with it (Gemini CLI: key
    /// `mcp_x` gives `mcp_x_tool`, and so does key `mcp` with tool `x_tool`).
    UnlessJoined,
}

/// [`ClientPreset::max_len`] of a client that cuts nothing (OpenCode, Continue's CLI): what the
/// API behind it takes is then the only limit.
pub const NO_LIMIT: usize = usize::MAX;

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
    /// What is done to the key before it is replaced (after it is checked).
    pub cleaning: Cleaning,
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
pub(super) const KEY_AS_WRITTEN: KeyRule = KeyRule {
    cleaning: Cleaning::None,
    refuses_outside: None,
    lowercase: false,
    keeps: None,
    collapse_runs: false,
    from_server_info: false,
    numbers_clashes: false,
};

/// What a preset holds unless it says otherwise: the key as written, prefixed before every
/// tool, no character cleaning, `A-Z a-z 0-9 _ -` kept and anything else made `_`, the whole
/// name measured, nothing hashed or numbered, the common LLM contract, no prompt rule. The
/// rest is each preset's own (a test finds each by its id and checks its source and date).
pub(super) const TYPICAL: ClientPreset = ClientPreset {
    id: "",
    title: "",
    prefix: "",
    prefix_rule: PrefixRule::Always,
    separator: "",
    uses_server_key: true,
    key: KEY_AS_WRITTEN,
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Some(Charset::ALNUM.with("_-")),
    replacement: '_',
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Chars,
    max_len: NO_LIMIT,
    measure: Measure::Whole,
    overflow: Overflow::Cut,
    on_clash: Clash::OneOf,
    across: Across::Unknown,
    numbers_cut_clashes: false,
    contract: &crate::contract::LLM_COMMON,
    limits: super::limits::UNKNOWN_LIMITS,
    source: "",
    verified: Verified {
        how: Verification::Reports,
        version: "",
        date: "",
    },
    prompts: None,
};

/// One MCP client's naming rule. Lengths are in [`ClientPreset::units`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientPreset {
    /// Identifier, a valid Rust identifier: `claude_code` (the CLI also takes `claude-code`).
    pub id: &'static str,
    /// The client's name.
    pub title: &'static str,
    /// What goes before the server part (`mcp__`).
    pub prefix: &'static str,
    /// When the prefix is written.
    pub prefix_rule: PrefixRule,
    /// What goes between the server part and the tool name (`__`).
    pub separator: &'static str,
    /// Whether the server key is part of the name (not for Continue's CLI, which sends the
    /// tool name alone).
    pub uses_server_key: bool,
    /// How the config key becomes the server part.
    pub key: KeyRule,
    /// Most characters of the server part kept (VS Code keeps 13); `usize::MAX` for all.
    pub max_key_len: usize,
    /// What is done to the tool name first.
    pub cleaning: Cleaning,
    /// Characters kept in the tool part; every other one becomes [`ClientPreset::replacement`].
    /// `None`: the tool name is sent as written.
    pub keeps: Option<Charset>,
    /// What a character outside `keeps` (in the key and the tool part) becomes: `_`, or `-`
    /// (GitHub Copilot CLI).
    pub replacement: char,
    /// Whether a run of replaced characters in the tool part becomes one `_`.
    pub collapse_runs: bool,
    /// Whether a name that replacing changed is hashed like an overlong one (Cline).
    pub hash_when_changed: bool,
    /// What lengths are counted in, and what one replacement `_` stands for.
    pub units: Units,
    /// The budget, measured as [`ClientPreset::measure`] says, in [`ClientPreset::units`];
    /// [`NO_LIMIT`] for a client that sends every name whole, whatever its length.
    pub max_len: usize,
    /// What the budget is measured on.
    pub measure: Measure,
    /// What happens past the budget.
    pub overflow: Overflow,
    /// What happens to tools of one server whose names meet.
    pub on_clash: Clash,
    /// What happens to tools of different servers whose names meet ([`crate::qualify_config`]).
    pub across: Across,
    /// Whether cut names that meet are told apart by a number ([`crate::qualify_list`]:
    /// GitHub Copilot CLI); else only one of them is sent, or both under one name.
    pub numbers_cut_clashes: bool,
    /// The API contract the qualified name is sent under.
    pub contract: &'static Contract,
    /// What it does past the name: how it hands tools over, descriptions, instructions, and
    /// the cap on tools per request of the API it was run against ([`crate::Limits`]).
    pub limits: Limits,
    /// Where the rule comes from, and what is unsure about it.
    pub source: &'static str,
    /// What the rule was verified against.
    pub verified: Verified,
    /// How it makes a slash command of a server's prompt; `None` where that was not looked
    /// at.
    pub prompts: Option<PromptRule>,
}
