//! Lints: every finding kind has a stable name ([`LINTS`]), a default [`Level`] and a page
//! in `docs/lints.md`. [`Levels`] says what a run makes of each finding, from the defaults,
//! the config file ([`file`]) and `--deny`/`--warn`/`--allow`, in that order, the last word
//! winning; a project's `targets` narrow the contracts and clients looked at.

pub mod file;
mod table;

use mcp_toolname_rules::{ALL, CLIENTS, MCP, PROMPT_CLIENTS, message};
use serde::Serialize;

pub use table::LINTS;

/// How loud a finding is. Ordered: `Allow < Warn < Deny`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
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
    pub const WORDS: [&'static str; 3] = ["deny", "warn", "allow"];

    /// `deny`, `warn` or `allow`.
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
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Deny => "deny",
            Self::Warn => "warn",
            Self::Allow => "allow",
        }
    }

    /// What a report calls a finding at this level: `error`, `warning`, `allowed`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Deny => "error",
            Self::Warn => "warning",
            Self::Allow => "allowed",
        }
    }
}

/// One lint: a finding kind, its name and default level, and the words of its page.
#[derive(Debug)]
pub struct Lint {
    /// The stable name: the finding's `kind` in JSON, the name flags and the config take.
    pub name: &'static str,
    /// The level when nothing sets another.
    pub level: Level,
    /// Whether its findings are about one contract or one client: left out for a contract or
    /// client outside a project's `targets`, and denied by default for one inside.
    pub targeted: bool,
    /// Whether its findings' messages already end with what to do (the rules crate's
    /// sentences past the names do), so no [`Self::help`] is added to them.
    pub said: bool,
    /// The commands that report it, in Markdown.
    pub reported_by: &'static str,
    /// One line, lower case, no period: the SARIF short description.
    pub summary: &'static str,
    /// What it finds (Markdown).
    pub finds: &'static str,
    /// Why the default level (Markdown).
    pub why: &'static str,
    /// What to do, in a few words: the end of each text finding that has no fix of its own.
    pub help: &'static str,
    /// How to fix it (Markdown).
    pub fix: &'static str,
}

/// Where a lint's page is: `docs/lints.md#<name>`, a reference relative to the repository's
/// root (the project has no public home to link to yet, and an address that does not exist
/// is worse than none).
#[must_use]
pub fn help_uri(lint: &Lint) -> String {
    format!("docs/lints.md#{}", lint.name)
}

