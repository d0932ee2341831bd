//! The text of `check`: the server key's advice and findings, a verdict line per name, and
//! under `--verbose` each contract, each client's form of the name and the fix, then the
//! summary.

use mcp_toolname_rules::message;

use super::{Checked, Judged};
use crate::verdict::{self, Tally};
use crate::wrap::{self, plural};

/// Width of the first column (contract and client ids).
const ID_WIDTH: usize = 12;
/// Width of the column saying what a client does with the name.
const FATE_WIDTH: usize = 11;

/// What `--verbose` says under one name: its verdict under each contract, its form under each
/// client, and the fix. Tool and prompt names fill it in their own words; one writer lays it
/// out, so the two read alike.
pub struct Detail {
    /// The heading of the contracts' part: `contracts`, or `contract` for prompt names.
    pub contracts: &'static str,
    /// The contracts' rows: the id column (`pass`, `problem`, a contract's id, or empty for
    /// a line that goes on), then the text.
    pub rows: Vec<(&'static str, String)>,
    /// Each client's row; `None` when there is no name for a client to read.
    pub clients: Option<Vec<Row>>,
    /// The suggestion line; `None` when it is not said.
    pub fix: Option<Fix>,
}

/// What one client makes of a name: its form and, when that fails, why.
pub struct Row {
    /// The client's id.
    pub id: &'static str,
    /// What the client does with it: a fate (`kept`, `renamed`) or whether a command runs.
    pub word: &'static str,
    /// The name the client shows or the command a user types.
    pub name: String,
    /// Why that fails, when it does.
    pub problem: Option<String>,
}

/// The suggestion line.
pub enum Fix {
    /// The name needs no fix.
    Needless,
    /// What to do (`write \`x\` instead`, or that no name can be made), and what the name
    /// offered passes, when one is.
    Write(String, Option<String>),
}

impl Detail {
    /// The block, one line each, the clients under the server key `key` as the clients read
    /// it (`scope`: a plugin or connector it is in).
    fn write(&self, key: &str, scope: &str) -> String {
        let mut out = format!("  {}:\n", self.contracts);
        for (id, text) in &self.rows {
            out.push_str(&format!("    {id:<ID_WIDTH$} {text}\n"));
        }
        if let Some(clients) = &self.clients {
            let key = message::show(key);
            out.push_str(&format!("  clients (server key {key}{scope}):\n"));
            for row in clients {
                out.push_str(&format!(
                    "    {:<ID_WIDTH$} {:<FATE_WIDTH$} {}\n",
                    row.id,
                    row.word,
                    message::show(&row.name)
                ));
                if let Some(problem) = &row.problem {
                    out.push_str(&format!("    {:<ID_WIDTH$} {problem}\n", ""));
                }
            }
        }
        match &self.fix {
            None => {}
            Some(Fix::Needless) => out.push_str("  suggestion:  none needed\n"),
            Some(Fix::Write(help, None)) => out.push_str(&format!("  suggestion:  {help}\n")),
            Some(Fix::Write(help, Some(passes))) => {
                out.push_str(&format!("  suggestion:  {help} ({passes})\n"));
            }
        }
        out
    }
}

/// The text report: the server key's advice and findings, a verdict line per name (and every
/// detail under `--verbose`), then the summary and what the exit code says.
#[must_use]
pub(super) fn text<R: Judged>(checked: &Checked<R>) -> String {
    let Checked {
        inputs, keys, out, ..
    } = checked;
    let mut text = String::new();
    if let Some(advice) = keys.advice().filter(|_| R::KEYED) {
        text.push_str(&wrap::hanging("", &advice, 2));
        text.push('\n');
    }
    let mut all = verdict::visible(&checked.key_findings, &out.levels);
    for seen in &all {
        text.push_str(&verdict::line(0, Some(seen.level), &verdict::finding(seen)));
    }
    if !all.is_empty() {
        text.push('\n');
    }
    let scope = keys.scope();
    let mut tally = Tally::default();
    for (input, findings) in inputs.iter().zip(&checked.per_name) {
        let own = verdict::visible(findings, &out.levels);
        let (level, line) = input.verdict(&own);
        tally.add(level);
        text.push_str(&verdict::line(0, level, &line));
        if out.verbose {
            text.push_str(&wrap::block(&R::detail(input).write(&keys.key, &scope)));
            text.push('\n');
        }
        all.extend(own);
    }
    let (one, many) = R::NOUNS;
    let hint = if out.verbose {
        text.push_str(&wrap::hanging("", &R::verified(), 2));
        String::new()
    } else {
        text.push('\n');
        format!("; --verbose shows {}", R::VERBOSE_SHOWS)
    };
    let count = inputs.len();
    let summary = format!(
        "summary: {count} {}: {}{hint}",
        plural(count, one, many),
        tally.words()
    );
    text.push_str(&wrap::hanging("", &summary, 2));
    text.push_str(&verdict::exit_line(&all, &out.levels.settings_denied()));
    text.push('\n');
    text
}
