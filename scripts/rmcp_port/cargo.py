"""Cargo packages for the port check: manifests, running cargo with a log, and reading its output
(first errors, test counts).
"""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from .settings import EXCLUDED_FEATURES, MCP_TOOLNAME_PATH, RMCP_VERSION, TARGET_DIR


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


def run(cmd: list[str], cwd: Path, log: Path, timeout: int | None = None,
        target: str | None = None) -> tuple[int, str]:
    """Runs `cmd` in `cwd` with `CARGO_TARGET_DIR` set to `target` (default: the shared
    [`TARGET_DIR`]), its output in `log`; returns the exit code (-9: timed out) and output."""
    env = dict(os.environ, CARGO_TARGET_DIR=target or TARGET_DIR)
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
