//! The nearest name that passes a contract.

use crate::check::check;
use crate::contract::Contract;
use crate::shorten::shorten;

/// Characters that separate words in a name; a replaced character becomes one of these,
/// and runs of them are not doubled.
const SEPARATORS: &[char] = &['_', '-', '.', ':'];

/// An ASCII stand-in for a character that looks like or is a letter: Latin-1 accented
/// letters, the Cyrillic and Greek letters that look like Latin ones (so `B\u{430}sh`
/// becomes `Bash`), and full-width ASCII.
fn transliterate(ch: char) -> Option<&'static str> {
    const TABLE: &[(&str, &str)] = &[
        ("àáâãäåāăą", "a"),
        ("ÀÁÂÃÄÅĀĂĄ", "A"),
        ("çćĉċč", "c"),
        ("ÇĆĈĊČ", "C"),
        ("ďđ", "d"),
        ("ĎĐ", "D"),
        ("èéêëēĕėęě", "e"),
        ("ÈÉÊËĒĔĖĘĚ", "E"),
        ("ĝğġģ", "g"),
        ("ĜĞĠĢ", "G"),
        ("ìíîïĩīĭįı", "i"),
        ("ÌÍÎÏĨĪĬĮİ", "I"),
        ("ñńņňŉ", "n"),
        ("ÑŃŅŇ", "N"),
        ("òóôõöøōŏő", "o"),
        ("ÒÓÔÕÖØŌŎŐ", "O"),
        ("śŝşšș", "s"),
        ("ŚŜŞŠȘ", "S"),
        ("ţťțŧ", "t"),
        ("ŢŤȚŦ", "T"),
        ("ùúûüũūŭůűų", "u"),
        ("ÙÚÛÜŨŪŬŮŰŲ", "U"),
        ("ýÿŷ", "y"),
        ("ÝŸŶ", "Y"),
        ("źżž", "z"),
        ("ŹŻŽ", "Z"),
        ("ß", "ss"),
        ("æ", "ae"),
        ("Æ", "AE"),
        ("œ", "oe"),
        ("Œ", "OE"),
        ("ł", "l"),
        ("Ł", "L"),
        // Cyrillic letters drawn like Latin ones.
        ("а", "a"),
        ("А", "A"),
        ("В", "B"),
        ("с", "c"),
        ("С", "C"),
        ("е", "e"),
        ("Е", "E"),
        ("һ", "h"),
        ("Н", "H"),
        ("і", "i"),
        ("І", "I"),
        ("ј", "j"),
        ("Ј", "J"),
        ("К", "K"),
        ("М", "M"),
        ("о", "o"),
        ("О", "O"),
        ("р", "p"),
        ("Р", "P"),
        ("ѕ", "s"),
        ("Ѕ", "S"),
        ("Т", "T"),
        ("у", "y"),
        ("х", "x"),
        ("Х", "X"),
        ("ԁ", "d"),
        ("ԛ", "q"),
        ("ԝ", "w"),
        // Greek letters drawn like Latin ones.
        ("Α", "A"),
        ("Β", "B"),
        ("Ε", "E"),
        ("Ζ", "Z"),
        ("Η", "H"),
        ("Ι", "I"),
        ("Κ", "K"),
        ("Μ", "M"),
        ("Ν", "N"),
        ("Ο", "O"),
        ("ο", "o"),
        ("Ρ", "P"),
        ("Τ", "T"),
        ("Υ", "Y"),
        ("Χ", "X"),
        ("ν", "v"),
    ];
    const FULLWIDTH: &str = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    let code = ch as u32;
    // Everything in the table lies in U+00C0..U+0530; skip the scan for the rest.
    if code < 0xC0 || (0x530..0xFF01).contains(&code) || code > 0xFF5E {
        return None;
    }
    if (0xFF01..=0xFF5E).contains(&code) {
        let i = (code - 0xFF01) as usize;
        return FULLWIDTH.get(i..=i);
    }
    TABLE
        .iter()
        .find(|(from, _)| from.contains(ch))
        .map(|(_, to)| *to)
}

/// The nearest name to `name` that passes `contract`; `name` itself when it already does.
///
/// Characters outside the charset are transliterated where an ASCII look-alike exists
/// (`é` to `e`, Cyrillic `а` to `a`) and otherwise become one `_` between words (a run of
/// them, or one at either end, leaves no trace); a first character the contract does not
/// allow first is dropped if it is a separator, else the name gets a `tool_` prefix. A name
/// still too long is shortened by whole words ([`suggest_within`] says how), and cut only
/// where no whole-word form fits. An empty result becomes `tool`.
///
/// The result always passes `contract` when its charset holds `A-Z a-z 0-9 _`, as every
/// built-in contract's does.
///
/// ```
/// use mcp_toolname_rules::{suggest, LLM_COMMON, MCP};
/// assert_eq!(suggest("search documents", &MCP), "search_documents");
/// assert_eq!(suggest("admin.tools.list", &LLM_COMMON), "admin_tools_list");
/// assert_eq!(suggest("B\u{430}sh", &MCP), "Bash");
/// assert_eq!(suggest("", &MCP), "tool");
/// ```
#[must_use]
pub fn suggest(name: &str, contract: &Contract) -> String {
    suggest_all(name, &[contract])
}

