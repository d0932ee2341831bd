//! `audit --config FILE`: read the MCP servers of a client's config file. Four layouts:
//! Claude Desktop's `claude_desktop_config.json` and Claude Code's `.mcp.json` (both
//! `{"mcpServers": {NAME: {...}}}`), VS Code's `mcp.json` (`{"servers": {NAME: {...}}}`, JSON
//! with comments) and Codex's `config.toml` (`[mcp_servers.NAME]` tables).
//!
//! A file that cannot be read, parsed or recognised is an error for the whole run. A server
//! entry that is wrong (no `command`, a field of the wrong type, a field the host does not
//! know) is an error for that server only: the others are still audited. Remote servers are
//! reached over Streamable HTTP ([`remote`]); disabled ones, remote ones whose auth needs a
//! browser or that use another transport, and VS Code servers that need `${input:...}`
//! answers are skipped, with the reason.
//!
//! This module holds the layouts and [`load`]; [`read`] turns a file's text into its server
//! entries, and [`entry`] turns one entry into a [`Plan`].

mod codex;
mod entry;
mod manifest;
mod plugin;
mod read;
mod remote;

use std::path::{Path, PathBuf};

use mcp_toolname_rules::message::show;
use serde_json::Value;

use crate::keys::Keys;
use crate::reach::target::Target;
use entry::Context;
use read::{read_json, read_toml};

/// Which client's layout the file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// `claude_desktop_config.json`.
    ClaudeDesktop,
    /// `.mcp.json` or `~/.claude.json`: `mcpServers`, with `${VAR}` expansion.
    ClaudeCode,
    /// Another file with `mcpServers` (Cursor, Windsurf, Cline...): read as Claude Desktop's
    /// layout, plus the fields those hosts add.
    McpServers,
    /// VS Code `mcp.json` (`servers`), or `settings.json` (`mcp.servers`).
    VsCode,
    /// Codex `config.toml`.
    Codex,
    /// A Claude Code plugin: `.claude-plugin/plugin.json` and the servers it ships
    /// (`.mcp.json`, or `mcpServers` in the manifest), each named `plugin:<plugin>:<key>`.
    ClaudePlugin,
    /// Claude Code's `settings.json`, read as the plugins it enables (`enabledPlugins`), each
    /// from where Claude Code installed it.
    ClaudeSettings,
    /// OpenCode's `opencode.json` (`mcp`, each server with a `type`), read in Claude's layout.
    OpenCode,
}

/// Fields of a Claude server entry: stdio ones, then remote ones (accepted, not used).
const CLAUDE_FIELDS: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "headersHelper",
    "oauth",
];
/// What other `mcpServers` hosts add to Claude's fields.
const MCP_SERVERS_EXTRA_FIELDS: &[&str] = &[
    "envFile",
    "disabled",
    "autoApprove",
    "alwaysAllow",
    "timeout",
    "transportType",
    // Gemini CLI's `settings.json`: which tools of the server reach the model, and whether
    // its calls are confirmed; Copilot CLI's `mcp-config.json`: its tool filter.
    "includeTools",
    "excludeTools",
    "trust",
    "tools",
];
const VSCODE_FIELDS: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "envFile",
    "cwd",
    "url",
    "headers",
    "dev",
    "sandboxEnabled",
    "sandbox",
    "gallery",
    "version",
];
const CODEX_FIELDS: &[&str] = &[
    "command",
    "args",
    "env",
    "env_vars",
    "cwd",
    "url",
    "bearer_token_env_var",
    "http_headers",
    "env_http_headers",
    "startup_timeout_sec",
    "startup_timeout_ms",
    "tool_timeout_sec",
    "enabled",
    "required",
    "enabled_tools",
    "disabled_tools",
    "scopes",
    "oauth_resource",
];

