#![deny(warnings)] // any warning left fails this case

// 65 tools, each with a listed alias: 130 names a client sends as tools, past the 128 the
// OpenAI Chat Completions API takes in one request.
use mcp_toolname::{mcp_tool, tool_registry};

struct Server;

#[tool_registry(allow(too_many_tools))]
impl Server {
    #[mcp_tool(alias(name = "old_tool_000", until = "2099-01-01"))]
    fn tool_000(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_001", until = "2099-01-01"))]
    fn tool_001(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_002", until = "2099-01-01"))]
    fn tool_002(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_003", until = "2099-01-01"))]
    fn tool_003(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_004", until = "2099-01-01"))]
    fn tool_004(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_005", until = "2099-01-01"))]
    fn tool_005(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_006", until = "2099-01-01"))]
    fn tool_006(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_007", until = "2099-01-01"))]
    fn tool_007(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_008", until = "2099-01-01"))]
    fn tool_008(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_009", until = "2099-01-01"))]
    fn tool_009(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_010", until = "2099-01-01"))]
    fn tool_010(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_011", until = "2099-01-01"))]
    fn tool_011(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_012", until = "2099-01-01"))]
    fn tool_012(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_013", until = "2099-01-01"))]
    fn tool_013(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_014", until = "2099-01-01"))]
    fn tool_014(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_015", until = "2099-01-01"))]
    fn tool_015(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_016", until = "2099-01-01"))]
    fn tool_016(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_017", until = "2099-01-01"))]
    fn tool_017(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_018", until = "2099-01-01"))]
    fn tool_018(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_019", until = "2099-01-01"))]
    fn tool_019(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_020", until = "2099-01-01"))]
    fn tool_020(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_021", until = "2099-01-01"))]
    fn tool_021(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_022", until = "2099-01-01"))]
    fn tool_022(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_023", until = "2099-01-01"))]
    fn tool_023(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_024", until = "2099-01-01"))]
    fn tool_024(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_025", until = "2099-01-01"))]
    fn tool_025(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_026", until = "2099-01-01"))]
    fn tool_026(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_027", until = "2099-01-01"))]
    fn tool_027(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_028", until = "2099-01-01"))]
    fn tool_028(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_029", until = "2099-01-01"))]
    fn tool_029(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_030", until = "2099-01-01"))]
    fn tool_030(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_031", until = "2099-01-01"))]
    fn tool_031(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_032", until = "2099-01-01"))]
    fn tool_032(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_033", until = "2099-01-01"))]
    fn tool_033(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_034", until = "2099-01-01"))]
    fn tool_034(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_035", until = "2099-01-01"))]
    fn tool_035(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_036", until = "2099-01-01"))]
    fn tool_036(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_037", until = "2099-01-01"))]
    fn tool_037(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_038", until = "2099-01-01"))]
    fn tool_038(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_039", until = "2099-01-01"))]
    fn tool_039(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_040", until = "2099-01-01"))]
    fn tool_040(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_041", until = "2099-01-01"))]
    fn tool_041(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_042", until = "2099-01-01"))]
    fn tool_042(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_043", until = "2099-01-01"))]
    fn tool_043(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_044", until = "2099-01-01"))]
    fn tool_044(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_045", until = "2099-01-01"))]
    fn tool_045(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_046", until = "2099-01-01"))]
    fn tool_046(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_047", until = "2099-01-01"))]
    fn tool_047(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_048", until = "2099-01-01"))]
    fn tool_048(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_049", until = "2099-01-01"))]
    fn tool_049(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_050", until = "2099-01-01"))]
    fn tool_050(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_051", until = "2099-01-01"))]
    fn tool_051(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_052", until = "2099-01-01"))]
    fn tool_052(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_053", until = "2099-01-01"))]
    fn tool_053(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_054", until = "2099-01-01"))]
    fn tool_054(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_055", until = "2099-01-01"))]
    fn tool_055(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_056", until = "2099-01-01"))]
    fn tool_056(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_057", until = "2099-01-01"))]
    fn tool_057(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_058", until = "2099-01-01"))]
    fn tool_058(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_059", until = "2099-01-01"))]
    fn tool_059(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_060", until = "2099-01-01"))]
    fn tool_060(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_061", until = "2099-01-01"))]
    fn tool_061(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_062", until = "2099-01-01"))]
    fn tool_062(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_063", until = "2099-01-01"))]
    fn tool_063(&self) -> String {
        String::new()
    }

    #[mcp_tool(alias(name = "old_tool_064", until = "2099-01-01"))]
    fn tool_064(&self) -> String {
        String::new()
    }
}

fn main() {
    let _ = Server::tool_router();
}
