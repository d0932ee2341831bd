//! The words that differ between the kinds of named items a server has (tools, prompts), so
//! that every sentence about one is written once: [`Kind`], taken by the sentences of the
//! other modules. The macros keep the sentences only they say, with the words only they use.

use super::show;
use crate::{Contract, MCP, PROMPT};

/// A kind of named item, in the words messages use for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// `tool`, `prompt`.
    pub noun: &'static str,
    /// How a reader is told to reach one, capitalised: a tool is `Call`ed, a prompt `Use`d.
    pub verb: &'static str,
    /// What was done to one, for a log line: `called`, `used`.
    pub done: &'static str,
    /// The contract its names are held to.
    pub contract: &'static Contract,
}

impl Kind {
    /// Tools: the MCP spec's names.
    pub const TOOL: Self = Self {
        noun: "tool",
        verb: "Call",
        done: "called",
        contract: &MCP,
    };

    /// Prompts: the slash-command rule ([`PROMPT`]).
    pub const PROMPT: Self = Self {
        noun: "prompt",
        verb: "Use",
        done: "used",
        contract: &PROMPT,
    };
}

/// Two names of one server that differ only in case.
#[must_use]
pub fn item_case_only(kind: &Kind, name: &str, other: &str) -> String {
    format!(
        "{} names {} and {} differ only in case; models and people confuse them, and a client \
         that folds case would merge them: rename one",
        kind.noun,
        show(name),
        show(other)
    )
}

/// Two names of one server that read alike ([`look_alike_key`](crate::look_alike_key)).
#[must_use]
pub fn item_look_alike(kind: &Kind, name: &str, other: &str) -> String {
    format!(
        "{} names {} and {} differ only in case and in `_`, `-` and `.`; models and people \
         confuse them, and a client or a did-you-mean that reads them alike cannot tell which \
         was meant: rename one",
        kind.noun,
        show(name),
        show(other)
    )
}
