//! Who has heard an alias's notice already ([`Heard`]), for aliases whose notice a model reads
//! once: per session, or, on protocol 2026-07-28, which has no sessions, per
//! client that names itself in the request's `_meta`.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use rmcp::RoleServer;
use rmcp::model::InitializeRequestParams;
use rmcp::service::RequestContext;

/// Most clients (by `clientInfo`) remembered per alias; past it the set starts again, so a
/// client may read the notice once more. Each is held as a fixed-size digest, never as the
/// name it sent, so the set holds at most [`MOST_CLIENT_BYTES`] whatever the names' length.
const MOST_CLIENTS: usize = 4096;

/// The most heap bytes the remembered clients take: [`MOST_CLIENTS`] 8-byte digests, and the
/// hash table's spare room and control bytes (at most about twice that, and a group's width).
#[cfg(test)]
const MOST_CLIENT_BYTES: usize = MOST_CLIENTS * 2 * (std::mem::size_of::<u64>() + 1) + 64;

/// The sessions and clients that have had an alias's notice. A session is known by its
/// handshake (`initialize` params, one `Arc` per session), held weakly: a closed session's
/// entry is dropped at the next call, and a new session is never taken for an old one.
#[derive(Debug, Default)]
pub(crate) struct Heard {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    sessions: Vec<Weak<InitializeRequestParams>>,
    /// A 64-bit keyed digest (SipHash with this alias's random key) of each client's name and
    /// version: fixed-size whatever a client sends, and not to be forged into another
    /// client's by a caller who cannot see the key. Two clients that share a digest (about
    /// one chance in 10^12 at the cap) share one notice.
    clients: HashSet<u64>,
    keys: RandomState,
}

impl Heard {
    /// Whether the caller of `context` is to hear the notice now: its first call by this
    /// name in its session (or from this client), which is then remembered. A caller that
    /// cannot be told apart (no handshake, no `clientInfo`) hears it every time.
    pub fn first(&self, context: &RequestContext<RoleServer>) -> bool {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(session) = context.peer.peer_info() {
            inner.sessions.retain(|s| s.strong_count() > 0);
            let seen = inner
                .sessions
                .iter()
                .any(|s| s.as_ptr() == Arc::as_ptr(&session));
            if !seen {
                inner.sessions.push(Arc::downgrade(&session));
            }
            return !seen;
        }
        let Some(client) = context.meta.client_info() else {
            return true;
        };
        inner.first_from(&client.name, &client.version)
    }
}

impl Inner {
    /// Whether the client `name` `version` is heard of for the first time, which is then
    /// remembered.
    fn first_from(&mut self, name: &str, version: &str) -> bool {
        // A tuple hashes each string with its end marked, so `a` `bc` and `ab` `c` differ.
        let key = self.keys.hash_one((name, version));
        if self.clients.contains(&key) {
            return false;
        }
        if self.clients.len() >= MOST_CLIENTS {
            // Emptied and its room given back: the next clients fill it again from nothing.
            self.clients = HashSet::new();
        }
        self.clients.insert(key);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::held::bytes_held;

    #[test]
    fn a_client_hears_once_and_another_client_hears_again() {
        let mut inner = Inner::default();
        assert!(inner.first_from("claude-ai", "1.0"), "first call");
        assert!(!inner.first_from("claude-ai", "1.0"), "same client again");
        assert!(inner.first_from("claude-ai", "1.1"), "another version");
        assert!(inner.first_from("cursor", "1.0"), "another client");
        // The end of each string counts: these two are different clients.
        assert!(inner.first_from("ab", "c"));
        assert!(inner.first_from("a", "bc"));
    }

    #[test]
    fn huge_client_names_take_a_fixed_size_each() {
        let base = "n".repeat(256 * 1024);
        // Counted on this thread's heap: what the set holds, however it holds it.
        let before = bytes_held();
        let mut inner = Inner::default();
        let held = || usize::try_from(bytes_held() - before).unwrap_or(0);
        // 64 clients of 256 KB names: as raw names, 16 MB; as digests, a few hundred bytes.
        for i in 0..64 {
            assert!(
                inner.first_from(&format!("{base}{i}"), "1"),
                "client {i} is new"
            );
        }
        let most = 64 * 2 * (std::mem::size_of::<u64>() + 1) + 64;
        assert!(held() <= most, "{} bytes held for 64 clients", held());
        assert!(!inner.first_from(&format!("{base}7"), "1"), "heard already");
        // Past the count cap the set starts again, never above its bytes.
        for i in 0..2 * MOST_CLIENTS {
            inner.first_from(&i.to_string(), "");
            assert!(inner.clients.len() <= MOST_CLIENTS);
            assert!(
                held() <= MOST_CLIENT_BYTES,
                "after {i} clients: {} bytes held",
                held()
            );
        }
    }
}
