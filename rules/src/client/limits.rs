//! Limits past the name: whether a tool reaches the model also depends on how a
//! client hands tools over (all in each request, or names first and definitions on a search),
//! on what it does with a long description or long server instructions, and on how many tools
//! one request may carry at the API behind it.
//!
//! Each client's [`Limits`] were learnt by running the client (its pinned npm package, the
//! version its preset names) against fixture servers with descriptions and instructions of
//! lengths around each cut and a server of 520 tools (`cli/tests/oracles.rs`, the limits
//! corpus), so a preset's `verified` covers them. What an API refuses cannot be run here (the
//! fake API accepts anything): [`ToolCap`] and [`Loading::Deferred`] say where that comes from.

/// How a client hands a server's tools to the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loading {
    /// Every tool of every server (and the client's own) in each request: an API's limit on
    /// tools per request counts them all.
    SendsAll,
    /// Names up front; a search tool loads definitions, answering with a reference to each
    /// tool found (Claude Code's `ToolSearch` and its `tool_reference`). A reference whose
    /// name is longer than `reference_max` is refused by the API, and since the answer stays
    /// in the conversation, so is every later request of the session.
    Deferred {
        /// Most characters of a name in a reference.
        reference_max: usize,
        /// Where the refusal is reported.
        source: &'static str,
    },
    /// Names up front, listed in the system prompt or a reminder (Qwen Code with each
    /// description, Droid without); a search tool the client offers loads definitions when the
    /// model asks. Every tool is listed in each request; no API refusal of a name is known.
    Listed,
    /// Not run: not known.
    Unknown,
}

/// What a client does with a text (a tool's description, a server's instructions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextRule {
    /// Sent whole, however long (tried up to 40,000 characters).
    Whole,
    /// Cut after `at` UTF-16 units (JavaScript's `length`), with `marker` appended.
    Cut {
        /// Units kept.
        at: usize,
        /// What follows the kept part.
        marker: &'static str,
    },
    /// Never sent to the model.
    NotSent,
    /// Not run: not known.
    Unknown,
}

/// The most tools one request may carry at an API, and where that is documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ToolCap {
    /// Most tools.
    pub max: usize,
    /// The API, as a sentence names it.
    pub api: &'static str,
    /// What the API answers past it.
    pub refusal: &'static str,
    /// Where the limit comes from.
    pub source: &'static str,
    /// When the source was last read.
    pub checked: &'static str,
}

/// OpenAI Chat Completions: at most 128 tools.
pub const OPENAI_CHAT_TOOLS: ToolCap = ToolCap {
    max: 128,
    api: "the OpenAI Chat Completions API",
    refusal: "`Invalid 'tools': array too long` (`array_above_max_length`)",
    source: "github.com/openai/openai-openapi pull 76 (maxItems 128, 2023-08-31); the refusal as users met it, zed-industries/zed #32946 (2025-06-18), musistudio/claude-code-router #686 (2025-08-23)",
    checked: "2026-12-02",
};

/// The Gemini API: at most 512 function declarations.
pub const GEMINI_TOOLS: ToolCap = ToolCap {
    max: 512,
    api: "the Gemini API",
    refusal: "`At most 512 function declarations can be specified` (`INVALID_ARGUMENT`)",
    source: "google-gemini/gemini-cli #19083 (2026-02-14) and #25440 (2026-04-15, CLI 0.38.0); the cap proposed in PR 26869 was not merged, and 0.61.0 sends more (run)",
    checked: "2026-12-02",
};

/// What a client does with a tool whose input schema has an argument name (a key of its
/// top-level `properties`) that an API's rule refuses (`rule_name[]`, `issue types`).
///
/// Learnt by running each client on tools that each carry one such key
/// (`cli/tests/oracle_arguments.rs`) and reading what reached the fake API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgumentKeys {
    /// The schema goes out as the server wrote it: the API behind the client applies its own
    /// rule (the Anthropic API refuses the whole request for one such key).
    AsWritten,
    /// The tool is left out, its name too, before the model sees any: the client checks each
    /// top-level key against `contract` (Claude Code, from 2.1.x: a tool whose schema it would
    /// send to an API that refuses it is dropped instead).
    LeavesOut {
        /// The rule each key is checked against.
        contract: &'static crate::Contract,
        /// Where that was seen.
        source: &'static str,
    },
    /// Not run: not known.
    Unknown,
}

impl ArgumentKeys {
    /// The first of `keys` (a schema's top-level property keys) for which the client leaves
    /// the tool out, if any.
    ///
    /// ```
    /// use mcp_toolname_rules::{CLAUDE_CODE, CODEX};
    /// assert_eq!(CLAUDE_CODE.limits.arguments.leaves_out(["query", "rule_name[]"]), Some("rule_name[]"));
    /// assert_eq!(CLAUDE_CODE.limits.arguments.leaves_out(["issue-type", "a.b"]), None);
    /// assert_eq!(CODEX.limits.arguments.leaves_out(["rule_name[]"]), None);
    /// ```
    #[must_use]
    pub fn leaves_out<'a>(self, keys: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
        match self {
            Self::LeavesOut { contract, .. } => keys
                .into_iter()
                .find(|key| crate::check(key, contract).is_err()),
            Self::AsWritten | Self::Unknown => None,
        }
    }
}

