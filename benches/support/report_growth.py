#!/usr/bin/env python3
"""Inputs that make `mcp-toolname` reports and memory grow, for measuring by hand.

    python3 benches/support/report_growth.py SHAPE N OUT_DIR

Writes into OUT_DIR (created) and prints the bytes of the input that matters:

- `dotted N`: a stdio server (init.json, list.json, .mcp.json of one server `one`) listing N
  short dotted tool names (`g3.t13`); prints the bytes of its tools/list result.
- `secret N`: the same with N names of 128 random-looking hex characters, which a config
  audit hides as secrets.
- `hostile N`: the same with tools whose names and descriptions repeat a corpus of control,
  bidi and invisible characters and runner commands, about N bytes in all (50-character
  names).
- `hostile_pages N`: `hostile` past one message: 50-character names and 150-character
  descriptions, about N bytes in all, in pages (list.json, list2.json, ...) of at most 8 MB
  each, for `pages_server.sh` (a server writes no line past 16 MiB, nor more than 100,000
  tools, which `hostile` reaches at 10 MB); prints the bytes of the pages.
- `snapshot N`: old.json, a snapshot of one tool whose name is 256 characters with as many
  short required arguments as fit in N bytes, and new.json, the same tool with none: `diff`
  and `audit --baseline` make one change per argument (init.json and list.json serve the
  tool with none); prints old.json's bytes.
- `tools N`: old.json, a snapshot of as many small tools (`t1a2f`, no arguments) as fit in N
  bytes, and new.json with none: one change per tool (init.json and list.json serve none);
  prints old.json's bytes.

Then, from the repository, with B the binary (target/release/mcp-toolname):

    /usr/bin/time -v $B audit --config OUT/.mcp.json --format json > out.json
    /usr/bin/time -v $B audit -v -- sh benches/support/file_server.sh OUT/init.json OUT/list.json
    /usr/bin/time -v $B audit -v -- sh benches/support/pages_server.sh OUT/init.json OUT/list*.json
    /usr/bin/time -v $B diff OUT/old.json OUT/new.json --format json > out.json
    /usr/bin/time -v $B audit --baseline OUT/old.json --format sarif \
        -- sh benches/support/file_server.sh OUT/init.json OUT/list.json > out.json
    /usr/bin/time -v $B audit --baseline OUT/old.json --format github > out.txt  # the demo
"""

import hashlib
import json
import os
import sys

CORPUS = [
    "line\nfeed", "carriage\rreturn", "crlf\r\nend", "percent%0Aencoded%0D",
    "\n::warning::injected", "::error file=x::injected", "  ::notice::indented",
    "esc\u001b[2Jclear", "osc\u001b]0;title\u0007bel", "bell\u0007", "nel\u0085c1",
    "csi\u009b31m", "rlo\u202etxt.exe", "isolate\u2067x\u2069", "zero\u200bwidth\ufeff",
    "line\u2028sep\u2029para", "tab\tdel\u007f", "legacy ##[set-output name=verdict;]pass",
    "azure ##vso[task.setvariable variable=verdict]pass",
    "format\u206avs\U000e0100mongol\u180bbeam\U0001d173",
]
HERE = os.path.dirname(os.path.abspath(__file__))


def server(out, tools):
    """Writes init.json, list.json and a one-server .mcp.json; returns the list's bytes."""
    init = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "s", "version": "1"}}
    with open(os.path.join(out, "init.json"), "w") as f:
        json.dump(init, f)
    listing = json.dumps({"tools": tools}, separators=(",", ":"))
    with open(os.path.join(out, "list.json"), "w") as f:
        f.write(listing)
    args = [os.path.join(HERE, "file_server.sh"), os.path.join(out, "init.json"),
            os.path.join(out, "list.json")]
    with open(os.path.join(out, ".mcp.json"), "w") as f:
        json.dump({"mcpServers": {"one": {"command": "sh", "args": args}}}, f)
    return len(listing)


def tool(name, description=None):
    t = {"name": name, "inputSchema": {"type": "object"}}
    if description is not None:
        t["description"] = description
    return t


def snapshot(out, old, new):
    """Writes old.json of the entries `old` and new.json of `new`; returns old.json's bytes."""
    for file, entries in [("old.json", old), ("new.json", new)]:
        doc = {"schema_version": 2, "server": {"name": "s", "version": "1"},
               "hidden_names_asked": True, "tools": entries, "prompts": []}
        with open(os.path.join(out, file), "w") as f:
            json.dump(doc, f, separators=(",", ":"))
    return os.path.getsize(os.path.join(out, "old.json"))


def main():
    shape, n, out = sys.argv[1], int(sys.argv[2]), os.path.abspath(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    if shape == "dotted":
        print(server(out, [tool(f"g{i % 10}.t{i}") for i in range(n)]))
    elif shape == "secret":
        names = [(hashlib.sha256(f"{i}".encode()).hexdigest() * 2)[:128] for i in range(n)]
        print(server(out, [tool(x) for x in names]))
    elif shape == "hostile":
        body = ("".join(CORPUS) * 4)[:50]
        count = max(1, n // 100)
        print(server(out, [tool(f"{i}{body}", body) for i in range(count)]))
    elif shape == "hostile_pages":
        body = ("".join(CORPUS) * 4)[:50]
        text = ("".join(CORPUS) * 8)[:150]
        tools = [tool(f"{i}{body}", text) for i in range(max(1, n // 200))]
        server(out, [])
        os.remove(os.path.join(out, ".mcp.json"))
        pages, page, size = [], [], 0
        for t in tools:
            page.append(t)
            size += len(json.dumps(t, separators=(",", ":")))
            if size > 8_000_000:
                pages.append(page)
                page, size = [], 0
        pages.append(page)
        total = 0
        for i, page in enumerate(pages):
            doc = {"tools": page}
            if i + 1 < len(pages):
                doc["nextCursor"] = str(i + 2)
            name = "list.json" if i == 0 else f"list{i + 1}.json"
            with open(os.path.join(out, name), "w") as f:
                total += f.write(json.dumps(doc, separators=(",", ":")))
        print(total)
    elif shape == "snapshot":
        count = n // 38
        entry = {"name": "t" * 256, "kind": "tool", "listed": True}
        old = dict(entry, arguments={f"{j:x}": {"types": ["s"], "required": True}
                                     for j in range(count)})
        print(snapshot(out, [old], [entry]))
        server(out, [tool(entry["name"])])
    elif shape == "tools":
        # 45 bytes a tool: `{"name":"t1a2f","kind":"tool","listed":true},`
        count = n // 45
        print(snapshot(out, [{"name": f"t{j:x}", "kind": "tool", "listed": True}
                             for j in range(count)], []))
        server(out, [])
    else:
        sys.exit(f"report_growth.py: unknown shape {shape!r} "
                 "(dotted, secret, hostile, hostile_pages, snapshot, tools)")


if __name__ == "__main__":
    main()
