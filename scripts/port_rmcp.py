#!/usr/bin/env python3
"""Port check: apply mcp-toolname's documented mechanical swap to rmcp code and build it.

mcp-toolname promises that an rmcp server adopts it by a mechanical swap.  This script
applies exactly that swap, and nothing else, to code written for rmcp, then compiles and
runs the result:

  1. Cargo.toml gains `mcp-toolname = { path = ... }`.
  2. Attributes: `#[tool_router` -> `#[tool_registry`, `#[rmcp::tool_router` ->
     `#[mcp_toolname::tool_registry`, `#[tool(`/`#[tool]` -> `#[mcp_tool(`/`#[mcp_tool]`,
     `#[rmcp::tool(`/`#[rmcp::tool]` -> `#[mcp_toolname::mcp_tool(`/`...]`.
     (`#[tool_handler]` and `tool::` module paths are untouched.)
  3. The type `ToolRouter` -> `ToolRegistry`; a qualified path `rmcp::...::ToolRouter` ->
     `mcp_toolname::ToolRegistry`.
  4. Imports: `tool`, `tool_router` (the macros at rmcp's root) and `ToolRouter` leave the
     `use rmcp::...` trees (empty groups and statements go too); in their place
     `use mcp_toolname::{...};` names exactly the replacements the file uses.

Rewrites happen in code only: comments and string literals are left as written. A file that
was as rustfmt keeps it (for the package's edition and rustfmt.toml) is run through rustfmt
after the swap, so that `cargo fmt --check` passes wherever it passed before; without rustfmt on
PATH the script says so and leaves the layout to the swap.

rmcp's files are read at run time (from cargo's registry cache, or a git snapshot); none are
copied into this script.

Usage:
  port_rmcp.py swap FILE.rs                 print FILE.rs swapped (to check the rewrite)
  port_rmcp.py tests [--out DIR] [--only NAME ...] [--no-run] [--skip-baseline]
        build a scratch workspace DIR (default /tmp/rmcp-port) holding rmcp 3.11.0's tests
        that use the tool or prompt macros/routers (19 files) twice, `baseline/` (as published) and `swapped/`,
        then build and run each test target and print a table.
  port_rmcp.py crate SRC_DIR DST_DIR [--cmd "cargo build"]
        copy a Cargo package (e.g. an rmcp-based server), swap every .rs file, add the
        dependency, then run the command in DST_DIR (default: cargo build --all-targets).
  port_rmcp.py repo GIT_DIR --out DIR [--members PKG_DIR ...] [--rev REV]
        an rmcp-based project from a git snapshot (e.g. one `fetch`ed): baseline and swapped
        copies, rmcp pinned to =3.11.0 in each member, `cargo test --workspace` in each.
  port_rmcp.py examples GIT_DIR [--rev REV] [--out DIR] [--only EXAMPLE ...]
        from a git snapshot of modelcontextprotocol/rust-sdk (bare repo or .git dir), build
        rmcp's example servers counter, calculator, generic_service, structured_output,
        baseline and swapped, against the published rmcp 3.11.0.

Environment: CARGO_TARGET_DIR (default target/rmcp-port in this repository),
MCP_TOOLNAME_PATH (default: this repository), RMCP_SRC (default: rmcp-3.11.0 in cargo's
registry source cache).
"""

from __future__ import annotations

import argparse

from rmcp_port.commands import cmd_crate, cmd_swap, cmd_tests
from rmcp_port.examples import EXAMPLE_BINS, cmd_examples
from rmcp_port.repo import cmd_repo


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("swap", help="print one file swapped")
    p.add_argument("file")
    p.set_defaults(func=cmd_swap)
    p = sub.add_parser("tests", help="rmcp's tests, baseline and swapped")
    p.add_argument("--out", default="/tmp/rmcp-port")
    p.add_argument("--only", nargs="*")
    p.add_argument("--no-run", action="store_true")
    p.add_argument("--skip-baseline", action="store_true")
    p.add_argument("--timeout", type=int, default=300, help="seconds per test binary")
    p.set_defaults(func=cmd_tests)
    p = sub.add_parser("crate", help="swap a copy of a Cargo package and build it")
    p.add_argument("src")
    p.add_argument("dst")
    p.add_argument("--cmd", default="cargo build --all-targets")
    p.add_argument("--timeout", type=int, default=1800)
    p.set_defaults(func=cmd_crate)
    p = sub.add_parser("examples", help="rmcp's example servers from a rust-sdk git snapshot")
    p.add_argument("git_dir")
    p.add_argument("--rev", default="HEAD")
    p.add_argument("--only", nargs="*", help="example names (default: " + ", ".join(EXAMPLE_BINS) + ")")
    p.add_argument("--out", default="/tmp/rmcp-port-examples")
    p.add_argument("--no-smoke", action="store_true", help="build only, no stdio session")
    p.set_defaults(func=cmd_examples)
    p = sub.add_parser("repo", help="an rmcp-based project from a git snapshot, baseline and swapped")
    p.add_argument("git_dir")
    p.add_argument("--rev", default="HEAD")
    p.add_argument("--members", nargs="*", help="package dirs to build (default: the root package)")
    p.add_argument("--out", required=True)
    p.add_argument("--timeout", type=int, default=3000)
    p.set_defaults(func=cmd_repo)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
