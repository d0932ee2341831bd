#!/usr/bin/env bash
# Runs the client oracles (cli/tests/oracles.rs, oracle_limits.rs for what comes beside the
# names, oracle_prompts.rs for prompt names and arguments, and oracle_configs.rs for whole
# configs: every (client, server, tool) and every prompt command) against the newest published
# version of each client pinned in cli/tests/oracles/clients.txt, and prints what changed
# against the pinned one: the version, and every (key, tool) pair and prompt command whose
# name or fate the preset now predicts wrongly. CI keeps the pinned versions; this is for re-verifying a preset when a client
# releases. Needs npm (the registry) and cargo; every client runs against 127.0.0.1 only.
# Usage: scripts/oracle-drift.sh [DIR]   (DIR: where the newest clients are installed)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$(mktemp -d)}"
mkdir -p "$dir"
latest=()
while read -r id package exe; do
  case "$id" in '#'* | '') continue ;; esac
  latest+=("${package%@*}@latest")
done < cli/tests/oracles/clients.txt
echo "installing ${latest[*]} into $dir" >&2
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "${latest[@]}" >&2
while read -r id package exe; do
  case "$id" in '#'* | '') continue ;; esac
  case "$exe" in */*) path="$dir/node_modules/$exe" ;; *) path="$dir/node_modules/.bin/$exe" ;; esac
  export "MCP_TOOLNAME_ORACLE_$(echo "$id" | tr '[:lower:]' '[:upper:]')=$path"
done < cli/tests/oracles/clients.txt
export MCP_TOOLNAME_ORACLE_DRIFT=1
# The build's and the runner's own messages stay on stderr; a failure is the exit code.
cargo test --quiet -p mcp-toolname-cli --test cli \
  -- oracles:: oracle_limits:: oracle_prompts:: oracle_configs:: --nocapture \
  --test-threads 1 | grep -E '^(oracle|drift) '
