//! One MCP client session, whatever the transport: initialize with rmcp's client, follow
//! `tools/list` (and `prompts/list`, where the server declares prompts) page by page, and say
//! what went wrong in words ([`SessionError`]).

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

use rmcp::ServiceExt;
use rmcp::model::{MetaObject, PaginatedRequestParams, RequestMetaObject};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService, ServiceError};
use rmcp::transport::IntoTransport;
use tokio::sync::watch;

use crate::listing::ListedTool;
pub use crate::listing::Listing;
use crate::listing::ServedPrompt;
use crate::redact;
use crate::surface::entry::Declared;
use crate::surface::{Entry, SURFACE_META_KEY};

/// Most `tools/list` (or `prompts/list`) pages followed before giving up.
pub const MAX_PAGES: usize = 100;
/// Most tools (or prompts) accepted from one server.
pub const MAX_TOOLS: usize = 100_000;

/// Where the session is, for messages about a server that stops answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    Initialize,
    List(usize),
    Prompts(usize),
    Done,
}

impl Stage {
    /// `before answering `initialize``, `during `tools/list` (page 2)`.
    pub(super) fn during(self) -> String {
        match self {
            Self::Initialize => "before answering `initialize`".to_owned(),
            Self::List(page) => format!("during `tools/list` (page {page})"),
            Self::Prompts(page) => format!("during `prompts/list` (page {page})"),
            Self::Done => "after listing its tools".to_owned(),
        }
    }

    /// `waiting for the answer to `initialize``.
    pub(super) fn waiting(self) -> String {
        match self {
            Self::Initialize => "waiting for the answer to `initialize`".to_owned(),
            Self::List(page) => format!("waiting for `tools/list` page {page}"),
            Self::Prompts(page) => format!("waiting for `prompts/list` page {page}"),
            Self::Done => "shutting it down".to_owned(),
        }
    }
}

/// Why a session ended early.
#[derive(Debug)]
pub(super) enum SessionError {
    /// The connection closed: most likely the server exited; the caller says how.
    Closed(String),
    /// Anything else, in words.
    Other(String),
    /// The transport failed: its own words (an HTTP status, a refused connection).
    Transport(String),
}

impl SessionError {
    pub(super) fn text(&self) -> &str {
        match self {
            Self::Closed(text) | Self::Other(text) | Self::Transport(text) => text,
        }
    }
}

/// Initializes over `transport` and lists every tool; with `whole`, each list request asks for
/// the whole surface.
pub(super) async fn session<T, E, A>(
    transport: T,
    stage: &watch::Sender<Stage>,
    whole: bool,
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
        listing.has_prompts = info.capabilities.prompts.is_some();
        listing.instructions = info.instructions.as_deref().map(utf16_len);
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
    let answered = AtomicBool::new(false);
    let (tools, pages) = list_tools(&client, stage, whole, &answered).await?;
    listing.surface_answered = answered.into_inner();
    for (tool, declared) in tools {
        if declared.expired {
            listing.expired.push(tool.entry);
            continue;
        }
        if let Some(origin) = declared.origin {
            listing.origins.insert(tool.name().to_owned(), origin);
        }
        listing.tools.push(tool);
    }
    listing.pages = pages;
    if listing.has_prompts {
        match list_prompts(&client, stage, whole).await {
            Ok((prompts, pages)) => {
                // What every client sees is audited; the surface keeps every name.
                listing.prompts = prompts
                    .iter()
                    .filter(|(entry, _, _)| entry.listed)
                    .map(|(_, served, _)| served.clone())
                    .collect();
                listing.prompt_surface = prompts
                    .into_iter()
                    .filter(|(_, _, declared)| !declared.expired)
                    .map(|(entry, _, _)| entry)
                    .collect();
                listing.prompt_pages = pages;
            }
            // The connection is gone: the session failed, as it would listing tools.
            Err(err @ (SessionError::Closed(_) | SessionError::Transport(_))) => return Err(err),
            Err(SessionError::Other(why)) => {
                say!("note: the prompts were not read: {why}");
                listing.prompts_note = Some(why);
            }
        }
    }
    stage.send_replace(Stage::Done);
    Ok(listing)
}

