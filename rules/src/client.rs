//! Client presets, as data: how each MCP client turns the key a config gives a server and a
//! tool name into the name the model sees, and its length budget. Each preset cites where
//! its rule was read (`source`) and what it was verified against (`verified`: run, source or
//! reports); [`crate::qualify`] applies them.

use crate::contract::{ANTHROPIC_TOOL_SEARCH, Charset, Contract, GEMINI, LLM_COMMON, OPENAI};

/// What a client does when the qualified name is longer than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// Sends it anyway; the LLM API refuses the whole request.
    ApiError,
    /// Keeps the first characters and appends `_` and `hex` lower-case hex digits of a SHA-1
    /// of `input`, to exactly the budget.
    HashSuffix {
        /// Hex digits of the hash.
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

/// How a preset's rule was verified, and against what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verification {
    /// The client's own package was run against a fake LLM API on 127.0.0.1 and every name
    /// it sent compared with the prediction (`cli/tests/oracles.rs`, in CI).
    Run,
    /// Read from the client's source at a commit; no package of it runs here.
    Source,
    /// Only documentation and user reports: closed source, nothing that runs here.
    Reports,
}

impl Verification {
    /// The word reports use: `run`, `source`, `reports`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Run => "run",
            Self::Source => "source",
            Self::Reports => "reports",
        }
    }
}

/// What a preset was verified against: how, the client's version (or the commit of the
/// source read), and the date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verified {
    /// How.
    pub how: Verification,
    /// The version run (`2.1.332`), or the commit read; empty for [`Verification::Reports`].
    pub version: &'static str,
    /// When (`YYYY-MM-DD`).
    pub date: &'static str,
}

impl Verified {
    /// `run on 2.1.332, 2026-12-01`, `source at b9d464f5, 2026-12-01`, `user reports, 2026-11-30`.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.how {
            Verification::Run => format!("run on {}, {}", self.version, self.date),
            Verification::Source => format!("source at {}, {}", self.version, self.date),
            Verification::Reports => format!("user reports, {}", self.date),
        }
    }
}

/// What a client takes the SHA-1 of for a hash suffix: always the key and the tool name as
/// written, not as replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HashInput {
    /// `<key><separator><tool>` (Cline).
    Joined,
    /// `<key>\0<key>\0\0<tool>\0<tool>`: Codex's identity of a tool of a configured server
    /// (server name, name again, an empty connector id, tool name, tool name).
    CodexIdentity,
}

/// What a client counts a name in, and replaces in: Unicode characters, or UTF-16 code
/// units, as JavaScript strings do (an emoji is two, and becomes `__`).
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
const KEY_AS_WRITTEN: KeyRule = KeyRule {
    refuses_outside: None,
    lowercase: false,
    keeps: None,
    collapse_runs: false,
    from_server_info: false,
    numbers_clashes: false,
};

/// One MCP client's naming rule. Lengths are in characters.
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
    /// Whether the server key is part of the name (every built-in preset: yes).
    pub uses_server_key: bool,
    /// How the config key becomes the server part.
    pub key: KeyRule,
    /// Most characters of the server part kept (VS Code keeps 13); `usize::MAX` for all.
    pub max_key_len: usize,
    /// What is done to the tool name first.
    pub cleaning: Cleaning,
    /// Characters kept in the tool part; every other one becomes `_`.
    pub keeps: Charset,
    /// Whether a run of replaced characters in the tool part becomes one `_`.
    pub collapse_runs: bool,
    /// Whether a name that replacing changed is hashed like an overlong one (Cline).
    pub hash_when_changed: bool,
    /// What lengths are counted in, and what one replacement `_` stands for.
    pub units: Units,
    /// The budget, measured as [`ClientPreset::measure`] says, in [`ClientPreset::units`].
    pub max_len: usize,
    /// What the budget is measured on.
    pub measure: Measure,
    /// What happens past the budget.
    pub overflow: Overflow,
    /// The API contract the qualified name is sent under.
    pub contract: &'static Contract,
    /// Where the rule comes from, and what is unsure about it.
    pub source: &'static str,
    /// What the rule was verified against.
    pub verified: Verified,
}

