//! A URL shown part by part: its scheme, host and port, a plain user name, and each path
//! segment, query name and value and fragment that is a plain token; a password always
//! hidden, and the value of a secret-named query parameter.

use super::names::{is_name, names_secret};
use super::position::digest;
use super::shape::{hide, plain_host, plain_token};
use super::store::is_placeholder;

/// `word` shown as a URL when it is one (`scheme://...`, or `user:password@host...` without a
/// scheme); `None` when it is not.
#[must_use]
pub fn show_url(word: &str) -> Option<String> {
    if let Some(at) = word.find("://") {
        let scheme = &word[..at];
        let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c));
        if !scheme_ok {
            return None;
        }
        return Some(format!("{scheme}://{}", show_after_scheme(&word[at + 3..])));
    }
    // `user:password@host/...` without a scheme.
    let sign = word.rfind('@')?;
    let userinfo = &word[..sign];
    (!userinfo.is_empty() && userinfo.contains(':') && !userinfo.contains(char::is_whitespace))
        .then(|| show_after_scheme(word))
}

/// What follows `scheme://`: user information, host, path, query and fragment.
fn show_after_scheme(rest: &str) -> String {
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = &rest[..end];
    // A password a parser refuses (`user:pa/ss@host`, `user:pa#ss@host`): a `:` not followed
    // by a port, and an `@` further on.
    let sign = authority.rfind('@').or_else(|| {
        let colon = authority.find(':')?;
        let port = &authority[colon + 1..];
        let not_a_port = port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit());
        not_a_port.then(|| rest.rfind('@')).flatten()
    });
    let mut out = String::new();
    let after = match sign {
        Some(sign) => {
            out.push_str(&show_userinfo(&rest[..sign]));
            out.push('@');
            &rest[sign + 1..]
        }
        None => rest,
    };
    let end = after.find(['/', '?', '#']).unwrap_or(after.len());
    let hook_host = after[..end].to_ascii_lowercase().starts_with("hooks.");
    out.push_str(&show_host_port(&after[..end]));
    let after = &after[end..];
    let (path, query_and_fragment) = after.split_at(after.find(['?', '#']).unwrap_or(after.len()));
    // After a webhook's marker (`hooks.slack.com/services/...`, `/api/webhooks/<id>/<token>`)
    // every segment but a number is the hook's secret, however plain it looks.
    let mut in_hook = hook_host;
    let segments: Vec<String> = path
        .split('/')
        .map(|segment| {
            let shown = if in_hook && !segment.bytes().all(|b| b.is_ascii_digit()) {
                hide(segment)
            } else {
                show_segment(segment)
            };
            in_hook |=
                ["webhook", "webhooks", "hooks"].contains(&segment.to_ascii_lowercase().as_str());
            shown
        })
        .collect();
    out.push_str(&segments.join("/"));
    let (query, fragment) = match query_and_fragment.find('#') {
        Some(hash) => (
            &query_and_fragment[..hash],
            Some(&query_and_fragment[hash + 1..]),
        ),
        None => (query_and_fragment, None),
    };
    if let Some(query) = query.strip_prefix('?') {
        out.push('?');
        out.push_str(&show_pairs(query));
    }
    if let Some(fragment) = fragment {
        out.push('#');
        if fragment.contains('=') {
            out.push_str(&show_pairs(fragment));
        } else {
            out.push_str(&show_segment(fragment));
        }
    }
    out
}

/// `user:password` -> `user:<hidden>`, the user shown when plain; a lone user name shown
/// when plain (`git`), else hidden (a token written as the user name).
fn show_userinfo(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, password)) => {
            let user = if user.is_empty() || plain_token(user) {
                user.to_owned()
            } else {
                hide(user)
            };
            if password.is_empty() {
                format!("{user}:")
            } else {
                format!("{user}:{}", hide(password))
            }
        }
        None => show_segment(userinfo),
    }
}

/// `host:port` shown when the host is a host and the port digits; else hidden.
fn show_host_port(host_port: &str) -> String {
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !host.ends_with(':') => {
            (host, Some(port))
        }
        _ => (host_port, None),
    };
    if host.is_empty() && port.is_none() {
        return String::new();
    }
    let host = if plain_host(host) {
        host.to_owned()
    } else {
        hide(host)
    };
    match port {
        Some(port) => format!("{host}:{port}"),
        None => host,
    }
}

