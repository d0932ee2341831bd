//! One remote server entry of a config: its URL and headers as the host sends them (Claude
//! Code and VS Code `"type": "http"` with `url` and `headers`; Codex `url` with
//! `http_headers`, `env_http_headers` and `bearer_token_env_var`). An entry whose auth needs
//! a browser (OAuth) or a helper command, and one over the legacy SSE transport, is skipped
//! with the reason.

use serde_json::{Map, Value};

use super::Flavor;
use super::entry::{Context, Stop, strings, typed};
use crate::reach::Remote;

impl Context {
    /// The remote server `entry` describes; `kind` is its `type` (`None` for Codex).
    pub(super) fn remote(
        &self,
        entry: &Map<String, Value>,
        kind: Option<&str>,
    ) -> Result<Remote, Stop> {
        if matches!(kind, Some("sse")) {
            return Err(Stop::Skip(
                "a server over the legacy SSE transport (`type` is `sse`); only Streamable \
                 HTTP (`http`) is audited"
                    .to_owned(),
            ));
        }
        if matches!(kind, Some("ws")) {
            return Err(Stop::Skip(
                "a WebSocket server (`type` is `ws`); only Streamable HTTP (`http`) is audited"
                    .to_owned(),
            ));
        }
        for (field, why) in [
            ("oauth", "its auth is OAuth, which needs a browser"),
            (
                "headersHelper",
                "its headers come from a helper command (`headersHelper`)",
            ),
            (
                "scopes",
                "its auth is OAuth (`scopes`), which needs a browser",
            ),
            (
                "oauth_resource",
                "its auth is OAuth (`oauth_resource`), which needs a browser",
            ),
        ] {
            if entry.contains_key(field) {
                return Err(Stop::Skip(format!("{why}; not audited")));
            }
        }
        let Some(url) = typed(entry, "url", "a string", Value::as_str)? else {
            return Err(Stop::Invalid(
                "missing `url`: a remote server needs the address to reach".to_owned(),
            ));
        };
        let url = self.expand(url, "url")?;
        let mut headers = Vec::new();
        let field = if self.flavor == Flavor::Codex {
            "http_headers"
        } else {
            "headers"
        };
        for (name, value) in strings(entry, field)? {
            let value = self.expand(value, &format!("{field}.{name}"))?;
            headers.push((name.to_owned(), value));
        }
        // Codex: header values, and a bearer token, read from the environment.
        for (name, var) in strings(entry, "env_http_headers")? {
            headers.push((
                name.to_owned(),
                from_env(var, &format!("env_http_headers.{name}"))?,
            ));
        }
        if let Some(var) = typed(entry, "bearer_token_env_var", "a string", Value::as_str)? {
            let token = from_env(var, "bearer_token_env_var")?;
            headers.push(("Authorization".to_owned(), format!("Bearer {token}")));
        }
        Remote::new(&url, headers).map_err(Stop::Invalid)
    }
}

/// The value of environment variable `var`, which `field` names; unset, the server is
/// skipped (the host would send no credential either).
fn from_env(var: &str, field: &str) -> Result<String, Stop> {
    let value = std::env::var(var).map_err(|_| {
        Stop::Skip(format!(
            "`{field}` reads the environment variable `{var}`, which is not set here"
        ))
    })?;
    crate::redact::learn(&value, false);
    Ok(value)
}
