//! Lints: every finding kind has a stable name, a default [`Level`] and a page in
//! `docs/lints.md`, declared once in the rules crate's table ([`LINTS`]), which the build's
//! warnings share. [`Levels`] says what a run makes of each finding, from the defaults, the
//! config file ([`file`]) and `--deny`/`--warn`/`--allow`, in that order, the last word
//! winning; a project's `targets` narrow the contracts and clients looked at.

pub mod file;
#[cfg(test)]
mod markdown;

use mcp_toolname_rules::lint::WARNINGS;
use mcp_toolname_rules::{ALL, CLIENTS, MCP, message};

pub use mcp_toolname_rules::lint::{LINTS, Level, Lint};

/// Where a lint's page is: `docs/lints.md#<name>`, a reference relative to the repository's
/// root (the project has no public home to link to yet, and an address that does not exist
/// is worse than none).
#[must_use]
pub fn help_uri(lint: &Lint) -> String {
    format!("docs/lints.md#{}", lint.name)
}

/// A lint as a flag or the config file names it, with the note to say on stderr when the
/// name is an old one, or the lint one only the build reports.
#[derive(Debug, Clone, Copy)]
pub struct Named {
    /// The lint.
    pub lint: &'static Lint,
    /// Whether it was named by an old name.
    pub old: bool,
}

impl Named {
    /// What to tell the user about the name they wrote, `name`: that it is an old one
    /// (accepted for this release), or that only the build reports the lint, so a level
    /// set here changes nothing.
    #[must_use]
    pub fn note(&self, name: &str) -> Option<String> {
        if self.old {
            Some(message::lint_renamed(name, self.lint.name))
        } else if !self.lint.cli_reports() {
            Some(message::lint_build_only(self.lint.name))
        } else {
            None
        }
    }
}

/// The lint `name` names (its name, or an old one), or a did-you-mean error naming every
/// lint when there is none: an unknown name never stands for another lint.
///
/// # Errors
/// `unknown lint `x`` with the closest name, or the list of names.
pub fn lint_named(name: &str) -> Result<Named, String> {
    if let Some(lint) = Lint::by_name(name) {
        return Ok(Named { lint, old: false });
    }
    if let Some(lint) = Lint::renamed(name) {
        return Ok(Named { lint, old: true });
    }
    let mut names: Vec<&str> = LINTS.iter().map(|l| l.name).collect();
    names.push(WARNINGS);
    Err(match mcp_toolname_rules::closest_name(name, &names) {
        Some(near) => format!(
            "unknown lint {}; did you mean `{near}`?",
            message::show(name)
        ),
        None => format!(
            "unknown lint {}; the lints are {} (`mcp-toolname lints` lists them, docs/lints.md \
             says what each finds)",
            message::show(name),
            message::joined(
                &names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>(),
                "and"
            )
        ),
    })
}

/// Every id `targets` takes: the contracts, then the clients (a client's prompt rule is
/// targeted by its client's id).
#[must_use]
pub fn target_ids() -> Vec<&'static str> {
    let clients = CLIENTS.iter().map(|c| c.id);
    ALL.iter().map(|c| c.id).chain(clients).collect()
}

/// A target id, checked, or a did-you-mean error.
///
/// # Errors
/// `unknown target `x`` with the closest id, or the list of ids.
pub fn target_named(id: &str) -> Result<&'static str, String> {
    let ids = target_ids();
    if let Some(found) = ids.iter().find(|known| **known == id) {
        return Ok(found);
    }
    Err(match mcp_toolname_rules::closest_name(id, &ids) {
        Some(near) => format!(
            "unknown target {}; did you mean `{near}`?",
            message::show(id)
        ),
        None => format!(
            "unknown target {}; a target is a contract or a client id: {}",
            message::show(id),
            message::joined(
                &ids.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>(),
                "or"
            )
        ),
    })
}

/// Where a lint's level came from: its default, the config file, or a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Default,
    Set,
}

/// A row of `mcp-toolname.toml` that set a lint's level: where it is, and the reason it
/// gives, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// What the row says (`reason = "..."`).
    pub text: Option<String>,
    /// The file, as the user gave it or as it was found.
    pub path: String,
    /// The row's line, 1-based.
    pub line: usize,
}

