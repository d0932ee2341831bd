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

Rewrites happen in code only: comments and string literals are left as written.

rmcp's files are read at run time (from cargo's registry cache, or a git snapshot); none are
copied into this script.

Usage:
  port_rmcp.py swap FILE.rs                 print FILE.rs swapped (to check the rewrite)
  port_rmcp.py tests [--out DIR] [--only NAME ...] [--no-run] [--skip-baseline]
        build a scratch workspace DIR (default /tmp/rmcp-port) holding rmcp 3.11.0's tests
        that use the tool macros/routers twice, `baseline/` (as published) and `swapped/`,
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
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RMCP_VERSION = "3.11.0"
REPO = Path(__file__).resolve().parent.parent
MCP_TOOLNAME_PATH = os.environ.get("MCP_TOOLNAME_PATH", str(REPO))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", str(REPO / "target" / "rmcp-port"))

# rmcp 3.11.0's test files that use the tool macros or ToolRouter.
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
]

# rmcp features never enabled: `local` drops the Send bounds and most tests are cfg'd out
# under it.
EXCLUDED_FEATURES = {"local"}


# ---------------------------------------------------------------------------------------
# Lexing: which byte ranges of a Rust file are code (not comments, strings, char literals).
# ---------------------------------------------------------------------------------------