/// The name of a lint, or a did-you-mean error naming every lint when there is none.
///
/// # Errors
/// `unknown lint `x`` with the closest name, or the list of names.
pub fn lint_named(name: &str) -> Result<&'static Lint, String> {
    if let Some(lint) = Lint::by_name(name) {
        return Ok(lint);
    }
    let mut names: Vec<&str> = LINTS.iter().map(|l| l.name).collect();
    names.push("warnings");
    Err(match message::closest(name, &names) {
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

/// Every id `targets` takes: the contracts, then the tool and prompt clients.
#[must_use]
pub fn target_ids() -> Vec<&'static str> {
    let mut ids: Vec<&str> = ALL.iter().map(|c| c.id).collect();
    for id in CLIENTS
        .iter()
        .map(|c| c.id)
        .chain(PROMPT_CLIENTS.iter().map(|c| c.id))
    {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
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
    Err(match message::closest(id, &ids) {
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

/// What one run makes of each lint: its level, whether the project's `targets` narrow the
/// contracts and clients, and the `warnings` group.
#[derive(Debug, Clone)]
pub struct Levels {
    levels: Vec<(Level, Source)>,
    targets: Option<Vec<&'static str>>,
    warnings: Option<Level>,
}

impl Default for Levels {
    fn default() -> Self {
        Self {
            levels: LINTS.iter().map(|l| (l.level, Source::Default)).collect(),
            targets: None,
            warnings: None,
        }
    }
}

impl Levels {
    /// Sets `name` (a lint, or `warnings`: every lint left at warn) to `level`; a later call
    /// wins.
    ///
    /// # Errors
    /// An unknown name, with a did-you-mean.
    pub fn set(&mut self, name: &str, level: Level) -> Result<(), String> {
        if name == "warnings" {
            self.warnings = Some(level);
            return Ok(());
        }
        let lint = lint_named(name)?;
        let i = LINTS
            .iter()
            .position(|l| l.name == lint.name)
            .unwrap_or_default();
        self.levels[i] = (level, Source::Set);
        Ok(())
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

    /// The level of lint `name` for a finding about `contract` and `client` (ids, when it
    /// is about one). An unknown name is a bug: it is denied, so it shows.
    #[must_use]
    pub fn level(&self, name: &str, contract: Option<&str>, client: Option<&str>) -> Level {
        let Some(i) = LINTS.iter().position(|l| l.name == name) else {
            debug_assert!(false, "no lint {name}");
            return Level::Deny;
        };
        let lint = &LINTS[i];
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
        match (level, self.warnings) {
            (Level::Warn, Some(group)) => group,
            _ => level,
        }
    }

    /// The level of `lint` for a finding about no one contract or client.
    #[must_use]
    pub fn of(&self, lint: &Lint) -> Level {
        self.level(lint.name, None, None)
    }
}

/// The generated part of `docs/lints.md`: a table of every lint, then one section each.
#[cfg(test)]
fn markdown() -> String {
    let mut out = String::from("| lint | default | finds |\n| --- | --- | --- |\n");
    for lint in &LINTS {
        out.push_str(&format!(
            "| [`{name}`](#{name}) | {level} | {summary} |\n",
            name = lint.name,
            level = lint.level.word(),
            summary = lint.summary.replace('|', "\\|"),
        ));
    }
    out.push('\n');
    for lint in &LINTS {
        out.push_str(&format!(
            "### {name}\n\n**{summary}.** Default: **{level}**. Reported by {by}.\n\n\
             **What it finds.** {finds}\n\n**Why {level}.** {why}\n\n**What to do.** {fix}\n\n\
             **Its level.** `--deny {name}`, `--warn {name}` or `--allow {name}` on the command \
             line, or `{name} = \"deny\"` (`\"warn\"`, `\"allow\"`) under `[lints]` in \
             `mcp-toolname.toml`.\n\n",
            name = lint.name,
            summary = capitalised(lint.summary),
            level = lint.level.word(),
            by = lint.reported_by,
            finds = lint.finds,
            why = lint.why.split_once(". ").map_or(lint.why, |(_, rest)| rest),
            fix = lint.fix,
        ));
    }
    out
}

#[cfg(test)]
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_every_text_is_written() {
        let mut seen = std::collections::HashSet::new();
        for lint in &LINTS {
            assert!(seen.insert(lint.name), "{} twice", lint.name);
            assert!(
                lint.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_'),
                "{}",
                lint.name
            );
            assert!(
                lint.why
                    .starts_with(&format!("{}. ", capitalised(lint.level.word()))),
                "{}: `why` opens with its level",
                lint.name
            );
            for text in [lint.summary, lint.finds, lint.help, lint.fix] {
                assert!(!text.is_empty() && !text.contains("  "), "{}", lint.name);
            }
            assert!(!lint.summary.ends_with('.') && !lint.help.ends_with('.'));
        }
    }

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
            levels.set("spcе", Level::Deny).unwrap_err(),
            "unknown lint `spcе`; did you mean `spec`?"
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

    /// docs/lints.md carries one section per lint between markers; regenerate them with
    /// `UPDATE_DOCS=1 cargo test -p mcp-toolname-cli --bin mcp-toolname lint`.
    #[test]
    fn docs_lints_md_is_generated_from_the_table() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/lints.md");
        let (start, end) = ("<!-- lints:start -->\n", "<!-- lints:end -->");
        let doc = std::fs::read_to_string(path).expect("docs/lints.md");
        let from = doc.find(start).expect("start marker") + start.len();
        let to = doc.find(end).expect("end marker");
        let generated = markdown();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            let updated = format!("{}{generated}{}", &doc[..from], &doc[to..]);
            std::fs::write(path, updated).expect("docs/lints.md written");
        } else {
            assert!(
                doc[from..to] == generated,
                "docs/lints.md is stale: run with UPDATE_DOCS=1"
            );
        }
    }

    /// The lints docs/lints.md says `targets` change are the table's targeted ones.
    #[test]
    fn docs_lints_md_names_every_targeted_lint() {
        let doc = include_str!("../../../docs/lints.md");
        let from = doc
            .find("the lints about one contract or one client")
            .expect("the targets paragraph");
        let to = from + doc[from..].find(") change in two ways").expect("its end");
        let said: Vec<&str> = doc[from..to].split('`').skip(1).step_by(2).collect();
        let targeted: Vec<&str> = LINTS
            .iter()
            .filter(|l| l.targeted)
            .map(|l| l.name)
            .collect();
        assert_eq!(
            said, targeted,
            "docs/lints.md's list of lints targets change"
        );
    }
}
