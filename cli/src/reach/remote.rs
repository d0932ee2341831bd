//! The Streamable HTTP transport of `audit`: a server reached at a URL, with the headers a
//! client config or `--header` gives. Every header value and the URL's secrets are learned
//! first ([`redact`]), so no report, JSON document or error shows them.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use tokio::sync::watch;

use super::session::{Listing, SessionError, Stage, session};
use crate::diag::{Exit, Failure};
use crate::redact;

/// Headers the transport sets itself; a config or `--header` may not set them.
const RESERVED: &[&str] = &[
    "accept",
    "mcp-session-id",
    "mcp-protocol-version",
    "last-event-id",
];

/// A remote server: its URL and the headers sent with every request.
#[derive(Debug, Clone)]
pub struct Remote {
    url: String,
    headers: Vec<(String, String)>,
    /// Whether the list requests ask for the whole surface, hidden aliases and windows
    /// included (`snapshot`, `audit`, `audit --config`).
    pub(crate) surface: bool,
}

impl Remote {
    /// A server at `url` (`http://` or `https://`; a certificate is checked against the
    /// platform's trust store, on Linux the system roots or `SSL_CERT_FILE` / `SSL_CERT_DIR`),
    /// sent `headers`; every header value and the URL's secrets are learned for redaction
    /// before anything is checked.
    ///
    /// # Errors
    /// What is wrong with the URL or a header, naming it (never a header's value).
    pub fn new(url: &str, headers: Vec<(String, String)>) -> Result<Self, String> {
        for (_, value) in &headers {
            redact::learn_header(value);
        }
        let shown = redact::argv(&[url.to_owned()]).concat();
        let shown = redact::show(&shown);
        let uri: http::Uri = url
            .parse()
            .map_err(|e| format!("URL {shown} is not a URL ({e})"))?;
        match uri.scheme_str() {
            Some("http" | "https") if uri.host().is_some() => {}
            _ => {
                return Err(format!(
                    "URL {shown} is not an http or https URL with a host, such as \
                     `http://127.0.0.1:3000/mcp`"
                ));
            }
        }
        for (name, value) in &headers {
            let parsed = http::HeaderName::try_from(name.as_str()).map_err(|_| {
                format!(
                    "header name {} is not a valid HTTP header name",
                    redact::show(name)
                )
            })?;
            if RESERVED.contains(&parsed.as_str()) {
                return Err(format!(
                    "header {} is set by the MCP transport itself and cannot be given",
                    redact::show(name)
                ));
            }
            http::HeaderValue::try_from(value.as_str()).map_err(|_| {
                format!(
                    "the value of header {} is not a valid HTTP header value (control \
                     characters or non-ASCII text); it is not shown",
                    redact::show(name)
                )
            })?;
        }
        Ok(Self {
            url: url.to_owned(),
            headers,
            surface: false,
        })
    }

    /// The server of `--url` with its `--header`s, each header checked (never its value
    /// shown); `None` without `--url`.
    ///
    /// # Errors
    /// A header that is not `Name: value` (named by its number), or a bad URL ([`Self::new`]).
    pub fn of_flags(url: Option<String>, headers: &[String]) -> Result<Option<Self>, String> {
        let mut parsed = Vec::with_capacity(headers.len());
        for (i, header) in headers.iter().enumerate() {
            parsed
                .push(Self::header(header).map_err(|e| format!("--header number {}: {e}", i + 1))?);
        }
        url.map(|url| Self::new(&url, parsed)).transpose()
    }

    /// Reads `--header 'Name: value'`.
    ///
    /// # Errors
    /// When there is no `:` or no name; nothing of the text is quoted (it may be all secret).
    pub fn header(text: &str) -> Result<(String, String), String> {
        let Some((name, value)) = text.split_once(':') else {
            redact::learn(text, false);
            return Err(
                "expected `Name: value`, such as `Authorization: Bearer ...` (not shown: it \
                 may hold a secret)"
                    .to_owned(),
            );
        };
        let (name, value) = (name.trim(), value.trim());
        redact::learn_header(value);
        if name.is_empty() {
            return Err("the header has no name before `:`; expected `Name: value`".to_owned());
        }
        Ok((name.to_owned(), value.to_owned()))
    }