/// Past this many bytes, the rest of a name is not cleaned: a fix that long is shortened
/// anyway, and a 1 MiB name stays cheap.
const CLEANED_AT_MOST: usize = 1024;

/// `name` with every character `contract` refuses replaced or dropped and a first
/// character it allows first; no length cut (past [`CLEANED_AT_MOST`] bytes, the rest is
/// left out).
fn clean(name: &str, contract: &Contract) -> String {
    if check(name, contract).is_ok() {
        return name.to_owned();
    }
    let sep = ['_', '-']
        .into_iter()
        .find(|c| contract.charset.contains(*c));
    let most = contract.max_len.max(CLEANED_AT_MOST);
    let mut out = String::with_capacity(name.len().min(most + 4));
    let mut pending_sep = false;
    let push = |out: &mut String, piece: &str, pending: &mut bool| {
        if *pending
            && !out.is_empty()
            && !out.ends_with(SEPARATORS)
            && let Some(sep) = sep
        {
            out.push(sep);
        }
        *pending = false;
        out.push_str(piece);
    };
    let mut buf = [0u8; 4];
    for ch in name.chars() {
        if out.len() > most {
            break;
        }
        if contract.charset.contains(ch) {
            if SEPARATORS.contains(&ch) && out.ends_with(SEPARATORS) && pending_sep {
                continue;
            }
            push(&mut out, ch.encode_utf8(&mut buf), &mut pending_sep);
        } else if let Some(ascii) =
            transliterate(ch).filter(|s| s.chars().all(|c| contract.charset.contains(c)))
        {
            push(&mut out, ascii, &mut pending_sep);
        } else {
            pending_sep = true;
        }
    }
    // A first character allowed in the body but not first: drop separators, else prefix.
    while out.starts_with(|c: char| !contract.first.allows(c) && SEPARATORS.contains(&c)) {
        out.remove(0);
    }
    if out.starts_with(|c: char| !contract.first.allows(c)) {
        out.insert_str(0, if sep == Some('_') { "tool_" } else { "tool" });
    }
    if out.is_empty() {
        out.push_str("tool");
    }
    out
}

/// The nearest name that passes every contract in `contracts` at once.
///
/// ```
/// use mcp_toolname_rules::{suggest_all, GEMINI, LLM_COMMON, MCP};
/// assert_eq!(suggest_all("1c.reload", &[&MCP, &LLM_COMMON, &GEMINI]), "tool_1c_reload");
/// ```
#[must_use]
pub fn suggest_all(name: &str, contracts: &[&Contract]) -> String {
    suggest_within(name, contracts, usize::MAX)
}

/// The nearest name that passes every contract in `contracts` and is at most `max_len`
/// characters long (a client's budget for the tool part).
///
/// A name too long is shortened by whole words (split at `_ - . :`, at changes of case and
/// between letters and digits, as [`crate::words`] splits): little words such as `the` and
/// `of` go first, then the words programmers abbreviate are abbreviated
/// ([`crate::abbreviation`]: `implementation` to `impl`), then the words before the verb,
/// the modifiers of the object and the qualifiers (`by_id`, `without_modifying`), keeping
/// the verb and the object to the last; once a form fits, dropped words that still fit come
/// back. Only when no whole-word form fits is a word cut. The same name, contracts and
/// length give the same fix wherever it is asked for: the macros, the registry's errors and
/// the CLI all call this.
///
/// ```
/// use mcp_toolname_rules::{suggest_within, LLM_COMMON};
/// assert_eq!(suggest_within("search.all.documents.by_title", &[&LLM_COMMON], 18), "search_all_docs");
/// assert_eq!(
///     suggest_within("send_mcp_implementation_posted_notification", &[&LLM_COMMON], 22),
///     "send_impl_posted_notif"
/// );
/// // No whole word fits in 4: cut.
/// assert_eq!(suggest_within("approve_queue", &[&LLM_COMMON], 4), "appr");
/// ```
#[must_use]
pub fn suggest_within(name: &str, contracts: &[&Contract], max_len: usize) -> String {
    let max = contracts
        .iter()
        .map(|c| c.max_len)
        .fold(max_len.max(1), usize::min);
    let passes = |s: &str| contracts.iter().all(|c| check(s, c).is_ok());
    if name.chars().count() <= max && passes(name) {
        return name.to_owned();
    }
    let mut current = name.to_owned();
    // Each pass only removes, replaces with `_` or ASCII letters or prefixes `tool_`, so a
    // later contract never undoes an earlier one for contracts that hold `A-Z a-z 0-9 _`;
    // a second pass covers any other.
    for _ in 0..2 {
        for contract in contracts {
            current = clean(&current, contract);
        }
    }
    // A form that is only the `tool` prefix a first character needed is no fix: go on.
    let fits = |s: &str| s.chars().count() <= max && passes(s) && readable(name, s);
    shorten(&current, &fits).unwrap_or_else(|| cut(current, max))
}