/// The length of `text` in UTF-16 units, as the JavaScript clients measure it.
fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// One paginated list method, for the messages about it.
struct Paged {
    /// `tools/list`.
    method: &'static str,
    /// `tool`, `tools`.
    one: &'static str,
    many: &'static str,
    /// What a page holds: `tool list`.
    list: &'static str,
    /// The stage while page N is awaited.
    stage: fn(usize) -> Stage,
}

const TOOLS: Paged = Paged {
    method: "tools/list",
    one: "tool",
    many: "tools",
    list: "tool list",
    stage: Stage::List,
};

const PROMPTS: Paged = Paged {
    method: "prompts/list",
    one: "prompt",
    many: "prompts",
    list: "prompt list",
    stage: Stage::Prompts,
};

/// Follows `nextCursor` from the first page to the last, within [`MAX_PAGES`] and
/// [`MAX_TOOLS`] items, refusing a cursor seen before (a loop); `fetch` asks for one page and
/// gives its items and the next cursor. Returns the items and the number of pages.
async fn follow_pages<T, F, Fut>(
    what: &Paged,
    stage: &watch::Sender<Stage>,
    mut fetch: F,
) -> Result<(Vec<T>, usize), SessionError>
where
    F: FnMut(PaginatedRequestParams) -> Fut,
    Fut: std::future::Future<Output = Result<(Vec<T>, Option<String>), ServiceError>>,
{
    let Paged {
        method, one, many, ..
    } = *what;
    let mut items = Vec::new();
    let mut cursors = HashSet::new();
    let mut cursor: Option<String> = None;
    for page in 1..=MAX_PAGES {
        stage.send_replace((what.stage)(page));
        let params = PaginatedRequestParams::default().with_cursor(cursor.clone());
        let (got, next) = fetch(params)
            .await
            .map_err(|e| list_error(&e, what, page))?;
        say!(
            "{method} page {page}: {} {}",
            got.len(),
            crate::wrap::plural(got.len(), one, many)
        );
        items.extend(got);
        if items.len() > MAX_TOOLS {
            return Err(SessionError::Other(format!(
                "it sent more than {MAX_TOOLS} {many} (by page {page}); stopped there"
            )));
        }
        match next {
            None => return Ok((items, page)),
            Some(next) => {
                if !cursors.insert(next.clone()) {
                    return Err(SessionError::Other(format!(
                        "page {page} of `{method}` gave the cursor {} again, so the list \
                         would never end; stopped after {} {many}",
                        redact::show(&next),
                        items.len()
                    )));
                }
                cursor = Some(next);
            }
        }
    }
    Err(SessionError::Other(format!(
        "it was still sending `{method}` pages after {MAX_PAGES} pages ({} {many}); \
         stopped there",
        items.len()
    )))
}

/// A list request's parameters, with `whole` asking for the whole surface (`_meta`
/// `{"mcp-toolname/surface": true}`, the runtime's `SURFACE_META_KEY`): a server built with
/// mcp-toolname answers with its hidden aliases and tombstones and marks its answer with the
/// same key; any other server ignores it, as the spec has a receiver do with `_meta` it does
/// not know (MCP specification 2025-11-25, Basic, "General fields: `_meta`", read 2026-12-03).
fn asking_surface(mut params: PaginatedRequestParams, whole: bool) -> PaginatedRequestParams {
    if !whole {
        return params;
    }
    let mut meta = RequestMetaObject::new();
    meta.0
        .0
        .insert(SURFACE_META_KEY.to_owned(), serde_json::Value::Bool(true));
    params.meta = Some(meta);
    params
}

