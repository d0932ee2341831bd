//! Name contracts: which characters a tool name may use, which may come first, how long it
//! may be, and where that rule comes from.

use crate::chars::{is_control_like, is_invisible};

/// A set of characters: ASCII ones as a 128-bit mask (bit `n` set means code point `n` is in
/// the set), and, for a set that takes them ([`Charset::with_printable_non_ascii`]), every
/// non-ASCII character that is not white space, a control or an invisible character (the
/// prompt contract: a user types it, no API refuses it). Otherwise non-ASCII characters are
/// never members.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Charset(u128, bool);

impl Charset {
    /// The empty set.
    pub const EMPTY: Self = Self(0, false);
    /// `A-Z a-z 0-9`.
    pub const ALNUM: Self = Self::EMPTY
        .range(b'A', b'Z')
        .range(b'a', b'z')
        .range(b'0', b'9');

    /// This set plus every ASCII character from `lo` to `hi` (inclusive).
    #[must_use]
    pub const fn range(self, lo: u8, hi: u8) -> Self {
        let mut mask = self.0;
        let mut c = lo;
        while c <= hi && c < 128 {
            mask |= 1u128 << c;
            c += 1;
        }
        Self(mask, self.1)
    }

    /// This set plus every non-ASCII character that is not white space, a control or an
    /// invisible character.
    #[must_use]
    pub const fn with_printable_non_ascii(self) -> Self {
        Self(self.0, true)
    }

    /// This set plus each ASCII byte of `chars`; bytes of 128 and above are ignored.
    #[must_use]
    pub const fn with(self, chars: &str) -> Self {
        let bytes = chars.as_bytes();
        let mut mask = self.0;
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] < 128 {
                mask |= 1u128 << bytes[i];
            }
            i += 1;
        }
        Self(mask, self.1)
    }

    /// The set in words: its letters and digits as ranges, then its other characters in
    /// ASCII order (`A-Z a-z 0-9 - _`).
    #[must_use]
    pub fn describe(self) -> String {
        let mut parts = Vec::new();
        for (lo, hi) in [('A', 'Z'), ('a', 'z'), ('0', '9')] {
            if (lo..=hi).all(|c| self.contains(c)) {
                parts.push(format!("{lo}-{hi}"));
            }
        }
        for c in (0u8..128).map(char::from) {
            if self.contains(c) && !c.is_ascii_alphanumeric() {
                parts.push(c.to_string());
            }
        }
        if self.1 {
            parts.push(
                "and any non-ASCII character but white space, controls and invisible ones"
                    .to_owned(),
            );
        }
        parts.join(" ")
    }

    /// Whether `ch` is in the set.
    #[must_use]
    pub const fn contains(self, ch: char) -> bool {
        let code = ch as u32;
        if code < 128 {
            return self.0 & (1u128 << code) != 0;
        }
        self.1 && !is_control_like(ch) && !is_invisible(ch) && !is_unicode_space(ch)
    }
}

/// White space outside ASCII (ASCII white space is outside every charset that matters).
const fn is_unicode_space(ch: char) -> bool {
    matches!(
        ch as u32,
        0x85 | 0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
    )
}

/// What the first character of a name must be, on top of the contract's charset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstChar {
    /// Any character of the charset.
    Any,
    /// An ASCII letter.
    Letter,
    /// An ASCII letter or `_`.
    LetterOrUnderscore,
}

impl FirstChar {
    /// Whether `ch` may open a name under this rule (the charset is checked separately).
    #[must_use]
    pub const fn allows(self, ch: char) -> bool {
        match self {
            Self::Any => true,
            Self::Letter => ch.is_ascii_alphabetic(),
            Self::LetterOrUnderscore => ch.is_ascii_alphabetic() || ch == '_',
        }
    }

    /// The rule in words, for messages: `a letter`, `a letter or `_``.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Any => "any allowed character",
            Self::Letter => "a letter",
            Self::LetterOrUnderscore => "a letter or `_`",
        }
    }
}

/// A tool-name contract: a rule some party applies to tool names, with its source.
///
/// Length is counted in characters (Unicode scalar values); every name that passes a
/// built-in contract is ASCII, so that is also its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// Short identifier, lowercase, a valid Rust identifier, as used in attributes
    /// (`allow(llm_common)`) and on the command line: `mcp`.
    pub id: &'static str,
    /// Who applies the rule, for messages: `the MCP spec`.
    pub title: &'static str,
    /// Characters a name may contain.
    pub charset: Charset,
    /// What the first character must be.
    pub first: FirstChar,
    /// Most characters a name may have (at least 1 is always required).
    pub max_len: usize,
    /// The rule written as a regular expression, for messages and docs.
    pub pattern: &'static str,
    /// The allowed characters in words, for messages: `` `A-Z a-z 0-9 _ - .` ``.
    pub allowed: &'static str,
    /// Where the rule comes from: a spec section or provider doc URL.
    pub source: &'static str,
    /// The day the source was last read against this definition (`YYYY-MM-DD`).
    pub checked: &'static str,
}

