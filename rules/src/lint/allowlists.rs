//! The lints of the lists users write tool names into: permission rules, agents' tool lists
//! and per-server tool filters.

use super::{Level, Lint, ROW, Scope};

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

/// `allowlist_entry_skipped`: the client skips a permission rule when it reads it.
pub const ALLOWLIST_ENTRY_SKIPPED: Lint = Lint {
    name: "allowlist_entry_skipped",
    scope: Scope::List,
    targeted: true,
    reported_by: "`audit --config` (the config's own rule lists, `--settings`)",
    summary: "the client skips a permission rule it finds invalid, so the rule does nothing",
    finds: "A permission rule the client reads and then skips, with the client's own message \
            and the entries that would do what it meant. Claude Code skips an allow rule whose \
            tool name holds a `*` anywhere but in the tool position after a literal \
            `mcp__<server>__` (`mcp__*`, `mcp__git*`, `*`: write `mcp__github__*` for each \
            server), and an MCP rule with parentheses in any list (`mcp__s__t(x)`: write \
            `mcp__s__t`). Deny and ask rules may hold `*` anywhere. Qwen Code never matches an \
            MCP rule with parentheses, and says so only in its debug log.",
    why: "Warn. The client prints a notice once at start and goes on without the rule: the \
          tools it meant to allow keep asking, and in a headless run (`claude -p`) are refused.",
    help: "the client prints this once at start, and nothing after",
    fix: "Replace the entry with one `mcp__<server>__*` per server it meant (or the tools' \
          names), as the finding lists them.",
    source: "Claude Code 2.1.332: the rule validator in its `bin/claude.exe`; Qwen Code 0.24.4: \
             `matchesRule` in its `chunks/chunk-47C3HPMW.js`; both run with such rules, the \
             fake model calling every tool (`cli/tests/oracle_permissions.rs`), 2026-12-06.",
    ..ROW
};

/// `allowlist_entry_too_broad`: an allow entry grants tools of other servers than it names.
pub const ALLOWLIST_ENTRY_TOO_BROAD: Lint = Lint {
    name: "allowlist_entry_too_broad",
    scope: Scope::List,
    level: Level::Deny,
    targeted: true,
    reported_by: "`audit --config` (the config's own rule lists, `--settings`)",
    summary: "an allow or keep entry grants tools of servers other than the one it names",
    finds: "An entry of a list that allows tools (or keeps only them) and that, as its client \
            matches it, reaches tools of another server than the one it names, or every MCP \
            tool: under the client's own matching, with the names it really gives the audited \
            servers' tools. Qwen Code compares server names after making each character \
            outside `A-Z a-z 0-9 _ -` a `_`, so `mcp__foo.bar` also allows every tool of a \
            server keyed `foo_bar`, and reads a trailing `*` as a plain prefix, so `mcp__git*` \
            allows server `github_enterprise` and `mcp__*` every MCP tool. The finding names \
            the other servers, how many of their tools the entry grants, and what grants the \
            one server alone.",
    why: "Deny. A tool of a server the writer did not mean runs without asking: a server added \
          later, or one whose key shares a prefix, is trusted by an entry written for another.",
    help: "name one server whole, as the finding writes it",
    fix: "Name the server whole and the tools after its separator, one entry per server you \
          trust; under Qwen Code, where the whole-server form reaches another server, name \
          each tool by the name the client gives it.",
    source: "Qwen Code 0.24.4: `matchesMcpPattern` in its `chunks/chunk-47C3HPMW.js`, and run: \
             `mcp__foo.bar` ran the tool of server `foo_bar`, `mcp__q3*` those of `q3x` \
             (`cli/tests/oracle_permissions.rs`), 2026-12-06; QwenLM/qwen-code #10199.",
    ..ROW
};

/// `allowlist_entry_shadowed`: a stronger rule takes every tool an entry names, or it repeats one.
pub const ALLOWLIST_ENTRY_SHADOWED: Lint = Lint {
    name: "allowlist_entry_shadowed",
    scope: Scope::List,
    targeted: true,
    reported_by: "`audit --config` (the config's own rule lists, `--settings`)",
    summary: "a permission rule overruled for every tool it matches, or one that repeats another",
    finds: "A permission rule every tool of which a stronger rule of the same client also \
            matches (Claude Code, Qwen Code and the Continue CLI: deny over ask over allow, \
            across every settings file read; Gemini CLI: the higher priority; OpenCode: the \
            later rule), \
            or one written twice in lists of the same kind. The finding names the rule that \
            wins, with its file and line.",
    why: "Warn. The rule does nothing: an allowed tool that a deny rule blocks is not allowed, \
          and a repeated rule is one more place to forget at the next rename.",
    help: "drop the entry (or narrow the rule that wins over it)",
    fix: "Drop the entry, or narrow the stronger rule so that it leaves the tools you meant to \
          allow.",
    source: "Claude Code 2.1.332, Qwen Code 0.24.4, Gemini CLI 0.61.0, OpenCode 1.18.33 and \
             the Continue CLI 1.5.47, run with such rules over the same tools \
             (`cli/tests/oracle_permissions.rs`, `oracle_rule_files.rs`), 2026-12-06.",
    ..ROW
};

/// `allowlist_entry_alias`: an entry matches only old names a server serves for a window.
pub const ALLOWLIST_ENTRY_ALIAS: Lint = Lint {
    name: "allowlist_entry_alias",
    scope: Scope::List,
    targeted: true,
    reported_by: "`audit --config`",
    summary: "an entry matches only a renamed tool's old name, which goes when its window ends",
    finds: "An entry of an allow, deny or filter list every tool of which is an alias a \
            server lists for a renamed tool (a server built with mcp-toolname says which): the \
            entry works while the alias is served and matches nothing after its `until`. The \
            finding names the tool's new name in the list's form. An entry that names a hidden \
            alias (answered, never listed) already matches nothing, and \
            `allowlist_entry_unmatched` says that it is one.",
    why: "Warn. Nothing breaks yet; at the alias's last day the allowed tool starts asking, the \
          denied one gets through, or the kept one is left out, and no client says so.",
    help: "write the tool's new name beside the old one, before the alias's window ends",
    fix: "Add the new name the finding gives (keep the old one while clients of the old \
          release remain), and drop the old one when the window ends.",
    source: "The registry's alias windows (docs/renames.md); each client's matching as run in \
             `cli/tests/oracle_allowlists.rs` and `cli/tests/oracle_permissions.rs`.",
    ..ROW
};
