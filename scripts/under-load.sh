#!/usr/bin/env bash
# Runs test binaries as a loaded CI machine would: each named test binary twice at the same
# time, ROUNDS rounds, beside a process that keeps every core busy; prints each run's result and
# the count of failures. A test that reads the clock, the process's memory or sleeps and then
# asserts shows here as a failure. The tests' own environment (MCP_TOOLNAME_PYTHON, ...) passes
# through.
#
#   scripts/under-load.sh 5 suite mcp-toolname-cli:cli
#
# A name is a test target of the facade package, or PACKAGE:TARGET.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:?usage: scripts/under-load.sh ROUNDS TEST...}"
shift
log="$(mktemp -d)"
declare -A exe cwd
for name in "$@"; do
  package="mcp-toolname"
  target="$name"
  case "$name" in *:*) package="${name%%:*}"; target="${name#*:}" ;; esac
  exe[$name]="$(cargo test -q -p "$package" --test "$target" --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == sys.argv[1]:
        print(m["executable"])' "$target" | tail -n 1)"
  test -x "${exe[$name]}" || { echo "no test binary for $name" >&2; exit 2; }
  # cargo runs a test binary in its package's folder.
  case "$package" in
    mcp-toolname) cwd[$name]="$PWD" ;;
    *) cwd[$name]="$PWD/${package#mcp-toolname-}" ;;
  esac
done
# The busy process: one spinning shell per core, for as long as the runs last.
busy=()
for _ in $(seq "$(nproc)"); do
  (while :; do :; done) &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
passed=0
failed=0
for round in $(seq "$rounds"); do
  for name in "$@"; do
    pids=()
    for copy in 1 2; do
      (cd "${cwd[$name]}" && "${exe[$name]}" > "$log/$name.$round.$copy" 2>&1) &
      pids+=($!)
    done
    for i in 0 1; do
      if wait "${pids[$i]}"; then
        passed=$((passed + 1))
      else
        failed=$((failed + 1))
        echo "FAILED: $name, round $round, copy $((i + 1)): $log/$name.$round.$((i + 1))"
        grep -E "panicked|FAILED|failed" "$log/$name.$round.$((i + 1))" | head -n 5 || true
      fi
    done
  done
  echo "round $round of $rounds: $passed runs passed, $failed failed so far"
done
echo "under load: $passed passed, $failed failed (logs in $log)"
[ "$failed" -eq 0 ]