/// MCP specification 2025-11-25 (unchanged in 2026-07-28), server/tools, "Tool Names":
/// 1 to 128 characters of `A-Z a-z 0-9 _ - .`, case-sensitive. Spec examples `getUser`,
/// `DATA_EXPORT_v2` and `admin.tools.list` pass.
pub const MCP: Contract = Contract {
    id: "mcp",
    title: "the MCP spec",
    charset: Charset::ALNUM.with("_-."),
    first: FirstChar::Any,
    max_len: 128,
    pattern: "^[A-Za-z0-9_.-]{1,128}$",
    allowed: "`A-Z a-z 0-9 _ - .`",
    source: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
    checked: "2026-11-29",
};

/// SEP-986, the proposal behind the spec's rule: 1 to 64 characters of
/// `A-Z a-z 0-9 _ - . /`. The spec that followed dropped `/` and raised the limit to 128;
/// some clients and proxies still follow SEP-986.
pub const SEP_986: Contract = Contract {
    id: "sep_986",
    title: "SEP-986",
    charset: Charset::ALNUM.with("_-./"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_./-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ - . /`",
    source: "https://modelcontextprotocol.io/community/seps/986-specify-format-for-tool-names",
    checked: "2026-11-29",
};

/// Anthropic Messages API `tools[].name`: `^[a-zA-Z0-9_-]{1,128}$`. (Older docs said 64,
/// and tool search's `tool_reference` still caps names at 64.)
pub const ANTHROPIC: Contract = Contract {
    id: "anthropic",
    title: "the Anthropic API",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 128,
    pattern: "^[A-Za-z0-9_-]{1,128}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use",
    checked: "2026-11-29",
};

/// Anthropic tool search: a deferred tool is loaded by a `tool_reference` whose `tool_name`
/// is at most 64 characters, so a longer name can be listed but never loaded (Claude Code
/// defers MCP tools behind tool search by default). Not one of [`ALL`]: it is the contract
/// of a client ([`crate::CLAUDE_CODE`]), not a naming rule a server targets.
pub const ANTHROPIC_TOOL_SEARCH: Contract = Contract {
    id: "anthropic_tool_search",
    title: "Anthropic tool search (`tool_reference`)",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "github.com/anthropics/claude-code/issues/22327, #19882 (tool_reference.tool_name)",
    checked: "2026-12-01",
};

/// OpenAI function and tool names: `^[a-zA-Z0-9_-]{1,64}$`.
pub const OPENAI: Contract = Contract {
    id: "openai",
    title: "the OpenAI API",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "https://platform.openai.com/docs/api-reference/chat/create (tools[].function.name)",
    checked: "2026-11-29",
};

/// Amazon Bedrock Converse `ToolSpecification.name`: `^[a-zA-Z0-9_-]{1,64}$`.
pub const BEDROCK: Contract = Contract {
    id: "bedrock",
    title: "Amazon Bedrock",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html",
    checked: "2026-11-29",
};

/// DeepSeek function names, as OpenAI's: `^[a-zA-Z0-9_-]{1,64}$`.
pub const DEEPSEEK: Contract = Contract {
    id: "deepseek",
    title: "the DeepSeek API",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "https://api-docs.deepseek.com/api/create-chat-completion (tools[].function.name)",
    checked: "2026-11-29",
};

/// The common LLM contract `^[a-zA-Z0-9_-]{1,64}$`: the intersection of [`ANTHROPIC`],
/// [`OPENAI`], [`BEDROCK`] and [`DEEPSEEK`] (Mistral follows OpenAI too). The default target
/// of the macros: a name inside it is accepted by all of them. A dot is refused.
pub const LLM_COMMON: Contract = Contract {
    id: "llm_common",
    title: "the common LLM API contract (OpenAI, Anthropic, Bedrock, DeepSeek, Mistral)",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[A-Za-z0-9_-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "intersection of ANTHROPIC, OPENAI, BEDROCK and DEEPSEEK",
    checked: "2026-11-29",
};

/// Google Gemini `FunctionDeclaration.name`: starts with a letter or `_`, then
/// `A-Z a-z 0-9 _ . : -`, at most 64 characters.
pub const GEMINI: Contract = Contract {
    id: "gemini",
    title: "Gemini",
    charset: Charset::ALNUM.with("_.:-"),
    first: FirstChar::LetterOrUnderscore,
    max_len: 64,
    pattern: "^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
    allowed: "`A-Z a-z 0-9 _ . : -`",
    source: "https://ai.google.dev/api/caching#FunctionDeclaration",
    checked: "2026-11-29",
};

/// The intersection of the spec and every LLM API contract: a letter, then
/// `A-Z a-z 0-9 _ -`, at most 64 characters. A name inside it works everywhere.
pub const PORTABLE: Contract = Contract {
    id: "portable",
    title: "the portable contract (every spec and LLM API rule at once)",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Letter,
    max_len: 64,
    pattern: "^[A-Za-z][A-Za-z0-9_-]{0,63}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "intersection of every contract above",
    checked: "2026-11-29",
};

/// A server key as hosts assign it: `^[A-Za-z0-9_-]{1,32}$`. Not a tool-name
/// contract, so not in [`ALL`]; [`crate::check_server_key`] adds the rules about `_`.
pub const SERVER_KEY: Contract = Contract {
    id: "server_key",
    title: "a server key",
    charset: Charset::ALNUM.with("_-"),
    first: FirstChar::Any,
    max_len: 32,
    pattern: "^[A-Za-z0-9_-]{1,32}$",
    allowed: "`A-Z a-z 0-9 _ -`",
    source: "mcp-toolname's recommendation (docs/hosts.md)",
    checked: "2026-11-29",
};

/// Every built-in contract: the spec and its proposal, each LLM API, then the two
/// intersections.
pub const ALL: &[&Contract] = &[
    &MCP,
    &SEP_986,
    &ANTHROPIC,
    &OPENAI,
    &GEMINI,
    &BEDROCK,
    &DEEPSEEK,
    &LLM_COMMON,
    &PORTABLE,
];

/// The built-in contract with this [`Contract::id`], if any.
#[must_use]
pub fn by_id(id: &str) -> Option<&'static Contract> {
    ALL.iter().copied().find(|c| c.id == id)
}

/// Anthropic Messages API `tools[].input_schema` property keys: `^[a-zA-Z0-9_.-]{1,64}$`.
/// The API refuses the whole request with `tools.N.custom.input_schema.properties: Property
/// keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'`, and so does Amazon Bedrock Converse
/// for Claude (the same validator behind it). The check reads the top-level `properties` only
/// (keys nested in an object property, in `items` or in `$defs` pass it, as reported for
/// Bedrock). Not a tool-name contract, so not in [`ALL`]; see [`crate::ARGUMENT_RULES`].
pub const ANTHROPIC_ARGUMENT: Contract = Contract {
    id: "anthropic",
    title: "the Anthropic API (input_schema property keys)",
    charset: Charset::ALNUM.with("_.-"),
    first: FirstChar::Any,
    max_len: 64,
    pattern: "^[a-zA-Z0-9_.-]{1,64}$",
    allowed: "`A-Z a-z 0-9 _ . -`",
    source: "the API's error, public in github.com/PrefectHQ/fastmcp/issues/839 (2025-06-15), \
             github.com/erikmaday/unusual-whales-mcp/pull/57 (2026-01-08, keys `rule_name[]`, \
             `issue_types[]`), and for Claude on Bedrock Converse, top-level keys only, \
             github.com/aws-solutions-library-samples/accelerated-intelligent-document-processing-on-aws/issues/709 \
             (2026-08-31)",
    checked: "2026-12-03",
};

/// Gemini (Vertex AI) `FunctionDeclaration.parameters` property names: a letter or `_`, then
/// `A-Z a-z 0-9 _`, at most 64 characters ("Parameter names must start with a letter or an
/// underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length
/// of 64"). Stated for `parameters` (the OpenAPI form); `parametersJsonSchema`, the other way
/// a client may send a schema, states no rule. Not in [`ALL`]; see [`crate::ARGUMENT_RULES`].
pub const GEMINI_ARGUMENT: Contract = Contract {
    id: "gemini",
    title: "Gemini (`FunctionDeclaration.parameters` names)",
    charset: Charset::ALNUM.with("_"),
    first: FirstChar::LetterOrUnderscore,
    max_len: 64,
    pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$",
    allowed: "`A-Z a-z 0-9 _`",
    source: "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration \
             (parameters)",
    checked: "2026-12-03",
};
