//! `const fn` checks of a name against a contract, returning the first problem found.

pub use crate::chars::{is_control_like, is_invisible};
use crate::contract::Contract;

/// Why a name fails a contract. Indices count characters (Unicode scalar values) from 0,
/// which for the ASCII names these contracts admit is also the byte index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameError {
    /// The name has no characters.
    Empty,
    /// `ch`, at character index `index`, is outside the contract's charset. The first such
    /// character is reported.
    InvalidChar {
        /// The offending character.
        ch: char,
        /// Its character index in the name.
        index: usize,
    },
    /// The first character is in the charset but may not open a name (a digit or `-` where a
    /// letter is required).
    InvalidFirstChar {
        /// The offending first character.
        ch: char,
    },
    /// The name has `len` characters, more than the contract's `max`.
    TooLong {
        /// The name's length in characters.
        len: usize,
        /// The contract's limit.
        max: usize,
    },
}

/// Decodes the character starting at byte `i` of valid UTF-8 `bytes`; returns it and its
/// width in bytes. `const` because `str::chars` is not.
const fn decode(bytes: &[u8], i: usize) -> (char, usize) {
    let b0 = bytes[i] as u32;
    let (code, width) = if b0 < 0x80 {
        (b0, 1)
    } else if b0 < 0xE0 {
        (((b0 & 0x1F) << 6) | (bytes[i + 1] as u32 & 0x3F), 2)
    } else if b0 < 0xF0 {
        (
            ((b0 & 0x0F) << 12)
                | ((bytes[i + 1] as u32 & 0x3F) << 6)
                | (bytes[i + 2] as u32 & 0x3F),
            3,
        )
    } else {
        (
            ((b0 & 0x07) << 18)
                | ((bytes[i + 1] as u32 & 0x3F) << 12)
                | ((bytes[i + 2] as u32 & 0x3F) << 6)
                | (bytes[i + 3] as u32 & 0x3F),
            4,
        )
    };
    match char::from_u32(code) {
        Some(ch) => (ch, width),
        None => (char::REPLACEMENT_CHARACTER, width),
    }
}

/// Checks `name` against `contract`.
///
/// Reports, in this order: [`NameError::Empty`]; the first character outside the charset
/// ([`NameError::InvalidChar`]); a first character the contract does not allow first
/// ([`NameError::InvalidFirstChar`]); then length ([`NameError::TooLong`]). Linear in the
/// name's length, no allocation, usable in `const` context.
///
/// ```
/// use mcp_toolname_rules::{check, NameError, MCP, LLM_COMMON};
/// assert_eq!(check("admin.tools.list", &MCP), Ok(()));
/// assert_eq!(
///     check("admin.tools.list", &LLM_COMMON),
///     Err(NameError::InvalidChar { ch: '.', index: 5 })
/// );
/// const _: () = assert!(check("getUser", &MCP).is_ok());
/// ```
///
/// # Errors
/// The first problem found, as above.
pub const fn check(name: &str, contract: &Contract) -> Result<(), NameError> {
    let bytes = name.as_bytes();
    if bytes.is_empty() {
        return Err(NameError::Empty);
    }
    let mut i = 0;
    let mut index = 0;
    let mut first = '\0';
    while i < bytes.len() {
        let (ch, width) = decode(bytes, i);
        if index == 0 {
            first = ch;
        }
        if !contract.charset.contains(ch) {
            return Err(NameError::InvalidChar { ch, index });
        }
        i += width;
        index += 1;
    }
    if !contract.first.allows(first) {
        return Err(NameError::InvalidFirstChar { ch: first });
    }
    if index > contract.max_len {
        return Err(NameError::TooLong {
            len: index,
            max: contract.max_len,
        });
    }
    Ok(())
}

/// Why an alias name is refused. Alias names are old names: they may break the spec (that
/// is often why the tool was renamed), but a client must still be able to send them, and a
/// reader to see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AliasNameError {
    /// The alias has no characters.
    Empty,
    /// The alias contains a control or bidirectional control character.
    ControlChar {
        /// The offending character.
        ch: char,
        /// Its character index in the alias.
        index: usize,
    },
    /// The alias contains an invisible character (see [`is_invisible`]).
    Invisible {
        /// The offending character.
        ch: char,
        /// Its character index in the alias.
        index: usize,
    },
    /// The alias is longer than the spec lets a tool name be ([`crate::MCP`]'s 128): no
    /// client could have sent it as a tool name.
    TooLong {
        /// Its length, in characters (counted up to `max + 1` at most).
        len: usize,
        /// The most it may have.
        max: usize,
    },
}

/// Checks an alias name: not empty, at most as long as the spec lets a tool name be (128
/// characters: an alias is an old tool name), no control-like (see [`is_control_like`]) or
/// invisible (see [`is_invisible`]) character.
///
/// # Errors
/// The first problem found: empty, too long, then the first bad character.
pub const fn check_alias(name: &str) -> Result<(), AliasNameError> {
    let bytes = name.as_bytes();
    if bytes.is_empty() {
        return Err(AliasNameError::Empty);
    }
    let max = crate::MCP.max_len;
    // Counted no further than `max + 1`, so a 10 MB alias costs what a 129-character one does.
    let mut len = 0;
    let mut j = 0;
    while j < bytes.len() && len <= max {
        if bytes[j] & 0xC0 != 0x80 {
            len += 1;
        }
        j += 1;
    }
    if len > max {
        return Err(AliasNameError::TooLong { len, max });
    }
    let mut i = 0;
    let mut index = 0;
    while i < bytes.len() {
        let (ch, width) = decode(bytes, i);
        if is_control_like(ch) {
            return Err(AliasNameError::ControlChar { ch, index });
        }
        if is_invisible(ch) {
            return Err(AliasNameError::Invisible { ch, index });
        }
        i += width;
        index += 1;
    }
    Ok(())
}

/// Why a host-assigned server key is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ServerKeyError {
    /// It breaks [`crate::SERVER_KEY`]: empty, over 32 characters, or a character outside
    /// `A-Z a-z 0-9 _ -`.
    Name(NameError),
    /// It contains `__`, which separates the key from the tool name.
    DoubleUnderscore,
    /// It starts or ends with `_`, which would run into the `__` around it.
    EdgeUnderscore,
}

/// Checks a server key as hosts assign it: [`crate::SERVER_KEY`], then no `__`
/// and no `_` at either end, so that `mcp__<key>__<tool>` reads one way. The runtime's
/// `ServerKey`, the macros' `server_key` and the CLI's `--server-key` all decide by this.
///
/// # Errors
/// The first problem found, in that order.
pub fn check_server_key(key: &str) -> Result<(), ServerKeyError> {
    check(key, &crate::SERVER_KEY).map_err(ServerKeyError::Name)?;
    if key.contains("__") {
        Err(ServerKeyError::DoubleUnderscore)
    } else if key.starts_with('_') || key.ends_with('_') {
        Err(ServerKeyError::EdgeUnderscore)
    } else {
        Ok(())
    }
}