    /// The URL for messages and reports: its secrets masked, in backticks.
    #[must_use]
    pub fn display(&self) -> String {
        redact::show(&redact::argv(std::slice::from_ref(&self.url)).concat())
    }

    fn transport(&self) -> StreamableHttpClientTransport<reqwest::Client> {
        let headers: HashMap<http::HeaderName, http::HeaderValue> = self
            .headers
            .iter()
            .filter_map(|(n, v)| {
                Some((
                    http::HeaderName::try_from(n.as_str()).ok()?,
                    http::HeaderValue::try_from(v.as_str()).ok()?,
                ))
            })
            .collect();
        let config = StreamableHttpClientTransportConfig::with_uri(self.url.as_str())
            .custom_headers(headers);
        StreamableHttpClientTransport::from_config(config)
    }
}

/// Connects to `remote`, lists its tools and closes the session, within `timeout`.
///
/// # Errors
/// What went wrong, naming the URL; code 2, or 130 when interrupted.
pub async fn audit_url(remote: &Remote, timeout: Duration) -> Result<Listing, Failure> {
    let started = Instant::now();
    let display = remote.display();
    say!("connecting to {display}");
    let (stage, stage_rx) = watch::channel(Stage::Initialize);
    let result = tokio::select! {
        result = session(remote.transport(), &stage, remote.surface) => result,
        () = tokio::time::sleep(timeout) => {
            return Err(Failure::failed(format!(
                "server {display} did not finish within {} s (it was {}); the audit was \
                 stopped (set the limit with --timeout SECS)",
                timeout.as_secs_f64(),
                stage_rx.borrow().waiting()
            )));
        }
        _ = tokio::signal::ctrl_c() => return Err(Failure::new("interrupted", Exit::Interrupted)),
    };
    let during = stage_rx.borrow().during();
    match result {
        Ok(mut listing) => {
            listing.command = Some(display);
            listing.url = Some(redact::argv(std::slice::from_ref(&remote.url)).concat());
            say!(
                "closed the session after {:.1} s",
                started.elapsed().as_secs_f64()
            );
            Ok(listing)
        }
        Err(SessionError::Transport(detail) | SessionError::Closed(detail)) => {
            Err(Failure::failed(format!(
                "server {display} failed {during}: {}{}",
                mcp_toolname_rules::message::show_text(&redact::text(&detail)),
                transport_hint(&detail)
            )))
        }
        Err(SessionError::Other(detail)) => {
            Err(Failure::failed(format!("server {display}: {detail}")))
        }
    }
}

/// What to do about a transport failure whose cause is known, after the cause itself.
fn transport_hint(detail: &str) -> String {
    if detail.contains("UnknownIssuer") {
        return match std::env::var_os("SSL_CERT_FILE") {
            Some(file) => format!(
                "; the certificate's issuer is in neither the system's trust store nor \
                 SSL_CERT_FILE ({}: does it exist and hold that CA, in PEM?)",
                redact::show(&file.to_string_lossy())
            ),
            None => "; the certificate's issuer is not in the system's trust store: add a \
                     private CA with SSL_CERT_FILE=ca.pem"
                .to_owned(),
        };
    }
    if detail.contains("CaUsedAsEndEntity") {
        return "; the server presents a CA certificate as its own (a self-signed one made \
                with CA:TRUE): serve a certificate that CA signed"
            .to_owned();
    }
    if detail.contains("InvalidContentType") {
        return "; the server did not answer in TLS: does it speak plain http (`http://`)?"
            .to_owned();
    }
    String::new()
}
