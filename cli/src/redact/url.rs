//! Secrets in a URL: its user information (`user:***@host`, or a token as the user name) and
//! a path segment that is a credential (`/bot***/sendMessage`, a webhook's token).

use super::names::{is_bot_token, looks_like_credential};
use super::store::{MASK, learn};

/// `scheme://user:password@host` -> `scheme://user:***@host`; `scheme://token@host` ->
/// `scheme://***@host` (a token written as the user name). Also what a URL parser would
/// refuse but a reader still sees as a password: one holding `/`, `?` or `#` unencoded
/// (`https://user:pa/ss@host`), and a URL without its scheme (`user:password@host/path`).
pub fn mask_userinfo(word: &str) -> String {
    if !word.contains("://") {
        return mask_schemeless_userinfo(word);
    }
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find("://") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        // This URL runs up to the next one in the word, if any.
        let region_end = tail.find("://").map_or(tail.len(), |next| {
            tail[..next]
                .rfind(|c: char| c.is_whitespace())
                .unwrap_or(next)
        });
        let region = &tail[..region_end];
        let end = region.find(['/', '?', '#']).unwrap_or(region.len());
        let authority = &region[..end];
        let sign = authority.rfind('@').or_else(|| {
            // `user:pa/ss@host`: a `:` not followed by a port, and an `@` further on.
            let colon = authority.find(':')?;
            let port = &authority[colon + 1..];
            let not_a_port = port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit());
            not_a_port.then(|| region.rfind('@')).flatten()
        });
        match sign {
            Some(sign) => {
                out.push_str(&mask_credentials(&region[..sign]));
                rest = &tail[sign..];
            }
            None => {
                out.push_str(authority);
                rest = &tail[end..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `user:password@host...` with no scheme: the password masked.
fn mask_schemeless_userinfo(word: &str) -> String {
    let Some(sign) = word.rfind('@') else {
        return word.to_owned();
    };
    let userinfo = &word[..sign];
    if userinfo.is_empty() || userinfo.contains(char::is_whitespace) || !userinfo.contains(':') {
        return word.to_owned();
    }
    format!("{}{}", mask_credentials(userinfo), &word[sign..])
}

/// Shortest lone user name of a URL learned as a secret (masked wherever it appears): a
/// token used as the user name is long, while `admin` or `git` would blank ordinary words.
const MIN_LONE_USER: usize = 12;

/// The user information of a URL as shown: `user:***`, or `***` for a lone user name (a
/// token, as some hosts take it); the password, and a user name that may be a token,
/// learned.
fn mask_credentials(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, password)) if !password.is_empty() => {
            learn(password, false);
            format!("{user}:{MASK}")
        }
        _ if userinfo.is_empty() => String::new(),
        _ => {
            let user = userinfo.trim_end_matches(':');
            if user.chars().count() >= MIN_LONE_USER {
                learn(user, false);
            }
            MASK.to_owned()
        }
    }
}

/// Each path segment of each URL in `word` that is a credential masked: a Telegram bot's
/// `bot<id>:<token>` (`/bot***/`), and one that [looks like a
/// credential](looks_like_credential) (`hooks.slack.com/services/T0/B0/***`).
pub fn mask_paths(word: &str) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find("://") {
        let (head, tail) = rest.split_at(at + 3);
        out.push_str(head);
        let url_end = tail
            .find(|c: char| c.is_whitespace() || "\"'<>`".contains(c))
            .unwrap_or(tail.len());
        let url = &tail[..url_end];
        let path_start = url.find(['/', '?', '#']).unwrap_or(url.len());
        let path_end = url[path_start..]
            .find(['?', '#'])
            .map_or(url.len(), |e| path_start + e);
        out.push_str(&url[..path_start]);
        let segments: Vec<String> = url[path_start..path_end]
            .split('/')
            .map(mask_segment)
            .collect();
        out.push_str(&segments.join("/"));
        rest = &tail[path_end..];
    }
    out.push_str(rest);
    out
}

fn mask_segment(segment: &str) -> String {
    if let Some(token) = segment.strip_prefix("bot").filter(|t| is_bot_token(t)) {
        learn(token, false);
        if let Some((_, secret)) = token.split_once(':') {
            learn(secret, false);
        }
        return format!("bot{MASK}");
    }
    if is_bot_token(segment) || looks_like_credential(segment) {
        learn(segment, false);
        if let Some((_, secret)) = segment.split_once(':') {
            learn(secret, false);
        }
        return MASK.to_owned();
    }
    segment.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_in_a_path() {
        assert_eq!(
            mask_paths(
                "https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe"
            ),
            "https://api.telegram.org/bot***/getMe"
        );
        assert_eq!(
            mask_paths("see https://hooks.slack.com/services/T0AB/B0CD/Xy12Ab34Cd56Ef78Gh90Ij12 x"),
            "see https://hooks.slack.com/services/T0AB/B0CD/*** x"
        );
        assert_eq!(
            mask_paths("https://h/v1/models/gemini-pro:generate?x=1#y"),
            "https://h/v1/models/gemini-pro:generate?x=1#y"
        );
        assert_eq!(
            super::super::store::text("echo AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"),
            format!("echo {MASK}")
        );
    }
}
