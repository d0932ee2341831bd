"""Subcommand `examples`: rmcp's example servers from a rust-sdk git snapshot, built baseline and
swapped, each then driven over stdio.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import tomllib
from pathlib import Path

from .cargo import crates_used, dep_spec, first_errors, run, write
from .settings import MCP_TOOLNAME_PATH, RMCP_VERSION, TARGET_DIR
from .swap import swap_source


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
