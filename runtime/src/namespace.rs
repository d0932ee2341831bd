//! Client-side namespacing for hosts and gateways that connect many servers: turn
//! (server key, raw tool name) pairs into model-facing names that a contract accepts, and
//! back.
//!
//! The algorithm, for a contract `C` (the common LLM contract by default):
//!
//! 1. Lossless: `mcp__<key>__<raw>` when that passes `C` and does not end like a hashed name
//!    (`_` and 12 lowercase hex digits).
//! 2. Otherwise hashed: `mcp__<key'>__<readable>_<digest>`, where `<key'>` and `<readable>`
//!    are the key and the raw name with every character outside `C`'s charset turned into `_`
//!    (a contract without `-` still names key `unreal-mcp`), the raw part cut to fit `C`'s
//!    length, and `<digest>` the first 12 hex digits of SHA-256 over `key`, a NUL byte and
//!    `raw`. A contract that refuses a character of `mcp_` or of the digest (`0-9 a-f`) is
//!    refused when the namespace is built.
//! 3. Over the whole set: should two hashed names meet (a 2^-48 event), both digests grow
//!    until they differ.
//!
//! So names are injective (keys have no `__` and no `_` at either end, so `mcp__<key>__`
//! reads one way; lossless names never look hashed; digests cover the whole identity),
//! independent of input order, stable across runs and machines (SHA-256), case-preserving,
//! always inside `C`, and reversible through [`Namespace::resolve`]. The raw name is what
//! goes on the wire.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use mcp_toolname_rules::{
    Contract, LLM_COMMON, NameError, ServerKeyError, check, check_server_key, message,
};
use sha2::{Digest, Sha256};

/// What goes before every model-facing name.
const PREFIX: &str = "mcp__";
/// Between the key and the tool name.
const SEPARATOR: &str = "__";
/// Hex digits of the digest in a hashed name.
const DIGEST_HEX: usize = 12;

/// A server key assigned by the host (never taken from `serverInfo.name`):
/// `^[A-Za-z0-9_-]{1,32}$`, no `__`, no `_` at either end.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ServerKey(String);

impl ServerKey {
    /// Checks and wraps a key.
    ///
    /// # Errors
    /// [`NamespaceError::BadKey`] saying what is wrong.
    pub fn new(key: &str) -> Result<Self, NamespaceError> {
        let why = check_server_key(key).err().map(|err| match err {
            ServerKeyError::Name(NameError::Empty) => "is empty",
            ServerKeyError::Name(NameError::TooLong { .. }) => "is longer than 32 characters",
            ServerKeyError::Name(_) => "has a character outside `A-Z a-z 0-9 _ -`",
            ServerKeyError::DoubleUnderscore => {
                "contains `__`, which separates the key from the tool name"
            }
            ServerKeyError::EdgeUnderscore => {
                "starts or ends with `_`, which would run into the `__` around it"
            }
        });
        match why {
            Some(why) => Err(NamespaceError::BadKey(message::bad_key(key, why))),
            None => Ok(Self(key.to_owned())),
        }
    }

    /// The key.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ServerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a namespace could not be built or refreshed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NamespaceError {
    /// A key the host may not assign.
    BadKey(String),
    /// Two servers with one key.
    DuplicateKey(String),
    /// One server's list names a tool twice; the list is refused whole.
    DuplicateRawName(String),
    /// The contract is too short for `mcp__<32-character key>__` and a digest.
    ContractTooShort(usize),
    /// The contract refuses a character every qualified name needs.
    ContractLacks(String),
    /// Fetching a server's tools failed; its previous list is kept.
    Fetch(String),
}

impl fmt::Display for NamespaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadKey(text)
            | Self::DuplicateKey(text)
            | Self::DuplicateRawName(text)
            | Self::ContractLacks(text)
            | Self::Fetch(text) => f.write_str(text),
            Self::ContractTooShort(max) => write!(
                f,
                "a contract of {max} characters cannot hold `mcp__<32-character key>__` and a 12-digit digest; \
                 use one that allows at least 52"
            ),
        }
    }
}

impl std::error::Error for NamespaceError {}

