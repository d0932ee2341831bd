//! A calculator MCP server over stdio, with checked tool names and one renamed tool.
//!
//! ```text
//! cargo run --example calculator                                 # the system clock
//! cargo run --example calculator -- --now 2027-03-01T00:00:00Z   # a fixed clock
//! ```
//!
//! Tools: `add_numbers`, formerly `calc.add`: a hidden alias until 2027-03-01 (callable but
//! not listed, since a dot in a listed name breaks OpenAI, Anthropic and Bedrock requests);
//! `subtract`, formerly `minus`: a listed, deprecated alias until 2027-03-01; `multiply`;
//! `divide`. Alias calls are logged to stderr.

use std::ffi::OsString;
use std::process::ExitCode;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use mcp_toolname::rules::message;
use mcp_toolname::{OffsetClock, ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::service::NotificationContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, schemars, tool_handler};
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
        // Hidden: a dot in a listed name would break OpenAI, Anthropic and Bedrock requests.
        alias(name = "calc.add", until = "2027-03-01", hidden)
    )]
    fn add(&self, Parameters(Pair { a, b }): Parameters<Pair>) -> Result<String, String> {
        a.checked_add(b)
            .map(|v| v.to_string())
            .ok_or_else(|| "overflow".to_owned())
    }

    /// Subtracts `b` from `a`.
    #[mcp_tool(alias(name = "minus", since = "2026-09-01", until = "2027-03-01"))]
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

#[tool_handler(router = self.tools)]
impl ServerHandler for Calculator {
    fn get_info(&self) -> ServerConfig {
        // `listChanged`: the tool list changes when an alias's window closes.
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(rmcp::model::Implementation::new("calculator", "1.0.0"))
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        // Sends `notifications/tools/list_changed` when an alias leaves the list.
        self.tools.notify_peer(context.peer);
    }
}

const USAGE: &str =
    "usage: calculator [--now <YYYY-MM-DD or RFC 3339 timestamp, e.g. 2027-03-01T00:00:00Z>]";

/// What the command line asks for.
enum Command {
    Serve { now: Option<DateTime<Utc>> },
    Help,
}

/// `--now` as a date (midnight UTC) or an RFC 3339 timestamp.
fn parse_now(value: &str) -> Result<DateTime<Utc>, String> {
    if let Ok(date) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        return Ok(date.and_time(NaiveTime::MIN).and_utc());
    }
    DateTime::parse_from_rfc3339(value)
        .map(|at| at.to_utc())
        .map_err(|e| {
            format!(
                "`--now` value {} is not a date or an RFC 3339 timestamp ({e})",
                message::show(value)
            )
        })
}

fn parse_args(mut args: impl Iterator<Item = OsString>) -> Result<Command, String> {
    let mut now = None;
    while let Some(arg) = args.next() {
        // Arguments that are not UTF-8 are shown escaped, never echoed raw.
        let arg = arg
            .into_string()
            .map_err(|raw| format!("argument {raw:?} is not UTF-8"))?;
        match arg.as_str() {
            "--now" => {
                let value = args.next().ok_or("`--now` needs a value")?;
                let value = value
                    .into_string()
                    .map_err(|raw| format!("`--now` value {raw:?} is not UTF-8"))?;
                if now.replace(parse_now(&value)?).is_some() {
                    return Err("`--now` is given twice".to_owned());
                }
            }
            "-h" | "--help" => return Ok(Command::Help),
            other => return Err(format!("unknown argument {}", message::show(other))),
        }
    }
    Ok(Command::Serve { now })
}

#[tokio::main]
async fn main() -> ExitCode {
    let now = match parse_args(std::env::args_os().skip(1)) {
        Ok(Command::Serve { now }) => now,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("calculator: {e}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(tracing::Level::WARN)
        .init();
    // Operators move alias windows without rebuilding: MCP_TOOLNAME_ALIAS_UNTIL.
    let mut tools = match Calculator::tool_router()
        .reconfigure()
        .overrides_from_env()
        .build()
    {
        Ok(tools) => tools,
        Err(e) => {
            eprintln!("calculator: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(now) = now {
        // From `now` on, time passes as usual: a window can close during a session.
        tools = tools.with_clock(OffsetClock::starting_at(now));
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
