"""Reading Rust source without a parser: which bytes are code (not comments or literals), and `use`
trees with their spans, so leaves can be dropped and only the changed parts re-emitted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def code_mask(src: str) -> list[bool]:
    """True for each character of `src` that is code, False inside comments and literals."""
    n = len(src)
    mask = [True] * n
    i = 0

    def blank(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            mask[k] = False

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.compile(r'(?:b|c)?r(#*)"').match(src, i)) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            end = src.find('"' + m.group(1), m.end())
            j = n if end < 0 else end + 1 + len(m.group(1))
            blank(i, j)
            i = j
        elif c == '"' or (c in "bc" and src.startswith('"', i + 1) and
                          (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_"))):
            j = i + (1 if c == '"' else 2)
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{..}') or a lifetime/label ('a).
            m = re.compile(r"'(?:\\(?:u\{[0-9a-fA-F_]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'").match(src, i)
            if m:
                blank(i, m.end())
                i = m.end()
            else:
                i += 1
        else:
            i += 1
    return mask


def code_finditer(pattern: re.Pattern, src: str, mask: list[bool]):
    """Matches of `pattern` in `src` that start in code."""
    for m in pattern.finditer(src):
        if mask[m.start()]:
            yield m


# ---------------------------------------------------------------------------------------
# `use` trees: parse with spans, drop leaves, re-emit only the parts that changed.
# ---------------------------------------------------------------------------------------

@dataclass
class UseTree:
    start: int                   # span in the file
    end: int
    prefix: list[str]            # path segments before the leaf or the group
    leaf: str | None = None      # ident, `self` or `*`; None for a group
    rename: str | None = None    # `as` name
    group: list["UseTree"] | None = None
    group_open: int = 0          # index of '{'
    group_close: int = 0         # index of '}'


class UseParser:
    """Recursive-descent parser of one `use` tree over the code tokens of a file."""

    TOKEN = re.compile(r"\s+|::|[{},;*]|r#[A-Za-z_]\w*|[A-Za-z_]\w*|.", re.S)

    def __init__(self, src: str, mask: list[bool], pos: int):
        self.toks: list[tuple[str, int, int]] = []
        i = pos
        while i < len(src):
            if not mask[i]:          # a comment inside the tree: skip it
                i += 1
                continue
            m = self.TOKEN.match(src, i)
            if not m.group().isspace():
                self.toks.append((m.group(), m.start(), m.end()))
                if m.group() == ";":
                    break
            i = m.end()
        self.k = 0

    def peek(self) -> str:
        return self.toks[self.k][0] if self.k < len(self.toks) else ""

    def take(self) -> tuple[str, int, int]:
        tok = self.toks[self.k]
        self.k += 1
        return tok

    def tree(self) -> UseTree:
        start = self.toks[self.k][1]
        prefix: list[str] = []
        if self.peek() == "::":
            self.take()
            prefix.append("")
        while True:
            tok, s, e = self.take()
            if tok == "{":
                items: list[UseTree] = []
                while self.peek() != "}":
                    items.append(self.tree())
                    if self.peek() == ",":
                        self.take()
                _, cs, ce = self.take()
                return UseTree(start, ce, prefix, group=items, group_open=s, group_close=cs)
            if self.peek() == "::":
                self.take()
                prefix.append(tok)
                continue
            tree = UseTree(start, e, prefix, leaf=tok)
            if self.peek() == "as":
                self.take()
                tree.rename, _, tree.end = self.take()
            return tree


# Leaves that leave rmcp's use trees, keyed by their full path (rmcp re-exports
# rmcp_macros::* at its root), with the mcp-toolname name that replaces each.
def removed_leaf(path: list[str], leaf: str) -> str | None:
    """The replacement name if the import `path::leaf` is one the swap removes."""
    if leaf == "ToolRouter":
        return "ToolRegistry"
    if leaf == "PromptRouter":
        return "PromptRegistry"
    if path in (["rmcp"], ["", "rmcp"]):
        return {
            "tool": "mcp_tool",
            "tool_router": "tool_registry",
            "prompt": "mcp_prompt",
            "prompt_router": "prompt_registry",
        }.get(leaf)
    return None


def prune(src: str, tree: UseTree, path: list[str], edits: list, removed: list[str]) -> bool:
    """Record edits dropping the removed leaves of `tree`; True if `tree` itself goes."""
    full = path + tree.prefix
    if tree.group is None:
        name = removed_leaf(full, tree.leaf)
        if name is not None:
            removed.append(name)
            return True
        return False
    kept = [t for t in tree.group if not prune(src, t, full, edits, removed)]
    if not kept:
        return True
    if len(kept) == 1 and len(tree.group) > 1 and kept[0].leaf != "self":
        # One item left: `a::{b}` is `a::b`, as rustfmt writes it.
        only = apply_edits(src, kept[0].start, kept[0].end, edits)
        edits[:] = [ed for ed in edits if not (tree.group_open <= ed[0] <= tree.group_close)]
        edits.append((tree.group_open, tree.group_close + 1, only))
        return False
    if len(kept) < len(tree.group):
        # Re-emit the group's kept items from their own text, each followed by the
        # separator that followed it originally (so the layout of lines is kept), then the
        # group's tail (trailing comma, newline) as written.
        items = tree.group
        head = src[tree.group_open + 1:items[0].start]
        tail = src[items[-1].end:tree.group_close]
        parts = []
        for t in kept:
            parts.append(apply_edits(src, t.start, t.end, edits))
            if t is not kept[-1]:
                # Between two kept items, take a separator that breaks the line if any
                # of the original ones (around the removed items) did.
                a, b = items.index(t), items.index(kept[kept.index(t) + 1])
                seps = [src[items[k].end:items[k + 1].start] for k in range(a, b)]
                parts.append(next((x for x in seps if "\n" in x), seps[0]))
        body = "".join(parts)
        if "\n" in head and "//" not in src[tree.group_open:tree.group_close]:
            # A list laid out vertically, as rustfmt lays it out: a run of one-word items
            # packed on lines up to the width, each item with a path on a line of its own.
            indent = head.rsplit("\n", 1)[1]
            texts = [apply_edits(src, t.start, t.end, edits) for t in kept]
            body = mixed_layout(texts, indent)
            tail = ",\n" + tail.rsplit("\n", 1)[1] if "\n" in tail else tail
        edits[:] = [ed for ed in edits if not (tree.group_open < ed[0] < tree.group_close)]
        edits.append((tree.group_open + 1, tree.group_close, head + body + tail))
    return False


MAX_WIDTH = 100  # rustfmt's default `max_width`


def mixed_layout(items: list[str], indent: str) -> str:
    """The items of a vertical `use` list as rustfmt's mixed layout writes them, without the
    last item's comma: one-word items packed on lines up to `MAX_WIDTH`, every other item alone."""
    lines: list[str] = []
    row = ""
    for text in items:
        simple = "::" not in text and "{" not in text
        if not simple:
            if row:
                lines.append(row)
                row = ""
            lines.append(text + ",")
            continue
        piece = text + ","
        if row and len(indent) + len(row) + 1 + len(piece) > MAX_WIDTH:
            lines.append(row)
            row = piece
        else:
            row = f"{row} {piece}" if row else piece
    if row:
        lines.append(row)
    out = ("\n" + indent).join(lines)
    return out[:-1] if out.endswith(",") else out


def apply_edits(src: str, a: int, b: int, edits: list) -> str:
    """src[a:b] with the recorded edits inside it applied."""
    out, pos = [], a
    for s, e, text in sorted(ed for ed in edits if a <= ed[0] and ed[1] <= b):
        out.append(src[pos:s])
        out.append(text)
        pos = e
    out.append(src[pos:b])
    return "".join(out)