/// What one client does past the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// How it hands tools to the model.
    pub loading: Loading,
    /// What it does with a tool's description.
    pub description: TextRule,
    /// What it does with a server's `instructions` (the `initialize` result).
    pub instructions: TextRule,
    /// The API it was run against, where that API caps tools per request and the client
    /// sends every tool ([`Loading::SendsAll`]); `None` where no cap is documented.
    pub tools_per_request: Option<ToolCap>,
    /// What it does with a tool whose argument names an API refuses.
    pub arguments: ArgumentKeys,
    /// What it does to a tool's input schema on its way to the model.
    pub schemas: super::SchemaHandling,
    /// The context window of the models it runs by default, where its own code says.
    pub window: Option<Window>,
    /// Where it starts to defer tools behind its tool search when a setting makes that
    /// depend on their size; `None` where it never depends on size.
    pub auto_defer: Option<AutoDefer>,
}

/// The context window of the models a client runs by default, in tokens, as its own code
/// gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Window {
    /// Tokens.
    pub tokens: usize,
    /// The models it holds for.
    pub models: &'static str,
    /// Where it was read, with the client's version.
    pub source: &'static str,
    /// When it was read.
    pub checked: &'static str,
    /// How these models cut text into tokens, where that is public; `None` where no tokenizer
    /// of theirs is (Anthropic's, Google's).
    pub tokenizer: Option<Tokenizer>,
}

/// A public tokenizer a client counts its models' tokens with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tokenizer {
    /// The encoding.
    pub encoding: Encoding,
    /// Where the client says it counts with it, with the client's version or commit.
    pub source: &'static str,
}

/// A byte-pair encoding whose merge table is public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// OpenAI's `o200k_base` (tiktoken): GPT-4o, GPT-4.1, the o-series and GPT-5 models.
    O200kBase,
}

impl Encoding {
    /// Its name, as tiktoken names it.
    ///
    /// ```
    /// use mcp_toolname_rules::{CODEX, Encoding};
    /// let window = CODEX.limits.window.expect("Codex gives its window");
    /// assert_eq!(window.tokenizer.map(|t| t.encoding), Some(Encoding::O200kBase));
    /// assert_eq!(Encoding::O200kBase.name(), "o200k_base");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::O200kBase => "o200k_base",
        }
    }
}

/// A tool search a setting turns on by size: tools are deferred only once their definitions
/// reach `percent` of the model's window, and all sent in each request below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AutoDefer {
    /// Percent of the window.
    pub percent: usize,
    /// The setting that turns it on.
    pub setting: &'static str,
    /// What the client does without that setting, and with its other values.
    pub otherwise: &'static str,
    /// Where it was read, with the client's version.
    pub source: &'static str,
}

impl AutoDefer {
    /// The tokens of definitions from which tools are deferred in a window of `window`.
    ///
    /// ```
    /// use mcp_toolname_rules::CLAUDE_CODE;
    /// let auto = CLAUDE_CODE.limits.auto_defer.expect("Claude Code has one");
    /// assert_eq!(auto.threshold(1_000_000), 100_000);
    /// assert_eq!(auto.threshold(200_000), 20_000);
    /// ```
    #[must_use]
    pub const fn threshold(self, window: usize) -> usize {
        window * self.percent / 100
    }
}

/// Limits of a client never run here.
pub const UNKNOWN_LIMITS: Limits = Limits {
    loading: Loading::Unknown,
    description: TextRule::Unknown,
    instructions: TextRule::Unknown,
    tools_per_request: None,
    arguments: ArgumentKeys::Unknown,
    schemas: super::SchemaHandling::Unknown,
    window: None,
    auto_defer: None,
};

/// A client that sends every tool, each description and the instructions whole, to `cap`,
/// and each schema as written (every client run here but Claude Code).
pub(super) const fn sends_all(instructions: TextRule, cap: Option<ToolCap>) -> Limits {
    Limits {
        loading: Loading::SendsAll,
        description: TextRule::Whole,
        instructions,
        tools_per_request: cap,
        arguments: ArgumentKeys::AsWritten,
        schemas: super::SchemaHandling::Unknown,
        window: None,
        auto_defer: None,
    }
}

impl TextRule {
    /// Where a text of `units` UTF-16 units is cut: `Some(at)` when it is longer than the
    /// cut.
    ///
    /// ```
    /// use mcp_toolname_rules::{CLAUDE_CODE, TextRule};
    /// assert_eq!(CLAUDE_CODE.limits.description.cut_at(16_385), Some(16_384));
    /// assert_eq!(CLAUDE_CODE.limits.description.cut_at(16_384), None);
    /// assert_eq!(TextRule::Whole.cut_at(1_000_000), None);
    /// ```
    #[must_use]
    pub const fn cut_at(self, units: usize) -> Option<usize> {
        match self {
            Self::Cut { at, .. } if units > at => Some(at),
            _ => None,
        }
    }
}
