use mcp_toolname::mcp_tool;

struct Server;

impl Server {
    #[mcp_tool]
    fn add(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server.add();
}
