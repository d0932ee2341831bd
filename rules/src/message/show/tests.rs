//! The plain-ASCII fast path of `escape` and `show` against the full escape.

use super::*;

/// The fast path of `escape` and `show` gives what the character-by-character escape
/// gives, for every ASCII byte alone, between letters, and at the length limit.
#[test]
fn the_plain_ascii_path_escapes_as_the_full_one() {
    for b in 0u8..=0x7F {
        let ch = char::from(b);
        for text in [
            ch.to_string(),
            format!("a{ch}b"),
            format!("{}{ch}", "x".repeat(79)),
        ] {
            for backticks in [true, false] {
                let (fast, count) = escape(&text, SHOWN_CHARS, backticks);
                assert_eq!(
                    (fast.into_owned(), count),
                    escape_each(&text, SHOWN_CHARS, backticks),
                    "{text:?}"
                );
            }
            let (out, count) = escape_each(&text, SHOWN_CHARS, true);
            let slow = if count > SHOWN_CHARS {
                format!("`{out}…` ({count} characters, sha1 {})", digest(&text))
            } else {
                format!("`{out}`")
            };
            assert_eq!(show(&text), slow, "{text:?}");
        }
    }
}
