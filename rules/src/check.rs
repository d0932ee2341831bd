//! `const fn` checks of a name against a contract, returning the first problem found.

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

/// Whether `ch` is a control character (Unicode category Cc) or a bidirectional control
/// (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which can make a name
/// display as something it is not.
#[must_use]
pub const fn is_control_like(ch: char) -> bool {
    matches!(ch as u32,
        0x00..=0x1F | 0x7F..=0x9F | 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Why an alias name is refused. Alias names are old names: they may break the spec (that
/// is often why the tool was renamed), but a client must still be able to send them.
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
}

/// Checks an alias name: not empty, no control-like character (see [`is_control_like`]).
///
/// # Errors
/// The first problem found.
pub const fn check_alias(name: &str) -> Result<(), AliasNameError> {
    let bytes = name.as_bytes();
    if bytes.is_empty() {
        return Err(AliasNameError::Empty);
    }
    let mut i = 0;
    let mut index = 0;
    while i < bytes.len() {
        let (ch, width) = decode(bytes, i);
        if is_control_like(ch) {
            return Err(AliasNameError::ControlChar { ch, index });
        }
        i += width;
        index += 1;
    }
    Ok(())
}
