//! Suppressions: the findings a run leaves out of its exit code, and why.
//!
//! Two kinds, each after a convention users know:
//! - **Bulk**, as ESLint's `eslint-suppressions.json`: a committed file
//!   ([`file`], `mcp-toolname-suppressions.json` by default) lists today's findings;
//!   `--suppress-all` writes every finding at deny level into it, later runs fail only on
//!   findings not in it, and `--prune-suppressions` drops the entries no finding matches any
//!   more. A finding is matched by its [`fingerprint`] (its lint, the servers and names it is
//!   about, its contract and client), never by a line, so a config that moves keeps its
//!   suppressions; SARIF gives the same fingerprint as `partialFingerprints`.
//! - **Reasoned**, as Rust's `#[allow(lint, reason = "...")]` and Cargo's `[lints]`: a row of
//!   `mcp-toolname.toml` such as `look_alike = { level = "allow", reason = "..." }`. The
//!   findings it hides are listed with its reason.
//!
//! Each suppressed finding is still said: counted in the text (listed with `--verbose`), in
//! JSON's `suppressed[]`, and in SARIF as a result with `suppressions[]` (its `justification`
//! the reason), which code scanning shows as dismissed.
//!
//! The commands that judge findings (`check`, `audit`, `audit --config`) pass each one
//! through [`keep`] before they count it; [`begin`] sets up the run and [`gate`] wraps the
//! report with what was suppressed.

pub mod file;
mod report;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use crate::diag::{Diagnostic, Place};
use crate::lint::{Level, Levels, Reason};
use mcp_toolname_rules::lint::{self, Lint};
pub use report::gate;

/// The suppression options of `check` and `audit`, named as ESLint names them.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SuppressArgs {
    /// Write every finding at deny level into the suppressions file (added to those already
    /// there), so that later runs fail only on new findings; this run then exits 0 unless a
    /// server could not be audited.
    #[arg(long)]
    pub suppress_all: bool,
    /// The suppressions file (default: `mcp-toolname-suppressions.json` in the current
    /// directory).
    #[arg(long, value_name = "PATH")]
    pub suppressions_location: Option<PathBuf>,
    /// Drop the entries of the suppressions file that no finding of this run matches (a
    /// fixed finding), and write it back; not done when a server could not be audited.
    #[arg(long)]
    pub prune_suppressions: bool,
}

/// Why a finding is suppressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum By {
    /// An entry of the suppressions file (the path as given).
    File(String),
    /// A row of `mcp-toolname.toml` that allows its lint, with a reason: the file and line.
    Config(String, usize),
}

/// A finding's suppression: by what, and the reason given, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suppressed {
    /// The file entry or config row.
    pub by: By,
    /// The reason: the row's `reason`, or the file entry's optional `reason`.
    pub justification: Option<String>,
}

