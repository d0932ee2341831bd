//! A server's surface as a reviewable file: every name a client can call, of its tools and of
//! its prompts (each with its aliases, their windows, and tombstones), each one's arguments
//! (name, JSON type, required), a digest of each tool schema and each listed tool's description
//! and input schema, sorted, with a `schema_version`. `snapshot` writes it; `diff` and `audit
//! --baseline` compare two ([`diff`]). A file is read in any order: it is sorted as it is read.

mod arguments;
mod change;
pub mod diff;
pub mod entry;
pub mod report;

use serde::{Deserialize, Serialize};

pub use entry::Entry;

/// The environment variable a server built with mcp-toolname reads to list its whole surface
/// (the runtime's `SURFACE_ENV_VAR`).
pub const SURFACE_ENV_VAR: &str = "MCP_TOOLNAME_SURFACE";

/// The `_meta` key of a list request that asks a server built with mcp-toolname for its whole
/// surface, over any transport, and of the answer that gives it (the runtime's
/// `SURFACE_META_KEY`).
pub const SURFACE_META_KEY: &str = "mcp-toolname/surface";

/// The version of the snapshot file's shape: 2 holds `prompts` beside `tools`, 3 each listed
/// tool's `definition` (description and input schema).
pub const SCHEMA_VERSION: u32 = 3;

/// The oldest version read: 1, the same without `prompts` (its prompts are not compared); 1
/// and 2 hold no definitions (the tokens they cost are not counted).
pub const OLDEST_SCHEMA_VERSION: u32 = 1;

/// The server a snapshot was taken of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Server {
    /// `serverInfo.name`.
    pub name: String,
    /// `serverInfo.version`.
    pub version: String,
}

/// One snapshot. Field names are stable: they are the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Surface {
    /// [`SCHEMA_VERSION`] for a surface made here; a file read keeps its own.
    pub schema_version: u32,
    /// The server.
    pub server: Server,
    /// Whether hidden aliases and tombstones were asked for and can be seen: a stdio server
    /// started with `MCP_TOOLNAME_SURFACE=1` (as `snapshot` starts one), or a server that
    /// answered the request's `mcp-toolname/surface` (a server built with mcp-toolname, over
    /// any transport). `false` where only what every client sees is known.
    pub hidden_names_asked: bool,
    /// Every served tool name, sorted.
    pub tools: Vec<Entry>,
    /// Every served prompt name, sorted (absent from a version-1 file); a prompt's own entry
    /// has the kind `prompt`.
    #[serde(default, serialize_with = "prompts_out")]
    pub prompts: Vec<Entry>,
}

/// `prompts` as the file writes them: each item's kind `prompt`, not `tool`.
fn prompts_out<S: serde::Serializer>(prompts: &[Entry], out: S) -> Result<S::Ok, S::Error> {
    use serde::ser::{Error, SerializeSeq};
    let mut seq = out.serialize_seq(Some(prompts.len()))?;
    for prompt in prompts {
        let mut value = serde_json::to_value(prompt).map_err(S::Error::custom)?;
        if prompt.kind == entry::Kind::Tool {
            value["kind"] = "prompt".into();
        }
        seq.serialize_element(&value)?;
    }
    seq.end()
}

/// `entries` sorted by name (each one's types are sorted as they are read, [`entry::Types`]);
/// `Err` with the name a file gives twice.
fn sorted(mut entries: Vec<Entry>) -> Result<Vec<Entry>, String> {
    // Unstable: two entries of one name are an error, so no order among equals is kept; a
    // stable sort would set aside half the entries' size again.
    entries.sort_unstable_by(|a, b| a.name.cmp(&b.name));
    if let Some(pair) = entries.windows(2).find(|p| p[0].name == p[1].name) {
        return Err(pair[0].name.clone());
    }
    Ok(entries)
}

/// `entries` sorted by name, one entry per name (the first a server listed).
fn deduped(mut entries: Vec<Entry>) -> Vec<Entry> {
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    entries.dedup_by(|a, b| a.name == b.name);
    entries
}

impl Surface {
    /// The surface of `tools` and `prompts` (sorted here), as `server` listed them.
    #[must_use]
    pub fn new(
        server: Server,
        hidden_names_asked: bool,
        tools: Vec<Entry>,
        prompts: Vec<Entry>,
    ) -> Self {
        Self {
            schema_version: SCHEMA_VERSION,
            server,
            hidden_names_asked,
            tools: deduped(tools),
            prompts: deduped(prompts),
        }
    }

    /// Whether the file holds prompts (version 2 on); a version-1 file's prompts are unknown.
    #[must_use]
    pub fn has_prompts(&self) -> bool {
        self.schema_version >= 2
    }

    /// Whether the file holds each listed tool's definition (version 3 on), which tokens are
    /// counted of; a version-1 or -2 file's are unknown.
    #[must_use]
    pub fn has_definitions(&self) -> bool {
        self.schema_version >= 3
    }

    /// Reads a snapshot file's bytes; `what` names it in errors. Order in the file does not
    /// matter: tools, prompts and each one's types are sorted as they are read.
    ///
    /// # Errors
    /// Not JSON, not a snapshot, a `schema_version` this build does not read, or a name the
    /// file gives twice.
    pub fn parse(bytes: &[u8], what: &str) -> Result<Self, String> {
        /// The one field read before the rest: a pass that keeps nothing else, so the file
        /// is then parsed straight into the surface, never into a JSON tree (several times
        /// the file's size).
        #[derive(Deserialize)]
        struct Version {
            #[serde(default)]
            schema_version: Option<serde_json::Value>,
        }
        let version = match serde_json::from_slice::<Version>(bytes) {
            Ok(v) => v.schema_version,
            // JSON, but not an object.
            Err(e) if e.is_data() => None,
            Err(e) => {
                return Err(format!(
                    "snapshot {what} is not JSON ({})",
                    crate::file::json_error(&e)
                ));
            }
        };
        match version.as_ref().and_then(serde_json::Value::as_u64) {
            Some(v)
                if (u64::from(OLDEST_SCHEMA_VERSION)..=u64::from(SCHEMA_VERSION)).contains(&v) => {}
            Some(v) => {
                return Err(format!(
                    "snapshot {what} has schema_version {v}; this mcp-toolname reads \
                     {OLDEST_SCHEMA_VERSION} to {SCHEMA_VERSION}"
                ));
            }
            None => {
                return Err(format!(
                    "snapshot {what} has no schema_version: is it a file `mcp-toolname \
                     snapshot` wrote?"
                ));
            }
        }
        let mut surface: Self = serde_json::from_slice(bytes)
            .map_err(|e| format!("snapshot {what}: {}", crate::file::json_error(&e)))?;
        let twice = |kind: &str, name: String| {
            format!(
                "snapshot {what} names the {kind} {} twice",
                mcp_toolname_rules::message::show(&name)
            )
        };
        surface.tools = sorted(surface.tools).map_err(|n| twice("tool", n))?;
        surface.prompts = sorted(surface.prompts).map_err(|n| twice("prompt", n))?;
        Ok(surface)
    }

    /// The tool entry named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Entry> {
        find(&self.tools, name)
    }
}

/// The entry named `name` of the sorted `entries`.
#[must_use]
pub fn find<'a>(entries: &'a [Entry], name: &str) -> Option<&'a Entry> {
    entries
        .binary_search_by(|e| e.name.as_str().cmp(name))
        .ok()
        .map(|i| &entries[i])
}
