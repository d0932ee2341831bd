//! Which server `audit` and `snapshot` reach, and by which transport; kept apart from the
//! audit itself so the config reader can name a target without depending on the audit.

use super::child::Launch;
use super::remote::Remote;

/// A server to audit, and the transport that reaches it.
#[derive(Debug, Clone)]
pub enum Target {
    /// A stdio server: the process to start.
    Command(Launch),
    /// A Streamable HTTP server.
    Url(Remote),
}
