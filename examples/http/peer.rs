//! Who a client is, as far as limits go: the address it connects from. A limit per address
//! keeps one client from taking all of a shared limit, however fast it asks.
//!
//! Behind a reverse proxy every client has the proxy's address: raise the per-address limits
//! there, or key them to the address the proxy forwards (only from a proxy you trust).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};

/// The address a limit counts against: an IPv4 address, or the /64 network of an IPv6
/// address (one host is usually given a whole /64, so its addresses are one client).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Peer(IpAddr);

impl Peer {
    /// The peer that `ip` counts as.
    pub fn of(ip: IpAddr) -> Self {
        match ip {
            IpAddr::V4(v4) => Self(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Self(IpAddr::V4(v4)),
                None => {
                    let net = u128::from(v6) & !((1u128 << 64) - 1);
                    Self(IpAddr::V6(Ipv6Addr::from(net)))
                }
            },
        }
    }
}

impl std::fmt::Display for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// One peer's share of a limit of `most`: an eighth, but never fewer than 8 (or `most`, when
/// that is smaller), so that a small server still lets a client open a few.
pub fn share(most: usize) -> usize {
    (most / 8).max(most.min(8))
}

/// How many of something each peer holds; an entry leaves the map when its count falls to 0,
/// so the map is never larger than what is held.
#[derive(Debug, Default)]
pub struct PeerCounts {
    held: Mutex<HashMap<Peer, usize>>,
}

impl PeerCounts {
    /// One more for `peer`, unless it holds `share` already: `None` then. The count goes
    /// down when the returned [`Held`] is dropped.
    pub fn take(self: &Arc<Self>, peer: Peer, share: usize) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(peer).or_insert(0);
        if *count >= share {
            if *count == 0 {
                held.remove(&peer);
            }
            return None;
        }
        *count += 1;
        Some(Held {
            counts: Arc::clone(self),
            peer,
        })
    }
}

/// One unit a peer holds, given back when dropped.
#[derive(Debug)]
pub struct Held {
    counts: Arc<PeerCounts>,
    peer: Peer,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self
            .counts
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.peer) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.peer);
            }
        }
    }
}