/// Claude Code: `mcp__<server>__<tool>`. Every UTF-16 unit outside `A-Z a-z 0-9 _ -` becomes
/// `_`, in the key and in the tool name (an emoji `__`); a non-ASCII tool name is cleaned
/// first ([`Cleaning::NfkcStripInvisible`]). Nothing is cut or hashed: a whole name over 128
/// is not sent at all (its debug log says so). Names from 65 to 128 are sent; the Messages API
/// takes them, while its tool search (`tool_reference`) is documented at 64, which the
/// contract says. Not modelled (they need the whole set or are rare): a name two tools share
/// after replacing is sent once (the first), reserved keys (`claude_ai`, `workspace`, ...)
/// are not started, `mcp__ide__*` names other than two are left out.
pub const CLAUDE_CODE: ClientPreset = ClientPreset {
    id: "claude_code",
    title: "Claude Code",
    prefix: "mcp__",
    prefix_rule: PrefixRule::Always,
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    cleaning: Cleaning::NfkcStripInvisible,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Utf16,
    max_len: 128,
    measure: Measure::Whole,
    overflow: Overflow::Skip,
    contract: &ANTHROPIC_TOOL_SEARCH,
    source: "the @anthropic-ai/claude-code npm package run against a fake Messages API (cli/tests/oracles.rs), its embedded code read (the sanitiser, the Unicode cleaning, the 128 filter); 64: tool search's tool_reference, github.com/anthropics/claude-code/issues/22327 and #19882",
    verified: Verified {
        how: Verification::Run,
        version: "2.1.332",
        date: "2026-12-01",
    },
};

