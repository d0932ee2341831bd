//! A code-review server with prompts and a tool, over stdio: prompts checked as slash
//! commands, one renamed with its old name kept for a window, one whose old name's window has
//! closed.
//!
//! ```text
//! cargo run --example prompts
//! ```
//!
//! `code_review` was `review`: the old name is listed (deprecated) and answers `prompts/get`
//! until 2030-01-01, and Claude Code users who typed `/mcp__review__review` keep working.
//! `summarize_thread` was `summarize` until 2026-06-01: a request for the old name is refused
//! with a message naming `summarize_thread`. One tool, `lint`, is served beside them, from
//! its own registry.

use std::process::ExitCode;

use mcp_toolname::{
    PromptRegistry, ToolRegistry, mcp_prompt, mcp_tool, prompt_registry, tool_registry,
};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{Implementation, PromptMessage, Role, ServerCapabilities, ServerConfig};
use rmcp::service::NotificationContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, prompt_handler, schemars, tool_handler};
use serde::Deserialize;

/// What to review.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Review {
    /// Path of the file to review.
    path: String,
    /// What to look at first, such as `error handling`.
    focus: Option<String>,
}

/// A thread.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Thread {
    /// Link to the thread.
    url: String,
}

/// The server: its tools and its prompts, each in a registry.
#[derive(Clone)]
struct Reviewer {
    tools: ToolRegistry<Self>,
    prompts: PromptRegistry<Self>,
}

#[prompt_registry]
impl Reviewer {
    /// Reviews one file.
    #[mcp_prompt(name = "code_review", alias(name = "review", until = "2030-01-01"))]
    fn code_review(&self, Parameters(r): Parameters<Review>) -> Vec<PromptMessage> {
        let focus = r.focus.map_or_else(String::new, |f| format!(", {f} first"));
        vec![PromptMessage::new_text(
            Role::User,
            format!("Review {}{focus}.", r.path),
        )]
    }

    /// Summarizes a discussion thread.
    #[mcp_prompt(alias(name = "summarize", until = "2026-06-01"))]
    fn summarize_thread(&self, Parameters(t): Parameters<Thread>) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!("Summarize {}.", t.url),
        )]
    }
}

#[tool_registry]
impl Reviewer {
    /// Lints one file.
    #[mcp_tool]
    fn lint(&self, Parameters(r): Parameters<Review>) -> String {
        format!("{}: no findings", r.path)
    }
}

#[tool_handler(router = self.tools)]
#[prompt_handler(router = self.prompts)]
impl ServerHandler for Reviewer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_prompts()
            .enable_prompts_list_changed()
            .build();
        ServerConfig::new(capabilities).with_server_info(Implementation::new("review", "1.0.0"))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        // `review` leaves `prompts/list` in 2030: tell the client then.
        self.prompts.notify_peer(context.peer);
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let server = Reviewer {
        tools: Reviewer::tool_router(),
        prompts: Reviewer::prompt_router(),
    };
    match server.serve(rmcp::transport::stdio()).await {
        Ok(running) => match running.waiting().await {
            Ok(_) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(e) => {
            eprintln!("prompts: {e}");
            ExitCode::FAILURE
        }
    }
}