/// `name` cut to `max` characters, without separators at its end.
fn cut(mut name: String, max: usize) -> String {
    if let Some((i, _)) = name.char_indices().nth(max) {
        name.truncate(i);
    }
    while name.len() > 1 && name.ends_with(SEPARATORS) {
        name.pop();
    }
    name
}

/// What [`suggest_set`] proposes for one name of a set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SetFix {
    /// The name passes every contract and fits the length: keep it.
    Keep,
    /// Use this name instead: it passes every contract, fits the length, and differs (also
    /// in case) from every name in use and every other name proposed.
    Rename(String),
    /// No readable name can be made from this one (nothing in it has an ASCII form, so only
    /// a placeholder such as `tool` would be left); a person has to name it.
    NoReadable,
}

/// Suggestions for a set of names at once (one `check` call, one server's tool list): for
/// each of `names`, in order, [`SetFix::Keep`], a [`SetFix::Rename`] or
/// [`SetFix::NoReadable`].
///
/// Every proposed name passes every contract in `contracts`, has at most `max_len`
/// characters (`usize::MAX`: no limit beyond the contracts'), and differs, ignoring ASCII
/// case, from every name in `in_use`, every name of `names` and every name proposed before
/// it. It is the name [`suggest_within`] gives when that is free, else that name with `_2`,
/// `_3`... (cut to make room). A name whose nearest passing form is only a placeholder
/// (`tool`, from a name with no ASCII look-alike such as `代码规范文档`) gets
/// [`SetFix::NoReadable`].
///
/// ```
/// use mcp_toolname_rules::{suggest_set, SetFix, ALL};
/// let fixes = suggest_set(&["search documents", "代码规范文档", "ok"], &["search_documents"], ALL, usize::MAX);
/// assert_eq!(fixes, [SetFix::Rename("search_documents_2".into()), SetFix::NoReadable, SetFix::Keep]);
/// ```
#[must_use]
pub fn suggest_set(
    names: &[&str],
    in_use: &[&str],
    contracts: &[&Contract],
    max_len: usize,
) -> Vec<SetFix> {
    let fits = |name: &str| {
        name.chars().count() <= max_len && contracts.iter().all(|c| check(name, c).is_ok())
    };
    let mut taken: std::collections::HashSet<String> = in_use
        .iter()
        .chain(names)
        .map(|n| n.to_ascii_lowercase())
        .collect();
    let sep = ["_", "-", ""]
        .into_iter()
        .find(|s| {
            s.chars()
                .all(|c| contracts.iter().all(|k| k.charset.contains(c)))
        })
        .unwrap_or("");
    names
        .iter()
        .map(|name| {
            if fits(name) {
                return SetFix::Keep;
            }
            let base = suggest_within(name, contracts, max_len);
            if !readable(name, &base) {
                return SetFix::NoReadable;
            }
            let free = |candidate: &str| {
                fits(candidate) && !taken.contains(&candidate.to_ascii_lowercase())
            };
            let mut found = free(&base).then_some(base);
            // The name shortened to leave room for `sep` + a number, made again only when
            // the number grows a digit.
            let mut head: Option<(usize, String)> = None;
            for n in 2..1000 {
                if found.is_some() {
                    break;
                }
                let suffix = format!("{sep}{n}");
                let room = max_len.saturating_sub(suffix.len());
                if head.as_ref().is_none_or(|(r, _)| *r != room) {
                    let shortened = if room == 0 {
                        String::new()
                    } else {
                        suggest_within(name, contracts, room)
                    };
                    head = Some((room, shortened));
                }
                let candidate = head.as_ref().map_or(String::new(), |(_, h)| h.clone()) + &suffix;
                if free(&candidate) {
                    found = Some(candidate);
                }
            }
            match found {
                Some(fix) => {
                    taken.insert(fix.to_ascii_lowercase());
                    SetFix::Rename(fix)
                }
                None => SetFix::NoReadable,
            }
        })
        .collect()
}

/// Whether `fix` keeps something of `name` a reader can recognise: an ASCII letter or
/// digit, and not just the `tool` placeholder [`suggest`] falls back on.
fn readable(name: &str, fix: &str) -> bool {
    let core = if name.to_ascii_lowercase().contains("tool") {
        fix
    } else {
        fix.trim_start_matches("tool")
            .trim_start_matches(SEPARATORS)
    };
    core.chars().any(|c| c.is_ascii_alphanumeric())
}
