"""The swap leaves code rustfmt accepts, in either style edition: a server of both kinds of
router whose imports shrink, grow past the width and need the edition's order; and one small
file for each layout the swap's renames upset, each rustfmt-clean before the swap.

Run: python3 -m unittest discover -s scripts/tests (needs rustfmt on PATH).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rmcp_port import swap  # noqa: E402
from rmcp_port.swap import swap_source  # noqa: E402

SERVER = """use std::sync::Arc;

use rmcp::{
    ServerHandler,
    handler::server::{router::prompt::PromptRouter, router::tool::ToolRouter, wrapper::Parameters},
    model::{PromptMessage, Role, ServerCapabilities, ServerInfo},
    prompt, prompt_handler, prompt_router, schemars, tool, tool_handler, tool_router,
};

#[derive(Clone)]
pub struct Notes {
    tool_router: ToolRouter<Self>,
    prompt_router: PromptRouter<Self>,
    _x: Arc<()>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
pub struct P {
    a: i64,
}

#[tool_router]
impl Notes {
    #[tool(description = "adds")]
    fn add(&self, Parameters(p): Parameters<P>) -> String {
        p.a.to_string()
    }
}

#[prompt_router]
impl Notes {
    #[prompt(name = "review")]
    fn review(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(Role::User, "x")]
    }
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Notes {
    fn get_info(&self) -> ServerInfo {
        ServerInfo::new(ServerCapabilities::builder().enable_tools().build())
    }
}
"""


def rustfmt(text: str, edition: str, check: bool) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "lib.rs"
        path.write_text(text)
        args = ["rustfmt", "--edition", edition] + (["--check"] if check else []) + [str(path)]
        done = subprocess.run(args, capture_output=True, text=True)
        return done.returncode, done.stdout if check else path.read_text()


class SwapKeepsRustfmt(unittest.TestCase):
    def test_each_edition(self) -> None:
        for edition in ("2021", "2024"):
            with self.subTest(edition=edition):
                rc, formatted = rustfmt(SERVER, edition, check=False)
                self.assertEqual(rc, 0)
                swapped = swap_source(formatted, edition).text
                self.assertIn("prompt_registry", swapped)
                self.assertNotIn("ToolRouter", swapped)
                rc, diff = rustfmt(swapped, edition, check=True)
                self.assertEqual(rc, 0, f"edition {edition}: rustfmt would change:\n{diff}")


# A nested group that shrinks to one item: rustfmt lays a use tree out vertically only while
# a nested list in it has several items, so the tree must be re-flowed.
NESTED_GROUP_SHRINKS = """use rmcp::{
    ServerHandler,
    handler::server::{router::tool::ToolRouter, wrapper::Parameters},
    model::ServerInfo,
    schemars, tool, tool_handler, tool_router,
};
"""

# `#[tool(` fits in 100 columns (99); `#[mcp_tool(` does not.
ATTRIBUTE_GROWS = """use rmcp::{tool, tool_router};

#[tool_router]
impl Server {
    #[tool(description = "Finds every page of the notebook that mentions a word, newest first.")]
    fn search(&self) -> String {
        String::new()
    }
}
"""

# A signature split because rmcp's path did not fit; `mcp_toolname::PromptRegistry<Self>` does.
RETURN_TYPE_SHRINKS = """use rmcp::prompt_router;

#[prompt_router]
impl Server {
    pub fn prompts_for_this_server_with_a_long_name()
    -> rmcp::handler::server::router::prompt::PromptRouter<Self> {
        Self::prompt_router()
    }
}
"""

# `use rmcp::{ServerHandler, ...}` becomes `use rmcp::ServerHandler;`, which style 2024 sorts
# before `rmcp::model`.
USE_LOSES_BRACES = """use rmcp::model::ServerInfo;
use rmcp::{ServerHandler, tool, tool_router};
"""

# Three rmcp lines of one name each become three mcp_toolname lines, which style 2021 sorts
# lower case first (`ToolRegistry` last).
THREE_SINGLE_IMPORTS = """use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::tool;
use rmcp::tool_router;

#[derive(Clone)]
pub struct Server {
    tools: ToolRouter<Self>,
}

#[tool_router]
impl Server {
    #[tool]
    fn search(&self) -> String {
        String::new()
    }
}
"""


class EachLayoutKeepsRustfmt(unittest.TestCase):
    def check(self, src: str, edition: str) -> str:
        rc, diff = rustfmt(src, edition, check=True)
        self.assertEqual(rc, 0, f"the input is not rustfmt-clean:\n{diff}")
        swapped = swap_source(src, edition).text
        self.assertNotEqual(swapped, src)
        rc, diff = rustfmt(swapped, edition, check=True)
        self.assertEqual(rc, 0, f"edition {edition}: rustfmt would change the swapped code:\n{diff}")
        return swapped

    def test_use_tree_reflowed_when_its_nested_group_shrinks(self) -> None:
        swapped = self.check(NESTED_GROUP_SHRINKS, "2024")
        self.assertIn("handler::server::wrapper::Parameters", swapped)

    def test_attribute_wrapped_when_it_no_longer_fits(self) -> None:
        self.assertIn("#[mcp_tool(\n", self.check(ATTRIBUTE_GROWS, "2024"))

    def test_signature_joined_when_the_return_type_fits(self) -> None:
        swapped = self.check(RETURN_TYPE_SHRINKS, "2024")
        self.assertIn("name() -> mcp_toolname::PromptRegistry<Self> {", swapped)

    def test_use_resorted_when_it_loses_names(self) -> None:
        swapped = self.check(USE_LOSES_BRACES, "2024")
        self.assertLess(swapped.index("use rmcp::ServerHandler;"), swapped.index("use rmcp::model"))

    def test_inserted_imports_in_the_editions_order(self) -> None:
        swapped = self.check(THREE_SINGLE_IMPORTS, "2021")
        self.assertLess(swapped.index("mcp_toolname::tool_registry;"),
                        swapped.index("mcp_toolname::ToolRegistry;"))

    def test_the_packages_rustfmt_toml_is_followed(self) -> None:
        # An attribute past 100 columns after the swap, but within the package's `max_width`,
        # and a use tree to re-flow: only rustfmt run with the package's configuration keeps
        # the first on one line and re-flows the second.
        attribute = ATTRIBUTE_GROWS.replace("newest first.", "newest first, for one notebook.")
        src = NESTED_GROUP_SHRINKS + attribute[attribute.index("\n") + 1:]
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "rustfmt.toml").write_text("max_width = 120\n")
            path = Path(tmp) / "lib.rs"
            path.write_text(src)
            check = ["rustfmt", "--check", "--edition", "2024", str(path)]
            self.assertEqual(subprocess.run(check, capture_output=True).returncode, 0)
            swapped = swap_source(src, "2024", config_dir=Path(tmp)).text
            self.assertIn('    #[mcp_tool(description = "', swapped)
            path.write_text(swapped)
            done = subprocess.run(check, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, done.stdout)

    def test_code_rustfmt_did_not_keep_is_left_as_written(self) -> None:
        # Formatting it would rewrite lines the swap never touched.
        src = "use rmcp::{tool, tool_router};\nfn  untouched ( ) {}\n"
        self.assertIn("fn  untouched ( ) {}", swap_source(src, "2024").text)

    def test_says_when_rustfmt_is_missing(self) -> None:
        with mock.patch.object(swap.shutil, "which", return_value=None):
            res = swap_source(ATTRIBUTE_GROWS, "2024")
        self.assertTrue(any("rustfmt not found" in n for n in res.notes), res.notes)


# Code reading rmcp's public `ToolRouter::map`, which the registry does not have.
READS_MAP = """use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_router};

