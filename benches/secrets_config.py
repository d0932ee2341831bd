#!/usr/bin/env python3
"""Writes a client config of N servers, each with its own token after `--token`, whose
command does not exist: `audit --config` of it learns N secrets and masks every line of its
report with them, so its time shows how the redaction store grows with N.

    python3 benches/secrets_config.py 1000 > /tmp/c1000.json
    time target/debug/mcp-toolname audit --config /tmp/c1000.json > /dev/null
"""
import hashlib
import json
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
servers = {
    f"s{i}": {
        "command": "/nonexistent/srv",
        "args": ["--token", "tok" + hashlib.sha256(str(i).encode()).hexdigest()[:32]],
    }
    for i in range(n)
}
json.dump({"mcpServers": servers}, sys.stdout)
