//! A stdio MCP server whose tools change while sessions are open: `install_plugin` adds a
//! tool `plugin_<name>` at run time, `uninstall_plugin` removes it. The registry is shared by
//! every session ([`SharedToolRegistry`]); a change is seen by every session's next request,
//! and each session gets `notifications/tools/list_changed`. A name that is taken or outside
//! the MCP spec is refused, and the tool's error result says why.
//!
//! ```text
//! cargo run --example plugins
//! ```

use std::sync::Arc;

use mcp_toolname::{SharedToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, JsonObject, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::NotificationContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, schemars, tool_handler};
use serde::Deserialize;

/// A plugin to install or uninstall.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Plugin {
    /// Its name: the tool is `plugin_<name>`.
    name: String,
}

/// The input schema of a tool that takes no arguments.
fn object_schema() -> JsonObject {
    let mut schema = JsonObject::new();
    schema.insert("type".to_owned(), "object".into());
    schema
}

#[derive(Clone)]
struct Plugins {
    tools: SharedToolRegistry<Self>,
}

#[tool_registry]
impl Plugins {
    /// Installs a plugin: adds the tool `plugin_<name>` for every session.
    #[mcp_tool]
    fn install_plugin(
        &self,
        Parameters(Plugin { name }): Parameters<Plugin>,
    ) -> Result<String, String> {
        let tool = format!("plugin_{name}");
        let reply = format!("plugin `{name}` says hello");
        let route = ToolRoute::new_dyn(
            Tool::new(
                tool.clone(),
                format!("The `{name}` plugin."),
                // `{"type": "object"}`: a bare `{}` is refused by strict clients (Python SDK 2.3).
                Arc::new(object_schema()),
            ),
            move |_ctx| {
                let reply = reply.clone();
                Box::pin(async move {
                    Ok(CallToolResult::success(vec![ContentBlock::text(reply)]).into())
                })
            },
        );
        self.tools
            .update(|tools| tools.try_add_route(route))
            .map(|()| format!("installed `{tool}`"))
            .map_err(|e| e.to_string())
    }

    /// Uninstalls a plugin: removes the tool `plugin_<name>` for every session.
    #[mcp_tool]
    fn uninstall_plugin(
        &self,
        Parameters(Plugin { name }): Parameters<Plugin>,
    ) -> Result<String, String> {
        let tool = format!("plugin_{name}");
        let found = self.tools.update(|tools| {
            let found = tools.get(&tool).is_some();
            tools.remove_route(&tool);
            found
        });
        if found {
            Ok(format!("uninstalled `{tool}`"))
        } else {
            Err(format!("no plugin tool `{tool}` is installed"))
        }
    }
}

#[tool_handler(router = self.tools.snapshot())]
impl ServerHandler for Plugins {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        )
        .with_server_info(rmcp::model::Implementation::new(
            "plugins",
            env!("CARGO_PKG_VERSION"),
        ))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.bind_peer(context.peer);
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let server = Plugins {
        tools: SharedToolRegistry::new(Plugins::tool_router()),
    };
    match server.serve(rmcp::transport::stdio()).await {
        Ok(running) => {
            let _ = running.waiting().await;
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("plugins: could not start: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