/// The model-facing names of every tool of every server, and the way back.
///
/// ```
/// use mcp_toolname_runtime::{Namespace, ServerKey};
/// let ns = Namespace::build(
///     &mcp_toolname_rules::LLM_COMMON,
///     [
///         (ServerKey::new("mcp_1")?, vec!["send_email".to_owned()]),
///         (ServerKey::new("mcp_2")?, vec!["send_email".to_owned(), "calendar.respondToEvent".to_owned()]),
///     ],
/// )?;
/// assert_eq!(ns.qualified("mcp_1", "send_email"), Some("mcp__mcp_1__send_email"));
/// let dotted = ns.qualified("mcp_2", "calendar.respondToEvent").unwrap();
/// assert!(dotted.starts_with("mcp__mcp_2__calendar_respondToEvent_"));
/// assert_eq!(ns.resolve(dotted), Some(("mcp_2", "calendar.respondToEvent")));
/// # Ok::<(), mcp_toolname_runtime::NamespaceError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Namespace {
    contract: &'static Contract,
    /// key -> raw -> model-facing name
    forward: BTreeMap<ServerKey, BTreeMap<String, String>>,
    /// model-facing name -> (key, raw)
    reverse: HashMap<String, (ServerKey, String)>,
}

impl Namespace {
    /// Qualifies every (key, raw) pair at once, for `contract`.
    ///
    /// # Errors
    /// A key used twice, a raw name listed twice by one server, or a contract too short to
    /// hold a qualified name or refusing a character of `mcp_` or of the digest.
    pub fn build(
        contract: &'static Contract,
        servers: impl IntoIterator<Item = (ServerKey, Vec<String>)>,
    ) -> Result<Self, NamespaceError> {
        let mut lists: BTreeMap<ServerKey, Vec<String>> = BTreeMap::new();
        for (key, tools) in servers {
            if lists.contains_key(&key) {
                return Err(NamespaceError::DuplicateKey(message::duplicate_key(
                    key.as_str(),
                )));
            }
            check_list(&key, &tools)?;
            lists.insert(key, tools);
        }
        Self::qualify_all(contract, &lists)
    }

    fn qualify_all(
        contract: &'static Contract,
        lists: &BTreeMap<ServerKey, Vec<String>>,
    ) -> Result<Self, NamespaceError> {
        if contract.max_len < PREFIX.len() + 32 + SEPARATOR.len() + 1 + DIGEST_HEX {
            return Err(NamespaceError::ContractTooShort(contract.max_len));
        }
        // Every name opens with `mcp_`, and a hashed one ends with `_` and lowercase hex.
        let needed = "mcp_0123456789abcdef".chars();
        if let Some(ch) = needed
            .clone()
            .find(|c| !contract.charset.contains(*c))
            .or_else(|| Some('m').filter(|m| !contract.first.allows(*m)))
        {
            return Err(NamespaceError::ContractLacks(
                message::namespace_contract_lacks(contract.title, ch),
            ));
        }
        let identities: Vec<(&ServerKey, &str)> = lists
            .iter()
            .flat_map(|(k, tools)| tools.iter().map(move |t| (k, t.as_str())))
            .collect();
        let mut hex = DIGEST_HEX;
        let mut names: Vec<String> = identities
            .iter()
            .map(|(k, t)| name_for(contract, k, t, hex))
            .collect();
        // Should two names meet, every hashed name of the set grows its digest, so the result
        // stays a function of the set alone. Lossless names are distinct by construction.
        while first_duplicate(&names).is_some() && hex < 64 {
            hex += 4;
            names = identities
                .iter()
                .map(|(k, t)| name_for(contract, k, t, hex))
                .collect();
        }
        let mut forward: BTreeMap<ServerKey, BTreeMap<String, String>> = BTreeMap::new();
        let mut reverse = HashMap::with_capacity(names.len());
        for ((key, raw), name) in identities.into_iter().zip(names) {
            forward
                .entry(key.clone())
                .or_default()
                .insert(raw.to_owned(), name.clone());
            reverse.insert(name, (key.clone(), raw.to_owned()));
        }
        Ok(Self {
            contract,
            forward,
            reverse,
        })
    }

