//! The lints of the lists users write tool names into: permission rules, agents' tool lists
//! and per-server tool filters.

use super::{Lint, ROW, Scope};

/// `allowlist_entry_unmatched`: an entry of an allow, deny or filter list names no tool.
pub const ALLOWLIST_ENTRY_UNMATCHED: Lint = Lint {
    name: "allowlist_entry_unmatched",
    scope: Scope::List,
    targeted: true,
    reported_by: "`audit --config` (with `--settings`, `--agents`)",
    summary: "an entry of a tool allow, deny or filter list matches no tool the client names",
    finds: "An entry of a list that names tools for one client and matches none of the names \
            that client gives the audited servers' tools: Claude Code's `permissions.allow`, \
            `ask` and `deny` (`mcp__<server>__<tool>`, `mcp__<server>`, `mcp__<server>__*`) \
            and its agents' and skills' `tools`, `disallowedTools` and `allowed-tools`; Gemini \
            CLI's per-server `includeTools` and `excludeTools`, Codex's `enabled_tools` and \
            `disabled_tools`, GitHub Copilot CLI's per-server `tools`. Claude Code's lists \
            take the model-facing name; the per-server filters take the tool's name exactly as \
            the server lists it (case, `.` and `-` included; no wildcard, but Gemini CLI \
            also takes `name(...)` and Copilot CLI `*` alone), so the model-facing name there \
            matches nothing. With `--baseline`, an entry that matched a tool of the snapshot \
            says whether the tool was renamed or is gone. The finding names \
            the nearest real name.",
    why: "Warn. The client says nothing: an allow or filter entry that matches nothing leaves \
          the tool asking or gone, a deny entry that matches nothing lets the tool through.",
    help: "write the name the client matches, or drop the entry",
    fix: "Replace the entry with the name the finding gives, or drop it if the tool is gone. \
          After a server renames a tool, update the lists with the release.",
    source: "Claude Code 2.1.332, Gemini CLI 0.61.0, Codex 0.171.0 and GitHub Copilot CLI \
             1.0.102, each run with such lists against fixture servers and a fake model API \
             (`cli/tests/oracle_allowlists.rs`), 2026-12-03.",
    ..ROW
};
