//! What users read about lints themselves: the macros' warnings and how to silence one, old
//! lint names, and a lint named where it does nothing.

/// A compile-time warning of the macros: who speaks, what, and how to silence this one:
/// `allow(<lint>)` in the attribute it points at, or in `registry` (`tool_registry`,
/// `prompt_registry`) for the whole impl.
///
/// ```
/// use mcp_toolname_rules::message::macro_warning;
/// assert_eq!(
///     macro_warning("tool names `a` and `A` differ only in case", "case_collision", "tool_registry"),
///     "mcp-toolname: tool names `a` and `A` differ only in case. To silence only this warning, \
///      write `allow(case_collision)` in the attribute it points at, or in \
///      `#[tool_registry(...)]` for the whole impl"
/// );
/// ```
#[must_use]
pub fn macro_warning(message: &str, lint: &str, registry: &str) -> String {
    format!(
        "mcp-toolname: {message}. To silence only this warning, write `allow({lint})` in the \
         attribute it points at, or in `#[{registry}(...)]` for the whole impl"
    )
}

/// A lint named by the name it had before the lints had one table.
///
/// ```
/// use mcp_toolname_rules::message::lint_renamed;
/// assert_eq!(
///     lint_renamed("tool_names_look_alike", "look_alike"),
///     "lint `tool_names_look_alike` is now called `look_alike`; the old name is accepted in \
///      this release only"
/// );
/// ```
#[must_use]
pub fn lint_renamed(old: &str, new: &str) -> String {
    format!("lint `{old}` is now called `{new}`; the old name is accepted in this release only")
}

/// A lint's level set in the CLI (a flag, `[lints]`) when only the build reports it.
///
/// ```
/// use mcp_toolname_rules::message::lint_build_only;
/// assert_eq!(
///     lint_build_only("tombstone_target"),
///     "only the build reports lint `tombstone_target`, where `allow(tombstone_target)` in \
///      the attribute silences it; a level set here changes nothing"
/// );
/// ```
#[must_use]
pub fn lint_build_only(name: &str) -> String {
    format!(
        "only the build reports lint `{name}`, where `allow({name})` in the attribute silences \
         it; a level set here changes nothing"
    )
}

/// `allow(<lint>)` in an attribute, for a lint the build never reports: `by` is the CLI
/// commands that do.
///
/// ```
/// use mcp_toolname_rules::message::allow_not_in_build;
/// assert_eq!(
///     allow_not_in_build("shared_name", "`audit --config`"),
///     "the build never reports lint `shared_name` (`audit --config` does: set its level in \
///      `mcp-toolname.toml` or with `--allow shared_name`), so `allow(shared_name)` here \
///      silences nothing; remove it"
/// );
/// ```
#[must_use]
pub fn allow_not_in_build(name: &str, by: &str) -> String {
    format!(
        "the build never reports lint `{name}` ({by} does: set its level in `mcp-toolname.toml` \
         or with `--allow {name}`), so `allow({name})` here silences nothing; remove it"
    )
}

/// `allow(<lint>)` in an attribute, for a lint the build reports as an error.
///
/// ```
/// use mcp_toolname_rules::message::allow_build_error;
/// assert_eq!(
///     allow_build_error("duplicate"),
///     "lint `duplicate` is an error in the build, which `allow(duplicate)` cannot silence: \
///      fix what the error says"
/// );
/// ```
#[must_use]
pub fn allow_build_error(name: &str) -> String {
    format!(
        "lint `{name}` is an error in the build, which `allow({name})` cannot silence: fix what \
         the error says"
    )
}