/// OpenAI Codex CLI: a key outside `^[a-zA-Z0-9_:@/.-]+$` stops the server from starting;
/// then the namespace `mcp__<key>` (no second `mcp__` when the key already starts with it)
/// and the function name, every character outside `A-Z a-z 0-9 _` (so `-` and `.` too)
/// turned into one `_`; the model sees `<namespace>__<function>`. Past 128 the function name
/// is cut and `_` plus 12 hex digits of a SHA-1 of the tool's identity appended (where not
/// even that fits, the namespace is cut to 113 and the hash is the whole function name).
/// Not modelled here (it needs the whole set): two keys or two tools that meet after
/// replacing all get a hash.
pub const CODEX: ClientPreset = ClientPreset {
    id: "codex",
    title: "Codex CLI",
    prefix: "mcp__",
    prefix_rule: PrefixRule::UnlessPart,
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        refuses_outside: Some(Charset::ALNUM.with("_:@/.-")),
        keeps: Some(Charset::ALNUM.with("_")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Charset::ALNUM.with("_"),
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Chars,
    max_len: 128,
    measure: Measure::Whole,
    overflow: Overflow::HashSuffix {
        hex: 12,
        input: HashInput::CodexIdentity,
        after_server: true,
    },
    contract: &OPENAI,
    source: "the @openai/codex npm package run against a fake Responses API (cli/tests/oracles.rs); codex-rs/codex-mcp/src/tools.rs (identities, the hash, the namespace cut); 128 since 0.153.2 (openai/codex#46188)",
    verified: Verified {
        how: Verification::Run,
        version: "0.171.0",
        date: "2026-12-01",
    },
};

/// Gemini CLI: `mcp_<server>_<tool>`, where `mcp_` is left out when `<server>_<tool>` as
/// written already starts with it; every UTF-16 unit outside `A-Z a-z 0-9 _ . : -` becomes
/// `_` (an emoji becomes `__`; no key check, no case folding); past 63 units the first 30
/// and the last 30 are joined by `...` (no hash: two names can meet, and then only one is
/// sent).
pub const GEMINI_CLI: ClientPreset = ClientPreset {
    id: "gemini_cli",
    title: "Gemini CLI",
    prefix: "mcp_",
    prefix_rule: PrefixRule::UnlessJoined,
    separator: "_",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_.:-")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Charset::ALNUM.with("_.:-"),
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Utf16,
    max_len: 63,
    measure: Measure::Whole,
    overflow: Overflow::MiddleCut("..."),
    contract: &GEMINI,
    source: "the @google/gemini-cli npm package run against a fake Gemini API (cli/tests/oracles.rs); packages/core/src/tools/mcp-tool.ts (generateValidName)",
    verified: Verified {
        how: Verification::Run,
        version: "0.61.0",
        date: "2026-12-01",
    },
};

/// VS Code: `mcp_<prefix>_<tool>`. The prefix comes from the server's announced
/// `serverInfo.title` or `name`, the config key being the fallback; it is lower-cased, each
/// run of characters outside `a-z 0-9 _ -` becomes one `_` (VS Code keeps `.` there and turns
/// every `.` of the whole id into `_` afterwards: the same but for a run mixing `.` with
/// others), it is cut to 13 (`MaxPrefixLen` 18 counts `mcp_` and the `_`), and a prefix
/// another server has gets a number (`mcp_foo2_`). The whole name is cut at 64 (no hash).
pub const VSCODE: ClientPreset = ClientPreset {
    id: "vscode",
    title: "VS Code",
    prefix: "mcp_",
    prefix_rule: PrefixRule::Always,
    separator: "_",
    uses_server_key: true,
    key: KeyRule {
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
    cleaning: Cleaning::None,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Chars,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::Cut,
    contract: &LLM_COMMON,
    source: "github.com/microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts (McpPrefixGenerator: MaxPrefixLen 18 is `mcp_` + 13 + `_`), mcpTypes.ts (McpTool: `.` to `_`, cut to 64); no package of it runs headless here",
    verified: Verified {
        how: Verification::Source,
        version: "b9d464f5",
        date: "2026-12-01",
    },
};

/// Cursor (closed source): the tool is filtered out unless key + tool is at most 59
/// characters; its own error reads "Combined server and tool name length (60) exceeds 60
/// characters" for a 1-character key and a 59-character tool. How it treats the key and
/// what the model sees are unknown (the key is taken as written).
pub const CURSOR: ClientPreset = ClientPreset {
    id: "cursor",
    title: "Cursor",
    prefix: "mcp_",
    prefix_rule: PrefixRule::Always,
    separator: "_",
    uses_server_key: true,
    key: KEY_AS_WRITTEN,
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Chars,
    max_len: 59,
    measure: Measure::ServerPlusTool,
    overflow: Overflow::Skip,
    contract: &LLM_COMMON,
    source: "user reports (no official source): \"Combined server and tool name length (60) exceeds 60 characters\" for 1 + 59",
    verified: Verified {
        how: Verification::Reports,
        version: "",
        date: "2026-11-30",
    },
};

/// Cline (since mid-2026): `<server>__<tool>`, no `mcp` prefix; each run of characters
/// outside `A-Z a-z 0-9 _ -` becomes one `_`, case kept; if that changed anything, or the
/// name is over 64, it becomes its first 55 characters + `_` + 8 hex digits of a SHA-1 of
/// the raw `<server>__<tool>`. (The older `c<5 chars>0mcp0<tool>` scheme is legacy.)
pub const CLINE: ClientPreset = ClientPreset {
    id: "cline",
    title: "Cline",
    prefix: "",
    prefix_rule: PrefixRule::Always,
    separator: "__",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        collapse_runs: true,
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Charset::ALNUM.with("_-"),
    collapse_runs: true,
    hash_when_changed: true,
    units: Units::Chars,
    max_len: 64,
    measure: Measure::Whole,
    overflow: Overflow::HashSuffix {
        hex: 8,
        input: HashInput::Joined,
        after_server: false,
    },
    contract: &LLM_COMMON,
    source: "the cline npm package run against a fake chat completions API (cli/tests/oracles.rs); github.com/cline/cline name-transform.ts",
    verified: Verified {
        how: Verification::Run,
        version: "3.0.65",
        date: "2026-12-01",
    },
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
