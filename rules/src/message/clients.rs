//! Sentences about what a client does with a server's key.

use super::{describe_char, show};
use crate::client::ClientPreset;
use crate::qualify::KeyRefusal;

/// A client that refuses a config key and so never starts the server.
///
/// ```
/// use mcp_toolname_rules::{client_key, message, CODEX};
/// let refusal = client_key(&CODEX, "my server").unwrap_err();
/// assert_eq!(
///     message::key_refused(&CODEX, "my server", refusal),
///     "Codex CLI does not start server `my server`: its key contains a space at index 2, \
///      and Codex CLI takes only `A-Z a-z 0-9 _ -` in a server key"
/// );
/// ```
#[must_use]
pub fn key_refused(client: &ClientPreset, key: &str, refusal: KeyRefusal) -> String {
    let why = match refusal.at {
        Some((ch, index)) => format!("contains {} at index {index}", describe_char(ch)),
        None => "is empty".to_owned(),
    };
    format!(
        "{} does not start server {}: its key {why}, and {} takes only `A-Z a-z 0-9 _ -` in a \
         server key",
        client.title,
        show(key),
        client.title
    )
}

/// Advice on a config key that works in the clients but breaks the key rule this project
/// recommends (`problem` says how); the client verdicts use the key as written.
#[must_use]
pub fn key_advice(problem: &str) -> String {
    format!(
        "advice: {problem}; clients take the key as written (each verdict below uses it), but a \
         key of 1 to 32 of `A-Z a-z 0-9 _ -`, without `__` or `_` at either end, means the same \
         in every client"
    )
}

/// A client that hashes a name because it had to replace characters in it (Cline), though
/// the name fits its budget.
#[must_use]
pub fn hashed_when_changed(name: &str, client: &ClientPreset, shown: &str) -> String {
    format!(
        "tool name {} has characters {} replaces, and a name it changes gets a hash suffix: the \
         model sees {}",
        show(name),
        client.title,
        show(shown)
    )
}

/// A contract a host's namespace cannot name tools under: it refuses a character every
/// qualified name needs (`mcp__`, the digest's `0-9 a-f`).
#[must_use]
pub fn namespace_contract_lacks(contract: &str, ch: char) -> String {
    format!(
        "{contract} does not allow {}, which every qualified name needs (`mcp__<key>__<tool>`, and \
         the digest's `0-9 a-f`); namespace under a contract that allows `A-Z a-z 0-9 _`",
        describe_char(ch)
    )
}
