use mcp_toolname::{ToolRegistry, mcp_tool, tool_registry};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::transport::stdio;
use rmcp::{ServerHandler, ServiceExt, schemars, tool_handler};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Pair {
    a: i64,
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
        alias(name = "calc.add", until = "2030-01-01", hidden)
    )]
    fn add(&self, Parameters(p): Parameters<Pair>) -> String {
        (p.a + p.b).to_string()
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Calculator {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tools = Calculator::tool_router();
    let server = Calculator { tools }.serve(stdio()).await?;
    server.waiting().await?;
    Ok(())
}

// In `cargo test`: builds the registry as the server does, so a name the macro cannot see (an
// argument renamed by serde that the Anthropic API refuses) fails the test, naming the fix.
#[test]
fn tools_build() {
    Calculator::tool_router();
}
