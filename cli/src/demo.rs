//! The demo server `audit` runs when no command is given: an rmcp server, served in-process
//! over an in-memory duplex, whose tool and prompt names show every kind of finding. It is built with
//! rmcp's own `ToolRouter` and `ToolRoute::new_dyn`, which take any name: that is what lets
//! these names reach a client at all.

use std::sync::Arc;

use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, GetPromptResult, Implementation, InitializeResult, ListPromptsResult,
    ListToolsResult, PaginatedRequestParams, Prompt, PromptArgument, PromptMessage, Role,
    ServerCapabilities, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};

/// The demo server's name in `serverInfo`.
pub const NAME: &str = "mcp-toolname-demo";

/// Tools per `tools/list` page, so that the audit follows `nextCursor`.
const PAGE: usize = 3;

/// The demo's tool names, each showing one kind of finding.
pub const TOOLS: &[(&str, &str)] = &[
    (
        "search documents",
        "A space: breaks the MCP spec, and every LLM API.",
    ),
    (
        "admin.tools.list",
        "Valid per the spec, but OpenAI, Anthropic and Bedrock refuse the dot.",
    ),
    (
        "admin_tools_list",
        "Fine alone; Claude Code and Codex turn `admin.tools.list` into this name too.",
    ),
    (
        "generate_quarterly_financial_summary_report_for_each_regional_division",
        "70 characters: inside the spec's 128, over the LLM APIs' 64.",
    ),
    (
        "export_customer_invoices_as_pdfs_with_line_item_details",
        "55 characters: fine alone, over 64 once a client prefixes `mcp__server__`.",
    ),
    ("getUser", "One of a pair that differs only in case."),
    ("GetUser", "The other one of the pair."),
    ("list_files", "Fine everywhere."),
];

/// The demo's prompt names (each becomes a slash command in a client) and their arguments.
pub const PROMPTS: &[(&str, &[&str], &str)] = &[
    (
        "review pr",
        &["number"],
        "A space: Claude Code's command ends at it, so it cannot run the prompt.",
    ),
    ("summarise", &[], "Fine everywhere."),
    ("Summarise", &[], "Differs from `summarise` only in case."),
    ("explain.code", &["path"], "A dot: fine as a slash command."),
];

/// The demo server: a `ToolRouter` holding [`TOOLS`], listed in pages of three, and
/// [`PROMPTS`] in one page.
#[derive(Debug, Clone)]
pub struct Demo {
    tools: ToolRouter<Demo>,
}

impl Demo {
    /// Builds the router from [`TOOLS`].
    #[must_use]
    pub fn new() -> Self {
        let mut tools = ToolRouter::new();
        for &(name, description) in TOOLS {
            let schema = Arc::new(serde_json::Map::from_iter([(
                "type".to_owned(),
                serde_json::Value::from("object"),
            )]));
            let attr = Tool::new(name, description, schema);
            tools.add_route(ToolRoute::new_dyn(
                attr,
                |ctx: ToolCallContext<'_, Demo>| {
                    let text = format!(
                        "demo tool {} called",
                        mcp_toolname_rules::message::show(&ctx.name)
                    );
                    Box::pin(async move {
                        Ok(CallToolResponse::Complete(CallToolResult::success(vec![
                            ContentBlock::text(text),
                        ])))
                    })
                },
            ));
        }
        Self { tools }
    }
}

impl Default for Demo {
    fn default() -> Self {
        Self::new()
    }
}

impl ServerHandler for Demo {
    fn get_info(&self) -> InitializeResult {
        InitializeResult::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .build(),
        )
        .with_server_info(Implementation::new(NAME, env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let all = self.tools.list_all();
        let start = match request.and_then(|r| r.cursor) {
            None => 0,
            Some(cursor) => cursor
                .parse::<usize>()
                .ok()
                .filter(|&i| i < all.len())
                .ok_or_else(|| ErrorData::invalid_params("unknown cursor", None))?,
        };
        let end = (start + PAGE).min(all.len());
        let mut result = ListToolsResult::with_all_items(all[start..end].to_vec());
        result.next_cursor = (end < all.len()).then(|| end.to_string());
        Ok(result)
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompts = PROMPTS
            .iter()
            .map(|(name, arguments, description)| {
                let arguments = arguments.iter().map(|a| PromptArgument::new(*a)).collect();
                Prompt::new(*name, Some(*description), Some(arguments))
            })
            .collect();
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let name = mcp_toolname_rules::message::show(&request.name);
        if !PROMPTS.iter().any(|(n, _, _)| *n == request.name) {
            return Err(ErrorData::invalid_params(format!("no prompt {name}"), None));
        }
        let text = format!("demo prompt {name}");
        Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).into())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.tools
            .call(ToolCallContext::new(self, request, context))
            .await
    }
}

/// Starts the demo on a spawned task and returns the client's end of the duplex.
#[must_use]
pub fn start() -> tokio::io::DuplexStream {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = Demo::new().serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    client_io
}