/// Whether a list answer's `_meta` says it is the whole surface.
fn marked_surface(meta: Option<&MetaObject>) -> bool {
    meta.and_then(|m| m.0.get(SURFACE_META_KEY))
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// Every page of `tools/list` ([`follow_pages`]), with `whole` asking for the whole surface:
/// each tool as the reports read it, and what it declares beyond that; `answered` is set when
/// a page says it is the whole surface.
async fn list_tools(
    client: &RunningService<RoleClient, ()>,
    stage: &watch::Sender<Stage>,
    whole: bool,
    answered: &AtomicBool,
) -> Result<(Vec<(ListedTool, Declared)>, usize), SessionError> {
    follow_pages(&TOOLS, stage, |params| async move {
        let result = client
            .list_tools(Some(asking_surface(params, whole)))
            .await?;
        if marked_surface(result.meta.as_ref()) {
            answered.store(true, Ordering::Relaxed);
        }
        let tools = result
            .tools
            .into_iter()
            .map(|t| (ListedTool::of(&t), Declared::of_tool(&t)))
            .collect();
        Ok((tools, result.next_cursor))
    })
    .await
}

/// Every page of `prompts/list` ([`follow_pages`]), with `whole` asking for the whole surface: each
/// prompt's snapshot entry (hidden ones too, where the server shows them), its name and
/// argument names as the audit reads them, and what it declares beyond that.
async fn list_prompts(
    client: &RunningService<RoleClient, ()>,
    stage: &watch::Sender<Stage>,
    whole: bool,
) -> Result<(Vec<(Entry, ServedPrompt, Declared)>, usize), SessionError> {
    follow_pages(&PROMPTS, stage, |params| async move {
        let result = client
            .list_prompts(Some(asking_surface(params, whole)))
            .await?;
        let prompts = result
            .prompts
            .into_iter()
            .map(|p| {
                let entry = Entry::of_prompt(&p);
                let declared = Declared::of_meta(p.meta.as_ref());
                let served = ServedPrompt {
                    definition_bytes: crate::listing::json_len(&p.name)
                        + p.description.as_deref().map_or(0, crate::listing::json_len)
                        + p.arguments.as_ref().map_or(0, crate::listing::json_len),
                    name: p.name,
                    arguments: p
                        .arguments
                        .unwrap_or_default()
                        .into_iter()
                        .map(|a| a.name)
                        .collect(),
                };
                (entry, served, declared)
            })
            .collect();
        Ok((prompts, result.next_cursor))
    })
    .await
}

pub(super) fn init_error(err: ClientInitializeError) -> SessionError {
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

/// A failed list request (`tools/list`, `prompts/list`) in words.
fn list_error(err: &ServiceError, what: &Paged, page: usize) -> SessionError {
    let Paged { method, list, .. } = *what;
    match err {
        ServiceError::McpError(e) => SessionError::Other(format!(
            "it answered `{method}` (page {page}) with error {}: {}",
            e.code.0,
            redact::show(&e.message)
        )),
        ServiceError::TransportClosed | ServiceError::TransportSend(_) => {
            SessionError::Closed("the connection closed".to_owned())
        }
        ServiceError::UnexpectedResponse => SessionError::Other(format!(
            "it answered `{method}` (page {page}) with something that is not a {list}"
        )),
        other => SessionError::Other(format!(
            "`{method}` (page {page}) failed: {}",
            redact::show(&other.to_string())
        )),
    }
}

/// An error and its causes, `a: b: c`, each said once (a cause already quoted by the one
/// before it is left out).
fn causes(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut next = err.source().or_else(|| http_client_cause(err));
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

/// The HTTP client's own error inside rmcp's Streamable HTTP error: rmcp 3.11's
/// `StreamableHttpError::Client` does not give it as its `source()`, which would hide why a
/// request failed (a refused TLS certificate, a DNS failure).
fn http_client_cause<'a>(
    err: &'a (dyn std::error::Error + 'static),
) -> Option<&'a (dyn std::error::Error + 'static)> {
    use rmcp::transport::streamable_http_client::StreamableHttpError;
    match err.downcast_ref::<StreamableHttpError<reqwest::Error>>()? {
        StreamableHttpError::Client(inner) => Some(inner),
        _ => None,
    }
}
