//! MCP tool name rules: the contracts (the MCP spec and the LLM APIs behind clients),
//! `const fn` checks against them, the nearest passing name, every message users read,
//! and the table of lints ([`lint`]) the build's warnings and the CLI's findings share. Its
//! dependencies are what the clients' own rules compute (SHA-1 and SHA-256 for hash suffixes,
//! NFKC and general categories for Claude Code's cleaning) and `serde_json` for tool input
//! schemas; `serde`, behind the `serde` feature, only for the CLI's JSON. The macros, the
//! runtime and the CLI of `mcp-toolname` all call this crate, so a name means the same thing
//! everywhere.
//!
//! ```
//! use mcp_toolname_rules::{check, suggest, NameError, LLM_COMMON, MCP};
//!
//! // Valid per the spec (2025-11-25, server/tools, "Tool Names")...
//! assert!(check("admin.tools.list", &MCP).is_ok());
//! // ...but OpenAI, Anthropic, Bedrock refuse the dot.
//! assert_eq!(
//!     check("admin.tools.list", &LLM_COMMON),
//!     Err(NameError::InvalidChar { ch: '.', index: 5 })
//! );
//! assert_eq!(suggest("admin.tools.list", &LLM_COMMON), "admin_tools_list");
//! ```
#![forbid(unsafe_code)]
// A warning in an example is one a user copying it would see: the examples build clean.
#![doc(test(attr(deny(warnings))))]
#![warn(missing_docs)]

mod across;
mod chars;
mod check;
mod clean;
mod client;
mod confusable;
mod contract;
mod fix;
pub mod lint;
mod list;
pub mod message;
mod nearest;
mod plugin;
mod prompt;
mod qualify;
pub mod schema;
mod shorten;
mod suggest;
pub mod table;
mod words;

pub use across::{ServerList, meets_as, namespace_suffix, qualify_config};
pub use check::{
    AliasNameError, NameError, ServerKeyError, check, check_alias, check_server_key,
    is_control_like, is_invisible,
};
pub use client::{
    Across, ArgumentKeys, AutoDefer, CLAUDE_CODE, CLIENTS, CLINE, CODEX, CODEX_NON_PREFIXED,
    CONTINUE_CLI, COPILOT_CLI, CURSOR, Clash, Cleaning, ClientPreset, CommandTaken, DROID, Defs,
    Encoding, GEMINI_CLI, GEMINI_CLI_BUILTINS, GEMINI_TOOLS, GOOSE, HashInput, KILO_CODE, KeyRule,
    Limits, Loading, Measure, NO_LIMIT, OPENAI_CHAT_TOOLS, OPENCODE, Overflow, PrefixRule,
    PromptArguments, PromptClash, PromptRule, QWEN_CODE, QWEN_CODE_BUILTINS, REFS_KEPT, ROO_CODE,
    Refs, SchemaChanges, SchemaHandling, TextRule, Tokenizer, ToolCap, UNKNOWN_LIMITS, Units,
    VSCODE, Verification, Verified, Whitespace, Window, caps_passed, client_by_id, prompt_clients,
    refs_into_defs,
};
pub use confusable::{
    DESCRIPTIONS_ALIKE, Evidence, GROUP_LIMIT, Likeness, PAIR_LIMIT, alike_pairs,
    description_words, likeness, overlap,
};
pub use contract::{
    ALL, ANTHROPIC, ANTHROPIC_ARGUMENT, ANTHROPIC_TOOL_SEARCH, BEDROCK, Charset, Contract,
    DEEPSEEK, FirstChar, GEMINI, GEMINI_ARGUMENT, LLM_COMMON, MCP, OPENAI, PORTABLE, SEP_986,
    SERVER_KEY, by_id,
};
pub use fix::{ASSUMED_KEY_LEN, FixRules};
pub use list::qualify_list;
pub use nearest::{closest_name, distance_within, edit_limit, look_alike_key, match_key};
pub use plugin::{connector_server_key, plugin_name_refusal, plugin_server_key};
pub use prompt::{
    PROMPT, PROMPT_ARGUMENT, PromptFate, PromptVerdict, SlashCommand, argument_passes, builtin_met,
    prompts_across, slash_command,
};
pub use qualify::{
    Fate, KeyRefusal, Qualified, client_key, effective_max, own_budget, qualify, qualify_part,
    tool_budget,
};
pub use schema::ARGUMENT_RULES;
pub use suggest::{SetFix, suggest, suggest_all, suggest_set, suggest_within};
pub use words::{abbreviation, words};

/// `const` check of a tool name against the MCP spec contract, for names the macros cannot
/// see. Fails the build (a `const` panic) with a fixed message per kind of problem; use
/// [`check`] and [`message::name_error`] for the full message.
///
/// ```
/// const NAME: &str = mcp_toolname_rules::assert_spec_name("complex-tool1");
/// assert_eq!(NAME, "complex-tool1");
/// ```
///
/// # Panics
/// When `name` breaks [`MCP`]; in a `const` that is a compile error.
#[must_use]
pub const fn assert_spec_name(name: &str) -> &str {
    match check(name, &MCP) {
        Ok(()) => name,
        Err(NameError::Empty) => {
            panic!("tool name is empty; the MCP spec requires 1 to 128 characters")
        }
        Err(NameError::TooLong { .. }) => {
            panic!("tool name is longer than the 128 characters the MCP spec allows")
        }
        Err(_) => panic!(
            "tool name has a character outside `A-Z a-z 0-9 _ - .` (MCP spec, Tool Names); \
             `mcp_toolname::rules::check` tells which and where"
        ),
    }
}

/// Whether `text` has the shape `YYYY-MM-DD` (ten characters, digits and two dashes), the
/// date-only form the alias attributes and window overrides take; whether it is a real date
/// is for a calendar to say.
///
/// ```
/// assert!(mcp_toolname_rules::is_plain_date("2027-03-01"));
/// assert!(!mcp_toolname_rules::is_plain_date("2027-3-1"));
/// assert!(!mcp_toolname_rules::is_plain_date("2027-03-01T00:00:00Z"));
/// ```
#[must_use]
pub const fn is_plain_date(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() != 10 {
        return false;
    }
    let mut i = 0;
    while i < 10 {
        let ok = if i == 4 || i == 7 {
            b[i] == b'-'
        } else {
            b[i].is_ascii_digit()
        };
        if !ok {
            return false;
        }
        i += 1;
    }
    true
}
