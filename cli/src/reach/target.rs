//! Which server `audit`, `audit --config` and `snapshot` reach, and by which transport: the
//! one place a transport is chosen. Kept apart from the audit itself so the config reader can
//! name a target without depending on the audit.

use std::ffi::OsString;

use super::child::Launch;
use super::remote::Remote;

/// A server to audit, and the transport that reaches it.
#[derive(Debug, Clone)]
pub enum Target {
    /// A stdio server: the process to start.
    Command(Launch),
    /// A Streamable HTTP server.
    Url(Remote),
    /// The bundled demo server, in-process.
    Demo,
}

impl Target {
    /// The server of a command line: `--url`, else the command after `--`, else the demo.
    #[must_use]
    pub fn of(url: Option<Remote>, command: Vec<OsString>) -> Self {
        match url {
            Some(remote) => Self::Url(remote),
            None if command.is_empty() => Self::Demo,
            None => Self::Command(Launch::command(&command)),
        }
    }

    /// The target in surface mode: a stdio server is started with
    /// [`SURFACE_ENV_VAR`](crate::surface::SURFACE_ENV_VAR)`=1`, so one built with
    /// mcp-toolname also says what a client is not shown (hidden aliases and tombstones,
    /// aliases past their window, where each tool is declared); any other server ignores the
    /// variable. Over stdio and a URL alike, every list request also asks for the whole
    /// surface in its `_meta` ([`SURFACE_META_KEY`](crate::surface::SURFACE_META_KEY)),
    /// which a server built with mcp-toolname answers in its `list_tools_result`. For the demo
    /// nothing changes.
    #[must_use]
    pub fn in_surface_mode(mut self) -> Self {
        match &mut self {
            Self::Command(launch) => {
                // Set after the launch learned its secrets: `1` is no secret to mask.
                launch
                    .env
                    .push((crate::surface::SURFACE_ENV_VAR.to_owned(), "1".to_owned()));
            }
            Self::Url(remote) => remote.surface = true,
            Self::Demo => {}
        }
        self
    }

    /// Whether a stdio server was started in surface mode: its hidden names count as seen
    /// even when its answers do not say they are the whole surface (rmcp's generated
    /// `list_tools` cannot mark them).
    #[must_use]
    pub fn asks_surface(&self) -> bool {
        matches!(self, Self::Command(launch) if launch.in_surface_mode())
    }
}
