"""The README's mechanical swap, applied to one Rust file: attributes, the `ToolRouter` type, and
the `use` lines.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .lex import UseParser, apply_edits, code_finditer, code_mask, prune
from .map_uses import rewrite_map_uses


ATTR_RULES = [
    # (pattern at '#[', replacement); `tool_handler` never matches: `tool\b` needs a
    # boundary and each pattern names the full attribute.
    (re.compile(r"#\[(\s*)(?:::)?rmcp::tool_router\b"), r"#[\1mcp_toolname::tool_registry"),
    (re.compile(r"#\[(\s*)(?:::)?rmcp::tool(\s*[(\]])"), r"#[\1mcp_toolname::mcp_tool\2"),
    (re.compile(r"#\[(\s*)tool_router\b"), r"#[\1tool_registry"),
    (re.compile(r"#\[(\s*)tool(\s*[(\]])"), r"#[\1mcp_tool\2"),
    # The prompt twins (`prompt_handler` never matches, as `tool_handler` above).
    (re.compile(r"#\[(\s*)(?:::)?rmcp::prompt_router\b"), r"#[\1mcp_toolname::prompt_registry"),
    (re.compile(r"#\[(\s*)(?:::)?rmcp::prompt(\s*[(\]])"), r"#[\1mcp_toolname::mcp_prompt\2"),
    (re.compile(r"#\[(\s*)prompt_router\b"), r"#[\1prompt_registry"),
    (re.compile(r"#\[(\s*)prompt(\s*[(\]])"), r"#[\1mcp_prompt\2"),
]
QUALIFIED_ROUTER = re.compile(r"(?<![\w:])(?:::)?rmcp(?:::[A-Za-z_]\w*)*::ToolRouter\b")
BARE_ROUTER = re.compile(r"(?<![\w])ToolRouter\b")
QUALIFIED_PROMPT_ROUTER = re.compile(r"(?<![\w:])(?:::)?rmcp(?:::[A-Za-z_]\w*)*::PromptRouter\b")
BARE_PROMPT_ROUTER = re.compile(r"(?<![\w])PromptRouter\b")
USE_RMCP = re.compile(r"(?m)^([ \t]*)((?:pub(?:\([^)]*\))?\s+)?use\s+)(?=(?:::)?rmcp\b)")
# in the order the import lists them
MCP_NAMES = ["mcp_prompt", "mcp_tool", "prompt_registry", "tool_registry", "PromptRegistry", "ToolRegistry"]


@dataclass
class SwapResult:
    text: str
    changed: bool
    notes: list[str] = field(default_factory=list)


def rewrite_code(src: str, pattern: re.Pattern, repl) -> str:
    """Apply a regex substitution only at matches that start in code."""
    mask = code_mask(src)
    out, pos = [], 0
    for m in code_finditer(pattern, src, mask):
        out.append(src[pos:m.start()])
        out.append(m.expand(repl) if isinstance(repl, str) else repl(m))
        pos = m.end()
    out.append(src[pos:])
    return "".join(out)


def uses_name(src: str, name: str) -> bool:
    """Whether the code uses `name` unqualified (not as `mcp_toolname::name`, not a field)."""
    mask = code_mask(src)
    if name in ("ToolRegistry", "PromptRegistry"):
        pat = re.compile(r"(?<![\w:])" + name + r"\b")
    else:
        pat = re.compile(r"#\[\s*" + name + r"\b")
    return any(True for _ in code_finditer(pat, src, mask))


MAX_WIDTH = 100  # rustfmt's default `max_width`


def one_line(stmt: str) -> str | None:
    """A `use` statement written on one line as rustfmt would; `None` if it holds a comment."""
    if "//" in stmt or "/*" in stmt:
        return None
    flat = re.sub(r"\{\s+", "{", stmt)
    flat = re.sub(r",?\s*\}", "}", flat)
    flat = re.sub(r",\s*", ", ", flat)
    flat = re.sub(r"\s*\n\s*", " ", flat)
    # rustfmt lays a list out vertically when a list inside it has several items.
    if re.search(r"\{[^{}]*\{[^{}]*,", flat):
        return None
    return flat


def sort_key(name: str, edition: str):
    """How rustfmt orders names in a `use` group: from style edition 2024 by version sorting
    (upper case before lower case, as ASCII); before it, lower-case names (modules, macros,
    functions) before upper-case ones (types), each group in order."""
    return name if edition >= "2024" else (name[:1].isupper(), name)


def use_line(indent: str, names: list[str]) -> str:
    """`use mcp_toolname::...;` for `names` as rustfmt writes it: on one line when it fits in
    `MAX_WIDTH`, else the names packed on indented lines between braces."""
    if len(names) == 1:
        return f"{indent}use mcp_toolname::{names[0]};\n"
    line = f"{indent}use mcp_toolname::{{{', '.join(names)}}};"
    if len(line) <= MAX_WIDTH:
        return line + "\n"
    inner = indent + "    "
    rows, row = [], ""
    for name in names:
        piece = f"{name},"
        if row and len(inner) + len(row) + 1 + len(piece) > MAX_WIDTH:
            rows.append(row)
            row = piece
        else:
            row = f"{row} {piece}" if row else piece
    rows.append(row)
    body = "".join(f"{inner}{r}\n" for r in rows)
    return f"{indent}use mcp_toolname::{{\n{body}{indent}}};\n"


USE_STMT = re.compile(r"(?m)^([ \t]*)(?:pub(?:\([^)]*\))?\s+)?use\s+((?:::)?[A-Za-z_][\w]*)[^;]*;[ \t]*\n")


def place_import(text: str, line: str, edition: str) -> str:
    """`text` with the `use` statement `line` moved to where rustfmt keeps it: in sorted order
    within its run of `use` statements (statements with nothing but a line break between)."""
    at = text.find(line)
    if at < 0:
        return text
    rest = text[:at] + text[at + len(line):]
    mask = code_mask(rest)
    stmts = [m for m in code_finditer(USE_STMT, rest, mask)]
    # The run the line was in: statements touching the position where it stood.
    run: list = []
    for m in stmts:
        if run and m.start() != run[-1].end():
            if run[-1].end() >= at:
                break
            run = []
        run.append(m)
    indent = re.match(r"[ \t]*", line).group(0)
    key = sort_key("mcp_toolname", edition)
    for m in run:
        if m.group(1) == indent and sort_key(m.group(2).lstrip(":"), edition) > key:
            return rest[:m.start()] + line + rest[m.start():]
    return text


NO_RUSTFMT = ("rustfmt not found on PATH: the swapped code is laid out by the swap alone, and "
              "`cargo fmt --check` may refuse it (a long attribute, a shorter type, a use tree to "
              "re-flow); install it (`rustup component add rustfmt`) and swap again, or run "
              "`cargo fmt` after the swap")


def rustfmt_text(text: str, edition: str, config_dir: Path | None) -> str | None:
    """`text` as `cargo fmt` would write it: rustfmt with the package's `edition` (which sets the
    style edition unless the configuration does) and the `rustfmt.toml` found from `config_dir`
    upwards, as rustfmt finds it for a file there. `None` if rustfmt cannot read the code.
    Through stdin, so that rustfmt formats this text only, not the modules it declares."""
    cwd = config_dir if config_dir is not None else tempfile.gettempdir()
    done = subprocess.run(["rustfmt", "--edition", edition, "--emit", "stdout"], input=text,
                          cwd=cwd, capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else None


def keep_rustfmt_clean(src: str, swapped: str, edition: str, config_dir: Path | None,
                       notes: list[str]) -> str:
    """`swapped` run through rustfmt when `src` was as rustfmt keeps it: the swap changes names
    and lengths (an attribute that no longer fits, a return type that now fits, a use tree to
    re-flow or re-sort) and only rustfmt knows every rule that decides the layout. Code rustfmt
    did not keep is left as the swap wrote it: formatting it would change lines the swap never
    touched."""
    if shutil.which("rustfmt") is None:
        notes.append(NO_RUSTFMT)
        return swapped
    if rustfmt_text(src, edition, config_dir) != src:
        return swapped
    formatted = rustfmt_text(swapped, edition, config_dir)
    if formatted is None:
        notes.append("rustfmt could not read the swapped code: left as the swap wrote it")
        return swapped
    return formatted


def swap_source(src: str, edition: str = "2024", *, config_dir: Path | None = None) -> SwapResult:
    """The mechanical swap of one Rust source file, laid out as rustfmt keeps it for `edition`
    (the package's): if `src` was as rustfmt keeps it, so is the result (rustfmt, with the
    configuration found from `config_dir`, the file's folder). The imports are written in
    rustfmt's layout either way, for when rustfmt is not installed."""
    notes: list[str] = []

    # Step 4 first, while the old names are still in the use trees: prune rmcp imports,
    # remembering, per statement, which replacements belong in the same scope.
    mask = code_mask(src)
    edits: list[tuple[int, int, str]] = []
    inserts: list[tuple[int, str, list[str]]] = []   # (position after stmt, indent, names)
    for m in code_finditer(USE_RMCP, src, mask):
        parser = UseParser(src, mask, m.end())
        tree = parser.tree()
        semi = parser.take()
        assert semi[0] == ";", f"unparsed use tree at byte {m.start()}"
        removed: list[str] = []
        stmt_edits: list = []
        whole = prune(src, tree, [], stmt_edits, removed)
        if not removed:
            continue
        stmt_end = semi[2]
        line_end = src.find("\n", stmt_end)
        line_end = len(src) if line_end < 0 else line_end + 1
        if whole:
            edits.append((m.start(), line_end, ""))
        else:
            # A statement left short enough for one line is written on one, as rustfmt does.
            start = src.rfind("\n", 0, m.start()) + 1
            stmt = apply_edits(src, start, stmt_end, stmt_edits)
            flat = one_line(stmt)
            if "\n" in stmt and flat is not None and len(flat) <= MAX_WIDTH:
                edits.append((start, stmt_end, flat))
            else:
                edits.extend(stmt_edits)
        inserts.append((line_end, m.group(1), removed))
    for pos, indent, names in inserts:
        edits.append((pos, pos, ("\0USE", indent, names)))  # filled in below
    # Apply the import edits, leaving placeholders for the new imports.
    out, pos = [], 0
    placeholders: list[tuple[str, list[str]]] = []
    for s, e, text in sorted(edits, key=lambda ed: (ed[0], ed[1])):
        out.append(src[pos:s])
        if isinstance(text, tuple):
            placeholders.append((text[1], text[2]))
            out.append(f"\0USE{len(placeholders) - 1}\0")
        else:
            out.append(text)
        pos = max(pos, e)
    out.append(src[pos:])
    text = "".join(out)

    # rmcp's public `map`, which the registries do not have: its uses become their methods.
    text, map_notes = rewrite_map_uses(text)
    notes.extend(map_notes)

    # Step 2: attributes.
    for pat, repl in ATTR_RULES:
        text = rewrite_code(text, pat, repl)
    # Step 3: the type, qualified paths first.
    text = rewrite_code(text, QUALIFIED_ROUTER, "mcp_toolname::ToolRegistry")
    text = rewrite_code(text, BARE_ROUTER, "ToolRegistry")
    text = rewrite_code(text, QUALIFIED_PROMPT_ROUTER, "mcp_toolname::PromptRegistry")
    text = rewrite_code(text, BARE_PROMPT_ROUTER, "PromptRegistry")

    # Step 4, second half: the new imports, with only the names the file uses.
    used = {n for n in MCP_NAMES if uses_name(text.replace("\0", ""), n)}
    covered: set[str] = set()
    for k, (indent, names) in enumerate(placeholders):
        names = sorted((n for n in MCP_NAMES if n in names and n in used), key=lambda n: sort_key(n, edition))
        covered.update(names)
        line = use_line(indent, names) if names else ""
        text = text.replace(f"\0USE{k}\0", line)
        if line:
            text = place_import(text, line, edition)
    missing = [n for n in MCP_NAMES if n in used and n not in covered]
    if missing:
        # Used but never imported from rmcp by name (e.g. reached through a glob): import
        # at the top, after the inner attributes and leading comments.
        notes.append(f"added a top-level import for {missing} (not imported by name before)")
        mask = code_mask(text)
        head = re.compile(r"(?:\s+|//[^\n]*\n|/\*.*?\*/|#!\[[^\]]*\]\s*\n)*", re.S).match(text)
        at = head.end() if head else 0
        names = ", ".join(missing)
        imp = f"use mcp_toolname::{{{names}}};\n" if len(missing) > 1 else f"use mcp_toolname::{names};\n"
        text = text[:at] + imp + text[at:]
    if text != src:
        text = keep_rustfmt_clean(src, text, edition, config_dir, notes)
    return SwapResult(text, text != src, notes)
