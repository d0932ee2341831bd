# A stdio MCP server for benches/support/report_growth.py's pages: answers `initialize` with
# the file $1, each later request with the next file, and every one after the last with the
# last (list.json, list2.json, ... in order; list10.json sorts before list2.json, so past nine
# pages give them in order).
reply() { read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":' "$id"; cat "$1"; printf '}\n'; }
reply "$1"
shift
read -r l
while [ $# -gt 1 ]; do reply "$1"; shift; done
while :; do reply "$1"; done
