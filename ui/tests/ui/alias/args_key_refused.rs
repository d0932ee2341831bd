// An alias carries `größe` into its tool: the Anthropic API refuses an argument name outside
// `^[a-zA-Z0-9_.-]{1,64}$`, and with it every request, so the build refuses it where it is
// written, before the registry would.
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry]
impl Server {
    #[mcp_tool(alias(name = "resize_old", args(größe = 2)))]
    fn resize(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