/// A path segment, a lone query value or a fragment: shown when plain (a number of any
/// length too: an id), else hidden.
fn show_segment(segment: &str) -> String {
    let number = segment.len() <= 24 && segment.bytes().all(|b| b.is_ascii_digit());
    // `repo@3f9c2e1`: a pin by commit.
    let pinned = segment
        .rsplit_once('@')
        .is_some_and(|(name, pin)| plain_token(name) && digest(pin));
    if segment.is_empty() || is_placeholder(segment) || plain_token(segment) || number || pinned {
        segment.to_owned()
    } else {
        hide(segment)
    }
}

/// Query parameters whose value is a setting, not a credential (`?sslmode=require`,
/// `?page=2&sort=desc`).
const PLAIN_PARAMETERS: &[&str] = &[
    "sslmode",
    "page",
    "per_page",
    "limit",
    "offset",
    "sort",
    "order",
    "format",
    "lang",
    "locale",
    "version",
    "v",
    "region",
    "mode",
    "transport",
    "type",
    "tz",
    "timezone",
    "debug",
    "verbose",
    "readonly",
    "charset",
];

/// Whether a query value is shown: a number or `true`/`false`, or a plain token under a
/// parameter that names a setting ([`PLAIN_PARAMETERS`]). Any other value is hidden by where
/// it stands: a query carries API keys, codes and signatures under every name there is
/// (`?k=`, `?code=`, `?sig=`).
fn plain_query_value(name: &str, value: &str) -> bool {
    if names_secret(name) {
        return false;
    }
    let number = value.len() <= 10 && value.bytes().all(|b| b.is_ascii_digit());
    number
        || value == "true"
        || value == "false"
        || PLAIN_PARAMETERS.contains(&name.to_ascii_lowercase().as_str()) && plain_token(value)
}

/// `a=1&b=2`: each name shown when it is a name, each value when [`plain_query_value`].
fn show_pairs(pairs: &str) -> String {
    let shown: Vec<String> = pairs
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) => {
                let name_shown = if is_name(name) {
                    name.to_owned()
                } else {
                    hide(name)
                };
                let value = if value.is_empty() {
                    String::new()
                } else if plain_query_value(name, value) {
                    value.to_owned()
                } else {
                    hide(value)
                };
                format!("{name_shown}={value}")
            }
            None => show_segment(pair),
        })
        .collect();
    shown.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(url: &str) -> String {
        show_url(url).expect("a URL")
    }

    #[test]
    fn parts_of_a_url() {
        assert_eq!(
            shown("postgresql://user:pw1234@db.example:5432/app?sslmode=require"),
            "postgresql://user:<hidden, 6 chars>@db.example:5432/app?sslmode=require"
        );
        assert_eq!(
            shown("https://api.telegram.org/bot987654321:ShortSecret42xyz/sendMessage"),
            "https://api.telegram.org/<hidden, 29 chars>/sendMessage"
        );
        assert_eq!(
            shown("https://h.example/x?api_key=plainword&page=2#frag"),
            "https://h.example/x?api_key=<hidden, 9 chars>&page=2#frag"
        );
        assert_eq!(
            shown("https://h/v1/models/gemini-pro:generate?x=1#Fr4gm3ntS3cr3t"),
            "https://h/v1/models/gemini-pro:generate?x=1#<hidden, 14 chars>"
        );
        assert_eq!(shown("user:pw77@h:9/mcp"), "user:<hidden, 4 chars>@h:9/mcp");
        assert_eq!(
            shown("https://admin:pa/ss#w0rd@10.0.0.9:8443/x"),
            "https://admin:<hidden, 10 chars>@10.0.0.9:8443/x"
        );
        assert_eq!(
            shown("https://ghp_0123456789abcdefXYZ@github.com/o/r.git"),
            "https://<hidden, 23 chars>@github.com/o/r.git"
        );
        assert_eq!(shown("https://h:8080/a@b"), "https://h:8080/a@b");
        assert!(show_url("me@example.com").is_none());
        assert_eq!(
            super::super::store::text("seen ShortSecret42xyz pa/ss#w0rd"),
            "seen <hidden, 16 chars> <hidden, 10 chars>"
        );
    }
}
