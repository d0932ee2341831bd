#!/usr/bin/env bash
# Two builds of the CLI side by side on the two largest reports it writes, in one run:
#   (a) `audit --format json` of a generated stdio server listing MANY_TOOLS tools
#       (benches/support/many_tools_server.py, pages of 1,000);
#   (b) `audit --config` (text) of a generated config of SERVERS servers, each that server
#       listing CONFIG_TOOLS tools.
# The two binaries run in turn, A B A B ..., RUNS times each after one warm-up, so a drift in
# the machine's speed hits both; the table gives each median wall time and the median of the
# ratios B/A taken pair by pair. The reports are checked equal in size class (they may differ
# where the newer build changed what it writes).
#
# Run:
#   benches/cli_reports.sh BEFORE_BINARY AFTER_BINARY
#   RUNS=3 SERVERS=50 benches/cli_reports.sh ./old/mcp-toolname target/release/mcp-toolname
# Settings (environment): RUNS=7, MANY_TOOLS=10000, SERVERS=200, CONFIG_TOOLS=20.
set -euo pipefail

before=${1:?usage: benches/cli_reports.sh BEFORE_BINARY AFTER_BINARY}
after=${2:?usage: benches/cli_reports.sh BEFORE_BINARY AFTER_BINARY}
runs=${RUNS:-7}
many=${MANY_TOOLS:-10000}
servers=${SERVERS:-200}
config_tools=${CONFIG_TOOLS:-20}
here=$(cd "$(dirname "$0")" && pwd)
server="$here/support/many_tools_server.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/config.json" "$server" "$servers" "$config_tools" <<'EOF'
import json, sys
path, server, count, tools = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
entries = {
    f"server_{i:03d}": {"command": "python3", "args": [server, "--tools", tools]}
    for i in range(count)
}
json.dump({"mcpServers": entries}, open(path, "w"), indent=2)
EOF

# Seconds a command takes, its output thrown away.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    python3 -c "print($end - $start)"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

compare() {
    local what=$1
    shift
    local a=() b=() r=() ta tb
    seconds "$before" "$@" >/dev/null
    seconds "$after" "$@" >/dev/null
    for _ in $(seq "$runs"); do
        ta=$(seconds "$before" "$@")
        tb=$(seconds "$after" "$@")
        a+=("$ta")
        b+=("$tb")
        r+=("$(python3 -c "print($tb / $ta)")")
    done
    printf '| %s | %.3f s | %.3f s | %.3f |\n' "$what" \
        "$(printf '%s\n' "${a[@]}" | median)" \
        "$(printf '%s\n' "${b[@]}" | median)" \
        "$(printf '%s\n' "${r[@]}" | median)"
}

echo "| report | before (median) | after (median) | after/before (median of pairs) |"
echo "|---|---|---|---|"
compare "audit --format json, $many tools" audit --format json -- python3 "$server" --tools "$many"
compare "audit --config, $servers servers" audit --config "$work/config.json"
