#!/usr/bin/env python3
"""A stdio MCP server that lists many tools, for benches/memory.sh.

    python3 benches/support/many_tools_server.py [--tools N] [--page-size P]

Newline-delimited JSON-RPC on stdin/stdout. Answers `initialize` (echoing the client's
protocol version), `ping`, and `tools/list`: N tools (default 10,000) in pages of P (default
1,000), linked by `nextCursor`. `tools/call` returns the tool's name as text. Notifications get
no answer; any other request gets JSON-RPC error -32601. Exits 0 on EOF.

Every 50th name has a dot (spec-valid, refused by the common LLM contract) and every 97th is
over 64 characters, so an audit has findings to report; all names are distinct and valid
under the MCP spec, so `mcp-toolname audit` exits 0.
"""

import argparse
import json
import sys


def tool_name(i: int) -> str:
    if i % 97 == 0:
        return f"tool_{i:05d}_" + "with_a_long_descriptive_suffix_" * 2
    if i % 50 == 0:
        return f"group{i // 1000}.tool_{i:05d}"
    return f"tool_{i:05d}"


def tool(i: int) -> dict:
    return {
        "name": tool_name(i),
        "description": f"Tool number {i}: adds `a` and `b`, then appends `note`.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "a": {"type": "integer", "description": "Left operand."},
                "b": {"type": "integer", "description": "Right operand."},
                "note": {"type": "string", "description": "Free text."},
            },
            "required": ["a", "b"],
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=10_000)
    parser.add_argument("--page-size", type=int, default=1_000)
    args = parser.parse_args()
    if args.tools < 0 or args.page_size < 1:
        parser.error("--tools must be >= 0 and --page-size >= 1")
    out = sys.stdout

    def send(msg: dict) -> None:
        out.write(json.dumps(msg, separators=(",", ":")) + "\n")
        out.flush()

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as e:
            send({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": str(e)}})
            continue
        if "id" not in msg or "method" not in msg:
            continue  # a notification, or a response to something we never sent
        rid, method, params = msg["id"], msg["method"], msg.get("params") or {}
        if method == "initialize":
            result = {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "many-tools", "version": "1.0.0"},
            }
        elif method == "ping":
            result = {}
        elif method == "tools/list":
            cursor = params.get("cursor")
            try:
                start = int(cursor) if cursor is not None else 0
            except ValueError:
                start = -1
            if not 0 <= start <= args.tools:
                send({"jsonrpc": "2.0", "id": rid,
                      "error": {"code": -32602, "message": f"bad cursor {cursor!r}"}})
                continue
            end = min(start + args.page_size, args.tools)
            result = {"tools": [tool(i) for i in range(start, end)]}
            if end < args.tools:
                result["nextCursor"] = str(end)
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": str(params.get("name"))}]}
        else:
            send({"jsonrpc": "2.0", "id": rid,
                  "error": {"code": -32601, "message": f"method not found: {method}"}})
            continue
        send({"jsonrpc": "2.0", "id": rid, "result": result})
    return 0


if __name__ == "__main__":
    sys.exit(main())
