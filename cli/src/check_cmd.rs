//! `mcp-toolname check`: its flags, parsed straight into [`Args`], and the run they ask for:
//! the tool names' check, or with `--prompt` the prompt names'.

use std::ffi::OsString;

use clap::ArgMatches;

use crate::args::{Format, LintArgs};
use crate::check;
use crate::emit::Report;
use crate::keys::Keys;
use crate::names::NameReport;
use crate::prompts::PromptReport;

/// The flags of `check`: the names, how the host keys the server, and how to report.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Tool names (prompt names with --prompt), any bytes (write `--` first if one starts
    /// with `-`).
    #[arg(required = true, value_name = "NAME")]
    pub names: Vec<OsString>,
    /// The names are prompt names: each becomes a slash command in a client.
    #[arg(long)]
    pub prompt: bool,
    /// The key a host gives the server (`mcp__<key>__<tool>`), as its config writes it:
    /// each client reads it under its own rule.
    #[arg(long, default_value = "server", value_name = "KEY")]
    pub server_key: String,
    /// The server is shipped in this Claude Code plugin (the `name` of its
    /// `.claude-plugin/plugin.json`): Claude Code names it `plugin:<NAME>:<KEY>`, so the
    /// model sees `mcp__plugin_<NAME>_<KEY>__<tool>`. The other clients keep the key.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["prompt", "connector"])]
    pub plugin: Option<String>,
    /// The server is this claude.ai connector (its display name, such as `Google Drive`)
    /// in Claude Code, which names it `claude.ai <NAME>`: `mcp__claude_ai_<NAME>__<tool>`.
    #[arg(long, value_name = "NAME", conflicts_with = "prompt")]
    pub connector: Option<String>,
    /// Codex names the server's tools without `mcp__` (its `non_prefixed_mcp_tool_names`
    /// feature): `<KEY>__<tool>`.
    #[arg(long, conflicts_with = "prompt")]
    pub codex_non_prefixed: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Say everything: each contract, and each client's name for each name.
    #[arg(long, short)]
    pub verbose: bool,
    #[command(flatten)]
    pub lints: LintArgs,
}

impl Args {
    /// Checks the names; `matches` are `check`'s, which order the lint flags.
    ///
    /// # Errors
    /// A lint option that cannot be read ([`LintArgs::levels`]).
    pub fn run(&self, matches: Option<&ArgMatches>) -> Result<Box<dyn Report>, String> {
        let out = self.lints.output(self.verbose, matches)?;
        let mut keys = Keys::new(&self.server_key, None);
        if let Some(plugin) = &self.plugin {
            keys = keys.in_plugin(plugin);
        }
        if let Some(connector) = &self.connector {
            keys = keys.in_connector(connector);
        }
        if self.codex_non_prefixed {
            keys = keys.codex_non_prefixed();
        }
        if self.prompt {
            return Ok(Box::new(check::run::<PromptReport>(&self.names, keys, &out)));
        }
        Ok(Box::new(check::run::<NameReport>(&self.names, keys, &out)))
    }
}
