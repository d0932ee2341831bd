//! `--format github`: GitHub Actions workflow commands, one per name and place that is not
//! allowed (`::error file=.mcp.json,line=3,title=...::message` for a deny-level one,
//! `::warning` for a warn-level one; the findings of one lint about one name are one
//! annotation, listing each contract or client), one `::error` per failure, then a line
//! counting them. Outside a file (an audit of a command or a URL) the annotation names the
//! server in its title.

use std::io::{self, Write};

use mcp_toolname_rules::message::short;

use crate::diag::{Diagnostic, Found, Spot, grouped};
use crate::lint::Level;
use crate::wrap::plural;

/// A workflow command's message: secrets masked, `%`, CR and LF escaped as GitHub reads
/// them, and every other character that could hide or fake text as in the text report.
fn data(text: &str) -> String {
    // Secrets are masked before `%` is encoded, which would hide them from the sink's pass.
    let text = crate::redact::text(text);
    let text = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    super::text::escape(&text).into_owned()
}

/// A workflow command's property value: as [`data`], and `:` and `,` too.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

fn command(kind: &str, spot: Option<&Spot>, title: &str, message: &str) -> String {
    let mut props = Vec::new();
    if let Some(spot) = spot {
        props.push(format!("file={}", property(&spot.path)));
        if let Some(line) = spot.line {
            props.push(format!("line={line}"));
            if let Some(column) = spot.column {
                props.push(format!("col={column}"));
            }
        }
    }
    props.push(format!("title={}", property(title)));
    format!("::{kind} {}::{}\n", props.join(","), data(message))
}

fn annotation(d: &Diagnostic) -> String {
    let kind = if d.level == Level::Deny {
        "error"
    } else {
        "warning"
    };
    let title = match &d.server {
        Some(server) => format!("mcp-toolname {} (server {})", d.lint.name, short(server)),
        None => format!("mcp-toolname {}", d.lint.name),
    };
    command(kind, d.spot.as_ref(), &title, &d.text())
}

/// Writes the workflow commands for what a run `found` to `out`, each as it is made (one per
/// name and place, [`grouped`], and one per failure), through the sink
/// ([`super::text::clean_annotations`]), and a last line counting them with the run's exit
/// code.
///
/// # Errors
/// `out` could not be written.
pub fn write(found: Found<'_>, exit_code: u8, out: &mut dyn Write) -> io::Result<()> {
    let mut put = |line: &str| out.write_all(super::text::clean_annotations(line).as_bytes());
    // A suppressed finding is no annotation: the suppression is the team's decision.
    let shown: Vec<_> = found
        .diagnostics
        .into_iter()
        .filter(|d| d.suppressed.is_none())
        .collect();
    let diagnostics = grouped(&shown);
    for d in &diagnostics {
        put(&annotation(d))?;
    }
    let mut failures = 0;
    for f in found.failures {
        failures += 1;
        put(&command(
            "error",
            f.spot.as_ref(),
            "mcp-toolname: could not audit",
            &f.message,
        ))?;
    }
    let errors = diagnostics
        .iter()
        .filter(|d| d.level == Level::Deny)
        .count();
    let warnings = diagnostics.len() - errors;
    put(&format!(
        "mcp-toolname: {errors} {}, {warnings} {}{}; exit code {}\n",
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings"),
        if failures == 0 {
            String::new()
        } else {
            format!(
                ", {failures} {} could not be audited",
                plural(failures, "server", "servers")
            )
        },
        exit_code
    ))
}

/// [`write`] to a string.
#[cfg(test)]
#[must_use]
pub fn text(found: Found<'_>, exit_code: u8) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write(found, exit_code, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::Lint;

    #[test]
    fn escapes_and_shape() {
        let mut d = Diagnostic::new(
            Lint::by_name("spec").unwrap(),
            Level::Deny,
            "tool name `a,b` contains a comma: 100%\nnext".to_owned(),
            crate::diag::places(Some("calc:1"), &["a,b".to_owned()]),
            None,
            None,
        );
        d.help = Some("write `a_b` instead".to_owned());
        d.server = Some("calc:1".to_owned());
        d.spot = Some(Spot {
            path: "dir,x/.mcp.json".to_owned(),
            line: Some(3),
            column: None,
        });
        assert_eq!(
            annotation(&d),
            "::error file=dir%2Cx/.mcp.json,line=3,title=mcp-toolname spec (server calc%3A1)::\
             tool name `a,b` contains a comma: 100%25%0Anext; write `a_b` instead\n"
        );
    }
}
