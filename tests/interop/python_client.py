"""Drive the calculator example with the official Python MCP SDK client (PyPI `mcp`).

usage: python_client.py CALCULATOR_BINARY

Checks, each with its own message on failure: tools/list, a canonical call, a listed alias
call, a hidden alias call, an expired alias (server started past `until`), an unknown tool,
and notifications/tools/list_changed when a window closes during the session. Prints one
`ok: ...` line per check and exits 0, or prints `FAIL: ...` and exits 1.
"""

import asyncio
import sys
from datetime import datetime, timedelta, timezone

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError


def text_of(result):
    return "".join(getattr(c, "text", "") for c in result.content)


def as_dict(meta):
    if meta is None:
        return {}
    if isinstance(meta, dict):
        return meta
    return meta.model_dump(by_alias=True)


def check(condition, what):
    if not condition:
        print(f"FAIL: {what}")
        sys.exit(1)
    print(f"ok: {what}")


async def with_session(binary, now, body, on_message=None):
    params = StdioServerParameters(command=binary, args=["--now", now])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as client:
            await client.initialize()
            await body(client)


async def inside_window(client):
    tools = [t.name for t in (await client.list_tools()).tools]
    check(sorted(tools) == ["add_numbers", "divide", "minus", "multiply", "subtract"], f"tools/list is {tools}")
    minus = next(t for t in (await client.list_tools()).tools if t.name == "minus")
    check(minus.description.startswith("Deprecated: renamed to `subtract`"), "the listed alias says it is deprecated")
    result = await client.call_tool("add_numbers", {"a": 2, "b": 3})
    check(text_of(result) == "5" and not result.is_error, "a canonical call runs")
    result = await client.call_tool("minus", {"a": 5, "b": 7})
    check(text_of(result) == "-2", "a call to the listed alias runs subtract")
    meta = as_dict(result.meta).get("mcp-toolname/deprecated", {})
    check(meta.get("replacement") == "subtract", "the alias call's _meta names the replacement")
    result = await client.call_tool("calc.add", {"a": 40, "b": 2})
    check(text_of(result) == "42", "a call to the hidden alias runs add_numbers")
    try:
        await client.call_tool("calc.mul", {"a": 1, "b": 1})
        check(False, "an unknown tool is refused")
    except MCPError as e:
        check(e.error.code == -32602 and "calc.mul" in e.error.message, f"an unknown tool is a -32602 error: {e.error.message}")


async def past_window(client):
    tools = [t.name for t in (await client.list_tools()).tools]
    check("minus" not in tools and "calc.add" not in tools, f"past the window no alias is listed: {tools}")
    result = await client.call_tool("calc.add", {"a": 1, "b": 1})
    msg = text_of(result)
    is_error = getattr(result, "is_error", None) or getattr(result, "isError", None)
    check(is_error is True and "add_numbers" in msg and "2027-03-01" in msg, f"an expired alias is a tool error naming the new name and the date: {msg}")


async def main(binary):
    await with_session(binary, "2026-12-01T00:00:00Z", inside_window)
    await with_session(binary, "2027-03-01T00:00:00Z", past_window)

    changed = asyncio.Event()

    async def on_message(message):
        root = getattr(message, "root", message)
        if getattr(root, "method", None) == "notifications/tools/list_changed":
            changed.set()

    async def across_the_end(client):
        check("minus" in [t.name for t in (await client.list_tools()).tools], "before the end the alias is listed")
        await asyncio.wait_for(changed.wait(), timeout=120)
        check(True, "notifications/tools/list_changed arrives when the window closes")
        check("minus" not in [t.name for t in (await client.list_tools()).tools], "after it the alias is gone")

    start = (datetime(2027, 3, 1, tzinfo=timezone.utc) - timedelta(seconds=10)).isoformat().replace("+00:00", "Z")
    await with_session(binary, start, across_the_end, on_message)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    asyncio.run(main(sys.argv[1]))
