//! The bulk suppressions file: `mcp-toolname-suppressions.json` in the current directory
//! (as ESLint's `eslint-suppressions.json`), or the path `--suppressions-location` gives.
//!
//! ```json
//! {
//!   "version": 1,
//!   "suppressions": [
//!     {
//!       "fingerprint": "5b0c5e2a9f0d3c1e8a7b6c5d4e3f2a1b",
//!       "lint": "contract",
//!       "places": [{ "server": "github", "name": "admin.tools.list" }],
//!       "contract": "openai"
//!     }
//!   ]
//! }
//! ```
//!
//! An entry's fields decide what it matches; `fingerprint` is written beside them so that a
//! reader can find the SARIF result (`partialFingerprints`) it stands for, and is made again
//! from the fields when read. An entry may carry a `reason`, shown as the suppression's
//! justification. Entries are written sorted, so the file changes only where findings do.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use mcp_toolname_rules::lint::Lint;
use mcp_toolname_rules::message::show;
use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Place};

/// The file looked for in the current directory when no path is given.
pub const DEFAULT: &str = "mcp-toolname-suppressions.json";

/// The version of the file's shape this CLI writes and reads.
const VERSION: u32 = 1;

/// A server and a name (a tool, a prompt, or a list entry) a suppressed finding is about.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct At {
    /// The server's key in the config (or the server's name, for `audit` of one server).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The tool or prompt name, or the list entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One suppressed finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// [`super::fingerprint`] of the other fields.
    #[serde(default)]
    pub fingerprint: String,
    /// The lint's name.
    pub lint: String,
    /// What it is about.
    #[serde(default)]
    pub places: Vec<At>,
    /// The contract (LLM API) it is about, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// The client it is about, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
    /// What tells it apart from other findings of its lint about the same places: for an
    /// argument's, a schema's or a cost's finding its message; for a list entry's, the file
    /// and the list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Why it is left, when someone wrote it down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Entry {
    /// The entry that suppresses `d`.
    #[must_use]
    pub fn of(d: &Diagnostic) -> Self {
        let mut places: Vec<At> = d
            .places
            .iter()
            .map(|p| At {
                server: p.server.clone(),
                name: p.item.clone(),
            })
            .collect();
        places.sort();
        places.dedup();
        Self {
            fingerprint: d.fingerprint.clone(),
            lint: d.lint.name.to_owned(),
            places,
            contract: d.contract.map(str::to_owned),
            client: d.client.map(str::to_owned),
            detail: d.detail.clone(),
            reason: None,
        }
    }

    fn sort_key(&self) -> (&str, &[At], Option<&str>, Option<&str>, Option<&str>) {
        (
            &self.lint,
            &self.places,
            self.contract.as_deref(),
            self.client.as_deref(),
            self.detail.as_deref(),
        )
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    version: u32,
    suppressions: Vec<Entry>,
}

/// The suppressions file of a run.
#[derive(Debug, Clone, Default)]
pub struct Suppressions {
    /// Where it is (or would be written).
    pub path: PathBuf,
    /// The path as messages show it.
    pub shown: String,
    /// Whether the file was there.
    pub existed: bool,
    /// Its entries, in file order.
    pub entries: Vec<Entry>,
    by_fingerprint: HashMap<String, usize>,
}

impl Suppressions {
    /// The file at `path`, else [`DEFAULT`] in the current directory; none there is an empty
    /// list (the first `--suppress-all` writes it).
    ///
    /// # Errors
    /// A file that cannot be read, is not JSON of this shape, or names a lint that does not
    /// exist: the file, and the entry or line and column.
    pub fn load(path: Option<&Path>) -> Result<Self, String> {
        let path = path.map_or_else(|| PathBuf::from(DEFAULT), Path::to_path_buf);
        let shown = path.to_string_lossy().into_owned();
        let mut out = Self {
            shown: shown.clone(),
            ..Self::default()
        };
        if path.exists() {
            let text = crate::file::read_text(&path, "suppressions file", crate::file::MAX_CONFIG)?;
            out.entries =
                parse(&text).map_err(|e| format!("suppressions file {}: {e}", show(&shown)))?;
            out.existed = true;
        }
        out.path = path;
        out.index();
        Ok(out)
    }

    #[cfg(test)]
    pub fn index_for_tests(&mut self) {
        self.index();
    }

    fn index(&mut self) {
        self.by_fingerprint = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.fingerprint.clone(), i))
            .collect();
    }

    /// The entry with `fingerprint`, if any.
    #[must_use]
    pub fn find(&self, fingerprint: &str) -> Option<&Entry> {
        self.by_fingerprint
            .get(fingerprint)
            .map(|&i| &self.entries[i])
    }

    /// The file's text with `entries`, sorted; invisible and bidi characters written `\uXXXX`,
    /// as in every JSON document the CLI writes, so a review shows them.
    #[must_use]
    pub fn text(entries: &[Entry]) -> String {
        let mut sorted = entries.to_vec();
        sorted.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        let doc = Document {
            version: VERSION,
            suppressions: sorted,
        };
        crate::emit::json::pretty(&doc)
    }
}

/// The entries of a file's `text`, each fingerprint made again from its fields.
///
/// # Errors
/// Text that is not JSON of this shape (line and column), another version, or an entry whose
/// lint does not exist (its index).
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let doc: Document = serde_json::from_str(text).map_err(|e| crate::file::json_error(&e))?;
    if doc.version != VERSION {
        return Err(format!(
            "version {} is not one this mcp-toolname reads (it writes and reads version {VERSION})",
            doc.version
        ));
    }
    let mut entries = doc.suppressions;
    for (i, entry) in entries.iter_mut().enumerate() {
        let lint = Lint::by_name(&entry.lint)
            .or_else(|| Lint::renamed(&entry.lint))
            .ok_or_else(|| {
                format!(
                    "suppressions[{i}]: no lint is named {}; `mcp-toolname lints` lists them",
                    show(&entry.lint)
                )
            })?;
        entry.lint = lint.name.to_owned();
        for (what, id, known) in [
            (
                "contract",
                &entry.contract,
                crate::lint::target_named(entry.contract.as_deref().unwrap_or("")).is_ok(),
            ),
            (
                "client",
                &entry.client,
                crate::lint::target_named(entry.client.as_deref().unwrap_or("")).is_ok(),
            ),
        ] {
            if let Some(id) = id.as_deref().filter(|_| !known) {
                return Err(format!(
                    "suppressions[{i}]: no {what} is named {}; `mcp-toolname lints` and docs/rules.md list them",
                    show(id)
                ));
            }
        }
        let places: Vec<Place> = entry
            .places
            .iter()
            .map(|a| Place {
                server: a.server.clone(),
                item: a.name.clone(),
            })
            .collect();
        entry.fingerprint = super::fingerprint(
            lint.name,
            &places,
            entry.contract.as_deref(),
            entry.client.as_deref(),
            entry.detail.as_deref(),
        );
    }
    Ok(entries)
}