def code_mask(src: str) -> list[bool]:
    """True for each character of `src` that is code, False inside comments and literals."""
    n = len(src)
    mask = [True] * n
    i = 0

    def blank(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            mask[k] = False

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.compile(r'(?:b|c)?r(#*)"').match(src, i)) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            end = src.find('"' + m.group(1), m.end())
            j = n if end < 0 else end + 1 + len(m.group(1))
            blank(i, j)
            i = j
        elif c == '"' or (c in "bc" and src.startswith('"', i + 1) and
                          (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_"))):
            j = i + (1 if c == '"' else 2)
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{..}') or a lifetime/label ('a).
            m = re.compile(r"'(?:\\(?:u\{[0-9a-fA-F_]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'").match(src, i)
            if m:
                blank(i, m.end())
                i = m.end()
            else:
                i += 1
        else:
            i += 1
    return mask


def code_finditer(pattern: re.Pattern, src: str, mask: list[bool]):
    """Matches of `pattern` in `src` that start in code."""
    for m in pattern.finditer(src):
        if mask[m.start()]:
            yield m


# ---------------------------------------------------------------------------------------
# `use` trees: parse with spans, drop leaves, re-emit only the parts that changed.
# ---------------------------------------------------------------------------------------

@dataclass
class UseTree:
    start: int                   # span in the file
    end: int
    prefix: list[str]            # path segments before the leaf or the group
    leaf: str | None = None      # ident, `self` or `*`; None for a group
    rename: str | None = None    # `as` name
    group: list["UseTree"] | None = None
    group_open: int = 0          # index of '{'
    group_close: int = 0         # index of '}'


class UseParser:
    """Recursive-descent parser of one `use` tree over the code tokens of a file."""

    TOKEN = re.compile(r"\s+|::|[{},;*]|r#[A-Za-z_]\w*|[A-Za-z_]\w*|.", re.S)

    def __init__(self, src: str, mask: list[bool], pos: int):
        self.toks: list[tuple[str, int, int]] = []
        i = pos
        while i < len(src):
            if not mask[i]:          # a comment inside the tree: skip it
                i += 1
                continue
            m = self.TOKEN.match(src, i)
            if not m.group().isspace():
                self.toks.append((m.group(), m.start(), m.end()))
                if m.group() == ";":
                    break
            i = m.end()
        self.k = 0

    def peek(self) -> str:
        return self.toks[self.k][0] if self.k < len(self.toks) else ""

    def take(self) -> tuple[str, int, int]:
        tok = self.toks[self.k]
        self.k += 1
        return tok

    def tree(self) -> UseTree:
        start = self.toks[self.k][1]
        prefix: list[str] = []
        if self.peek() == "::":
            self.take()
            prefix.append("")
        while True:
            tok, s, e = self.take()
            if tok == "{":
                items: list[UseTree] = []
                while self.peek() != "}":
                    items.append(self.tree())
                    if self.peek() == ",":
                        self.take()
                _, cs, ce = self.take()
                return UseTree(start, ce, prefix, group=items, group_open=s, group_close=cs)
            if self.peek() == "::":
                self.take()
                prefix.append(tok)
                continue
            tree = UseTree(start, e, prefix, leaf=tok)
            if self.peek() == "as":
                self.take()
                tree.rename, _, tree.end = self.take()
            return tree


# Leaves that leave rmcp's use trees, keyed by their full path (rmcp re-exports
# rmcp_macros::* at its root), with the mcp-toolname name that replaces each.
def removed_leaf(path: list[str], leaf: str) -> str | None:
    """The replacement name if the import `path::leaf` is one the swap removes."""
    if leaf == "ToolRouter":
        return "ToolRegistry"
    if path in (["rmcp"], ["", "rmcp"]):
        return {"tool": "mcp_tool", "tool_router": "tool_registry"}.get(leaf)
    return None


def prune(src: str, tree: UseTree, path: list[str], edits: list, removed: list[str]) -> bool:
    """Record edits dropping the removed leaves of `tree`; True if `tree` itself goes."""
    full = path + tree.prefix
    if tree.group is None:
        name = removed_leaf(full, tree.leaf)
        if name is not None:
            removed.append(name)
            return True
        return False
    kept = [t for t in tree.group if not prune(src, t, full, edits, removed)]
    if not kept:
        return True
    if len(kept) < len(tree.group):
        # Re-emit the group's kept items from their own text, each followed by the
        # separator that followed it originally (so the layout of lines is kept), then the
        # group's tail (trailing comma, newline) as written.
        items = tree.group
        head = src[tree.group_open + 1:items[0].start]
        tail = src[items[-1].end:tree.group_close]
        parts = []
        for t in kept:
            parts.append(apply_edits(src, t.start, t.end, edits))
            if t is not kept[-1]:
                # Between two kept items, take a separator that breaks the line if any
                # of the original ones (around the removed items) did.
                a, b = items.index(t), items.index(kept[kept.index(t) + 1])
                seps = [src[items[k].end:items[k + 1].start] for k in range(a, b)]
                parts.append(next((x for x in seps if "\n" in x), seps[0]))
        body = "".join(parts)
        edits[:] = [ed for ed in edits if not (tree.group_open < ed[0] < tree.group_close)]
        edits.append((tree.group_open + 1, tree.group_close, head + body + tail))
    return False


def apply_edits(src: str, a: int, b: int, edits: list) -> str:
    """src[a:b] with the recorded edits inside it applied."""
    out, pos = [], a
    for s, e, text in sorted(ed for ed in edits if a <= ed[0] and ed[1] <= b):
        out.append(src[pos:s])
        out.append(text)
        pos = e
    out.append(src[pos:b])
    return "".join(out)


# ---------------------------------------------------------------------------------------
# The swap.
# ---------------------------------------------------------------------------------------

ATTR_RULES = [
    # (pattern at '#[', replacement); `tool_handler` never matches: `tool\b` needs a
    # boundary and each pattern names the full attribute.
    (re.compile(r"#\[(\s*)(?:::)?rmcp::tool_router\b"), r"#[\1mcp_toolname::tool_registry"),
    (re.compile(r"#\[(\s*)(?:::)?rmcp::tool(\s*[(\]])"), r"#[\1mcp_toolname::mcp_tool\2"),
    (re.compile(r"#\[(\s*)tool_router\b"), r"#[\1tool_registry"),
    (re.compile(r"#\[(\s*)tool(\s*[(\]])"), r"#[\1mcp_tool\2"),
]
QUALIFIED_ROUTER = re.compile(r"(?<![\w:])(?:::)?rmcp(?:::[A-Za-z_]\w*)*::ToolRouter\b")
BARE_ROUTER = re.compile(r"(?<![\w])ToolRouter\b")
USE_RMCP = re.compile(r"(?m)^([ \t]*)((?:pub(?:\([^)]*\))?\s+)?use\s+)(?=(?:::)?rmcp\b)")
MCP_NAMES = ["mcp_tool", "tool_registry", "ToolRegistry"]  # in the order the import lists them


@dataclass
class SwapResult:
    text: str
    changed: bool
    notes: list[str] = field(default_factory=list)


def rewrite_code(src: str, pattern: re.Pattern, repl) -> str:
    """Apply a regex substitution only at matches that start in code."""
    mask = code_mask(src)
    out, pos = [], 0
    for m in code_finditer(pattern, src, mask):
        out.append(src[pos:m.start()])
        out.append(m.expand(repl) if isinstance(repl, str) else repl(m))
        pos = m.end()
    out.append(src[pos:])
    return "".join(out)


def uses_name(src: str, name: str) -> bool:
    """Whether the code uses `name` unqualified (not as `mcp_toolname::name`, not a field)."""
    mask = code_mask(src)
    if name == "ToolRegistry":
        pat = re.compile(r"(?<![\w:])ToolRegistry\b")
    else:
        pat = re.compile(r"#\[\s*" + name + r"\b")
    return any(True for _ in code_finditer(pat, src, mask))


def swap_source(src: str) -> SwapResult:
    """The mechanical swap of one Rust source file."""
    notes: list[str] = []

    # Step 4 first, while the old names are still in the use trees: prune rmcp imports,
    # remembering, per statement, which replacements belong in the same scope.
    mask = code_mask(src)
    edits: list[tuple[int, int, str]] = []
    inserts: list[tuple[int, str, list[str]]] = []   # (position after stmt, indent, names)
    for m in code_finditer(USE_RMCP, src, mask):
        parser = UseParser(src, mask, m.end())
        tree = parser.tree()
        semi = parser.take()
        assert semi[0] == ";", f"unparsed use tree at byte {m.start()}"
        removed: list[str] = []
        stmt_edits: list = []
        whole = prune(src, tree, [], stmt_edits, removed)
        if not removed:
            continue
        stmt_end = semi[2]
        line_end = src.find("\n", stmt_end)
        line_end = len(src) if line_end < 0 else line_end + 1
        if whole:
            edits.append((m.start(), line_end, ""))
        else:
            edits.extend(stmt_edits)
        inserts.append((line_end, m.group(1), removed))
    for pos, indent, names in inserts:
        edits.append((pos, pos, ("\0USE", indent, names)))  # filled in below
    # Apply the import edits, leaving placeholders for the new imports.
    out, pos = [], 0
    placeholders: list[tuple[str, list[str]]] = []
    for s, e, text in sorted(edits, key=lambda ed: (ed[0], ed[1])):
        out.append(src[pos:s])
        if isinstance(text, tuple):
            placeholders.append((text[1], text[2]))
            out.append(f"\0USE{len(placeholders) - 1}\0")
        else:
            out.append(text)
        pos = max(pos, e)
    out.append(src[pos:])
    text = "".join(out)

    # Step 2: attributes.
    for pat, repl in ATTR_RULES:
        text = rewrite_code(text, pat, repl)
    # Step 3: the type, qualified paths first.
    text = rewrite_code(text, QUALIFIED_ROUTER, "mcp_toolname::ToolRegistry")
    text = rewrite_code(text, BARE_ROUTER, "ToolRegistry")

    # Step 4, second half: the new imports, with only the names the file uses.
    used = {n for n in MCP_NAMES if uses_name(text.replace("\0", ""), n)}
    covered: set[str] = set()
    for k, (indent, names) in enumerate(placeholders):
        names = [n for n in MCP_NAMES if n in names and n in used]
        covered.update(names)
        line = ""
        if len(names) == 1:
            line = f"{indent}use mcp_toolname::{names[0]};\n"
        elif names:
            line = f"{indent}use mcp_toolname::{{{', '.join(names)}}};\n"
        text = text.replace(f"\0USE{k}\0", line)
    missing = [n for n in MCP_NAMES if n in used and n not in covered]
    if missing:
        # Used but never imported from rmcp by name (e.g. reached through a glob): import
        # at the top, after the inner attributes and leading comments.
        notes.append(f"added a top-level import for {missing} (not imported by name before)")
        mask = code_mask(text)
        head = re.compile(r"(?:\s+|//[^\n]*\n|/\*.*?\*/|#!\[[^\]]*\]\s*\n)*", re.S).match(text)
        at = head.end() if head else 0
        names = ", ".join(missing)
        imp = f"use mcp_toolname::{{{names}}};\n" if len(missing) > 1 else f"use mcp_toolname::{names};\n"
        text = text[:at] + imp + text[at:]
    return SwapResult(text, text != src, notes)


# ---------------------------------------------------------------------------------------
# Cargo packages.
# ---------------------------------------------------------------------------------------

def rmcp_src() -> Path:
    if os.environ.get("RMCP_SRC"):
        return Path(os.environ["RMCP_SRC"])
    cargo_home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    found = sorted(glob.glob(f"{cargo_home}/registry/src/*/rmcp-{RMCP_VERSION}"))
    if not found:
        sys.exit(f"rmcp-{RMCP_VERSION} not in the registry cache: run `cargo fetch` on a "
                 f"crate depending on rmcp = \"={RMCP_VERSION}\" first")
    return Path(found[0])


def toml_value(v) -> str:
    """A TOML inline value (enough for Cargo dependency specs)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    return str(v)


def dep_spec(spec) -> str:
    if isinstance(spec, str):
        return toml_value(spec)
    spec = {k: v for k, v in spec.items() if k != "optional"}
    return toml_value(spec)


def crates_used(sources: list[str], candidates) -> set[str]:
    """Which of the candidate crates the sources name (`crate::`, `use crate`, `crate!`)."""
    used = set()
    for name in candidates:
        ident = name.replace("-", "_")
        pat = re.compile(r"(?<![\w:])" + ident + r"\s*(?:::|!|;|\s+as\b)")
        if any(pat.search(s) for s in sources):
            used.add(name)
    return used


def test_manifest(name: str, rmcp: dict, tests: list[str], sources: list[str]) -> str:
    """Cargo.toml of a scratch package holding rmcp's selected tests."""
    # Features: those the tests require, plus those they test with cfg(feature = ...).
    wanted: set[str] = set(rmcp["features"]["default"])
    for t in rmcp.get("test", []):
        if t["name"] in tests:
            wanted.update(t.get("required-features", []))
    for s in sources:
        wanted.update(re.findall(r'(?<!not\()feature\s*=\s*"([\w-]+)"', s))
    wanted = {f for f in wanted if f in rmcp["features"] and f not in EXCLUDED_FEATURES}
    # rmcp's own dependencies and dev-dependencies the tests name, as rmcp declares them
    # (a dev-dependency's spec wins, as in rmcp's own test build).
    deps: dict[str, object] = {}
    specs = {**rmcp.get("dependencies", {}), **rmcp.get("dev-dependencies", {})}
    for n in sorted(crates_used(sources, specs)):
        deps[n] = specs[n]
    # serde derives are used through attributes only; tokio's `full` is what rmcp's tests run with.
    for n in ("serde", "tokio", "tokio-util", "schemars", "serde_json"):
        deps.setdefault(n, specs[n])
    lines = [
        "[package]",
        f'name = "{name}"',
        'version = "0.0.0"',
        'edition = "2024"',
        "publish = false",
        "",
        "[features]",
        # The tests' `cfg(feature = ...)` refer to rmcp's features: forward each of them.
        "default = " + toml_value(sorted(wanted)),
    ]
    for f in sorted(rmcp["features"]):
        if f != "default":
            lines.append(f'{toml_value(f)} = ["rmcp/{f}"]')
    lines += [
        "",
        "[dependencies]",
        f'rmcp = {{ version = "={RMCP_VERSION}" }}',
        f'mcp-toolname = {{ path = "{MCP_TOOLNAME_PATH}" }}',
        "",
        "[dev-dependencies]",
    ]
    lines += [f"{n} = {dep_spec(s)}" for n, s in deps.items()]
    lines.append("")
    for t in tests:
        lines += ["[[test]]", f'name = "{t}"', f'path = "tests/{t}.rs"', ""]
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def run(cmd: list[str], cwd: Path, log: Path, timeout: int | None = None) -> tuple[int, str]:
    env = dict(os.environ, CARGO_TARGET_DIR=TARGET_DIR)
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        rc = -9
        out = (e.stdout or b"").decode(errors="replace") + (e.stderr or b"").decode(errors="replace")
        out += f"\n[port_rmcp] TIMEOUT after {timeout}s\n"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(f"$ {' '.join(cmd)}   (cwd {cwd}, {time.time() - t0:.0f}s, rc {rc})\n{out}")
    return rc, out


def first_errors(out: str, limit: int = 6) -> list[str]:
    """The compiler's error headlines with their first location."""
    errs, lines = [], out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("error") and not line.startswith("error: could not compile"):
            loc = next((l.strip() for l in lines[i + 1:i + 4] if l.strip().startswith("-->")), "")
            errs.append(f"{line} {loc}".strip())
    seen, uniq = set(), []
    for e in errs:
        if e not in seen:
            seen.add(e)
            uniq.append(e)
    return uniq[:limit]


def test_counts(out: str) -> tuple[int, int, int, list[str]]:
    m = re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", out)
    passed = sum(int(a) for a, _, _ in m)
    failed = sum(int(b) for _, b, _ in m)
    ignored = sum(int(c) for _, _, c in m)
    failures = re.findall(r"^test (\S+) \.\.\. FAILED", out, re.M)
    return passed, failed, ignored, failures


# ---------------------------------------------------------------------------------------
# Subcommands.
# ---------------------------------------------------------------------------------------

def cmd_swap(args) -> None:
    res = swap_source(Path(args.file).read_text())
    sys.stdout.write(res.text)
    for n in res.notes:
        print(f"// port_rmcp: {n}", file=sys.stderr)


def build_test_packages(out: Path, tests: list[str]) -> None:
    src = rmcp_src()
    rmcp = tomllib.loads((src / "Cargo.toml").read_text())
    originals = {t: (src / "tests" / f"{t}.rs").read_text() for t in tests}
    commons = {p.name: p.read_text() for p in sorted((src / "tests" / "common").glob("*.rs"))}
    sources = list(originals.values()) + list(commons.values())
    write(out / "Cargo.toml", '[workspace]\nmembers = ["baseline", "swapped"]\nresolver = "3"\n')
    for kind in ("baseline", "swapped"):
        pkg = out / kind
        write(pkg / "Cargo.toml", test_manifest(f"rmcp-port-{kind}", rmcp, tests, sources))
        write(pkg / "src" / "lib.rs", "// Scratch package: rmcp's tests live in tests/.\n")
        for name, text in [*(("common/" + k, v) for k, v in commons.items()),
                           *((f"{t}.rs", v) for t, v in originals.items())]:
            if kind == "swapped":
                res = swap_source(text)
                for n in res.notes:
                    print(f"  {name}: {n}")
                text = res.text
            write(pkg / "tests" / name, text)


def cmd_tests(args) -> None:
    out = Path(args.out)
    tests = args.only or SELECTED_TESTS
    build_test_packages(out, tests)
    print(f"scratch workspace: {out}  (target dir {TARGET_DIR})")
    if args.no_run:
        return
    kinds = ["swapped"] if args.skip_baseline else ["baseline", "swapped"]
    results: dict[tuple[str, str], str] = {}
    details: list[str] = []
    for kind in kinds:
        pkg = out / kind
        for t in tests:
            logs = out / "logs" / kind
            rc, o = run(["cargo", "test", "--test", t, "--no-run"], pkg, logs / f"{t}.build.log")
            if rc != 0:
                errs = first_errors(o)
                results[(kind, t)] = f"BUILD FAIL ({len(errs)}+ errors)"
                details.append(f"[{kind}] {t}: does not compile\n    " + "\n    ".join(errs))
                continue
            rc, o = run(["cargo", "test", "--test", t, "--", "--test-threads=2"], pkg,
                        logs / f"{t}.run.log", timeout=args.timeout)
            p, f, ig, failures = test_counts(o)
            status = f"{p} passed, {f} failed" + (f", {ig} ignored" if ig else "")
            if rc == -9:
                status += " TIMEOUT"
            elif rc != 0 and f == 0:
                status += f" (rc {rc})"
            results[(kind, t)] = status
            if failures:
                details.append(f"[{kind}] {t}: failed: {', '.join(failures)}")
    w = max(len(t) for t in tests)
    print(f"\n{'test file'.ljust(w)}  " + "  ".join(k.ljust(34) for k in kinds))
    for t in tests:
        print(f"{t.ljust(w)}  " + "  ".join(results.get((k, t), "-").ljust(34) for k in kinds))
    if details:
        print("\nDetails (full logs under " + str(out / "logs") + "):")
        print("\n".join(details))
    tot = {k: [0, 0] for k in kinds}
    for (k, _), s in results.items():
        m = re.match(r"(\d+) passed, (\d+) failed", s)
        if m:
            tot[k][0] += int(m.group(1))
            tot[k][1] += int(m.group(2))
    for k in kinds:
        builds = sum(1 for (kk, _), s in results.items() if kk == k and not s.startswith("BUILD"))
        print(f"{k}: {builds}/{len(tests)} files compile; {tot[k][0]} passed, {tot[k][1]} failed")
    # The swapped side is the check: any file that does not compile or any failed test fails it.
    swapped_ok = all(
        not s.startswith("BUILD") and re.match(r"\d+ passed, 0 failed", s) and "TIMEOUT" not in s and "(rc" not in s
        for (k, _), s in results.items()
        if k == "swapped"
    )
    if not swapped_ok:
        sys.exit(1)


def add_dependency(manifest: Path) -> None:
    """Step 1: `mcp-toolname = { path = ... }` under [dependencies]."""
    text = manifest.read_text()
    line = f'mcp-toolname = {{ path = "{MCP_TOOLNAME_PATH}" }}\n'
    if "mcp-toolname" in text:
        return
    m = re.search(r"(?m)^\[dependencies\]\s*\n", text)
    if m:
        text = text[:m.end()] + line + text[m.end():]
    else:
        text = text.rstrip("\n") + "\n\n[dependencies]\n" + line
    manifest.write_text(text)


def swap_tree(root: Path) -> list[str]:
    changed = []
    for p in sorted(root.rglob("*.rs")):
        if "target" in p.relative_to(root).parts:
            continue
        res = swap_source(p.read_text())
        if res.changed:
            p.write_text(res.text)
            changed.append(str(p.relative_to(root)))
        for n in res.notes:
            print(f"  {p.relative_to(root)}: {n}")
    return changed


def cmd_crate(args) -> None:
    src, dst = Path(args.src), Path(args.dst)
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("target", ".git"))
    add_dependency(dst / "Cargo.toml")
    for p in swap_tree(dst):
        print(f"  swapped {p}")
    rc, o = run(args.cmd.split(), dst, dst / "port-build.log", timeout=args.timeout)
    print(f"{' '.join(args.cmd.split())}: rc {rc} (log {dst / 'port-build.log'})")
    for e in first_errors(o, 20):
        print("  " + e)
    m = re.findall(r"test result: .*", o)
    for line in m:
        print("  " + line)
    sys.exit(0 if rc == 0 else 1)