impl Reason {
    /// The file and line, as messages say them.
    #[must_use]
    pub fn at(&self) -> String {
        format!("{}, line {}", message::show(&self.path), self.line)
    }
}

/// What one run makes of each lint: its level (and the config row that set it, with its
/// reason), whether the project's `targets` narrow the contracts and clients, and the
/// `warnings` group.
#[derive(Debug, Clone)]
pub struct Levels {
    levels: Vec<(Level, Source)>,
    reasons: Vec<Option<Reason>>,
    targets: Option<Vec<&'static str>>,
    warnings: Option<(Level, Option<Reason>)>,
}

impl Default for Levels {
    fn default() -> Self {
        Self {
            levels: LINTS.iter().map(|l| (l.level, Source::Default)).collect(),
            reasons: vec![None; LINTS.len()],
            targets: None,
            warnings: None,
        }
    }
}

impl Levels {
    /// Sets `name` (a lint, an old name of one, or `warnings`: every lint left at warn) to
    /// `level`; a later call wins. Returns the note to say on stderr, if any ([`Named::note`]).
    ///
    /// # Errors
    /// An unknown name, with a did-you-mean.
    pub fn set(&mut self, name: &str, level: Level) -> Result<Option<String>, String> {
        if name == WARNINGS {
            self.warnings = Some((level, None));
            return Ok(None);
        }
        let named = lint_named(name)?;
        if let Some(i) = index(named.lint) {
            self.levels[i] = (level, Source::Set);
            self.reasons[i] = None;
        }
        Ok(named.note(name))
    }

    /// Records that the config row `row` set `name` (checked when read) to `level`; called
    /// right after [`Self::set`] for that row, which a later flag undoes.
    pub fn set_reason(&mut self, name: &str, level: Level, row: Reason) {
        if name == WARNINGS {
            self.warnings = Some((level, Some(row)));
        } else if let Some(i) = lint_named(name).ok().and_then(|n| index(n.lint)) {
            self.reasons[i] = Some(row);
        }
    }

    /// The config row that hides a finding of `lint` about `contract` and `client`, when one
    /// does: the lint's own `allow` row, or the `warnings` group's for a lint left at warn.
    #[must_use]
    pub fn allowed_by(
        &self,
        lint: &Lint,
        contract: Option<&str>,
        client: Option<&str>,
    ) -> Option<&Reason> {
        if self.of_about(lint, contract, client) != Level::Allow {
            return None;
        }
        let i = index(lint)?;
        match self.levels[i].0 {
            Level::Allow => self.reasons[i].as_ref(),
            Level::Warn => match &self.warnings {
                Some((Level::Allow, row)) => row.as_ref(),
                _ => None,
            },
            Level::Deny => None,
        }
    }

