//! The lint table: every kind of finding mcp-toolname reports, declared once as a [`Lint`]
//! value, with its stable name, default [`Level`], what it finds, why, the fix and its
//! source. The macros' warnings (`allow(<name>)`), the CLI's findings, `mcp-toolname.toml`,
//! `--allow/--warn/--deny`, SARIF rule ids, GitHub titles and `docs/lints.md` all read
//! [`LINTS`], so one finding has one name everywhere.
//!
//! A finding names its lint as a value (`&lint::CONTRACT`), never as a string looked up: a
//! name that is no lint finds nothing ([`Lint::by_name`] is `None`), and can never select
//! another lint. A lint's old names still work for one release ([`Lint::renamed`]), with a
//! note naming the new one, so a config written for them keeps its meaning.
//!
//! ```
//! use mcp_toolname_rules::lint::{self, Build, Level, Lint};
//!
//! assert_eq!(lint::CONTRACT.name, "contract");
//! assert_eq!(lint::CONTRACT.level, Level::Warn);
//! assert_eq!(lint::CONTRACT.build, Build::Warning);
//! assert!(Lint::by_name("contract").is_some());
//! assert!(Lint::by_name("contracts").is_none());
//! let new = Lint::renamed("tool_name_refused_by_llm_apis").unwrap();
//! assert_eq!(new.name, "contract");
//! ```

mod allowlists;
mod fleet;
mod names;
mod prompts;
mod schema;
mod server;
mod settings;

pub use allowlists::{
    ALLOWLIST_ENTRY_ALIAS, ALLOWLIST_ENTRY_SHADOWED, ALLOWLIST_ENTRY_SKIPPED,
    ALLOWLIST_ENTRY_TOO_BROAD, ALLOWLIST_ENTRY_UNMATCHED,
};
pub use fleet::{KEY_COLLISION, KEY_LOOK_ALIKE, NAME_COLLISION, PROMPT_COLLISION, SHARED_NAME};
pub use names::{
    CASE_COLLISION, CLIENT, CONFUSABLE, CONTRACT, DUPLICATE, KEY_OUTSIDE_RULE, KEY_REFUSED,
    KEY_STUTTER, LISTED_ALIAS_NAME, LOOK_ALIKE, NORMALISATION_COLLISION, SPEC, UNDERSCORE_NAME,
};
pub use prompts::{
    PROMPT_ARGUMENT, PROMPT_COMMAND, PROMPT_DUPLICATE, PROMPT_LOOK_ALIKE, PROMPT_NAME,
};
pub use schema::{ARGUMENT_CONTRACT, ARGUMENT_NAME, SCHEMA_REF, SCHEMA_ROOT, SCHEMA_STRICT};
pub use server::{
    ALIAS_PAST_WINDOW, ALIAS_WINDOW_SHORT, DESCRIPTION_CUT, INSTRUCTIONS_CUT,
    INSTRUCTIONS_NOT_SENT, TOKEN_GROWTH, TOMBSTONE_TARGET, TOO_MANY_TOOLS, TOOL_SEARCH_SESSION,
};
pub use settings::ALLOW_WITHOUT_REASON;

/// How loud a finding is. Ordered: `Allow < Warn < Deny`.
///
/// ```
/// use mcp_toolname_rules::lint::Level;
///
/// assert_eq!(Level::parse("warn"), Some(Level::Warn));
/// assert_eq!(Level::Deny.word(), "deny");
/// assert!(Level::Allow < Level::Deny);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Level {
    /// Not shown in the text, SARIF or GitHub output (kept in JSON with `level: "allow"`).
    Allow,
    /// Shown; the exit code stays 0.
    Warn,
    /// Shown as an error; the exit code is 1.
    Deny,
}

impl Level {
    /// Every level, as written in flags and the config file.
    pub const WORDS: &[&'static str] = &["deny", "warn", "allow"];

    /// `deny`, `warn` or `allow`.
    ///
    /// ```
    /// use mcp_toolname_rules::lint::Level;
    /// assert_eq!(Level::parse("allow"), Some(Level::Allow));
    /// assert_eq!(Level::parse("error"), None);
    /// ```
    #[must_use]
    pub fn parse(word: &str) -> Option<Self> {
        match word {
            "deny" => Some(Self::Deny),
            "warn" => Some(Self::Warn),
            "allow" => Some(Self::Allow),
            _ => None,
        }
    }

    /// The word flags and the config file use.
    ///
    /// ```
    /// use mcp_toolname_rules::lint::Level;
    /// assert_eq!(Level::Warn.word(), "warn");
    /// ```
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Deny => "deny",
            Self::Warn => "warn",
            Self::Allow => "allow",
        }
    }

    /// What a report calls a finding at this level: `error`, `warning`, `allowed`.
    ///
    /// ```
    /// use mcp_toolname_rules::lint::Level;
    /// assert_eq!(Level::Deny.label(), "error");
    /// ```
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Deny => "error",
            Self::Warn => "warning",
            Self::Allow => "allowed",
        }
    }
}

