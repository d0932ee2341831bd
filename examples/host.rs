//! A small MCP host: connects two stdio servers that share tool names, gives every tool one
//! model-facing name with `Namespace`, and routes a call by that name back to the right
//! server under its raw name.
//!
//! ```text
//! cargo build --example calculator && cargo run --example host
//! ```
//!
//! It starts the calculator example twice, under the host-assigned keys `calc_a` and
//! `calc_b` (never `serverInfo.name`, which both report as `calculator`), prints the
//! model-facing names, and calls `add_numbers` on each through its qualified name.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use mcp_toolname::rules::{LLM_COMMON, message};
use mcp_toolname::{Namespace, ServerKey};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;

type Client = RunningService<RoleClient, ()>;

/// The calculator example beside this binary (`target/<profile>/examples/`).
fn calculator() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let path = exe.with_file_name(format!("calculator{}", std::env::consts::EXE_SUFFIX));
    if path.exists() {
        Ok(path)
    } else {
        Err(format!(
            "{} is missing: run `cargo build --example calculator` first",
            path.display()
        ))
    }
}

async fn connect(path: &PathBuf) -> Result<Client, String> {
    let transport = TokioChildProcess::new(tokio::process::Command::new(path))
        .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
    ().serve(transport)
        .await
        .map_err(|e| format!("initialize failed: {e}"))
}

/// Lists a server's tools: the fetch half of a two-phase refresh.
async fn fetch(client: &Client) -> Result<Vec<String>, String> {
    let tools = client.list_all_tools().await.map_err(|e| e.to_string())?;
    Ok(tools.into_iter().map(|t| t.name.into_owned()).collect())
}

async fn run() -> Result<(), String> {
    let path = calculator()?;
    let mut clients: BTreeMap<ServerKey, Client> = BTreeMap::new();
    let mut namespace = Namespace::build(&LLM_COMMON, []).map_err(|e| e.to_string())?;
    for key in ["calc_a", "calc_b"] {
        let key = ServerKey::new(key).map_err(|e| e.to_string())?;
        let client = connect(&path).await?;
        // Fetch, then qualify and swap in whole; a failed fetch would keep the previous list.
        namespace
            .refresh(&key, fetch(&client).await)
            .map_err(|e| e.to_string())?;
        clients.insert(key, client);
    }
    println!("model-facing tools:");
    for name in namespace.names() {
        let (key, raw) = namespace.resolve(name).ok_or("a listed name resolves")?;
        println!("  {name:<32} -> server {key}, tool {}", message::show(raw));
    }
    for (name, a, b) in [
        ("mcp__calc_a__add_numbers", 2, 3),
        ("mcp__calc_b__add_numbers", 40, 2),
    ] {
        let (key, raw) = namespace
            .resolve(name)
            .ok_or_else(|| format!("{name} is not a tool"))?;
        let client = clients
            .get(&ServerKey::new(key).map_err(|e| e.to_string())?)
            .ok_or("a known server")?;
        let arguments = serde_json::json!({ "a": a, "b": b })
            .as_object()
            .cloned()
            .unwrap_or_default();
        let result = client
            .call_tool(CallToolRequestParams::new(raw.to_owned()).with_arguments(arguments))
            .await
            .map_err(|e| format!("{name}: {e}"))?;
        let text: String = result
            .content
            .iter()
            .filter_map(|c| c.as_text())
            .map(|t| t.text.as_str())
            .collect();
        println!("call {name}({a}, {b}) -> server {key}, tool {raw}: {text}");
    }
    for (_, client) in clients {
        let _ = client.cancel().await;
    }
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("host: {e}");
            ExitCode::FAILURE
        }
    }
}
