"""Code that reads rmcp's public `ToolRouter::map` (or `PromptRouter::map`), rewritten to the
registry's methods (docs/swap.md's table): `map.values()` -> `routes()`, `map.get(name)` ->
`route(name)`, `map.keys()` -> `names()`, `map.len()` / `map.is_empty()` -> `len()` /
`is_empty()`, `map.contains_key(name)` -> `route(name).is_some()`, and a loop over
`map.values_mut()` -> `for_each_route_mut(|route| ...)`.

Only in a file that names rmcp's routers, and only a `.map` whose owner is a router: a name
containing `router`, or one the file declares with the type `ToolRouter<...>` /
`PromptRouter<...>` (a `map` of the server's own types stays). A use left as written is
reported; the build then names the method to write instead.
"""

from __future__ import annotations

import re

from .lex import code_finditer, code_mask

MAP_CALL = re.compile(r"\.\s*map\s*\.\s*(values_mut|values|iter|get_mut|get|contains_key|keys|len|is_empty)\s*\(")
SIMPLE = {"values": "routes", "get": "route", "keys": "names", "len": "len", "is_empty": "is_empty"}
# `name: ToolRouter<` (a field, a parameter, a typed `let`), through references and paths.
DECLARED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*:\s*(?:&\s*(?:'\w+\s+)?(?:mut\s+)?)?"
                      r"(?:::)?(?:[A-Za-z_]\w*::)*(?:Tool|Prompt)Router\s*<")
ROUTERS = re.compile(r"\b(?:Tool|Prompt)Router\b|\b(?:tool|prompt)_router\b")
OWNER = re.compile(r"([A-Za-z_]\w*)\s*(?:\(\s*\))?\s*$")
# `for PAT in RECEIVER` just before `.map.values_mut()`.
FOR_HEAD = re.compile(r"\bfor\s+(?P<pat>[^;{}]+?)\s+in\s+(?P<recv>[A-Za-z_][\w.:()\s]*?)\s*$")
# What a loop body can do that a closure's cannot: leave the loop or the enclosing fn, or await.
LOOP_ONLY = re.compile(r"\b(?:break|continue|return)\b|\?|\.\s*await\b")


def closing(src: str, mask: list[bool], at: int) -> int:
    """The index of the bracket closing the one at `at` (code only), or -1."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack = []
    for i in range(at, len(src)):
        if not mask[i]:
            continue
        c = src[i]
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")}]":
            if not stack or stack.pop() != c:
                return -1
            if not stack:
                return i
    return -1


def rewrite_map_uses(src: str) -> tuple[str, list[str]]:
    if not ROUTERS.search(src):
        return src, []
    declared = {m.group(1) for m in code_finditer(DECLARED, src, code_mask(src))}
    notes: list[str] = []
    text, start = src, 0
    while True:
        mask = code_mask(text)
        m = next((m for m in code_finditer(MAP_CALL, text, mask) if m.start() >= start), None)
        if m is None:
            return text, notes
        start = m.start() + 1
        owner = OWNER.search(text, 0, m.start())
        name = owner.group(1) if owner else ""
        if not (name in declared or "router" in name.lower()):
            continue
        method, open_paren = m.group(1), m.end() - 1
        close = closing(text, mask, open_paren)
        if close < 0:
            continue
        where = f"`{name}.map.{method}(...)`"
        if method in SIMPLE:
            text = text[:m.start()] + "." + SIMPLE[method] + "(" + text[m.end():]
        elif method == "contains_key":
            args = text[m.end():close]
            text = text[:m.start()] + f".route({args}).is_some()" + text[close + 1:]
        elif method == "values_mut":
            rewritten = rewrite_values_mut(text, mask, m, close)
            if rewritten is None:
                notes.append(f"{where} left as written: write `{name}.for_each_route_mut(|route| "
                             "...)` (a loop body that breaks, returns, awaits or uses `?` cannot "
                             "move into the closure as it is)")
            else:
                text = rewritten
        else:
            instead = "routes()" if method == "iter" else "for_each_route_mut(|route| ...)"
            notes.append(f"{where} left as written: write `{name}.{instead}`")


def rewrite_values_mut(text: str, mask: list[bool], m: re.Match, close: int) -> str | None:
    """`for PAT in RECV.map.values_mut() { BODY }` -> `RECV.for_each_route_mut(|PAT| { BODY });`
    and `RECV.map.values_mut().for_each(F)` -> `RECV.for_each_route_mut(F)`; `None` for any
    other use, or a body a closure cannot hold."""
    after = re.compile(r"\s*\.\s*for_each\s*\(").match(text, close + 1)
    if after:
        return text[:m.start()] + ".for_each_route_mut(" + text[after.end():]
    head = FOR_HEAD.search(text, max(0, m.start() - 400), m.start())
    brace = re.compile(r"\s*\{").match(text, close + 1)
    if not head or not brace or not mask[head.start()]:
        return None
    body_open = brace.end() - 1
    body_close = closing(text, mask, body_open)
    if body_close < 0:
        return None
    body_code = "".join(c if mask[body_open + i] else " "
                        for i, c in enumerate(text[body_open:body_close + 1]))
    if LOOP_ONLY.search(body_code):
        return None
    recv = re.sub(r"\s+", "", head.group("recv"))
    body = text[body_open:body_close + 1]
    return (text[:head.start()] + f"{recv}.for_each_route_mut(|{head.group('pat')}| {body});"
            + text[body_close + 1:])