/// What the build (`#[tool_registry]`, `#[mcp_tool]` and the prompt twins) does with a lint.
///
/// ```
/// use mcp_toolname_rules::lint::{self, Build};
///
/// assert_eq!(lint::SPEC.build, Build::Error);
/// assert_eq!(lint::LOOK_ALIKE.build, Build::Warning);
/// assert_eq!(lint::SHARED_NAME.build, Build::Silent);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Build {
    /// The build does not see it (it needs a running server or a client config).
    Silent,
    /// The build fails; no `allow(...)` lets it through.
    Error,
    /// The build warns (or fails, for a registry's declared `targets(...)` when the lint is
    /// [`Lint::targeted`]); `allow(<name>)` in the attribute it points at, or in the
    /// registry attribute for the whole impl, silences it.
    Warning,
}

/// What a lint's findings are about: a report says a finding of one name or one prompt
/// under it, and the rest after the list.
///
/// ```
/// use mcp_toolname_rules::lint::{self, Scope};
///
/// assert_eq!(lint::SPEC.scope, Scope::Name);
/// assert!(lint::PROMPT_DUPLICATE.scope.is_prompt());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One tool name on its own, said under that tool: what the spec, a contract or a client
    /// does with it.
    Name,
    /// A server's tools together, its key, its argument schemas or its aliases.
    Tools,
    /// What comes beside the names: descriptions, instructions, how many tools, loading by
    /// search.
    Beside,
    /// One prompt on its own (its name, its command, its arguments), said under that prompt.
    Prompt,
    /// A server's prompts together.
    Prompts,
    /// The servers of one config together.
    Servers,
    /// An entry of a client's allow or deny list.
    List,
    /// A row of the project's own settings (`mcp-toolname.toml`).
    Settings,
}

impl Scope {
    /// Whether its findings are about prompts rather than tools.
    #[must_use]
    pub const fn is_prompt(self) -> bool {
        matches!(self, Self::Prompt | Self::Prompts)
    }
}

/// One lint: a kind of finding, its name and default level, who reports it, and the words of
/// its page in `docs/lints.md`.
///
/// ```
/// use mcp_toolname_rules::lint::{self, LINTS, Lint};
///
/// let lint: &Lint = &lint::CASE_COLLISION;
/// assert_eq!(lint.old_names, ["tool_names_differ_only_in_case"]);
/// assert!(LINTS.iter().any(|l| l.name == lint.name));
/// ```
#[derive(Debug)]
pub struct Lint {
    /// The stable name: the finding's `kind` in JSON, the SARIF rule id, the name flags, the
    /// config file and `allow(...)` in the attributes take.
    pub name: &'static str,
    /// What its findings are about, which says where a report puts them.
    pub scope: Scope,
    /// The level when nothing sets another.
    pub level: Level,
    /// Whether its findings are about one contract or one client: left out for a contract or
    /// client outside a project's `targets`, and denied by default for one inside.
    pub targeted: bool,
    /// Whether the CLI's messages of its findings already end with what to do (the rules
    /// crate's sentences past the names do), so no [`Self::help`] is added to them.
    pub said: bool,
    /// The CLI commands that report it, in Markdown; empty when only the build does.
    pub reported_by: &'static str,
    /// What the build does with it.
    pub build: Build,
    /// Names the build gave it before, each accepted for one more release with a note
    /// naming [`Self::name`].
    pub old_names: &'static [&'static str],
    /// One line, lower case, no period: the SARIF short description.
    pub summary: &'static str,
    /// What it finds (Markdown).
    pub finds: &'static str,
    /// Why the default level (Markdown), opening with the level: `Warn. ...`.
    pub why: &'static str,
    /// What to do, in a few words: the end of each text finding that has no fix of its own.
    pub help: &'static str,
    /// How to fix it (Markdown).
    pub fix: &'static str,
    /// Where its rule comes from, and when that was read (Markdown).
    pub source: &'static str,
}

