//! `mcp-toolname audit`: reach a server over one of two transports, a stdio child process
//! ([`child`]) or Streamable HTTP ([`remote`]), or the bundled demo; initialize with rmcp's
//! client, list every tool page by page, and report. The time limit covers the whole run;
//! a server that crashes, hangs, refuses or writes garbage ends in a message naming the
//! command or URL and what happened, never in a panic or a hang.

pub mod child;
pub mod remote;

use std::collections::HashSet;
use std::ffi::OsString;
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::PaginatedRequestParams;
use rmcp::service::{ClientInitializeError, RoleClient, RunningService, ServiceError};
use rmcp::transport::IntoTransport;
use tokio::sync::watch;

use crate::Format;
use crate::keys::Keys;
use crate::{demo, findings, redact, report};
use child::{Launch, Pipes, ServerProcess, describe_exit, lossy};
pub use remote::Remote;

/// Most `tools/list` pages followed before giving up.
pub const MAX_PAGES: usize = 100;
/// Most tools accepted from one server.
pub const MAX_TOOLS: usize = 100_000;

/// What `audit` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// Limit on the whole audit.
    pub timeout: Duration,
    /// The key a host would give the server (`mcp__<key>__<tool>`).
    pub server_key: String,
    /// Text or JSON.
    pub format: Format,
    /// The server command and its arguments; empty for the demo or a URL.
    pub command: Vec<OsString>,
    /// A Streamable HTTP server to audit instead of a command.
    pub url: Option<Remote>,
}

/// A server to audit, and the transport that reaches it.
#[derive(Debug, Clone)]
pub enum Target {
    /// A stdio server: the process to start.
    Command(Launch),
    /// A Streamable HTTP server.
    Url(Remote),
}

impl Target {
    /// Audits the server within `timeout`.
    ///
    /// # Errors
    /// What went wrong, naming the command or URL; code 2, or 130 when interrupted.
    pub async fn audit(&self, timeout: Duration) -> Result<Listing, Failure> {
        match self {
            Self::Command(launch) => audit_command(launch, timeout).await,
            Self::Url(remote) => remote::audit_url(remote, timeout).await,
        }
    }
}

/// The server as the audit saw it.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// `Some(command, quoted)` for a child process (the URL in backticks for a remote
    /// server), `None` for the in-process demo.
    pub command: Option<String>,
    /// The URL (secrets masked) of a remote server.
    pub url: Option<String>,
    /// The command and its arguments (lossy UTF-8); empty for the demo.
    pub argv: Vec<String>,
    /// `serverInfo.name` (untrusted).
    pub name: String,
    /// `serverInfo.title` (untrusted), if any.
    pub title: Option<String>,
    /// `serverInfo.version` (untrusted).
    pub version: String,
    /// The protocol version agreed at initialize.
    pub protocol: String,
    /// Whether the server declared the `tools` capability.
    pub has_tools: bool,
    /// `tools/list` pages read.
    pub pages: usize,
    /// Tool names in the order received, duplicates kept.
    pub names: Vec<String>,
}

impl Listing {
    /// The name the server announced, as clients that name servers by it read it:
    /// `serverInfo.title`, else `serverInfo.name`; `None` when both are empty.
    #[must_use]
    pub fn announced(&self) -> Option<&str> {
        self.title
            .as_deref()
            .filter(|t| !t.is_empty())
            .or_else(|| Some(self.name.as_str()).filter(|n| !n.is_empty()))
    }
}

/// Where the session is, for messages about a server that stops answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Initialize,
    List(usize),
    Done,
}

impl Stage {
    /// `before answering `initialize``, `during `tools/list` (page 2)`.
    fn during(self) -> String {
        match self {
            Self::Initialize => "before answering `initialize`".to_owned(),
            Self::List(page) => format!("during `tools/list` (page {page})"),
            Self::Done => "after listing its tools".to_owned(),
        }
    }

    /// `waiting for the answer to `initialize``.
    fn waiting(self) -> String {
        match self {
            Self::Initialize => "waiting for the answer to `initialize`".to_owned(),
            Self::List(page) => format!("waiting for `tools/list` page {page}"),
            Self::Done => "shutting it down".to_owned(),
        }
    }
}

/// Why an audit could not finish: the message, and the exit code (2, or 130 on Ctrl-C).
#[derive(Debug, Clone)]
pub struct Failure(pub String, pub u8);

/// Why a session ended early.
#[derive(Debug)]
enum SessionError {
    /// The connection closed: most likely the server exited; the caller says how.
    Closed(String),
    /// Anything else, in words.
    Other(String),
    /// The transport failed: its own words (an HTTP status, a refused connection).
    Transport(String),
}

impl SessionError {
    fn text(&self) -> &str {
        match self {
            Self::Closed(text) | Self::Other(text) | Self::Transport(text) => text,
        }
    }
}

