"""What the port check reads: rmcp's version, where this repository and the scratch builds are, and
which of rmcp's tests it takes.
"""

from __future__ import annotations

import os
from pathlib import Path


RMCP_VERSION = "3.11.0"
REPO = Path(__file__).resolve().parent.parent.parent
MCP_TOOLNAME_PATH = os.environ.get("MCP_TOOLNAME_PATH", str(REPO))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", str(REPO / "target" / "rmcp-port"))

# rmcp 3.11.0's test files that use the tool or prompt macros, ToolRouter or PromptRouter.
SELECTED_TESTS = [
    "test_complex_schema",
    "test_handler_cache_hints",
    "test_inflight_response_drain",
    "test_json_schema_detection",
    "test_mrtr_behavior",
    "test_progress_subscriber",
    "test_request_timeout_progress",
    "test_streamable_http_connection_reuse",
    "test_structured_output",
    "test_structured_output_version",
    "test_task",
    "test_tool_disable_notification",
    "test_tool_macro_annotations",
    "test_tool_macros",
    "test_tool_routers",
    # The prompt twins.
    "test_prompt_handler",
    "test_prompt_macro_annotations",
    "test_prompt_macros",
    "test_prompt_routers",
]

# rmcp features never enabled: `local` drops the Send bounds and most tests are cfg'd out
# under it.
EXCLUDED_FEATURES = {"local"}
