"""The swap leaves code rustfmt accepts, in either style edition: a server of both kinds of
router whose imports shrink, grow past the width and need the edition's order.

Run: python3 -m unittest discover -s scripts/tests (needs rustfmt on PATH).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


if __name__ == "__main__":
    unittest.main()
