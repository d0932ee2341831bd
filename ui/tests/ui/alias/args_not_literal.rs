use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

const MODE: &str = "single";

#[tool_registry]
impl Server {
    // An alias's arguments are fixed when it is written: a literal, not a path.
    #[mcp_tool(alias(name = "validate_adr", args(mode = MODE, mode = "all")))]
    fn validate_adrs(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
