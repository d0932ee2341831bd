//! A server as an audit saw it: what it announced and every tool and prompt it listed, the
//! shape every transport hands back and every report reads. Below the audit and the reports,
//! so neither imports the other for it.

use std::collections::BTreeMap;
use std::path::Path;

use mcp_toolname_rules::message;
use mcp_toolname_rules::schema::keywords::{SchemaRule, schema_findings_of};
use mcp_toolname_rules::schema::{ArgumentRule, refused_keys_of};
use rmcp::model::JsonObject;

use crate::diag::Spot;
use crate::findings::Finding;
use crate::surface::{Entry, Server, Surface};

/// The server as the audit saw it.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// `Some(command, quoted)` for a child process (the URL in backticks for a remote
    /// server), `None` for the in-process demo.
    pub command: Option<String>,
    /// The URL (secrets masked) of a remote server.
    pub url: Option<String>,
    /// The command and its arguments (lossy UTF-8); empty for the demo.
    pub argv: Vec<String>,
    /// `serverInfo.name` (untrusted).
    pub name: String,
    /// `serverInfo.title` (untrusted), if any.
    pub title: Option<String>,
    /// `serverInfo.version` (untrusted).
    pub version: String,
    /// The protocol version agreed at initialize.
    pub protocol: String,
    /// Whether the server declared the `tools` capability.
    pub has_tools: bool,
    /// `tools/list` pages read.
    pub pages: usize,
    /// Every tool in the order received, duplicates kept.
    pub tools: Vec<ListedTool>,
    /// The length of the server's `instructions` in UTF-16 units, if it gave any.
    pub instructions: Option<usize>,
    /// Whether the server declared the `prompts` capability (only then is `prompts/list` read).
    pub has_prompts: bool,
    /// `prompts/list` pages read.
    pub prompt_pages: usize,
    /// Each prompt's name and argument names, in the order received, duplicates kept.
    pub prompts: Vec<ServedPrompt>,
    /// Why the prompts could not be read (an error answer, a looping cursor), in one line; the
    /// audit of the tools goes on without them.
    pub prompts_note: Option<String>,
    /// Where each tool was declared (file, line), by name, as a server built with
    /// mcp-toolname says in surface mode; empty for any other server.
    pub origins: BTreeMap<String, (String, u32)>,
    /// Aliases past their window by the server's clock that it still declares (surface
    /// mode): not in [`Self::tools`], since no client can call them.
    pub expired: Vec<Entry>,
    /// Every prompt name the server serves as a snapshot records it: in surface mode its
    /// hidden aliases and tombstones too (aliases past their window left out).
    pub prompt_surface: Vec<Entry>,
    /// Whether the server answered the request for its whole surface (`_meta`
    /// `mcp-toolname/surface` on its `tools/list` answer): a server built with mcp-toolname,
    /// over any transport.
    pub surface_answered: bool,
}

impl Listing {
    /// The surface this listing shows (`snapshot`, `audit --baseline`); `asked` says whether
    /// the server was started in surface mode. Hidden names count as seen then, or when the
    /// server answered the request for them ([`Self::surface_answered`]).
    #[must_use]
    pub fn surface(&self, asked: bool) -> Surface {
        let server = Server {
            name: self.name.clone(),
            version: self.version.clone(),
        };
        Surface::new(
            server,
            asked || self.surface_answered,
            self.tools.iter().map(|t| t.entry.clone()).collect(),
            self.prompt_surface.clone(),
        )
    }

    /// This listing with only the names every client sees: without the hidden aliases and
    /// tombstones a server lists in surface mode (`MCP_TOOLNAME_SURFACE=1`).
    #[must_use]
    pub fn only_listed(&self) -> Self {
        let mut out = self.clone();
        out.tools.retain(|t| t.entry.listed);
        out
    }

    /// The name the server announced, as clients that name servers by it read it:
    /// `serverInfo.title`, else `serverInfo.name`; `None` when both are empty.
    #[must_use]
    pub fn announced(&self) -> Option<&str> {
        self.title
            .as_deref()
            .filter(|t| !t.is_empty())
            .or_else(|| Some(self.name.as_str()).filter(|n| !n.is_empty()))
    }
}

impl Listing {
    /// Every tool's name, in the order received.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.tools.iter().map(|t| t.entry.name.clone()).collect()
    }

    /// Where in the server's source `finding` points: the first of its tools whose origin
    /// the server declared in surface mode, as a path relative to `cwd` when it is under it.
    #[must_use]
    pub fn spot(&self, finding: &Finding, cwd: Option<&Path>) -> Option<Spot> {
        let (file, line) = finding
            .tools
            .iter()
            .find_map(|name| self.origins.get(name))?;
        let path = Path::new(file);
        let relative = cwd
            .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| path.to_path_buf());
        Some(Spot {
            path: relative.to_string_lossy().into_owned(),
            line: usize::try_from(*line).ok(),
            column: None,
        })
    }
}