/// Runs `audit` and returns the exit code: 0 when no tool breaks the spec, 1 when one does
/// (or a name is listed twice), 2 when the server could not be audited, 130 on Ctrl-C. The
/// bundled demo always exits 0 once audited.
pub async fn run(opts: &Options) -> u8 {
    let started = Instant::now();
    let listing = if let Some(remote) = &opts.url {
        remote::audit_url(remote, opts.timeout).await
    } else if opts.command.is_empty() {
        say!(
            "auditing the bundled demo server (in-process); give a server command after `--` \
             to audit it instead"
        );
        audit_demo(opts.timeout).await
    } else {
        audit_command(&Launch::command(&opts.command), opts.timeout).await
    };
    match listing {
        Ok(listing) => {
            say!(
                "listed {} tools in {} page(s) in {:.1} s",
                listing.names.len(),
                listing.pages,
                started.elapsed().as_secs_f64()
            );
            let keys = Keys::new(&opts.server_key, listing.announced());
            let (reports, found) = findings::audit_names(&listing.names, &keys);
            match opts.format {
                Format::Text => crate::emit(&report::text(&listing, &keys, &reports, &found)),
                Format::Json => report::json_stream(&listing, &keys, &reports, &found).emit(),
            }
            // The demo exists to show findings: auditing it succeeds, and its summary says
            // what a real server with these names would get.
            u8::from(listing.command.is_some() && found.iter().any(|f| f.kind.breaks_spec()))
        }
        Err(Failure(msg, code)) => {
            say!("error: {msg}");
            if opts.format == Format::Json {
                crate::emit_json(serde_json::json!({
                    "error": msg,
                    "exit_code": code,
                    "secrets": redact::state(),
                }));
            }
            code
        }
    }
}

async fn audit_demo(timeout: Duration) -> Result<Listing, Failure> {
    let (stage, _) = watch::channel(Stage::Initialize);
    let session = session(demo::start(), &stage);
    match tokio::time::timeout(timeout, session).await {
        Ok(Ok(listing)) => Ok(listing),
        Ok(Err(err)) => Err(Failure(
            format!("the demo server failed: {}", err.text()),
            2,
        )),
        Err(_) => Err(Failure(
            format!(
                "the demo server did not finish within {} s",
                timeout.as_secs_f64()
            ),
            2,
        )),
    }
}

/// How a child-process session ended, before the process is dealt with.
enum Outcome {
    Listed(Listing),
    Session(SessionError),
    Garbage(String),
    Timeout,
    Interrupted,
}

/// Starts the server `launch` describes, lists its tools and stops it, within `timeout`.
///
/// # Errors
/// What went wrong, naming the command; code 2, or 130 when interrupted.
pub async fn audit_command(launch: &Launch, timeout: Duration) -> Result<Listing, Failure> {
    let started = Instant::now();
    let (mut server, pipes) = ServerProcess::spawn(launch).map_err(|m| Failure(m, 2))?;
    say!("started server {}", server.display);
    let Pipes {
        transport,
        mut garbage,
    } = pipes;
    let (stage, stage_rx) = watch::channel(Stage::Initialize);
    let outcome = tokio::select! {
        biased;
        Ok(problem) = &mut garbage => Outcome::Garbage(problem),
        result = session(transport, &stage) => match result {
            Ok(listing) => Outcome::Listed(listing),
            // The stdout guard closes the pipe after reporting garbage: report the garbage.
            Err(err) => garbage.try_recv().map_or(Outcome::Session(err), Outcome::Garbage),
        },
        () = tokio::time::sleep(timeout) => Outcome::Timeout,
        _ = tokio::signal::ctrl_c() => Outcome::Interrupted,
    };
    let stage_now = *stage_rx.borrow();
    let display = server.display.clone();
    let result = match outcome {
        Outcome::Listed(mut listing) => {
            listing.command = Some(display);
            listing.argv = redact::argv(&lossy(&launch.argv));
            // The client is gone, so the server's stdin is closed; let it exit on its own.
            let _ = server.exit_within(Duration::from_millis(500)).await;
            Ok(listing)
        }
        Outcome::Session(err @ (SessionError::Closed(_) | SessionError::Transport(_))) => {
            // A stdio transport fails when the server stops reading its stdin.
            let detail = match err {
                SessionError::Closed(detail) => detail,
                _ => "it stopped reading its stdin".to_owned(),
            };
            let left = timeout.saturating_sub(started.elapsed());
            let during = stage_now.during();
            Err(
                match server.exit_within(left.min(Duration::from_secs(2))).await {
                    Some(status) => format!(
                        "server {display} {} {during} ({detail})",
                        describe_exit(status)
                    ),
                    None => format!("server {display} failed {during}: {detail}"),
                },
            )
        }
        Outcome::Session(SessionError::Other(detail)) => Err(format!("server {display}: {detail}")),
        Outcome::Garbage(problem) => Err(format!(
            "server {display} broke the protocol {}: {problem}",
            stage_now.during()
        )),
        Outcome::Timeout => Err(format!(
            "server {display} did not finish within {} s (it was {}); it was stopped (set the \
             limit with --timeout SECS)",
            timeout.as_secs_f64(),
            stage_now.waiting()
        )),
        Outcome::Interrupted => {
            server.kill().await;
            return Err(Failure("interrupted".to_owned(), 130));
        }
    };
    server.kill().await;
    result.map_err(|msg| Failure(msg + &server.stderr_tail(), 2))
}