/// Every lint, in the order the docs list them: tool names, then argument names and schemas,
/// then what comes past the names,
/// then prompts, then what servers of one config do to each other.
///
/// ```
/// use mcp_toolname_rules::lint::LINTS;
///
/// assert_eq!(LINTS[0].name, "spec");
/// assert!(LINTS.iter().all(|l| !l.name.is_empty()));
/// ```
pub static LINTS: &[Lint] = &[
    names::SPEC,
    names::CONTRACT,
    names::CLIENT,
    names::UNDERSCORE_NAME,
    names::DUPLICATE,
    names::CASE_COLLISION,
    names::LOOK_ALIKE,
    names::CONFUSABLE,
    names::NORMALISATION_COLLISION,
    names::LISTED_ALIAS_NAME,
    names::KEY_REFUSED,
    names::KEY_OUTSIDE_RULE,
    names::KEY_STUTTER,
    schema::ARGUMENT_NAME,
    schema::ARGUMENT_CONTRACT,
    schema::SCHEMA_ROOT,
    schema::SCHEMA_STRICT,
    schema::SCHEMA_REF,
    server::TOO_MANY_TOOLS,
    server::DESCRIPTION_CUT,
    server::INSTRUCTIONS_CUT,
    server::INSTRUCTIONS_NOT_SENT,
    server::TOOL_SEARCH_SESSION,
    server::TOKEN_GROWTH,
    server::ALIAS_PAST_WINDOW,
    server::ALIAS_WINDOW_SHORT,
    server::TOMBSTONE_TARGET,
    prompts::PROMPT_NAME,
    prompts::PROMPT_COMMAND,
    prompts::PROMPT_DUPLICATE,
    prompts::PROMPT_LOOK_ALIKE,
    prompts::PROMPT_ARGUMENT,
    fleet::KEY_COLLISION,
    fleet::NAME_COLLISION,
    fleet::SHARED_NAME,
    fleet::KEY_LOOK_ALIKE,
    fleet::PROMPT_COLLISION,
    allowlists::ALLOWLIST_ENTRY_UNMATCHED,
    allowlists::ALLOWLIST_ENTRY_SKIPPED,
    allowlists::ALLOWLIST_ENTRY_TOO_BROAD,
    allowlists::ALLOWLIST_ENTRY_SHADOWED,
    allowlists::ALLOWLIST_ENTRY_ALIAS,
    settings::ALLOW_WITHOUT_REASON,
];

/// What a row holds unless it says otherwise: a warning about a server's tools that only the
/// CLI reports, about no one contract or client, never renamed. The words are the row's own
/// (a test holds that none is left empty).
const ROW: Lint = Lint {
    name: "",
    scope: Scope::Tools,
    level: Level::Warn,
    targeted: false,
    said: false,
    reported_by: "",
    build: Build::Silent,
    old_names: &[],
    summary: "",
    finds: "",
    why: "",
    help: "",
    fix: "",
    source: "",
};

/// The name that sets every lint left at warn, in flags and the config file, as in rustc;
/// no lint may take it.
pub const WARNINGS: &str = "warnings";

/// A lint is written as its name, as a finding's `kind` is in JSON.
#[cfg(feature = "serde")]
impl serde::Serialize for Lint {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

impl Lint {
    /// The lint called `name`, exactly; `None` for any other text, old names included.
    ///
    /// ```
    /// use mcp_toolname_rules::lint::Lint;
    /// assert_eq!(Lint::by_name("look_alike").unwrap().name, "look_alike");
    /// assert!(Lint::by_name("Look_Alike").is_none());
    /// assert!(Lint::by_name("tool_names_look_alike").is_none());
    /// ```
    #[must_use]
    pub fn by_name(name: &str) -> Option<&'static Self> {
        LINTS.iter().find(|l| l.name == name)
    }

    /// The lint that `old` was the name of, when `old` is one of its [`Self::old_names`].
    ///
    /// ```
    /// use mcp_toolname_rules::lint::Lint;
    /// assert_eq!(Lint::renamed("tool_names_look_alike").unwrap().name, "look_alike");
    /// assert!(Lint::renamed("look_alike").is_none());
    /// ```
    #[must_use]
    pub fn renamed(old: &str) -> Option<&'static Self> {
        LINTS.iter().find(|l| l.old_names.contains(&old))
    }

    /// Whether a CLI command reports it (else only the build does).
    ///
    /// ```
    /// use mcp_toolname_rules::lint;
    /// assert!(lint::SPEC.cli_reports());
    /// assert!(!lint::TOMBSTONE_TARGET.cli_reports());
    /// ```
    #[must_use]
    pub const fn cli_reports(&self) -> bool {
        !self.reported_by.is_empty()
    }

    /// The name, as SARIF asks of a rule name: `normalisation_collision` as
    /// `NormalisationCollision`.
    ///
    /// ```
    /// use mcp_toolname_rules::lint;
    /// assert_eq!(lint::NORMALISATION_COLLISION.pascal_name(), "NormalisationCollision");
    /// ```
    #[must_use]
    pub fn pascal_name(&self) -> String {
        self.name
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect()
    }
}

impl PartialEq for Lint {
    /// Names are unique in [`LINTS`] (a test holds it), so a lint is its name.
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Lint {}

#[cfg(test)]
mod tests;