#[derive(Clone)]
pub struct Server {
    tools: ToolRouter<Self>,
    map: std::collections::HashMap<String, u32>,
}

#[tool_router]
impl Server {
    #[tool]
    fn search(&self) -> String {
        String::new()
    }

    fn open_schemas(&mut self) {
        for route in self.tools.map.values_mut() {
            route.attr.title = None;
        }
    }

    fn listed(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.tools.map.keys().map(|name| name.as_ref()).collect();
        names.retain(|name| self.tools.map.contains_key(*name));
        names
    }

    fn described(&self) -> usize {
        let search = self.tools.map.get("search");
        let n = self
            .tools
            .map
            .values()
            .filter(|r| r.attr.description.is_some())
            .count();
        n + usize::from(search.is_some()) + self.tools.map.len() + self.map.len()
    }
}
"""


class MapUsesRewritten(unittest.TestCase):
    def test_each_use_becomes_the_registry_method(self) -> None:
        self.assertEqual(rustfmt(READS_MAP, "2024", check=True)[0], 0)
        res = swap_source(READS_MAP, "2024")
        self.assertEqual(res.notes, [])
        for expected in [
            "self.tools.for_each_route_mut(|route| {\n            route.attr.title = None;\n        });",
            "self.tools.names().map(|name| name.as_ref())",
            "self.tools.route(*name).is_some()",
            'self.tools.route("search")',
            ".tools\n            .routes()\n            .filter(",
            "self.tools.len() + self.map.len()",  # a map that is not a router's stays
        ]:
            self.assertIn(expected, res.text)
        self.assertNotIn("tools.map", res.text)
        rc, diff = rustfmt(res.text, "2024", check=True)
        self.assertEqual(rc, 0, diff)

    def test_a_map_of_the_servers_own_types_stays(self) -> None:
        src = READS_MAP.replace("self.map.len()", "self.plugin_registry.map.len()")
        self.assertIn("self.plugin_registry.map.len()", swap_source(src, "2024").text)

    def test_a_loop_a_closure_cannot_hold_is_left_and_reported(self) -> None:
        src = READS_MAP.replace("route.attr.title = None;", "if route.attr.title.is_none() {\n                continue;\n            }")
        res = swap_source(src, "2024")
        self.assertIn("for route in self.tools.map.values_mut()", res.text)
        self.assertTrue(any("for_each_route_mut" in n for n in res.notes), res.notes)


if __name__ == "__main__":
    unittest.main()
