"""Subcommand `repo`: a public rmcp-based project from a git snapshot, with rmcp pinned, tested
baseline and swapped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from .cargo import first_errors, run, test_counts, toml_value, write
from .commands import add_dependency, swap_tree
from .settings import RMCP_VERSION


RMCP_DEP = re.compile(r'(?m)^(rmcp\s*=\s*)(?:"[^"]*"|(\{[^}]*?\bversion\s*=\s*)"[^"]*")')
# `rmcp = { git = "...", branch | rev | tag = "...", ... }`: taken from git, with no version.
RMCP_GIT_DEP = re.compile(r'(?m)^(rmcp\s*=\s*\{)([^}]*)\}')
GIT_KEYS = re.compile(r'\s*\b(?:git|branch|rev|tag)\s*=\s*"[^"]*"\s*,?')


def pin_rmcp(manifest: Path) -> bool:
    """Point the manifest's rmcp dependency at the published release this check uses
    (the only adaptation the check makes besides the swap: mcp-toolname builds against it,
    and two rmcp versions in one graph would not share types). A dependency taken from git
    (`git`, `branch`, `rev`, `tag`) is pointed at the release too, its other keys kept."""
    text = manifest.read_text()
    new = RMCP_DEP.sub(lambda m: (m.group(1) + f'"={RMCP_VERSION}"') if m.group(2) is None
                       else (m.group(1) + m.group(2) + f'"={RMCP_VERSION}"'), text)

    def from_git(m: re.Match) -> str:
        body = m.group(2)
        if not re.search(r'\bgit\s*=', body):
            return m.group(0)
        rest = GIT_KEYS.sub("", body).strip().strip(",").strip()
        rest = f", {rest}" if rest else ""
        return f'{m.group(1)} version = "={RMCP_VERSION}"{rest} }}'

    new = RMCP_GIT_DEP.sub(from_git, new)
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
        # A clean target folder per side, so that no build left from another project, side or
        # run can stand in for one that fails; removed afterwards (the disk is shared).
        target = out / f"target-{kind}"
        shutil.rmtree(target, ignore_errors=True)
        for step in (["cargo", "test", "--workspace", "--no-run"],
                     ["cargo", "test", "--workspace", "--no-fail-fast"]):
            name = "build" if "--no-run" in step else "test"
            rc, o = run(step, dst, out / "logs" / kind / f"{name}.log", timeout=args.timeout,
                        target=str(target))
            passed, failed, ignored, failures = test_counts(o)
            results.append((kind, name, rc, first_errors(o, 15), passed, failed, failures))
            if rc != 0 and name == "build":
                break
        shutil.rmtree(target, ignore_errors=True)
    for kind, name, rc, errs, passed, failed, failures in results:
        line = f"[{kind}] {name}: rc {rc}"
        if name == "test":
            line += f"; {passed} passed, {failed} failed"
        print(line)
        for e in errs:
            print("    " + e)
        for f in failures:
            print("    FAILED " + f)