# rmcp's example servers: the [[example]] of examples/servers that runs each one over stdio.
# Every one of them compiles the whole `mod common` (all of src/common/*.rs).
EXAMPLE_BINS = {
    "servers_counter_stdio": "counter",
    "servers_calculator_stdio": "calculator",
    "servers_memory_stdio": "generic_service",
    "servers_structured_output": "structured_output",
}


def git_show(git_dir: str, rev_path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", rev_path], check=True,
                          capture_output=True, text=True).stdout


def cmd_examples(args) -> None:
    """rmcp's example servers (examples/servers in rust-sdk), baseline and swapped."""
    git_dir, out, rev = args.git_dir, Path(args.out), args.rev
    files = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", rev,
                            "examples/servers/src/"], check=True, capture_output=True,
                           text=True).stdout.split()
    manifest = tomllib.loads(git_show(git_dir, f"{rev}:examples/servers/Cargo.toml"))
    examples = {e["name"]: e["path"] for e in manifest.get("example", [])}
    chosen = args.only or list(EXAMPLE_BINS)
    originals: dict[str, str] = {}
    for f in files:
        rel = f[len("examples/servers/"):]
        if rel.startswith("src/common/") and rel.endswith(".rs"):
            originals[rel] = git_show(git_dir, f"{rev}:{f}")
    for ex in chosen:
        originals[examples[ex]] = git_show(git_dir, f"{rev}:examples/servers/{examples[ex]}")
    write(out / "Cargo.toml", '[workspace]\nmembers = ["baseline", "swapped"]\nresolver = "3"\n')
    results = []
    for kind in ("baseline", "swapped"):
        pkg = out / kind
        for rel, text in originals.items():
            if kind == "swapped":
                res = swap_source(text)
                for n in res.notes:
                    print(f"  {rel}: {n}")
                text = res.text
            write(pkg / rel, text)
        write(pkg / "Cargo.toml",
              example_manifest(manifest, chosen, kind, list(originals.values())))
    for kind in ("baseline", "swapped"):
        for ex in chosen:
            rc, o = run(["cargo", "build", "--example", ex], out / kind,
                        out / "logs" / kind / f"{ex}.log")
            results.append((kind, ex, rc, first_errors(o, 12)))
            if rc == 0:
                # Both packages name their examples alike and share the target dir: keep a
                # copy of each binary before the other package's build replaces it.
                (out / "bin" / kind).mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(TARGET_DIR) / "debug" / "examples" / ex, out / "bin" / kind / ex)
    for kind, ex, rc, errs in results:
        print(f"[{kind}] {ex} ({EXAMPLE_BINS.get(ex, '?')}): {'builds' if rc == 0 else 'BUILD FAIL'}")
        for e in errs:
            print("    " + e)
    if args.no_smoke:
        return
    # Smoke test over stdio: the same JSON-RPC session against the baseline and the swapped
    # binary (initialize, tools/list, some calls, one unknown tool); answers must agree.
    for ex in chosen:
        bins = {k: out / "bin" / k / ex for k in ("baseline", "swapped")}
        if not all(b.exists() for b in bins.values()):
            continue
        answers = {k: stdio_session(b, SMOKE_CALLS.get(ex, [])) for k, b in bins.items()}
        diffs = [i for i in sorted(set(answers["baseline"]) | set(answers["swapped"]))
                 if answers["baseline"].get(i) != answers["swapped"].get(i)]
        n = len(answers["baseline"])
        print(f"[smoke] {ex}: {n} answers each; " +
              ("identical" if not diffs else f"{len(diffs)} differ"))
        for i in diffs:
            print(f"    id {i}:\n      baseline: {json.dumps(answers['baseline'].get(i))[:600]}"
                  f"\n      swapped:  {json.dumps(answers['swapped'].get(i))[:600]}")


