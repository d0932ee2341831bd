//! A server using every form of the attributes; it must compile and serve what it says.
// The dotted alias `docs.search` warns (`contract`, a case of `ui/warn/`); here it must be
// built and served, and the build of the workspace's tests stays free of warnings.
#![allow(deprecated)]

use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{ServerHandler, schemars, tool_handler};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Query {
    text: String,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Hits {
    count: usize,
}

#[derive(Clone)]
struct Server {
    tools: ToolRegistry<Self>,
}

#[tool_registry(router = all_tools, vis = pub(crate))]
impl Server {
    /// Searches the documents.
    #[allow(clippy::unused_self)] // an attribute after the doc comment keeps the description
    #[mcp_tool(
        name = "search_documents",
        title = "Search",
        annotations(read_only_hint = true),
        alias = "search",
        alias(
            name = "docs.search",
            since = "2026-01-01",
            until = "2027-03-01T12:00:00Z"
        ),
        alias(name = "find documents", until = "2099-01-01", hidden),
        alias(name = "lookup", until_version = "99.0.0")
    )]
    async fn search(&self, Parameters(q): Parameters<Query>) -> Json<Hits> {
        Json(Hits {
            count: q.text.len(),
        })
    }

    #[mcp_tool(description = "Counts to three.", meta = rmcp::model::MetaObject::new())]
    fn count(&self) -> Result<String, String> {
        Ok("3".to_owned())
    }

    #[mcp_tool(name = "DATA_EXPORT_v2")]
    fn export(&self) -> String {
        String::new()
    }

    #[mcp_tool]
    fn r#type(&self) -> String {
        String::new()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Server {}

fn main() {
    let server = Server {
        tools: Server::all_tools().with_clock(mcp_toolname::FixedClock(
            chrono::DateTime::parse_from_rfc3339("2026-06-01T00:00:00Z")
                .unwrap()
                .to_utc(),
        )),
    };
    let listed: Vec<String> = server
        .tools
        .list_all()
        .into_iter()
        .map(|t| t.name.into_owned())
        .collect();
    // `find documents` is hidden; `lookup` is served below version 99.0.0.
    assert_eq!(
        listed,
        [
            "DATA_EXPORT_v2",
            "count",
            "docs.search",
            "lookup",
            "search",
            "search_documents",
            "type"
        ]
    );
    let search = server.tools.get("search_documents").unwrap();
    assert_eq!(
        search.description.as_deref(),
        Some("Searches the documents.")
    );
    assert_eq!(search.title.as_deref(), Some("Search"));
    assert!(
        search.output_schema.is_some(),
        "Json<Hits> gives an output schema"
    );
    assert_eq!(
        server.tools.get("count").unwrap().description.as_deref(),
        Some("Counts to three.")
    );
    assert!(
        server.tools.get("find documents").is_some(),
        "a hidden alias can still be called"
    );
    let _ = ServerHandler::get_info(&server);
}
