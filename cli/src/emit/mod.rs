//! Where the CLI writes what it found. Every command returns a [`Report`]; [`write`] picks the
//! format (the only `match` on it) and sends the bytes through the sink, which escapes and
//! masks every byte on its way out:
//!
//! - text ([`text::clean`]): every secret learned so far masked; every character that could
//!   hide, move or fake text (C0 and C1 controls but the line feed, DEL, bidi controls,
//!   zero-width and other invisible characters, U+2028/2029) written as a visible `\u{..}`
//!   escape; a line that would start with `::` (a GitHub runner executes such a line as a
//!   workflow command) has its first colon escaped;
//! - JSON and SARIF ([`json`], [`doc`]): every string redacted and its hidden characters
//!   written as `\uXXXX`, so the document reads back to the same strings;
//! - GitHub ([`github`]): each annotation's message and properties escaped as GitHub reads
//!   them, hidden characters as in text; no line but the emitter's own starts with `::`.
//!
//! The secrets masked are those [`crate::redact`] has learned by the time a line is written,
//! from the configs, command lines and headers the run read: one store for the whole
//! process, read alike by stderr and the report.
//!
//! Values are cut where they are put into words, not here: each value from outside that a
//! report repeats (a name in a finding or a change, a server's name in every SARIF result,
//! each GitHub title) is cut past 256 characters with its length and a short digest
//! ([`mcp_toolname_rules::message::short`]) by the code that says it, so output grows with
//! the number of findings, not with the length of what a server sent. The sink itself cuts
//! only a line on stderr ([`bounded`]).

/// `eprintln!` that ignores a closed or broken stderr instead of panicking (progress and
/// errors are for people, and losing them must not stop the run), through the text sink
/// ([`text::clean`]): every learned secret masked, nothing a terminal or a CI runner
/// would act on.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let line = $crate::emit::bounded(&format!($($arg)*));
        let _ = writeln!(std::io::stderr(), "{line}");
    }};
}

/// The most characters of one line written to stderr: an error quotes what it is about (a
/// path, a flag's value, a server's message), and a value of megabytes must not make
/// megabytes of log.
const MOST_LINE_CHARS: usize = 4096;

/// `line` through the text sink ([`text::clean`]: secrets masked, hidden characters
/// escaped), then cut past [`MOST_LINE_CHARS`] with how much was left out; cut after the
/// masking, so no part of a secret is left for the mask to miss.
#[must_use]
pub fn bounded(line: &str) -> String {
    let clean = text::clean(line);
    match clean.char_indices().nth(MOST_LINE_CHARS) {
        None => clean,
        Some((cut, _)) => {
            let left = clean[cut..].chars().count();
            format!("{}… ({left} more characters)", &clean[..cut])
        }
    }
}

/// Writes `error: <message>` on stderr, through [`bounded`]: the one way a command says
/// what went wrong outside its report.
pub fn error(message: &str) {
    say!("error: {message}");
}

pub mod doc;
pub mod github;
pub mod json;
pub mod sarif;
pub mod stream;
pub mod text;

use std::io::Write;
use std::path::PathBuf;

use crate::args::Format;
use crate::diag::{Failure, Found};
pub use doc::Doc;

/// The version of every JSON document the CLI writes; raised when a field changes meaning
/// or goes away (new fields do not raise it).
pub const SCHEMA_VERSION: u32 = 2;

/// What a command found, ready to be written in any format. A command builds one and
/// returns it; it never writes.
pub trait Report {
    /// The exit code of the run.
    fn exit_code(&self) -> u8;

    /// The report for people (`--format text`); empty when there is nothing to say on stdout.
    fn text(&self) -> String;

    /// [`Self::text`] written into `out` as it is made (the sink is [`stream::Lines`]); a
    /// report that can be long writes it piece by piece rather than whole.
    ///
    /// # Errors
    /// When `out` fails.
    fn write_text(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        out.write_str(&self.text())
    }

    /// The JSON document (`--format json`); [`write`] adds `schema_version`.
    fn json(&self) -> Doc<'_>;

