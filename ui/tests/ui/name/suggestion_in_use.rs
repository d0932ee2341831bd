use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

// Every suggestion of one impl is distinct and free: `search_documents` is taken, and so
// is `find_documents` (an alias); a name with nothing readable in it gets no placeholder.
#[tool_registry]
impl Server {
    #[mcp_tool(alias = "find_documents")]
    fn search_documents(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "search documents")]
    fn search_spaced(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "search/documents")]
    fn search_slashed(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "find documents")]
    fn find(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "代码规范文档")]
    fn code_docs(&self) -> String {
        String::new()
    }

    #[mcp_tool(name = "设计文档")]
    fn design_docs(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