    /// The model-facing name of `raw` on the server `key`.
    #[must_use]
    pub fn qualified(&self, key: &str, raw: &str) -> Option<&str> {
        let key = ServerKey(key.to_owned());
        self.forward.get(&key)?.get(raw).map(String::as_str)
    }

    /// The server key and raw name behind a model-facing name: what to send `tools/call` to.
    #[must_use]
    pub fn resolve(&self, name: &str) -> Option<(&str, &str)> {
        self.reverse
            .get(name)
            .map(|(k, raw)| (k.as_str(), raw.as_str()))
    }

    /// Every model-facing name, sorted.
    #[must_use]
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.reverse.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The contract every name passes.
    #[must_use]
    pub fn contract(&self) -> &'static Contract {
        self.contract
    }

    /// Two-phase refresh of one server's tools: `fetched` is qualified together with every
    /// other server's current list, and only then swapped in whole. A failed fetch, or a list
    /// naming one tool twice, leaves this namespace as it was. A new key adds a server.
    ///
    /// # Errors
    /// [`NamespaceError::Fetch`] (the fetch's own error) or
    /// [`NamespaceError::DuplicateRawName`]; the previous generation is kept either way.
    pub fn refresh<E: fmt::Display>(
        &mut self,
        key: &ServerKey,
        fetched: Result<Vec<String>, E>,
    ) -> Result<(), NamespaceError> {
        let tools = fetched.map_err(|e| {
            NamespaceError::Fetch(format!(
                "fetching the tools of {}: {e}",
                message::show(key.as_str())
            ))
        })?;
        check_list(key, &tools)?;
        let mut lists: BTreeMap<ServerKey, Vec<String>> = self
            .forward
            .iter()
            .map(|(k, tools)| (k.clone(), tools.keys().cloned().collect()))
            .collect();
        lists.insert(key.clone(), tools);
        *self = Self::qualify_all(self.contract, &lists)?;
        Ok(())
    }
}

impl Default for Namespace {
    /// An empty namespace for the common LLM contract.
    fn default() -> Self {
        Self {
            contract: &LLM_COMMON,
            forward: BTreeMap::new(),
            reverse: HashMap::new(),
        }
    }
}

fn check_list(key: &ServerKey, tools: &[String]) -> Result<(), NamespaceError> {
    match first_duplicate(tools) {
        Some(dup) => Err(NamespaceError::DuplicateRawName(
            message::duplicate_raw_name(key.as_str(), dup),
        )),
        None => Ok(()),
    }
}

/// The first string of `items` that an earlier one equals.
fn first_duplicate(items: &[String]) -> Option<&str> {
    let mut seen = std::collections::HashSet::with_capacity(items.len());
    items
        .iter()
        .map(String::as_str)
        .find(|item| !seen.insert(*item))
}

/// Whether `name` ends like a hashed name: `_` and at least 12 lowercase hex digits.
fn looks_hashed(name: &str) -> bool {
    let hex = name
        .bytes()
        .rev()
        .take_while(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        .count();
    hex >= DIGEST_HEX
        && name
            .len()
            .checked_sub(hex + 1)
            .and_then(|i| name.as_bytes().get(i))
            .is_some_and(|b| *b == b'_')
}

fn name_for(contract: &Contract, key: &ServerKey, raw: &str, hex: usize) -> String {
    let lossless = format!("{PREFIX}{key}{SEPARATOR}{raw}");
    if check(&lossless, contract).is_ok() && !looks_hashed(&lossless) {
        return lossless;
    }
    let mut hasher = Sha256::new();
    hasher.update(key.as_str().as_bytes());
    hasher.update([0u8]);
    hasher.update(raw.as_bytes());
    let digest: String = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>()[..hex]
        .to_owned();
    let room = contract.max_len - PREFIX.len() - key.as_str().len() - SEPARATOR.len() - 1 - hex;
    let inside = |c: char| if contract.charset.contains(c) { c } else { '_' };
    // Keys are ASCII, so this part is as long as the key.
    let key_part: String = key.as_str().chars().map(inside).collect();
    let readable: String = raw.chars().map(inside).take(room).collect();
    // No `__` before the digest when the cut lands on a separator.
    let readable = readable.trim_end_matches('_');
    format!("{PREFIX}{key_part}{SEPARATOR}{readable}_{digest}")
}