/// The stable identity of a finding: the lowercase hex of the first 16 bytes of SHA-256 over
/// its lint, its places (server and name, sorted), its contract, its client and its `detail`
/// (what tells apart findings of one lint about one place: the argument, the file and list of
/// an entry, the amount of growth; [`Diagnostic::detail`]). Each field is written with its
/// length first (absent fields apart from empty ones), so no name, whatever bytes it holds,
/// can make two findings' fields read alike.
#[must_use]
pub fn fingerprint(
    lint: &str,
    places: &[Place],
    contract: Option<&str>,
    client: Option<&str>,
    detail: Option<&str>,
) -> String {
    fn field(hash: &mut Sha256, value: Option<&str>) {
        match value {
            None => hash.update([0u8]),
            Some(v) => {
                hash.update([1u8]);
                hash.update((v.len() as u64).to_le_bytes());
                hash.update(v.as_bytes());
            }
        }
    }
    let mut sorted: Vec<&Place> = places.iter().collect();
    sorted.sort();
    sorted.dedup();
    let mut hash = Sha256::new();
    hash.update(b"mcp-toolname/v1");
    field(&mut hash, Some(lint));
    hash.update((sorted.len() as u64).to_le_bytes());
    for place in sorted {
        field(&mut hash, place.server.as_deref());
        field(&mut hash, place.item.as_deref());
    }
    for id in [contract, client, detail] {
        field(&mut hash, id);
    }
    hash.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The lints whose findings about one place can be several, told apart only by what their
/// message says: an argument of a tool (`argument_name`), how far a list or a cost went
/// (`too_many_tools`, `token_growth`). Their message is their [`Diagnostic::detail`]: a new bad
/// argument, or more growth, is a new finding, not one the file already lists.
const TOLD_BY_MESSAGE: &[&Lint] = &[
    &lint::ARGUMENT_NAME,
    &lint::ARGUMENT_CONTRACT,
    &lint::SCHEMA_ROOT,
    &lint::SCHEMA_STRICT,
    &lint::SCHEMA_REF,
    &lint::TOO_MANY_TOOLS,
    &lint::TOKEN_GROWTH,
];

/// The detail of a finding of `lint` saying `message` ([`TOLD_BY_MESSAGE`]).
#[must_use]
pub fn detail_of(lint: &Lint, message: &str) -> Option<String> {
    TOLD_BY_MESSAGE.contains(&lint).then(|| message.to_owned())
}

/// `path` as a fingerprint takes it: without `.` parts, so `./.mcp.json` (as the pre-commit
/// hook passes it) and `.mcp.json` are one file.
#[must_use]
pub fn plain_path(path: &str) -> String {
    std::path::Path::new(path)
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect::<std::path::PathBuf>()
        .to_string_lossy()
        .into_owned()
}

/// The fingerprint of several findings said as one (a name six contracts refuse is one
/// SARIF result): a lone finding's own, else one over the sorted fingerprints of all.
#[must_use]
pub fn combined(fingerprints: &[&str]) -> String {
    match fingerprints {
        [one] => (*one).to_owned(),
        many => {
            let mut sorted = many.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            let mut hash = Sha256::new();
            for f in sorted {
                hash.update(f.as_bytes());
                hash.update(b"\x1f");
            }
            hash.finalize()[..16]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        }
    }
}

/// What one run does with suppressions, and what it found to suppress.
#[derive(Debug)]
pub struct Run {
    /// The suppressions file as read (empty when there is none yet).
    pub file: file::Suppressions,
    /// `--suppress-all`.
    pub suppress_all: bool,
    /// `--prune-suppressions`.
    pub prune: bool,
    /// `--verbose`.
    pub verbose: bool,
    /// The fingerprints of the file's entries that a finding of this run matched.
    pub matched: HashSet<String>,
    /// The servers this run judged (`None`: findings about no server, as `check`'s): an entry
    /// about other servers is neither matched nor unused, so a run of `check`, or of one
    /// server, never reports (or prunes) a config's entries.
    pub judged: HashSet<Option<String>>,
    /// The findings suppressed, in the order judged; each with its suppression.
    pub suppressed: Vec<Diagnostic>,
    /// The entries `--suppress-all` adds.
    pub added: Vec<file::Entry>,
    /// Each lint (or `warnings`) a config row allows without a reason, the row, and the level
    /// of `allow_without_reason` in this run.
    pub unreasoned: Vec<(&'static str, Reason)>,
    /// The level of `allow_without_reason`.
    pub unreasoned_level: Level,
}

impl Default for Run {
    fn default() -> Self {
        Self {
            file: file::Suppressions::default(),
            suppress_all: false,
            prune: false,
            verbose: false,
            matched: HashSet::new(),
            judged: HashSet::new(),
            suppressed: Vec::new(),
            added: Vec::new(),
            unreasoned: Vec::new(),
            unreasoned_level: Level::Allow,
        }
    }
}

impl Run {
    /// Whether this run judged every server `entry` is about, so that no finding matching it
    /// means the finding is gone.
    #[must_use]
    pub fn in_scope(&self, entry: &file::Entry) -> bool {
        if entry.places.is_empty() {
            return self.judged.contains(&None);
        }
        entry.places.iter().all(|p| self.judged.contains(&p.server))
    }

    /// Whether `d` (at its level for this run, [`Level::Allow`] included) is left in: not when
    /// the file lists it or `--suppress-all` takes it (it is recorded as suppressed instead).
    /// An allowed finding stays (it counts for nothing), recorded when a config row with a
    /// reason allows it.
    pub fn judge(&mut self, mut d: Diagnostic, allowed_by: Option<&Reason>) -> bool {
        if let Some(entry) = self.file.find(&d.fingerprint) {
            self.matched.insert(d.fingerprint.clone());
            if d.level == Level::Allow {
                return true;
            }
            d.suppressed = Some(Suppressed {
                by: By::File(self.file.shown.clone()),
                justification: entry.reason.clone(),
            });
            self.suppressed.push(d);
            return false;
        }
        if self.suppress_all && d.level == Level::Deny {
            if !self.added.iter().any(|e| e.fingerprint == d.fingerprint) {
                self.added.push(file::Entry::of(&d));
            }
            d.suppressed = Some(Suppressed {
                by: By::File(self.file.shown.clone()),
                justification: None,
            });
            self.suppressed.push(d);
            return false;
        }
        if d.level == Level::Allow
            && let Some(row) = allowed_by.filter(|r| r.text.is_some())
        {
            d.suppressed = Some(Suppressed {
                by: By::Config(row.path.clone(), row.line),
                justification: row.text.clone(),
            });
            self.suppressed.push(d);
        }
        true
    }
}

/// The run's suppressions, set by [`begin`] and taken by [`gate`]; `None` outside a command
/// that judges findings (and in unit tests, where [`keep`] keeps everything).
static RUN: Mutex<Option<Run>> = Mutex::new(None);

/// Sets up the run: reads the suppressions file `args` name (or the default one, when it is
/// there) and notes the config rows that allow a lint without a reason.
///
/// # Errors
/// A suppressions file that cannot be read or has a mistake, naming the file and where.
pub fn begin(args: &SuppressArgs, levels: &Levels, verbose: bool) -> Result<(), String> {
    let file = file::Suppressions::load(args.suppressions_location.as_deref())?;
    let run = Run {
        file,
        suppress_all: args.suppress_all,
        prune: args.prune_suppressions,
        verbose,
        unreasoned: levels
            .allowed_without_reason()
            .into_iter()
            .map(|(name, row)| (name, row.clone()))
            .collect(),
        unreasoned_level: levels.of(&mcp_toolname_rules::lint::ALLOW_WITHOUT_REASON),
        ..Run::default()
    };
    *RUN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(run);
    Ok(())
}

/// Whether the finding `d` makes (at its level for this run, allowed ones included) is left
/// in the report and its exit code; see [`Run::judge`]. Everything is kept outside a run.
pub fn keep(levels: &Levels, d: impl FnOnce() -> Diagnostic) -> bool {
    let mut run = RUN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some(run) = run.as_mut() else {
        return true;
    };
    let d = d();
    let row = levels.allowed_by(d.lint, d.contract, d.client).cloned();
    run.judge(d, row.as_ref())
}

/// Records that this run judged `server` (its key in a config, or the name `audit` gives
/// one server; `None` for findings about no server), whatever it found.
pub fn judged(server: Option<&str>) {
    let mut run = RUN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(run) = run.as_mut() {
        run.judged.insert(server.map(str::to_owned));
    }
}

/// The run set up by [`begin`], taken.
fn take() -> Option<Run> {
    RUN.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
}

#[cfg(test)]
mod tests;