/// Initializes over `transport` and lists every tool.
async fn session<T, E, A>(
    transport: T,
    stage: &watch::Sender<Stage>,
) -> Result<Listing, SessionError>
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let client = ().serve(transport).await.map_err(init_error)?;
    let mut listing = Listing::default();
    if let Some(info) = client.peer_info() {
        if let Some(implementation) = &info.server_info {
            listing.name.clone_from(&implementation.name);
            listing.title.clone_from(&implementation.title);
            listing.version.clone_from(&implementation.version);
        }
        listing.protocol = info.protocol_version.to_string();
        listing.has_tools = info.capabilities.tools.is_some();
    }
    say!(
        "initialized: server {} {} (protocol {})",
        redact::show(&listing.name),
        redact::show(&listing.version),
        redact::show(&listing.protocol)
    );
    if !listing.has_tools {
        say!("the server does not declare the `tools` capability; listing tools anyway");
    }
    let (names, pages) = list_tools(&client, stage).await?;
    stage.send_replace(Stage::Done);
    listing.names = names;
    listing.pages = pages;
    Ok(listing)
}

/// Follows `nextCursor` from the first page to the last, within [`MAX_PAGES`] and
/// [`MAX_TOOLS`], refusing a cursor seen before (a loop).
async fn list_tools(
    client: &RunningService<RoleClient, ()>,
    stage: &watch::Sender<Stage>,
) -> Result<(Vec<String>, usize), SessionError> {
    let mut names = Vec::new();
    let mut cursors = HashSet::new();
    let mut cursor: Option<String> = None;
    for page in 1..=MAX_PAGES {
        stage.send_replace(Stage::List(page));
        let params = PaginatedRequestParams::default().with_cursor(cursor.clone());
        let result = client
            .list_tools(Some(params))
            .await
            .map_err(|e| list_error(&e, page))?;
        say!(
            "tools/list page {page}: {} {}",
            result.tools.len(),
            crate::check::plural(result.tools.len(), "tool", "tools")
        );
        names.extend(result.tools.into_iter().map(|t| t.name.into_owned()));
        if names.len() > MAX_TOOLS {
            return Err(SessionError::Other(format!(
                "it sent more than {MAX_TOOLS} tools (by page {page}); stopped there"
            )));
        }
        match result.next_cursor {
            None => return Ok((names, page)),
            Some(next) => {
                if !cursors.insert(next.clone()) {
                    return Err(SessionError::Other(format!(
                        "page {page} of `tools/list` gave the cursor {} again, so the list \
                         would never end; stopped after {} tools",
                        redact::show(&next),
                        names.len()
                    )));
                }
                cursor = Some(next);
            }
        }
    }
    Err(SessionError::Other(format!(
        "it was still sending `tools/list` pages after {MAX_PAGES} pages ({} tools); \
         stopped there",
        names.len()
    )))
}

fn init_error(err: ClientInitializeError) -> SessionError {
    match err {
        ClientInitializeError::ConnectionClosed(_) => {
            SessionError::Closed("it closed its stdout".to_owned())
        }
        ClientInitializeError::TransportError { error, .. } => {
            SessionError::Transport(causes(&*error.error))
        }
        ClientInitializeError::JsonRpcError(e) => SessionError::Other(format!(
            "it refused `initialize` with error {}: {}",
            e.code.0,
            redact::show(&e.message)
        )),
        other => SessionError::Other(format!(
            "`initialize` failed: {}",
            redact::show(&other.to_string())
        )),
    }
}

fn list_error(err: &ServiceError, page: usize) -> SessionError {
    match err {
        ServiceError::McpError(e) => SessionError::Other(format!(
            "it answered `tools/list` (page {page}) with error {}: {}",
            e.code.0,
            redact::show(&e.message)
        )),
        ServiceError::TransportClosed | ServiceError::TransportSend(_) => {
            SessionError::Closed("the connection closed".to_owned())
        }
        ServiceError::UnexpectedResponse => SessionError::Other(format!(
            "it answered `tools/list` (page {page}) with something that is not a tool list"
        )),
        other => SessionError::Other(format!(
            "`tools/list` (page {page}) failed: {}",
            redact::show(&other.to_string())
        )),
    }
}

/// An error and its causes, `a: b: c`, each said once (a cause already quoted by the one
/// before it is left out).
fn causes(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut next = err.source();
    while let Some(cause) = next {
        let part = cause.to_string();
        if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        next = cause.source();
    }
    text.trim_end_matches([':', ' ']).to_owned()
}