    /// Each finding at warn or deny level and what could not be done (a server that could
    /// not be audited), for SARIF and GitHub.
    fn found(&self) -> Found<'_> {
        Found::default()
    }

    /// Whether the run stopped before it judged anything ([`Failure`]): nothing was found,
    /// so nothing was suppressed either.
    fn stopped(&self) -> bool {
        false
    }
}

/// Where a report goes: stdout, or a file (`snapshot --out`).
#[derive(Debug, Clone, Default)]
pub enum Sink {
    /// Standard output; a reader that stops early (`| head`) is not an error.
    #[default]
    Stdout,
    /// A file, created or replaced.
    File(PathBuf),
}

/// Writes `report` in `format` to `sink` and returns the report's exit code, or 2 when a
/// file could not be written. A JSON document is written as it is made ([`Doc`]), never held
/// whole. A run that could not be done (exit code 2 or more) replaces no file: a snapshot
/// that could not be taken leaves the last one as it was.
pub fn write(report: &dyn Report, format: Format, sink: &Sink) -> u8 {
    let code = report.exit_code();
    if code >= 2 && matches!(sink, Sink::File(_)) {
        return code;
    }
    let written = match sink {
        Sink::Stdout => write_format(report, format, std::io::stdout().lock()),
        Sink::File(path) => {
            std::fs::File::create(path).and_then(|file| write_format(report, format, file))
        }
    };
    match (written, sink) {
        (Ok(()), _) => code,
        // A reader that stops early (`| head`) is not an error.
        (Err(e), Sink::Stdout) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        (Err(e), Sink::Stdout) => {
            error(&format!("cannot write the report to stdout: {e}"));
            code
        }
        (Err(e), Sink::File(path)) => {
            error(&format!(
                "cannot write {}: {e}",
                mcp_toolname_rules::message::show(&path.to_string_lossy())
            ));
            2
        }
    }
}

/// The one `match` on the output format.
fn write_format(report: &dyn Report, format: Format, out: impl Write) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(out);
    match format {
        Format::Text => {
            let mut lines = stream::Lines::new(&mut out, false);
            let written = report.write_text(&mut lines);
            lines.finish(written)?;
        }
        Format::Json => report
            .json()
            .field("schema_version", SCHEMA_VERSION.into())
            .write_to(&mut out)?,
        Format::Sarif => sarif::log(report.found(), report.exit_code()).write_to(&mut out)?,
        Format::Github => github::write(report.found(), report.exit_code(), &mut out)?,
    }
    out.flush()
}

/// A run that stopped before it had anything to report (a config or a snapshot that cannot
/// be read, a server that could not be audited): nothing on stdout in text, `{error,
/// exit_code, secrets}` in JSON, one failure in SARIF and GitHub.
impl Report for Failure {
    fn exit_code(&self) -> u8 {
        self.exit.into()
    }

    fn text(&self) -> String {
        String::new()
    }

    fn json(&self) -> Doc<'_> {
        Doc::new(serde_json::json!({
            "error": self.message,
            "exit_code": self.exit_code(),
            "secrets": crate::redact::state(),
        }))
    }

    fn found(&self) -> Found<'_> {
        Found::new(Vec::new(), vec![self.clone()])
    }

    fn stopped(&self) -> bool {
        true
    }
}

impl Failure {
    /// Says the failure on stderr ([`error`]) and returns it as the report of the run.
    #[must_use]
    pub fn report(self) -> Box<dyn Report> {
        error(&self.message);
        Box::new(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line is cut after the mask, saying how much was left out, on a character boundary.
    #[test]
    fn a_line_on_stderr_is_cut_after_the_mask() {
        let short = "error: a short line";
        assert_eq!(bounded(short), short);
        let long = format!("{}é{}", "a".repeat(MOST_LINE_CHARS - 1), "b".repeat(100));
        let cut = bounded(&long);
        assert!(
            cut.ends_with("é… (100 more characters)"),
            "{}",
            &cut[cut.len() - 40..]
        );
        assert_eq!(
            cut.chars().count(),
            MOST_LINE_CHARS + "… (100 more characters)".len() - 2
        );
    }
}
