//! Why a registry could not be built or merged. Every problem is collected, none is
//! dropped, and nothing is built from a set that has one.

use std::fmt;

use mcp_toolname_rules::message::{self, Kind, Refused};
use mcp_toolname_rules::{AliasNameError, NameError};

use crate::origin::Origin;

/// One problem found while building or merging a registry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// Two definitions (items, aliases or tombstones) share a name.
    Duplicate {
        /// What kind of item: [`Kind::TOOL`] or [`Kind::PROMPT`].
        kind: &'static Kind,
        /// The shared name.
        name: String,
        /// The definition met first (for an alias, the site of its tool).
        first: Origin,
        /// The definition met second.
        second: Origin,
    },
    /// A name breaks its contract: a tool's the MCP spec ([`mcp_toolname_rules::MCP`]), a
    /// prompt's the slash-command rule ([`mcp_toolname_rules::PROMPT`]).
    InvalidName {
        /// The name.
        name: String,
        /// Where it was defined.
        origin: Origin,
        /// What is wrong.
        error: NameError,
        /// What to write instead (``write `x` instead``): the fix the macros and the CLI
        /// give for the same name beside the same names in use (the rules crate's
        /// [`mcp_toolname_rules::FixRules`], for the contract alone).
        help: String,
        /// What kind of item: [`Kind::TOOL`] or [`Kind::PROMPT`]; the name breaks its
        /// `contract`.
        kind: &'static Kind,
    },
    /// Argument names of a tool the Anthropic API refuses (and with them every request), or
    /// of a prompt a slash command cannot carry (white space, controls).
    Arguments {
        /// The tool or prompt.
        name: String,
        /// Where it was defined.
        origin: Origin,
        /// Each problem, in words.
        problems: Vec<String>,
    },
    /// An alias name no client could send.
    InvalidAlias {
        /// The alias.
        name: String,
        /// Where its tool was defined.
        origin: Origin,
        /// What is wrong.
        error: AliasNameError,
    },
    /// Arguments an alias carries that its tool's input schema refuses (an argument it does
    /// not have, a value of another type or outside its `enum`).
    AliasArgs {
        /// The alias.
        name: String,
        /// Where its tool was defined.
        origin: Origin,
        /// Each problem, in words.
        problems: Vec<String>,
    },
    /// A window override that does not parse, or names no alias.
    BadOverride(String),
    /// An alias whose `since` is not before its `until`.
    EmptyWindow {
        /// The alias.
        name: String,
        /// Where its tool was defined.
        origin: Origin,
        /// `since`, RFC 3339.
        since: String,
        /// `until`, RFC 3339.
        until: String,
    },
    /// An alias whose `since` plus the registry's default window is past the last instant
    /// the calendar holds (`chrono`'s `DateTime::<Utc>::MAX_UTC`, the year 262143).
    WindowPastCalendar {
        /// The alias.
        name: String,
        /// Where its tool was defined.
        origin: Origin,
        /// `since`, RFC 3339.
        since: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, None)
    }
}

impl Problem {
    /// The problem in words; for a duplicate, with what the refusal left (`refused`).
    fn describe(&self, f: &mut fmt::Formatter<'_>, refused: Option<Refused>) -> fmt::Result {
        match self {
            Self::Duplicate {
                kind,
                name,
                first,
                second,
            } => f.write_str(&message::item_merge_conflict(
                kind,
                name,
                &first.to_string(),
                &second.to_string(),
                refused,
            )),
            Self::InvalidName {
                name,
                origin,
                error,
                help,
                kind,
            } => {
                write!(
                    f,
                    "{} (at {origin}); {help}",
                    message::item_name_error(kind, name, error, kind.contract)
                )
            }
            Self::Arguments {
                origin, problems, ..
            } => write!(f, "{} (at {origin})", problems.join("; ")),
            Self::InvalidAlias {
                name,
                origin,
                error,
            } => {
                write!(
                    f,
                    "{} (at {origin})",
                    message::alias_name_error(name, error)
                )
            }
            Self::AliasArgs {
                origin, problems, ..
            } => write!(f, "{} (at {origin})", problems.join("; ")),
            Self::BadOverride(text) => f.write_str(text),
            Self::EmptyWindow {
                since,
                until,
                origin,
                ..
            } => {
                write!(
                    f,
                    "{} (at {origin})",
                    message::since_not_before_until(since, until)
                )
            }
            Self::WindowPastCalendar {
                name,
                origin,
                since,
            } => write!(
                f,
                "alias {}: `since` {since} plus the default alias window ends past the last \
                 instant the calendar holds; give the alias its own `until`, or a shorter \
                 `default_alias_window` (at {origin})",
                message::show(name)
            ),
        }
    }
}

/// Every problem found in one build, change or merge, in the order met; never empty. Its
/// `Display` says, with each duplicate, what the refusal left: no registry (a build), the
/// registry as it was, still serving (a change), or two registries unmerged (a merge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistryError {
    problems: Vec<Problem>,
    refused: Refused,
}

impl RegistryError {
    pub(crate) fn new(problems: Vec<Problem>, refused: Refused) -> Self {
        debug_assert!(!problems.is_empty());
        Self { problems, refused }
    }

    /// What was refused: a build, a change of a registry, or a merge.
    #[must_use]
    pub fn refused(&self) -> Refused {
        self.refused
    }

    /// The problems, in the order found.
    #[must_use]
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            problem.describe(f, Some(self.refused))?;
        }
        Ok(())
    }
}

impl std::error::Error for RegistryError {}
