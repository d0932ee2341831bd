# A stdio MCP server for benches/support/report_growth.py: answers `initialize` with the file
# $1 and every later request with the file $2, each as the `result` of the request's id (the
# tests' FILE_SERVER).
reply() { read -r l || exit 0; id=$(printf '%s' "$l" | sed -n 's/.*"id":\([0-9]*\).*/\1/p'); printf '{"jsonrpc":"2.0","id":%s,"result":' "$id"; cat "$1"; printf '}\n'; }
reply "$1"
read -r l
while :; do reply "$2"; done
