"""Drive the `http` example over Streamable HTTP with the official Python MCP SDK (PyPI `mcp`).

usage: python_http_client.py URL

The server must have been started with `--alias-for SECS` (a few seconds). Two sessions at
once check, each with its own message on failure: both list the same tools and alias; the
alias runs `subtract`; a tool added and then removed by one session reaches both as one
notifications/tools/list_changed each; when the alias window closes both are told once, the
alias leaves the list, and a call to it is refused naming `subtract`. Prints one `ok: ...`
line per check and exits 0, or prints `FAIL: ...` and exits 1.
"""

import asyncio
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

BASE = ["add_tool", "minus", "multiply", "remove_tool", "subtract"]


def text_of(result):
    return "".join(getattr(c, "text", "") for c in result.content)


def check(condition, what):
    if not condition:
        print(f"FAIL: {what}")
        sys.exit(1)
    print(f"ok: {what}")


class Heard:
    """Counts notifications/tools/list_changed for one session."""

    def __init__(self):
        self.count = 0
        self.changed = asyncio.Condition()

    async def on_message(self, message):
        root = getattr(message, "root", message)
        if getattr(root, "method", None) == "notifications/tools/list_changed":
            async with self.changed:
                self.count += 1
                self.changed.notify_all()

    async def wait_for(self, expected):
        """Waits (at most 120 s, against a hang) for `expected` notifications, then a moment for an extra one."""
        async with self.changed:
            try:
                await asyncio.wait_for(self.changed.wait_for(lambda: self.count >= expected), 120)
            except TimeoutError:
                pass
        await asyncio.sleep(0.2)
        return self.count


async def names(client):
    return sorted(t.name for t in (await client.list_tools()).tools)


async def both(url, body):
    heard = [Heard(), Heard()]
    async with streamable_http_client(url) as first, streamable_http_client(url) as second:
        async with ClientSession(first[0], first[1], message_handler=heard[0].on_message) as a:
            async with ClientSession(second[0], second[1], message_handler=heard[1].on_message) as b:
                await a.initialize()
                await b.initialize()
                await body([a, b], heard)


async def sessions(clients, heard):
    a, b = clients
    for i, client in enumerate(clients):
        listed = await names(client)
        check(listed == BASE, f"session {i} lists the tools and the alias: {listed}")
        result = await client.call_tool("minus", {"a": 5, "b": 7})
        check(text_of(result) == "-2", f"session {i}: the alias runs subtract")

    result = await a.call_tool("add_tool", {"name": "py"})
    check(text_of(result) == "added `extra_py`", "session 0 adds a tool")
    for i, client in enumerate(clients):
        check(await heard[i].wait_for(1) == 1, f"session {i} hears the addition once")
        check("extra_py" in await names(client), f"session {i} lists the added tool")
    result = await b.call_tool("extra_py", {})
    check(text_of(result) == "extra_py", "session 1 calls the tool session 0 added")
    result = await b.call_tool("remove_tool", {"name": "py"})
    check(text_of(result) == "removed `extra_py`", "session 1 removes it")
    for i, client in enumerate(clients):
        check(await heard[i].wait_for(2) == 2, f"session {i} hears the removal once")
        check(await names(client) == BASE, f"session {i} no longer lists it")

    for i, client in enumerate(clients):
        check(await heard[i].wait_for(3) == 3, f"session {i} hears the alias window close once")
        listed = await names(client)
        check("minus" not in listed, f"session {i}: after the window the alias is gone: {listed}")
        # Past its window an alias answers with a tool error the model reads (the default).
        result = await client.call_tool("minus", {"a": 1, "b": 1})
        msg = text_of(result)
        is_error = getattr(result, "is_error", None) or getattr(result, "isError", None)
        check(is_error is True and "subtract" in msg, f"session {i}: the expired alias is a tool error naming `subtract`: {msg}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    asyncio.run(both(sys.argv[1], sessions))