/// One prompt as `prompts/list` gave it: only what the report reads (no description, no
/// argument descriptions: only their size).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServedPrompt {
    /// The prompt's name.
    pub name: String,
    /// Its arguments' names, in order.
    pub arguments: Vec<String>,
    /// Bytes of its name, description and arguments as JSON text ([`crate::cost`]); 0 where
    /// not measured.
    pub definition_bytes: usize,
}

/// One tool as `tools/list` gave it: what a snapshot records of it (its name, kind, arguments,
/// schema digests, and for a listed tool its description and input schema, which the token
/// growth against a snapshot is counted of) and what the reports read of its texts.
#[derive(Debug, Clone)]
pub struct ListedTool {
    /// The tool as a snapshot records it; its `name` is the tool's name.
    pub entry: Entry,
    /// Its description's length in UTF-16 units, as the JavaScript clients count it; 0 for
    /// none.
    pub description_units: usize,
    /// Its description's words as hashes ([`mcp_toolname_rules::description_words`]): enough
    /// to tell two near-identical descriptions apart from two unrelated ones, without holding
    /// the text.
    pub description_words: Vec<u64>,
    /// What its input schema shows the APIs (refused argument names, rules it breaks).
    pub schema: SchemaSeen,
    /// Bytes of its description and input schema as JSON text, what every client hands the
    /// model besides the name ([`crate::cost`]).
    pub definition_bytes: usize,
}

impl ListedTool {
    /// The tool as `tools/list` gave it, read into what the reports need.
    #[must_use]
    pub fn of(tool: &rmcp::model::Tool) -> Self {
        let description = tool.description.as_deref().unwrap_or_default();
        Self {
            entry: Entry::of_tool(tool),
            description_units: description.encode_utf16().count(),
            description_words: mcp_toolname_rules::description_words(description),
            schema: SchemaSeen::of(&tool.input_schema),
            definition_bytes: tool.description.as_deref().map_or(0, json_len)
                + json_len(&*tool.input_schema),
        }
    }

    /// The tool's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.entry.name
    }
}

/// Most refused keys and schema findings kept of one tool: a hostile schema cannot grow a
/// listing past it.
const KEPT: usize = 32;

/// What one tool's input schema shows the APIs, kept from `tools/list` (the schema itself is
/// not held).
#[derive(Debug, Clone, Default)]
pub struct SchemaSeen {
    /// Each argument name some rule refuses, with the refusing rules' messages.
    pub refused: Vec<(String, Vec<(&'static ArgumentRule, String)>)>,
    /// Each place a schema rule refuses: the rule, the JSON pointer, what is there.
    pub rules: Vec<(&'static SchemaRule, String, String)>,
    /// The `$ref`s into `$defs`: the pointers of the first few, and how many
    /// ([`refs_into_defs`](mcp_toolname_rules::refs_into_defs)).
    pub refs: mcp_toolname_rules::Refs,
}

impl SchemaSeen {
    /// What `schema` shows, at most [`KEPT`] of each.
    #[must_use]
    pub fn of(schema: &JsonObject) -> Self {
        let refused = refused_keys_of(schema)
            .keys
            .into_iter()
            .take(KEPT)
            .map(|k| {
                let why = k
                    .rules
                    .iter()
                    .map(|(r, e)| {
                        let text = message::argument_refused(k.key, e, r.contract, r.applies_to);
                        (*r, text)
                    })
                    .collect();
                (k.key.to_owned(), why)
            })
            .collect();
        let rules = schema_findings_of(schema)
            .into_iter()
            .take(KEPT)
            .map(|f| (f.rule, f.at, f.what))
            .collect();
        let mut refs = mcp_toolname_rules::refs_into_defs(schema);
        refs.first.truncate(KEPT);
        Self {
            refused,
            rules,
            refs,
        }
    }
}

/// The length of `value` as compact JSON text, in bytes; 0 if it cannot be written.
#[must_use]
pub fn json_len<T: serde::Serialize + ?Sized>(value: &T) -> usize {
    let mut counter = Counter(0);
    match serde_json::to_writer(&mut counter, value) {
        Ok(()) => counter.0,
        Err(_) => 0,
    }
}

/// A writer that only counts.
struct Counter(usize);

impl std::io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl ListedTool {
    /// A tool named `name`, with no description and an empty input schema, as tests list one.
    pub fn named(name: &str) -> Self {
        Self::of(&rmcp::model::Tool::new(
            name.to_owned(),
            "",
            std::sync::Arc::new(serde_json::Map::new()),
        ))
    }
}
