#!/usr/bin/env python3
"""A short scripted MCP session with the calculator example, for benches/memory.sh.

    python3 benches/support/mcp_session.py [--calls N] -- COMMAND [ARGS...]

Starts COMMAND (the calculator, possibly behind a measuring wrapper) with pipes on stdin and
stdout, then, waiting for each answer: initialize, notifications/initialized, tools/list, and
N rounds (default 5) of tools/call to add_numbers, subtract, multiply, divide, and the aliases
calc.add (hidden) and minus (listed). Checks every result, closes stdin and expects COMMAND to
exit 0 within 10 s. Any wrong answer, timeout or exit status fails with exit 1 and says why.
Start the calculator with `--now 2026-10-01` so both aliases are inside their windows.
"""

import argparse
import json
import queue
import subprocess
import sys
import threading

TIMEOUT = 30.0
EXPECTED_TOOLS = {"add_numbers", "divide", "minus", "multiply", "subtract"}


class Failure(Exception):
    pass


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=5, help="rounds of the six tools/call")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    child = subprocess.Popen(args.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lines: "queue.Queue[bytes]" = queue.Queue()

    def pump() -> None:
        for line in child.stdout:
            lines.put(line)
        lines.put(b"")

    threading.Thread(target=pump, daemon=True).start()
    next_id = 0

    def send(msg: dict) -> None:
        child.stdin.write(json.dumps(msg).encode() + b"\n")
        child.stdin.flush()

    def request(method: str, params=None) -> dict:
        nonlocal next_id
        next_id += 1
        msg = {"jsonrpc": "2.0", "id": next_id, "method": method}
        if params is not None:
            msg["params"] = params
        send(msg)
        while True:
            try:
                line = lines.get(timeout=TIMEOUT)
            except queue.Empty:
                raise Failure(f"no answer to {method} within {TIMEOUT:.0f} s")
            if not line:
                raise Failure(f"the server closed stdout before answering {method}")
            answer = json.loads(line)
            if answer.get("id") != next_id:
                continue  # a notification (e.g. tools/list_changed) or a log line
            if "error" in answer:
                raise Failure(f"{method} failed: {answer['error']}")
            return answer["result"]

    def call(name: str, a: int, b: int, want: str) -> None:
        result = request("tools/call", {"name": name, "arguments": {"a": a, "b": b}})
        text = "".join(c.get("text", "") for c in result.get("content", []))
        if result.get("isError") or text != want:
            raise Failure(f"tools/call {name}({a}, {b}) gave {result}, expected {want!r}")

    calls = 0
    try:
        init = request("initialize", {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "memory.sh", "version": "0"},
        })
        if init.get("serverInfo", {}).get("name") != "calculator":
            raise Failure(f"unexpected initialize result {init}")
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        names = {t["name"] for t in request("tools/list").get("tools", [])}
        if names != EXPECTED_TOOLS:
            raise Failure(f"tools/list gave {sorted(names)}, expected {sorted(EXPECTED_TOOLS)}")
        for i in range(args.calls):
            call("add_numbers", i, 3, str(i + 3))
            call("subtract", i, 3, str(i - 3))
            call("multiply", i, 3, str(i * 3))
            call("divide", 3 * i + 1, 3, str(i))
            call("calc.add", i, 4, str(i + 4))
            call("minus", i, 4, str(i - 4))
            calls += 6
        child.stdin.close()
        try:
            code = child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            raise Failure("the server did not exit within 10 s of stdin closing")
        if code != 0:
            raise Failure(f"the server exited with status {code}")
    except (Failure, json.JSONDecodeError, BrokenPipeError) as e:
        print(f"mcp_session.py: error: {e}", file=sys.stderr)
        child.kill()
        child.wait()
        return 1
    print(f"mcp_session.py: initialize, tools/list ({len(names)} tools), {calls} tools/call: all "
          "answered as expected", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
