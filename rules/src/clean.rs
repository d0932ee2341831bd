//! What a client does to a key or a tool name before it replaces characters
//! ([`Cleaning`]): Claude Code's Unicode cleaning, Copilot CLI's Punycode, Roo Code's
//! deletion. Each is written from the client's behaviour, run or read (see the presets).

use std::borrow::Cow;

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_normalization::UnicodeNormalization;

use crate::client::Cleaning;

/// `text` as a client cleans it.
pub(crate) fn clean(text: &str, cleaning: Cleaning) -> Cow<'_, str> {
    match cleaning {
        Cleaning::None => text.into(),
        Cleaning::NfkcStripInvisible if text.is_ascii() => text.into(),
        Cleaning::NfkcStripInvisible => {
            let mut text = text.to_owned();
            for _ in 0..10 {
                let next: String = text.nfkc().filter(|&c| !invisible(c)).collect();
                if next == text {
                    break;
                }
                text = next;
            }
            text.into()
        }
        Cleaning::PunycodeParts if text.is_ascii() => text.into(),
        Cleaning::PunycodeParts => {
            let parts: Vec<Cow<'_, str>> = text
                .split('.')
                .map(|part| match punycode(part) {
                    Some(code) if !part.is_ascii() => format!("xn--{code}").into(),
                    _ => part.into(),
                })
                .collect();
            parts.join(".").into()
        }
        Cleaning::DeleteInvalid => delete_invalid(text).into(),
        Cleaning::Slug(max) => slug(text, max).into(),
        Cleaning::DeleteWhiteSpace if !text.contains(char::is_whitespace) => text.into(),
        Cleaning::DeleteWhiteSpace => text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .into(),
    }
}

/// [`Cleaning::Slug`].
fn slug(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let dash = js_space(c) || "/\\@#$%^&*()+=[]{}|;:'\"<>,.?".contains(c);
        if dash || c == '-' {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        }
    }
    let mut out = out.trim_matches('-').to_owned();
    if out.len() > max {
        out.truncate(max);
        out.truncate(out.trim_end_matches('-').len());
    }
    if out.is_empty() {
        "invalid-server-name".to_owned()
    } else {
        out
    }
}

/// Format, private-use and unassigned characters, and the invisible ranges Claude Code names
/// besides (U+200B..U+200F, U+202A..U+202E, U+2066..U+2069, U+FEFF).
fn invisible(c: char) -> bool {
    matches!(
        get_general_category(c),
        GeneralCategory::Format | GeneralCategory::PrivateUse | GeneralCategory::Unassigned
    ) || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// [`Cleaning::DeleteInvalid`].
fn delete_invalid(text: &str) -> String {
    if text.is_empty() {
        return "_".to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut in_space = false;
    for c in text.chars() {
        if js_space(c) {
            if !in_space {
                out.push('_');
            }
            in_space = true;
            continue;
        }
        in_space = false;
        let kept = c.is_ascii_alphanumeric() || c == '_' || c == '-';
        if kept && !(c == '-' && out.ends_with('-')) {
            out.push(c);
        }
    }
    match out.chars().next() {
        None => "_unnamed".to_owned(),
        Some(c) if c.is_ascii_alphabetic() || c == '_' => out,
        Some(_) => format!("_{out}"),
    }
}

/// White space as a JavaScript regular expression's `\s` matches it.
const fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{B}' | '\u{C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// The RFC 3492 Punycode of `text` (without `xn--`), case and all as written; `None` when a
/// count would overflow (a part of millions of characters), and then the part is kept.
pub(crate) fn punycode(text: &str) -> Option<String> {
    const BASE: u64 = 36;
    const T_MIN: u64 = 1;
    const T_MAX: u64 = 26;
    let input: Vec<u64> = text.chars().map(|c| u64::from(u32::from(c))).collect();
    let mut out: String = text.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u64;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (128_u64, 0_u64, 72_u64, basic);
    let total = input.len() as u64;
    while handled < total {
        let m = input.iter().copied().filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in &input {
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n += 1;
    }
    Some(out)
}

/// RFC 3492's bias adaptation.
fn adapt(delta: u64, points: u64, first: bool) -> u64 {
    const BASE: u64 = 36;
    let mut delta = if first { delta / 700 } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - 1) * 26) / 2 {
        delta /= BASE - 1;
        k += BASE;
    }
    k + (BASE * delta) / (delta + 38)
}

/// A Punycode digit: `a`..`z` for 0..25, `0`..`9` for 26..35.
fn digit(d: u64) -> char {
    let d = u8::try_from(d).unwrap_or(0);
    if d < 26 {
        char::from(b'a' + d)
    } else {
        char::from(b'0' + d - 26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_is_what_the_idna_crate_makes() {
        for text in [
            "Ünï",
            "服务",
            "A工具",
            "ｆｕｌｌ",
            "e\u{301}",
            "a/工具",
            "😀key",
            "münchen",
            "abc",
        ] {
            assert_eq!(punycode(text), idna::punycode::encode_str(text), "{text:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn punycode_agrees_with_idna_on_any_text(text in "\\PC{0,24}") {
            proptest::prop_assert_eq!(punycode(&text), idna::punycode::encode_str(&text));
        }
    }

    #[test]
    fn delete_invalid_follows_roo_code() {
        assert_eq!(delete_invalid("my server"), "my_server");
        assert_eq!(delete_invalid("search.issues"), "searchissues");
        assert_eq!(delete_invalid("工具"), "_unnamed");
        assert_eq!(delete_invalid(""), "_");
        assert_eq!(delete_invalid("a--b"), "a-b");
        assert_eq!(delete_invalid("1x"), "_1x");
        assert_eq!(delete_invalid("a \t b"), "a_b");
    }
}