impl Flavor {
    /// The layout in words, for reports.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "Claude Desktop `claude_desktop_config.json`",
            Self::ClaudeCode => "Claude Code `.mcp.json`",
            Self::McpServers => "`mcpServers` JSON, read as Claude Desktop's layout",
            Self::VsCode => "VS Code `mcp.json`",
            Self::Codex => "Codex `config.toml`",
            Self::ClaudePlugin => "Claude Code plugin `.claude-plugin/plugin.json`",
            Self::ClaudeSettings => "Claude Code `settings.json`, its enabled plugins",
            Self::OpenCode => "OpenCode `opencode.json`",
        }
    }

    /// A stable id, for JSON.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "claude_desktop",
            Self::ClaudeCode => "claude_code",
            Self::McpServers => "mcp_servers",
            Self::VsCode => "vscode",
            Self::Codex => "codex",
            Self::ClaudePlugin => "claude_plugin",
            Self::ClaudeSettings => "claude_settings",
            Self::OpenCode => "opencode",
        }
    }

    const fn host(self) -> &'static str {
        match self {
            Self::ClaudeDesktop => "Claude Desktop",
            Self::ClaudeCode | Self::ClaudePlugin | Self::ClaudeSettings => "Claude Code",
            Self::McpServers => "an `mcpServers` host",
            Self::VsCode => "VS Code",
            Self::Codex => "Codex",
            Self::OpenCode => "OpenCode",
        }
    }

    /// The fields a server entry may have, in the order messages list them.
    fn fields(self) -> Vec<&'static str> {
        match self {
            Self::ClaudeDesktop | Self::ClaudeCode | Self::ClaudePlugin | Self::ClaudeSettings => {
                CLAUDE_FIELDS.to_vec()
            }
            Self::McpServers => [CLAUDE_FIELDS, MCP_SERVERS_EXTRA_FIELDS].concat(),
            Self::OpenCode => [CLAUDE_FIELDS, &["disabled"]].concat(),
            Self::VsCode => VSCODE_FIELDS.to_vec(),
            Self::Codex => CODEX_FIELDS.to_vec(),
        }
    }
}

/// What to do with one server of the config.
#[derive(Debug, Clone)]
pub enum Plan {
    /// Reach it (start it, or connect to its URL) and audit it.
    Run(Target),
    /// Leave it out, for this reason (a remote or disabled server).
    Skip(String),
    /// Its entry is wrong: the whole message, naming the file, the server and the field.
    Invalid(String),
}

/// One server entry.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its name in the config: the key the host gives it.
    pub key: String,
    /// What to do with it.
    pub plan: Plan,
    /// The Claude Code plugin that ships it, if one does (Claude Code names it
    /// `plugin:<plugin>:<key>`).
    pub plugin: Option<String>,
    /// Whether Codex names its tools without `mcp__` (`non_prefixed_mcp_tool_names`).
    pub codex_non_prefixed: bool,
}

impl Entry {
    /// The server part each client makes of this entry: of its key, in its plugin, as the
    /// config says Codex prefixes it; `announced` is the server's `serverInfo` name.
    #[must_use]
    pub fn keys(&self, announced: Option<&str>) -> Keys {
        let mut keys = Keys::new(&self.key, announced);
        if let Some(plugin) = &self.plugin {
            keys = keys.in_plugin(plugin);
        }
        if self.codex_non_prefixed {
            keys = keys.codex_non_prefixed();
        }
        keys
    }
}

/// A config file, read.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file, as given.
    pub path: PathBuf,
    /// Its text, kept from the one read: where each server's entry is, for the findings
    /// that point at it.
    pub text: String,
    /// Its layout.
    pub flavor: Flavor,
    /// Its servers, in file order.
    pub servers: Vec<Entry>,
    /// Things worth knowing that are not errors (a server defined twice, comments read).
    pub notes: Vec<String>,
    /// The per-server tool filters of its entries (Gemini CLI's `includeTools`, Codex's
    /// `enabled_tools`, Copilot CLI's `tools`...), of the definitions used.
    pub lists: Vec<crate::allowlist::List>,
}

