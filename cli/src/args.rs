//! The options `check`, `audit`, `diff` and `lints` share: the output format, how much the text
//! says, and the lint options, read into each lint's level for the run ([`LintArgs::levels`]).

use std::path::PathBuf;
use std::time::Duration;

use clap::{ArgMatches, ValueEnum};

use crate::cost::threshold::Threshold;
use crate::lint::{self, Level, Levels};

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A report for people.
    Text,
    /// One JSON document, for CI.
    Json,
    /// A SARIF 2.1.0 log, for code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
}

/// Output format of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// A report for people.
    Text,
    /// One JSON document, for CI.
    Json,
}

impl From<DiffFormat> for Format {
    fn from(format: DiffFormat) -> Self {
        match format {
            DiffFormat::Text => Self::Text,
            DiffFormat::Json => Self::Json,
        }
    }
}

/// How a run reports: how much the text says, and each lint's level. The format is not
/// here: commands return reports, and only [`crate::emit`] reads it.
#[derive(Debug, Clone)]
pub struct Output {
    /// Whether the text report gives every detail.
    pub verbose: bool,
    /// Each lint's level.
    pub levels: Levels,
    /// The token growth threshold the config file sets (`max_token_growth`), which
    /// `--max-token-growth` replaces.
    pub max_token_growth: Option<Threshold>,
}

/// The lint options of `check`, `audit`, `diff` and `lints`.
#[derive(Debug, Clone, clap::Args)]
pub struct LintArgs {
    /// Make lint LINT an error: shown, and the exit code is 1 (repeatable; `warnings` for
    /// every lint at warn). Of the flags naming one lint, the last wins; they win over the
    /// config file.
    #[arg(long = "deny", short = 'D', value_name = "LINT")]
    deny: Vec<String>,
    /// Make lint LINT a warning: shown, exit code 0 (repeatable).
    #[arg(long = "warn", short = 'W', value_name = "LINT")]
    warn: Vec<String>,
    /// Hide lint LINT's findings from the text, SARIF and GitHub output (repeatable; JSON keeps
    /// them with `level: "allow"`).
    #[arg(long = "allow", short = 'A', value_name = "LINT")]
    allow: Vec<String>,
    /// A contract or client the project targets (repeatable): findings about any other are
    /// hidden, those about a target are errors unless a level says otherwise, and a suggested
    /// name meets the targets alone (as under `#[tool_registry(targets(...))]`). Replaces the
    /// config file's `targets`.
    #[arg(long = "target", value_name = "ID")]
    targets: Vec<String>,
    /// The lint config file (by default `mcp-toolname.toml` or `.mcp-toolname.toml` in the
    /// current directory or the nearest parent holding one).
    #[arg(long, value_name = "PATH", conflicts_with = "no_config_file")]
    config_file: Option<PathBuf>,
    /// Read no lint config file.
    #[arg(long)]
    no_config_file: bool,
}

impl LintArgs {
    /// How a run reports: `verbose`, and [`Self::levels`].
    ///
    /// # Errors
    /// As [`Self::levels`].
    pub fn output(&self, verbose: bool, matches: Option<&ArgMatches>) -> Result<Output, String> {
        self.read(matches).map(|(levels, max_token_growth)| Output {
            verbose,
            levels,
            max_token_growth,
        })
    }

    /// The levels of this run: the defaults, then the config file, then the flags in the
    /// order given, then `--target`.
    ///
    /// # Errors
    /// A config file that cannot be read or has a mistake, or a flag naming no lint or target.
    pub fn levels(&self, matches: Option<&ArgMatches>) -> Result<Levels, String> {
        self.read(matches).map(|(levels, _)| levels)
    }

    /// [`Self::levels`], and the config file's `max_token_growth`.
    fn read(&self, matches: Option<&ArgMatches>) -> Result<(Levels, Option<Threshold>), String> {
        let mut levels = Levels::default();
        let mut max_token_growth = None;
        let path = if self.no_config_file {
            None
        } else if let Some(path) = &self.config_file {
            Some(path.clone())
        } else {
            let here = std::env::current_dir()
                .map_err(|e| format!("cannot read the current directory: {e}"))?;
            lint::file::find(&here)?
        };
        if let Some(path) = path {
            let settings = lint::file::read(&path)?;
            say!(
                "lint settings from {}",
                mcp_toolname_rules::message::show(&path.to_string_lossy())
            );
            for note in &settings.notes {
                say!("note: {note}");
            }
            settings.apply(&mut levels);
            max_token_growth = settings.max_token_growth;
        }
        let mut flags: Vec<(usize, Level, &String)> = Vec::new();
        for (id, level, values) in [
            ("deny", Level::Deny, &self.deny),
            ("warn", Level::Warn, &self.warn),
            ("allow", Level::Allow, &self.allow),
        ] {
            let indices: Vec<usize> = matches
                .and_then(|m| m.indices_of(id))
                .map(Iterator::collect)
                .unwrap_or_default();
            for (i, value) in values.iter().enumerate() {
                flags.push((indices.get(i).copied().unwrap_or(i), level, value));
            }
        }
        flags.sort_by_key(|(i, _, _)| *i);
        for (_, level, name) in flags {
            // The error names the value, cut as every outside string is: a 100 KB value is
            // not echoed whole.
            let note = levels
                .set(name, level)
                .map_err(|e| format!("--{}: {e}", level.word()))?;
            if let Some(note) = note {
                say!(
                    "note: --{} {}: {note}",
                    level.word(),
                    mcp_toolname_rules::message::show(name)
                );
            }
        }
        if !self.targets.is_empty() {
            let mut ids = Vec::new();
            for id in &self.targets {
                ids.push(lint::target_named(id).map_err(|e| format!("--target: {e}"))?);
            }
            levels.set_targets(ids);
        }
        Ok((levels, max_token_growth))
    }
}

/// `--timeout`: seconds, above 0, fractions allowed.
///
/// # Errors
/// Text that is not such a number, saying what is expected.
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|secs| Duration::try_from_secs_f64(secs).ok())
        .filter(|t| !t.is_zero() && t.as_secs() <= 1 << 32)
        .ok_or_else(|| "expected a number of seconds above 0, such as 30 or 2.5".to_owned())
}

/// Name `position` (1-based, for messages) of the command line as text; when it is not
/// UTF-8, why no client can use it (`what` says what the name is for: `a tool name travels in
/// a JSON string, so no contract can pass it`), naming the first invalid byte.
///
/// # Errors
/// The name is not UTF-8; the message names its first invalid byte and where it is.
pub fn read_name<'a>(
    arg: &'a std::ffi::OsStr,
    position: usize,
    what: &str,
) -> Result<&'a str, String> {
    let bytes = arg.as_encoded_bytes();
    std::str::from_utf8(bytes).map_err(|err| {
        let at = err.valid_up_to();
        let byte = bytes.get(at).copied().unwrap_or_default();
        format!("name {position} is not valid UTF-8 (byte 0x{byte:02X} at byte index {at}); {what}")
    })
}
