#!/usr/bin/env bash
# Instructions per operation, under callgrind (the same however loaded the machine is): each
# operation of benches/instructions.rs run COUNT times and 0 times; the difference over COUNT.
#
#   bash benches/instructions.sh [BIN]    # BIN: a built `instructions` bench binary
#
# Without BIN it builds one (release, `cargo bench --no-run`). COUNT defaults to 2,000 calls,
# 20 listings and 3 builds; set CALLS, LISTS or BUILDS to change them.
set -euo pipefail
bin=${1:-}
if [ -z "$bin" ]; then
  bin=$(cargo bench --bench instructions --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "instructions" and m.get("executable"):
        print(m["executable"])')
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
instructions() { # WHAT COUNT: every instruction of a run
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" "$1" "$2" 2>"$out/err" >/dev/null ||
    { cat "$out/err" >&2; exit 1; }
  sed -n 's/^summary: //p' "$out/cg"
}
for what in call_rmcp call_canonical call_alias list_rmcp list_registry list_registry_aliases \
  build_rmcp build_registry; do
  case $what in
    call_*) n=${CALLS:-2000} ;;
    list_*) n=${LISTS:-20} ;;
    build_*) n=${BUILDS:-3} ;;
  esac
  zero=$(instructions "$what" 0)
  some=$(instructions "$what" "$n")
  echo "$what $(( (some - zero) / n ))"
done
