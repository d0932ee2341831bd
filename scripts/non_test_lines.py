#!/usr/bin/env python3
"""The non-test lines of each crate's sources at git revisions, for notes that say how the house
grew or shrank: every `.rs` file under `cli/src`, `rules/src`, `runtime/src`, `macros/src` and
`src`, less `tests.rs` files, files under a `tests/` folder, test-only files, and a closing
`#[cfg(test)] mod tests { ... }` block.

    python3 scripts/non_test_lines.py BASE [HEAD]
"""
import re
import subprocess
import sys

ROOTS = ["cli/src", "rules/src", "runtime/src", "macros/src", "src"]
# Files compiled only under `#[cfg(test)]`.
TEST_ONLY = {"cli/src/redact/two_way.rs", "cli/src/confusable/corpus.rs", "runtime/src/held.rs"}


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def count(rev, root):
    total = 0
    for path in git("ls-tree", "-r", "--name-only", rev, root).split():
        name = path.rsplit("/", 1)[-1]
        if not path.endswith(".rs") or name == "tests.rs" or "/tests/" in path:
            continue
        if path in TEST_ONLY:
            continue
        lines = git("show", f"{rev}:{path}").split("\n")
        for i, line in enumerate(lines[:-1]):
            if line.strip() == "#[cfg(test)]" and re.match(r"\s*mod \w+ \{", lines[i + 1]):
                lines = lines[:i]
                break
        total += len(lines)
    return total


def main():
    base = sys.argv[1]
    head = sys.argv[2] if len(sys.argv) > 2 else "HEAD"
    for root in ROOTS:
        a, b = count(base, root), count(head, root)
        print(f"{root}: {a} -> {b} ({b - a:+d})")


main()
