#!/usr/bin/env bash
# The README's test command: installs, pinned, what the tests run besides the workspace
# (scripts/test-deps.sh: the real clients, a TypeScript server, the MCP Inspector, the Python
# SDK), builds and tries the CLI's wheel and npm packages (scripts/packages.sh), runs every
# test of the workspace (`cargo test --workspace`, with any arguments given here), and ends by
# saying which tests did not run and why: none, when the installs worked.
# MCP_TOOLNAME_NO_DEPS=1 skips the installs and the packages; the tests that need them then say
# so at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MCP_TOOLNAME_NO_DEPS:-}" ]; then
  . scripts/test-deps.sh
  # The CLI's wheel and npm packages, built and used; the pre-commit tests install the wheel.
  bash scripts/packages.sh "${CARGO_TARGET_DIR:-$PWD/target}/packages"
  export MCP_TOOLNAME_WHEELS="${CARGO_TARGET_DIR:-$PWD/target}/packages/wheels"
fi
skips="${CARGO_TARGET_DIR:-$PWD/target}/tmp/skipped-tests.txt"
rm -f "$skips"
# Two test threads a core: many tests spend most of their time waiting (an alias window to
# close, a slow server to start, a real client on its own timers, the fake LLM API over
# loopback), and a test that waits holds its thread. On 2 cores, in CI, the facade's tests took
# 89 s with 2 threads and 65 s with 4. RUST_TEST_THREADS set by hand wins.
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-$((2 * $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)))}"
status=0
# Every test binary runs, also after one fails, so the list below is the whole of what was
# not run.
cargo test --workspace --no-fail-fast "$@" || status=$?
if [ -s "$skips" ]; then
  echo "not run: $(sort -u "$skips" | wc -l) tests skipped, for want of what they need:"
  sort -u "$skips" | sed 's/^/  /'
elif [ "$status" -eq 0 ]; then
  echo "not run: none (every test ran, the real clients and the Python SDK included)"
else
  echo "not run: none skipped; failed: see the failures above"
fi
exit "$status"
