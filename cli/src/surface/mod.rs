//! A server's tool surface as a reviewable file: every name a client can call
//! (tools, aliases with their tool and window, tombstones), each tool's arguments and a digest
//! of each schema, sorted, with a `schema_version`. `snapshot` writes it; `diff` and
//! `audit --baseline` compare two ([`diff`]).

pub mod diff;
pub mod entry;
pub mod report;

use serde::{Deserialize, Serialize};

pub use entry::Entry;

/// The environment variable a server built with mcp-toolname reads to list its whole surface
/// (the runtime's `SURFACE_ENV_VAR`).
pub const SURFACE_ENV_VAR: &str = "MCP_TOOLNAME_SURFACE";

/// The version of the snapshot file's shape.
pub const SCHEMA_VERSION: u32 = 1;

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
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The server.
    pub server: Server,
    /// Whether hidden aliases and tombstones were asked for (the server was started with
    /// `MCP_TOOLNAME_SURFACE=1`, as `snapshot` starts stdio servers): a server built with
    /// mcp-toolname then lists them. `false` for `--url`, where only what every client sees
    /// is known.
    pub hidden_names_asked: bool,
    /// Every served name, sorted.
    pub tools: Vec<Entry>,
}

impl Surface {
    /// The surface of `entries` (sorted here), as `server` listed them.
    #[must_use]
    pub fn new(server: Server, hidden_names_asked: bool, mut entries: Vec<Entry>) -> Self {
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        entries.dedup_by(|a, b| a.name == b.name);
        Self {
            schema_version: SCHEMA_VERSION,
            server,
            hidden_names_asked,
            tools: entries,
        }
    }

    /// Reads a snapshot file's text; `what` names it in errors.
    ///
    /// # Errors
    /// Not JSON, not a snapshot, or a `schema_version` this build does not read.
    pub fn parse(text: &str, what: &str) -> Result<Self, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("snapshot {what} is not JSON ({e})"))?;
        match value
            .get("schema_version")
            .and_then(serde_json::Value::as_u64)
        {
            Some(v) if v == u64::from(SCHEMA_VERSION) => {}
            Some(v) => {
                return Err(format!(
                    "snapshot {what} has schema_version {v}; this mcp-toolname reads \
                     {SCHEMA_VERSION}"
                ));
            }
            None => {
                return Err(format!(
                    "snapshot {what} has no schema_version: is it a file `mcp-toolname \
                     snapshot` wrote?"
                ));
            }
        }
        serde_json::from_value(value).map_err(|e| format!("snapshot {what}: {e}"))
    }

    /// The entry named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.tools
            .binary_search_by(|e| e.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.tools[i])
    }
}