    /// `allow_without_reason` once per config row that allows a lint without a reason, when
    /// that lint is at deny level: what the config file itself adds to the exit code.
    #[must_use]
    pub fn settings_denied(&self) -> Vec<&'static str> {
        let lint = &mcp_toolname_rules::lint::ALLOW_WITHOUT_REASON;
        if self.of(lint) != Level::Deny {
            return Vec::new();
        }
        vec![lint.name; self.allowed_without_reason().len()]
    }

    /// Each lint name (or `warnings`) a config row allows without a reason, with the row.
    #[must_use]
    pub fn allowed_without_reason(&self) -> Vec<(&'static str, &Reason)> {
        let mut out: Vec<(&'static str, &Reason)> = LINTS
            .iter()
            .zip(&self.levels)
            .zip(&self.reasons)
            .filter_map(|((lint, (level, _)), row)| {
                let row = row.as_ref().filter(|r| r.text.is_none())?;
                (*level == Level::Allow).then_some((lint.name, row))
            })
            .collect();
        if let Some((Level::Allow, Some(row))) = &self.warnings
            && row.text.is_none()
        {
            out.push((WARNINGS, row));
        }
        out
    }

    /// Narrows the contracts and clients looked at to `ids` (already checked).
    pub fn set_targets(&mut self, ids: Vec<&'static str>) {
        self.targets = Some(ids);
    }

    /// The targets, when the project declared some.
    #[must_use]
    pub fn targets(&self) -> Option<&[&'static str]> {
        self.targets.as_deref()
    }

    /// Whether `schema_strict` is raised above allow, so that schemas are checked against
    /// OpenAI's strict mode ([`crate::arguments::audit`]).
    #[must_use]
    pub fn strict_schemas(&self) -> bool {
        self.level(mcp_toolname_rules::lint::SCHEMA_STRICT.name, None, None) != Level::Allow
    }

    /// The level of lint `name` for a finding about `contract` and `client` (ids, when it
    /// is about one). An unknown name is a bug: it is denied, so it shows, and it never takes
    /// another lint's level.
    #[must_use]
    pub fn level(&self, name: &str, contract: Option<&str>, client: Option<&str>) -> Level {
        let Some(lint) = Lint::by_name(name) else {
            debug_assert!(false, "no lint {name}");
            return Level::Deny;
        };
        self.of_about(lint, contract, client)
    }

    /// The level of `lint` for a finding about `contract` and `client`.
    #[must_use]
    pub fn of_about(&self, lint: &Lint, contract: Option<&str>, client: Option<&str>) -> Level {
        let Some(i) = index(lint) else {
            return Level::Deny;
        };
        let (mut level, source) = self.levels[i];
        if let Some(targets) = self.targets.as_ref().filter(|_| lint.targeted) {
            let about: Vec<&str> = contract
                .filter(|c| *c != MCP.id)
                .into_iter()
                .chain(client)
                .collect();
            if !about.is_empty() {
                if !about.iter().any(|id| targets.contains(id)) {
                    return Level::Allow;
                }
                if source == Source::Default {
                    level = Level::Deny;
                }
            }
        }
        match (level, &self.warnings) {
            (Level::Warn, Some((group, _))) => *group,
            _ => level,
        }
    }

    /// The level of `lint` for a finding about no one contract or client.
    #[must_use]
    pub fn of(&self, lint: &Lint) -> Level {
        self.of_about(lint, None, None)
    }
}

/// Where `lint` is in [`LINTS`] (and so in a [`Levels`]).
fn index(lint: &Lint) -> Option<usize> {
    LINTS.iter().position(|l| l == lint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_win_in_order_and_warnings_is_a_group() {
        let mut levels = Levels::default();
        assert_eq!(levels.level("spec", Some("mcp"), None), Level::Deny);
        levels.set("spec", Level::Warn).unwrap();
        assert_eq!(levels.level("spec", Some("mcp"), None), Level::Warn);
        levels.set("warnings", Level::Deny).unwrap();
        assert_eq!(levels.level("spec", Some("mcp"), None), Level::Deny);
        assert_eq!(levels.level("shared_name", None, None), Level::Allow);
        assert_eq!(
            levels.set("spеc", Level::Deny).unwrap_err(),
            "unknown lint `spеc`; did you mean `spec`?"
        );
    }

    #[test]
    fn targets_narrow_and_deny_by_default() {
        let mut levels = Levels::default();
        levels.set_targets(vec!["openai", "claude_code"]);
        assert_eq!(levels.level("contract", Some("openai"), None), Level::Deny);
        assert_eq!(levels.level("contract", Some("gemini"), None), Level::Allow);
        assert_eq!(levels.level("client", None, Some("codex")), Level::Allow);
        assert_eq!(
            levels.level("client", None, Some("claude_code")),
            Level::Deny
        );
        // The spec is always looked at, and keeps its own level.
        assert_eq!(levels.level("spec", Some("mcp"), None), Level::Deny);
        // A level set by hand wins over the targets' default.
        levels.set("client", Level::Warn).unwrap();
        assert_eq!(
            levels.level("client", None, Some("claude_code")),
            Level::Warn
        );
        // Findings about no one client are not narrowed.
        assert_eq!(levels.level("case_collision", None, None), Level::Warn);
        assert_eq!(
            target_named("open_ai").unwrap_err(),
            "unknown target `open_ai`; did you mean `openai`?"
        );
    }
}