/// Reads `path` and plans each of its servers.
///
/// # Errors
/// One line naming the file when it cannot be read, is not valid JSON or TOML (with the line
/// and column), or has none of the keys of a known layout (naming the keys expected).
pub fn load(path: &Path) -> Result<Config, String> {
    if let Some(root) = plugin::root(path) {
        return plugin::load(&root);
    }
    let file = show(&path.to_string_lossy());
    let text = crate::file::read_text(path, "config", crate::file::MAX_CONFIG)?;
    let text = text.as_str();
    if plugin::is_settings(path, text) {
        return plugin::settings(path, text);
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let mut notes = Vec::new();
    let (flavor, servers) = match ext.as_deref() {
        Some("toml") => read_toml(text).map_err(|e| format!("config {file} {e}"))?,
        Some("json" | "jsonc") => {
            read_json(path, text, &mut notes).map_err(|e| format!("config {file} {e}"))?
        }
        _ => match read_json(path, text, &mut notes) {
            Ok(found) => found,
            Err(json) if json.starts_with("is not valid JSON") => {
                read_toml(text).map_err(|toml| {
                    format!(
                        "config {file} is not a known MCP client config: it {json}, and it {toml} \
                         (expected {EXPECTED})"
                    )
                })?
            }
            Err(e) => return Err(format!("config {file} {e}")),
        },
    };
    let unprefixed = if flavor == Flavor::Codex {
        codex::non_prefixed(text).map_err(|e| format!("config {file} {e}"))?
    } else {
        codex::NonPrefixed::No
    };
    let ctx = Context::new(path, flavor);
    let mut entries: Vec<Entry> = Vec::new();
    let mut lists: Vec<crate::allowlist::List> = Vec::new();
    let shown_path = path.to_string_lossy();
    for (key, value) in servers {
        lists.retain(
            |l| !matches!(&l.form, crate::allowlist::Form::Raw { server } if *server == key),
        );
        lists.extend(crate::allowlist::read::server_filters(
            &shown_path,
            text,
            flavor == Flavor::Codex,
            &key,
            &value,
        ));
        add(&mut entries, &mut notes, &ctx, key, &value, None);
    }
    // Qwen Code's and Gemini CLI's settings files hold their permission rules beside their
    // servers: Qwen Code's in `permissions` (or a `.qwen` folder), Gemini CLI's in `tools` and
    // `mcp` (Claude Code's settings files hold no servers).
    if flavor == Flavor::OpenCode
        && let Some(rules) = read::permission_rules(text)
    {
        lists.extend(crate::allowlist::settings::opencode_permission(
            &shown_path,
            text,
            &rules,
        ));
    }
    if flavor == Flavor::McpServers
        && let Ok(value) = serde_json::from_str::<serde_json::Value>(text)
    {
        if value.get("permissions").is_some() || path.components().any(|c| c.as_os_str() == ".qwen")
        {
            lists.extend(
                crate::allowlist::settings::permissions(
                    &mcp_toolname_rules::QWEN_CODE,
                    &shown_path,
                    text,
                    &value,
                )
                .map_err(|e| format!("config {file}{e}"))?,
            );
        } else {
            lists.extend(crate::allowlist::settings::gemini_policy(
                &shown_path,
                text,
                &value,
            ));
        }
    }
    for entry in &mut entries {
        entry.codex_non_prefixed = unprefixed.covers(&entry.key);
    }
    if unprefixed != codex::NonPrefixed::No {
        notes.push(format!(
            "`non_prefixed_mcp_tool_names` is on for {}: Codex names their tools \
             `<key>__<tool>`, without `mcp__`",
            unprefixed.describe()
        ));
    }
    Ok(Config {
        path: path.to_owned(),
        text: text.to_owned(),
        flavor,
        servers: entries,
        notes,
        lists,
    })
}

/// Plans server `key` (entry `value`) and adds it to `entries`, the last definition of a key
/// replacing an earlier one, as hosts do.
fn add(
    entries: &mut Vec<Entry>,
    notes: &mut Vec<String>,
    ctx: &Context,
    key: String,
    value: &Value,
    plugin: Option<&str>,
) {
    if let Some(i) = entries.iter().position(|e| e.key == key) {
        notes.push(format!(
            "server {} is defined more than once; the last definition is used, as hosts do",
            show(&key)
        ));
        entries.remove(i);
    }
    let plan = ctx.plan(&key, value);
    entries.push(Entry {
        key,
        plan,
        plugin: plugin.map(str::to_owned),
        codex_non_prefixed: false,
    });
}

/// The layouts, for the error about a file that matches none.
const EXPECTED: &str = "a JSON object with `mcpServers` (Claude Desktop \
                        `claude_desktop_config.json`, Claude Code `.mcp.json`) or `servers` (VS \
                        Code `mcp.json`), a TOML file with `[mcp_servers.<name>]` tables \
                        (Codex `config.toml`), or a Claude Code plugin's folder (with \
                        `.claude-plugin/plugin.json`)";

/// `a string`, `an array`: what a value is, for messages.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
