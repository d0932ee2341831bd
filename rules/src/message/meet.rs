//! Names that meet: two definitions of one name in a build, a run-time change or a merge (and
//! what a refusal left), and names of one server that a client, a model or a person reads as
//! one (case, look-alikes, a client's normalisation).

use super::{Kind, show};

/// What a refused build or change of a registry left behind: said where the refusal is, so
/// that a running server's operator is not told that no registry exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// `build()` of a builder (or `#[tool_registry]`'s registry): nothing was built.
    Build,
    /// A change of a registry that may be serving (`try_add_route`, `try_add_tool`): it is
    /// as it was.
    Change,
    /// `try_merge` (or `+`) of two registries: they were not merged.
    Merge,
}

impl Refused {
    /// What was left, as the end of a sentence.
    #[must_use]
    pub const fn outcome(self) -> &'static str {
        match self {
            Self::Build => "no registry was built",
            Self::Change => "nothing was changed: the registry keeps serving the tools it had",
            Self::Merge => "the registries were not merged",
        }
    }

    /// [`Self::outcome`] for a registry of items of `kind`.
    #[must_use]
    pub fn outcome_for(self, kind: &Kind) -> String {
        match self {
            Self::Change => format!(
                "nothing was changed: the registry keeps serving the {}s it had",
                kind.noun
            ),
            other => other.outcome().to_owned(),
        }
    }
}

/// One name defined twice in a registry: at a build, a change or a merge (`refused`, or
/// `None` where the problem is shown alone).
///
/// ```
/// use mcp_toolname_rules::message::{self, Kind, Refused};
/// let said = message::item_merge_conflict(
///     &Kind::TOOL,
///     "search",
///     "a.rs:1",
///     "b.rs:2",
///     Some(Refused::Change),
/// );
/// assert!(said.ends_with(
///     "within a server, so nothing was changed: the registry keeps serving the tools it had \
///      (delete one of the two if they do the same thing, or give one another name)"
/// ));
/// ```
#[must_use]
pub fn item_merge_conflict(
    kind: &Kind,
    name: &str,
    first: &str,
    second: &str,
    refused: Option<Refused>,
) -> String {
    let noun = kind.noun;
    let so = refused.map_or_else(String::new, |r| format!(", so {}", r.outcome_for(kind)));
    format!(
        "{noun} name {} is defined twice, at {first} and at {second}; {noun} names must be \
         unique within a server{so} (delete one of the two if they do the same thing, or \
         give one another name)",
        show(name)
    )
}

/// Two names of one server that a client's normalisation turns into one.
#[must_use]
pub fn normalised_collision(name: &str, other: &str, client: &str, form: &str) -> String {
    format!(
        "tool names {} and {} both become {} in {client}, so the model cannot tell them apart; \
         rename one",
        show(name),
        show(other),
        show(form)
    )
}

/// Two names of one server that differ only in case.
#[must_use]
pub fn case_only(name: &str, other: &str) -> String {
    super::item_case_only(&super::Kind::TOOL, name, other)
}

/// Two names of one server that are one name once case is folded and the separators `_` `-`
/// `.` are read alike ([`crate::look_alike_key`]), but differ in more than case
/// (`run_query` and `Run-Query`). Source: keurcien/auxilia #254, 2026.
///
/// ```
/// use mcp_toolname_rules::message;
/// assert!(message::look_alike("Run-Query", "run_query").starts_with(
///     "tool names `Run-Query` and `run_query` differ only in case and in `_`, `-` and `.`"
/// ));
/// ```
#[must_use]
pub fn look_alike(name: &str, other: &str) -> String {
    super::item_look_alike(&super::Kind::TOOL, name, other)
}

/// Two tool names of one server a model can take for one another ([`crate::likeness`]),
/// with what says the tools are alike too ([`crate::Evidence`]).
///
/// ```
/// use mcp_toolname_rules::{Evidence, Likeness, message};
/// let evidence = Evidence { same_shape: true, descriptions: 0.0 };
/// assert_eq!(
///     message::confusable("get_skills", "list_skills", Likeness::Synonym, evidence),
///     "tool names `get_skills` and `list_skills` differ only in a verb of the same meaning, \
///      and the two tools take the same input: a model choosing between them can pick the \
///      wrong one; rename one to say how the tools differ, or merge them into one tool"
/// );
/// ```
#[must_use]
pub fn confusable(
    name: &str,
    other: &str,
    how: crate::Likeness,
    evidence: crate::Evidence,
) -> String {
    format!(
        "tool names {} and {} {}, and the two tools {}: a model choosing between them can \
         pick the wrong one; rename one to say how the tools differ, or merge them into one \
         tool",
        super::show(name),
        super::show(other),
        how.said(),
        evidence.said()
    )
}

/// A listed alias that a client's normalisation merges with another listed name.
#[must_use]
pub fn merged_alias(alias: &str, other: &str, client: &str, form: &str) -> String {
    format!(
        "alias {} and {} both become {} in {client}, so the model cannot tell them apart; add \
         `hidden` to the alias (the old name stays callable but is not listed)",
        show(alias),
        show(other),
        show(form)
    )
}

/// A run-time change of a registry (`add_route`, `merge`, `+`) that would break uniqueness
/// or the spec; `problems` lists each, naming both definitions.
#[must_use]
pub fn registry_change_refused(method: &str, problems: &str) -> String {
    format!(
        "`{method}` refused, and the registry is unchanged:\n{problems}\n\
         help: use `try_{method}` to handle this as an error"
    )
}
