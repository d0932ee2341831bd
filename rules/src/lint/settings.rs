//! The lints of a project's own settings: what `mcp-toolname.toml` says about the other lints.

use super::{Level, Lint, ROW, Scope};

/// `allow_without_reason`: a lint allowed in `mcp-toolname.toml` with no reason given.
pub const ALLOW_WITHOUT_REASON: Lint = Lint {
    name: "allow_without_reason",
    scope: Scope::Settings,
    level: Level::Allow,
    said: true,
    reported_by: "`check`, `audit` and `audit --config`, when they read `mcp-toolname.toml`",
    summary: "a lint allowed in mcp-toolname.toml with no reason given",
    finds: "A row of `mcp-toolname.toml`'s `[lints]` table that sets a lint (or `warnings`) to \
            `\"allow\"` as a plain string, or as `{ level = \"allow\" }` without `reason`.",
    why: "Allow. Most projects allow a lint or two without needing to say why; a team that \
          wants every hidden finding explained raises it (`allow_without_reason = \"deny\"`), \
          as clippy's `allow_attributes_without_reason` does for `#[allow]`.",
    help: "give the row a reason: `name = { level = \"allow\", reason = \"...\" }`",
    fix: "Write the row as `lint = { level = \"allow\", reason = \"why it does not apply here\" }`. \
          The reason is shown with each finding it hides: in `--verbose` text, in JSON's \
          `suppressions.suppressed` and as the SARIF result's `suppressions[].justification`.",
    source: "This project's rule, after Rust's `#[allow(lint, reason = \"...\")]` (RFC 2383, \
             stable since Rust 1.81), Cargo's `[lints]` table and clippy's \
             `allow_attributes_without_reason` (read 2026-12-06).",
    ..ROW
};
