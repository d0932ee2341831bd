//! An architecture-decision-record server in two releases, over stdio: what renames look
//! like from one release to the next, and what `mcp-toolname diff` says of them.
//!
//! ```text
//! cargo run --example adr -- --release 1
//! cargo run --example adr -- --release 2
//! ```
//!
//! Release 2 folds `validate_adr` into `validate_adrs` with a `mode` argument and keeps the old
//! name as an alias that carries `{"mode": "single"}` (its notice read once per session);
//! renames `suggest_adr_title` to `suggest_title` without an alias; drops `export_adrs`'s
//! alias `adr_export` before its window ends; adds a required `scope` to `search_adrs`; gives
//! `list_adrs` an optional `status`; and removes `adr_stats`, whose name stays as a tombstone
//! pointing at `list_adrs`. `mcp-toolname diff` calls four of these breaking.

use std::process::ExitCode;

use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::NotificationContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, schemars, tool_handler};
use serde::Deserialize;

/// One record.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Record {
    /// Path of the record, such as `docs/adr/0001-use-rust.md`.
    path: String,
}

/// A search.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Search {
    /// Words to look for.
    query: String,
}

/// A topic.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Topic {
    /// What the decision is about.
    topic: String,
}

/// Nothing.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Nothing {}

/// Release 1.
#[derive(Clone)]
struct V1 {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl V1 {
    /// Checks one record.
    #[mcp_tool]
    fn validate_adr(&self, Parameters(r): Parameters<Record>) -> String {
        format!("{} is valid", r.path)
    }

    /// Lists the records.
    #[mcp_tool]
    fn list_adrs(&self, Parameters(_): Parameters<Nothing>) -> String {
        "0001-use-rust.md".to_owned()
    }

    /// Suggests a title for a record on `topic`.
    #[mcp_tool]
    fn suggest_adr_title(&self, Parameters(t): Parameters<Topic>) -> String {
        format!("Use {}", t.topic)
    }

    /// Exports every record as one document.
    #[mcp_tool(alias(name = "adr_export", until = "2099-01-01"))]
    fn export_adrs(&self, Parameters(_): Parameters<Nothing>) -> String {
        "# Decisions".to_owned()
    }

    /// Finds records by words.
    #[mcp_tool]
    fn search_adrs(&self, Parameters(s): Parameters<Search>) -> String {
        format!("no record mentions {}", s.query)
    }

    /// Counts the records.
    #[mcp_tool]
    fn adr_stats(&self, Parameters(_): Parameters<Nothing>) -> String {
        "1 record".to_owned()
    }
}

/// Which records `validate_adrs` checks.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Mode {
    /// The record at `path`.
    Single,
    /// Every record under `path`.
    All,
}

/// What `validate_adrs` checks.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Validate {
    /// A record, or a folder of them.
    path: String,
    /// One record or all.
    mode: Mode,
}

/// The records to list.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Listing {
    /// Only records in this status (`accepted`, `superseded`).
    status: Option<String>,
}

/// A scoped search.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct ScopedSearch {
    /// Words to look for.
    query: String,
    /// Where: `titles` or `bodies`.
    scope: String,
}

/// Release 2.
#[derive(Clone)]
struct V2 {
    tools: ToolRegistry<Self>,
}

#[tool_registry(tombstone(
    name = "adr_stats",
    instead = "list_adrs",
    note = "the count is the length of the list"
))]
impl V2 {
    /// Checks one record, or every record under a folder.
    #[mcp_tool(alias(
        name = "validate_adr",
        args(mode = "single"),
        notice = "text",
        notice_once
    ))]
    fn validate_adrs(&self, Parameters(v): Parameters<Validate>) -> String {
        match v.mode {
            Mode::Single => format!("{} is valid (mode single)", v.path),
            Mode::All => format!("every record under {} is valid (mode all)", v.path),
        }
    }

    /// Lists the records, or those in one status.
    #[mcp_tool]
    fn list_adrs(&self, Parameters(l): Parameters<Listing>) -> String {
        match l.status {
            Some(status) => format!("0001-use-rust.md ({status})"),
            None => "0001-use-rust.md".to_owned(),
        }
    }

    /// Suggests a title for a record on `topic`.
    #[mcp_tool]
    fn suggest_title(&self, Parameters(t): Parameters<Topic>) -> String {
        format!("Use {}", t.topic)
    }

    /// Exports every record as one document.
    #[mcp_tool]
    fn export_adrs(&self, Parameters(_): Parameters<Nothing>) -> String {
        "# Decisions".to_owned()
    }

    /// Finds records by words, in titles or bodies.
    #[mcp_tool]
    fn search_adrs(&self, Parameters(s): Parameters<ScopedSearch>) -> String {
        format!("no record mentions {} in {}", s.query, s.scope)
    }
}

/// The server's `initialize` answer, for either release.
fn config(version: &str) -> ServerConfig {
    let capabilities = ServerCapabilities::builder()
        .enable_tools()
        .enable_tool_list_changed()
        .build();
    ServerConfig::new(capabilities).with_server_info(Implementation::new("adr", version))
}

#[tool_handler(router = self.tools)]
impl ServerHandler for V1 {
    fn get_info(&self) -> ServerConfig {
        config("1.0.0")
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.notify_peer(context.peer);
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for V2 {
    fn get_info(&self) -> ServerConfig {
        config("2.0.0")
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.notify_peer(context.peer);
    }
}

const USAGE: &str = "usage: adr --release 1|2";

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let release = match args.as_slice() {
        [flag, release] if flag == "--release" => release.clone(),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let served = match release.as_str() {
        "1" => V1 {
            tools: V1::tool_router(),
        }
        .serve(rmcp::transport::stdio())
        .await
        .map(|s| tokio::spawn(async move { s.waiting().await.map(|_| ()) })),
        "2" => V2 {
            tools: V2::tool_router(),
        }
        .serve(rmcp::transport::stdio())
        .await
        .map(|s| tokio::spawn(async move { s.waiting().await.map(|_| ()) })),
        other => {
            eprintln!("no release {other:?}; {USAGE}");
            return ExitCode::from(2);
        }
    };
    match served {
        Ok(task) => match task.await {
            Ok(Ok(())) => ExitCode::SUCCESS,
            _ => ExitCode::FAILURE,
        },
        Err(e) => {
            eprintln!("adr: {e}");
            ExitCode::FAILURE
        }
    }
}
