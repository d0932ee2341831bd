//! A calculator MCP server over stdio, with checked tool names and one renamed tool.
//!
//! ```text
//! cargo run --example calculator                       # the system clock
//! cargo run --example calculator -- --now 2027-03-01T00:00:00Z   # a fixed clock
//! ```
//!
//! Tools: `add_numbers` (formerly `calc.add`, served as a listed alias until 2027-03-01),
//! `subtract` (formerly `sub`, a hidden alias until 2027-03-01), `multiply`, `divide`.
//! Alias calls are logged to stderr.

use std::process::ExitCode;

use chrono::{DateTime, Utc};
use mcp_toolname::{FixedClock, ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{ServerHandler, ServiceExt, schemars, tool_handler};
use serde::Deserialize;

/// Two integers.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
struct Pair {
    /// Left operand.
    a: i64,
    /// Right operand.
    b: i64,
}

#[derive(Clone)]
struct Calculator {
    tools: ToolRegistry<Self>,
}

#[tool_registry]
impl Calculator {
    /// Adds two integers.
    #[mcp_tool(
        name = "add_numbers",
        alias(name = "calc.add", since = "2026-09-01", until = "2027-03-01")
    )]
    fn add(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_add(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Subtracts `b` from `a`.
    #[mcp_tool(alias(name = "sub", until = "2027-03-01", hidden))]
    fn subtract(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_sub(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Multiplies two integers.
    #[mcp_tool(annotations(read_only_hint = true))]
    async fn multiply(
        &self,
        Parameters(Pair { a, b }): Parameters<Pair>,
    ) -> Result<String, String> {
        a.checked_mul(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Divides `a` by `b` (integer division).
    #[mcp_tool]
    fn divide(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_div(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "division by zero".to_owned())
    }
}

#[tool_handler(router = self.tools, name = "calculator", version = "1.0.0")]
impl ServerHandler for Calculator {}

const USAGE: &str = "usage: calculator [--now <RFC 3339 timestamp, e.g. 2027-03-01T00:00:00Z>]";

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<DateTime<Utc>>, String> {
    let mut now = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--now" => {
                let value = args.next().ok_or("`--now` needs a value")?;
                let at = DateTime::parse_from_rfc3339(&value)
                    .map_err(|e| format!("`--now {value}` is not an RFC 3339 timestamp ({e})"))?;
                now = Some(at.with_timezone(&Utc));
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(now)
}

#[tokio::main]
async fn main() -> ExitCode {
    let now = match parse_args(std::env::args().skip(1)) {
        Ok(now) => now,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("calculator: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(tracing::Level::WARN)
        .init();
    let mut tools = Calculator::tool_registry();
    if let Some(now) = now {
        tools = tools.with_clock(FixedClock(now));
    }
    let server = Calculator { tools };
    match server.serve(rmcp::transport::stdio()).await {
        Ok(running) => {
            if let Err(e) = running.waiting().await {
                eprintln!("calculator: {e}");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("calculator: could not start: {e}");
            ExitCode::FAILURE
        }
    }
}
