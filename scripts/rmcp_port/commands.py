"""Subcommands `swap`, `tests` (rmcp's own tests, baseline and swapped) and `crate` (a copy of any
Cargo package, swapped).
"""

from __future__ import annotations

import re
import subprocess
import shutil
import sys
import tomllib
from pathlib import Path

from .cargo import first_errors, rmcp_src, run, test_counts, test_manifest, write
from .settings import MCP_TOOLNAME_PATH, SELECTED_TESTS, TARGET_DIR
from .swap import NO_RUSTFMT, swap_source


def cmd_swap(args) -> None:
    path = Path(args.file).resolve()
    package = next((d for d in path.parents if (d / "Cargo.toml").is_file()), None)
    edition = edition_of(package) if package else "2021"
    res = swap_source(path.read_text(), edition, config_dir=path.parent)
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
    edition = str(rmcp.get("package", {}).get("edition", "2021"))
    for kind in ("baseline", "swapped"):
        pkg = out / kind
        write(pkg / "Cargo.toml", test_manifest(f"rmcp-port-{kind}", rmcp, tests, sources))
        write(pkg / "src" / "lib.rs", "// Scratch package: rmcp's tests live in tests/.\n")
        for name, text in [*(("common/" + k, v) for k, v in commons.items()),
                           *((f"{t}.rs", v) for t, v in originals.items())]:
            if kind == "swapped":
                res = swap_source(text, edition)
                for n in res.notes:
                    print(f"  {name}: {n}")
                text = res.text
            write(pkg / "tests" / name, text)


def fmt_check(out: Path, tests: list[str]) -> list[str]:
    """The swapped test files rustfmt would change although rmcp's own are as rustfmt keeps
    them: the swap must leave code `cargo fmt --check` accepts."""
    edition = str(tomllib.loads((rmcp_src() / "Cargo.toml").read_text())["package"]["edition"])
    bad = []
    for t in tests:
        check = ["rustfmt", "--check", "--edition", edition]
        base = subprocess.run(check + [f"{t}.rs"], cwd=out / "baseline" / "tests", capture_output=True)
        if base.returncode != 0:
            continue  # rmcp's own file is not rustfmt-clean: nothing to hold the swap to
        swapped = subprocess.run(check + [f"{t}.rs"], cwd=out / "swapped" / "tests",
                                 capture_output=True, text=True)
        if swapped.returncode != 0:
            bad.append(f"{t}: the swapped file is not as rustfmt keeps it:\n{swapped.stdout[:1500]}")
    return bad


def cmd_tests(args) -> None:
    out = Path(args.out)
    tests = args.only or SELECTED_TESTS
    build_test_packages(out, tests)
    print(f"scratch workspace: {out}  (target dir {TARGET_DIR})")
    unformatted = fmt_check(out, tests)
    print(f"rustfmt: {len(tests) - len(unformatted)}/{len(tests)} swapped files as rustfmt keeps them")
    for line in unformatted:
        print("  " + line)
    if args.no_run:
        sys.exit(1 if unformatted else 0)
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
    if not swapped_ok or unformatted:
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


def read_manifest(path: Path) -> dict | None:
    try:
        return tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError):
        return None


def edition_of(root: Path) -> str:
    """The Rust edition of the package at `root` (`cargo fmt` formats its files for it); one
    inherited (`edition.workspace = true`) is read from the workspace's manifest above it. An
    unreadable one is taken as 2021; cargo's default is 2015."""
    manifest = read_manifest(root / "Cargo.toml")
    if manifest is None:
        return "2021"
    edition = manifest.get("package", {}).get("edition", "2015")
    if isinstance(edition, dict) and edition.get("workspace"):
        for d in root.resolve().parents:
            ws = read_manifest(d / "Cargo.toml")
            if ws is not None and "workspace" in ws:
                edition = ws["workspace"].get("package", {}).get("edition", "2015")
                break
    return edition if isinstance(edition, str) else "2021"


def swap_tree(root: Path) -> list[str]:
    """Swaps every .rs file of the package at `root` in place, laid out for its edition and its
    rustfmt configuration; returns the files changed."""
    changed = []
    edition = edition_of(root)
    said: set[str] = set()
    for p in sorted(root.rglob("*.rs")):
        if "target" in p.relative_to(root).parts:
            continue
        res = swap_source(p.read_text(), edition, config_dir=p.parent)
        if res.changed:
            p.write_text(res.text)
            changed.append(str(p.relative_to(root)))
        for n in res.notes:
            if n == NO_RUSTFMT:
                # Said once, not once per file.
                if n not in said:
                    print(f"  port_rmcp: {n}", file=sys.stderr)
                said.add(n)
            else:
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