# Calls made in the smoke session, per example (arguments from the examples' own types).
SMOKE_CALLS = {
    "servers_counter_stdio": [("increment", {}), ("say_hello", {}), ("sum", {"a": 1, "b": 2}),
                              ("echo", {"x": 1}), ("sum", {"a": "one"})],
    "servers_calculator_stdio": [("sum", {"a": 1, "b": 2}), ("sub", {"a": 5, "b": 3})],
    "servers_memory_stdio": [("get_data", {})],
    "servers_structured_output": [("get_weather", {"city": "Paris"}),
                                  ("calculate", {"numbers": [1, 2, 3], "operation": "sum"}),
                                  ("get_info", {})],
}


def stdio_session(binary: Path, calls: list, timeout: float = 30.0) -> dict:
    """Answers (by request id) of an MCP server binary over stdio to: initialize,
    tools/list, each call, and a call to a tool that does not exist."""
    msgs = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "port-check", "version": "0"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}]
    for k, (name, arguments) in enumerate(calls + [("no_such_tool", {})]):
        msgs.append({"jsonrpc": "2.0", "id": 10 + k, "method": "tools/call",
                     "params": {"name": name, "arguments": arguments}})
    want = {m["id"] for m in msgs if "id" in m}
    proc = subprocess.Popen([str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    answers: dict = {}
    try:
        # initialize first, then the rest once it is answered.
        proc.stdin.write(json.dumps(msgs[0]) + "\n")
        proc.stdin.flush()
        deadline = time.time() + timeout
        sent_rest = False
        while want - set(answers) and time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "id" in msg and ("result" in msg or "error" in msg):
                answers[msg["id"]] = msg.get("result", {"error": msg.get("error")})
            if not sent_rest and 1 in answers:
                for m in msgs[1:]:
                    proc.stdin.write(json.dumps(m) + "\n")
                proc.stdin.flush()
                sent_rest = True
    finally:
        proc.kill()
        proc.wait()
    if 2 in answers and isinstance(answers[2], dict) and "tools" in answers[2]:
        answers[2]["tools"] = sorted(answers[2]["tools"], key=lambda t: t.get("name", ""))
    return answers


def example_manifest(manifest: dict, examples: list[str], kind: str, sources: list[str]) -> str:
    """examples/servers/Cargo.toml for the chosen examples: rmcp pinned to the published
    release with the features the package asks for, other dependencies kept as written
    but only those the chosen sources name."""
    lines = ["[package]", f'name = "rmcp-port-examples-{kind}"', 'version = "0.0.0"',
             'edition = "2024"', "publish = false", "", "[dependencies]"]
    deps = manifest.get("dependencies", {})
    used = crates_used(sources, deps) | {"serde", "tokio", "rmcp"}
    for n, spec in deps.items():
        if n not in used:
            continue
        if n == "rmcp":
            spec = {k: v for k, v in spec.items() if k not in ("workspace", "path")}
            spec["version"] = f"={RMCP_VERSION}"
        lines.append(f"{n} = {dep_spec(spec)}")
    lines.append(f'mcp-toolname = {{ path = "{MCP_TOOLNAME_PATH}" }}')
    # Examples also see the dev-dependencies (progress_demo uses tokio-stream from there).
    dev = manifest.get("dev-dependencies", {})
    dev_used = crates_used(sources, dev) | ({"tokio-util"} & set(dev))
    if dev_used:
        lines += ["", "[dev-dependencies]"]
        lines += [f"{n} = {dep_spec(spec)}" for n, spec in dev.items() if n in dev_used]
    lines.append("")
    for ex in manifest.get("example", []):
        if ex["name"] in examples:
            lines += ["[[example]]", f'name = "{ex["name"]}"', f'path = "{ex["path"]}"', ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# A public rmcp-based project from a git snapshot.
# ---------------------------------------------------------------------------------------

RMCP_DEP = re.compile(r'(?m)^(rmcp\s*=\s*)(?:"[^"]*"|(\{[^}]*?\bversion\s*=\s*)"[^"]*")')


def pin_rmcp(manifest: Path) -> bool:
    """Point the manifest's rmcp dependency at the published release this check uses
    (the only adaptation the check makes besides the swap: mcp-toolname builds against it,
    and two rmcp versions in one graph would not share types)."""
    text = manifest.read_text()
    new = RMCP_DEP.sub(lambda m: (m.group(1) + f'"={RMCP_VERSION}"') if m.group(2) is None
                       else (m.group(1) + m.group(2) + f'"={RMCP_VERSION}"'), text)
    if new != text:
        manifest.write_text(new)
    return new != text


def cmd_repo(args) -> None:
    """Baseline and swapped builds of a project from a git snapshot (bare repo)."""
    out = Path(args.out)
    members = args.members or ["."]
    results = []
    for kind in ("baseline", "swapped"):
        dst = out / kind
        if dst.exists():
            shutil.rmtree(dst)
        dst.mkdir(parents=True)
        archive = subprocess.run(["git", "--git-dir", args.git_dir, "archive", args.rev],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dst)], input=archive, check=True)
        # Environment: a pinned toolchain cannot be downloaded here; use the installed one.
        for f in ("rust-toolchain", "rust-toolchain.toml"):
            (dst / f).unlink(missing_ok=True)
        if members != ["."]:
            # Build only the chosen members: a workspace of just them.
            write(dst / "Cargo.toml", "[workspace]\nmembers = " + toml_value(members) +
                  '\nresolver = "3"\n')
        for m in members:
            manifest = dst / m / "Cargo.toml"
            if "rmcp" not in manifest.read_text():
                continue
            pin_rmcp(manifest)
            if kind == "swapped":
                add_dependency(manifest)
                for p in swap_tree(dst / m):
                    print(f"  [{kind}] swapped {m}/{p}")
        for step in (["cargo", "test", "--workspace", "--no-run"],
                     ["cargo", "test", "--workspace", "--no-fail-fast"]):
            name = "build" if "--no-run" in step else "test"
            rc, o = run(step, dst, out / "logs" / kind / f"{name}.log", timeout=args.timeout)
            passed, failed, ignored, failures = test_counts(o)
            results.append((kind, name, rc, first_errors(o, 15), passed, failed, failures))
            if rc != 0 and name == "build":
                break
    for kind, name, rc, errs, passed, failed, failures in results:
        line = f"[{kind}] {name}: rc {rc}"
        if name == "test":
            line += f"; {passed} passed, {failed} failed"
        print(line)
        for e in errs:
            print("    " + e)
        for f in failures:
            print("    FAILED " + f)


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
