#!/usr/bin/env python3
"""Writes the permission-rule configs at the readers' caps that the closing note of the
permission work measured: three fixture servers of 1,000 tools each, and
- `opencode.json`: 4,096 `permission` rules, half of them wildcards (`s1_tool_*123*`);
- `.qwen/settings.json`: 2,000 exact allow rules, 2,000 copies of `mcp__s*`, 96 deny globs.

    python3 scripts/permission_scale.py DIR
    /usr/bin/time -v target/debug/mcp-toolname audit --config DIR/opencode.json --format json
    /usr/bin/time -v target/debug/mcp-toolname audit --config DIR/.qwen/settings.json --format json
"""
import json
import os
import sys

out = sys.argv[1]
os.makedirs(os.path.join(out, ".qwen"), exist_ok=True)
server = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli", "tests", "oracles", "server.mjs")
spec = os.path.join(out, "tools.json")
with open(spec, "w") as f:
    json.dump({"tools": [f"tool_{i}" for i in range(1000)]}, f)
rules = [
    (f"s{i % 3}_tool_*{i}*" if i % 2 else f"s0_tool_{i % 1000}", ["allow", "ask", "deny"][i % 3])
    for i in range(4096)
]
mcp = {f"s{j}": {"type": "local", "command": ["node", server, spec]} for j in range(3)}
permission = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in rules)
with open(os.path.join(out, "opencode.json"), "w") as f:
    f.write('{\n  "mcp": ' + json.dumps(mcp) + ',\n  "permission": {\n' + permission + "\n  }\n}\n")
qwen = {
    "mcpServers": {f"s{j}": {"command": "node", "args": [server, spec]} for j in range(3)},
    "permissions": {
        "allow": [f"mcp__s{i % 3}__tool_{i % 1000}" for i in range(2000)] + ["mcp__s*"] * 2000,
        "deny": [f"mcp__s1__tool_{i}*" for i in range(96)],
    },
}
with open(os.path.join(out, ".qwen", "settings.json"), "w") as f:
    json.dump(qwen, f)
