//! Tool names a model can take for one another though they differ in more than case and
//! separators: the same words in another order (`search_items`, `item_search`), one word
//! plural in one and singular in the other (`get_skill`, `get_skills`), a verb swapped for
//! its near-synonym (`list_skills`, `get_skills`), or one letter apart (`get_status`,
//! `get_stats`). Such a pair is only worth a warning when something else says the two tools
//! are alike too ([`Evidence`]): the same input shape, or near-identical descriptions.
//!
//! Every pair of a list is found through keys, never by comparing each name with each other
//! name: grouping by the words' bag, and by each name with one letter left out (a deletion
//! neighbourhood), so a list of n names costs about n × (its longest name) key lookups.

use crate::words::{is_filler, is_opener, words};

/// How two names are alike. Ordered from the most to the least telling; a pair is said once,
/// as the first that fits.
///
/// ```
/// use mcp_toolname_rules::{Likeness, likeness};
/// assert_eq!(likeness("get_skill", "get_skills"), Some(Likeness::Number));
/// assert_eq!(likeness("search_items", "item_search"), Some(Likeness::WordOrder));
/// assert_eq!(likeness("list_skills", "get_skills"), Some(Likeness::Synonym));
/// assert_eq!(likeness("get_status", "get_stats"), Some(Likeness::Spelling));
/// assert_eq!(likeness("get_user", "delete_user"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Likeness {
    /// The same words, but one is plural in one name and singular in the other.
    Number,
    /// The same words (plural or singular alike) in another order.
    WordOrder,
    /// The same words but for a verb swapped for its near-synonym (`get`, `list`, `fetch`).
    Synonym,
    /// One letter apart: one letter added, dropped, changed, or two neighbours swapped
    /// (digits are never counted: `tool_1` and `tool_2` are numbered on purpose).
    Spelling,
}

impl Likeness {
    /// The words a message uses for it.
    ///
    /// ```
    /// use mcp_toolname_rules::Likeness;
    /// assert_eq!(Likeness::WordOrder.said(), "have the same words in another order");
    /// ```
    #[must_use]
    pub const fn said(self) -> &'static str {
        match self {
            Self::Number => "differ only in a plural",
            Self::WordOrder => "have the same words in another order",
            Self::Synonym => "differ only in a verb of the same meaning",
            Self::Spelling => "are one letter apart",
        }
    }

    /// Its name in JSON: `number`, `word_order`, `synonym`, `spelling`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Number => "number",
            Self::WordOrder => "word_order",
            Self::Synonym => "synonym",
            Self::Spelling => "spelling",
        }
    }
}

/// What says that two alike names are two alike tools, not two tools that happen to share
/// words: the same input shape, or descriptions whose words overlap by at least
/// [`DESCRIPTIONS_ALIKE`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evidence {
    /// Both tools take the same input, and some: the same argument names with the same
    /// types (the CLI), or the same `Parameters<T>` type (the build). Two tools that take
    /// nothing say nothing of each other, so that is never the same shape.
    pub same_shape: bool,
    /// The overlap of the two descriptions' words ([`overlap`]), from 0 to 1; 0 when either
    /// is empty or unknown.
    pub descriptions: f64,
}

/// The least [`overlap`] of two descriptions' words that reads as near-identical: three in
/// five of all the words the two use are in both. Chosen on public servers (the false
/// positives measured are in `docs/lints.md`, lint `confusable`): at one half, two short
/// descriptions that differ in their one telling word (`tool 3`, `tool 4`) already met it.
pub const DESCRIPTIONS_ALIKE: f64 = 0.6;

impl Evidence {
    /// Whether the evidence is enough to warn.
    ///
    /// ```
    /// use mcp_toolname_rules::Evidence;
    /// assert!(Evidence { same_shape: true, descriptions: 0.0 }.holds());
    /// assert!(Evidence { same_shape: false, descriptions: 0.8 }.holds());
    /// assert!(!Evidence { same_shape: false, descriptions: 0.5 }.holds());
    /// ```
    #[must_use]
    pub fn holds(self) -> bool {
        self.same_shape || self.descriptions >= DESCRIPTIONS_ALIKE
    }

    /// What holds, in words: `the same input`, `near-identical descriptions` or both.
    #[must_use]
    pub fn said(self) -> &'static str {
        match (self.same_shape, self.descriptions >= DESCRIPTIONS_ALIKE) {
            (true, true) => "take the same input and have near-identical descriptions",
            (true, false) => "take the same input",
            _ => "have near-identical descriptions",
        }
    }
}

/// Verbs of one meaning to a model choosing a tool, each group's first the one the others
/// are read as. This project's list (2026-12), from the verbs public MCP servers open their
/// tool names with; `search_files` and `find_files` are the confusion a public report of
/// agent failures names (agentbeck.bot report 16790, 2026-06-17).
const SYNONYMS: &[&[&str]] = &[
    &["get", "list", "fetch", "retrieve", "read", "show", "load"],
    &["find", "search", "query", "lookup", "look"],
    &["create", "add", "new", "insert", "make"],
    &["update", "edit", "modify", "patch", "change"],
    &["delete", "remove", "rm", "drop", "destroy", "del"],
    &["run", "execute", "exec", "invoke", "call"],
];

/// The most names one key may gather before its group is left out: past it the names are a
/// generated family (`tool_a`, `tool_b`, ...), not slips, and pairs would grow as its square.
pub const GROUP_LIMIT: usize = 64;

/// The most pairs one list compares: a list made to defeat the groups (thousands of names one
/// letter from each other) costs a bounded time, its pairs past this left unsaid.
pub const PAIR_LIMIT: usize = 100_000;

/// The fewest letters a name needs before one letter apart counts: `get`/`set` and
/// `add`/`and` are other words, not slips.
const SPELLING_MIN_LETTERS: usize = 6;

/// The longest name (in bytes) whose one-letter neighbours are made: each costs a copy of the
/// name per letter, so a 10 MB name would ask for terabytes. Past 64 a name breaks every LLM
/// API's limit already, which its own finding says.
const SPELLING_MAX_LEN: usize = 64;

/// The longest name (in bytes) paired at all: the MCP spec's limit (128).
const PAIRED_MAX_LEN: usize = 128;

/// `word` lower-cased, made singular by its English ending (`entries` to `entry`, `classes`
/// to `class`, `skills` to `skill`); a word of three letters or fewer, or ending in `ss`,
/// `us` or `is`, is kept.
fn singular(word: &str) -> String {
    let w = word.to_lowercase();
    if w.chars().count() <= 3 || !w.is_ascii() {
        return w;
    }
    if let Some(stem) = w.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["sses", "xes", "ches", "shes", "zes"] {
        if w.ends_with(ending) {
            return w[..w.len() - 2].to_owned();
        }
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return w;
    }
    w.strip_suffix('s').map_or(w.clone(), str::to_owned)
}

/// The head of `word`'s synonym group, or `word`.
fn head(word: &str) -> &str {
    SYNONYMS
        .iter()
        .find(|g| g.contains(&word))
        .map_or(word, |g| g[0])
}

/// The keys one name is grouped by.
struct Keys {
    /// Lower case, separators gone: `look_alike_key` without `_`.
    plain: String,
    /// Singular words in order.
    singular: String,
    /// Singular words, sorted.
    bag: String,
    /// Words as written (lower case), each verb read as its group's head, sorted.
    meaning: String,
}

fn keys(name: &str) -> Keys {
    let ws: Vec<String> = words(name).iter().map(|w| singular(w)).collect();
    let mut sorted = ws.clone();
    sorted.sort();
    // Verbs read as one, every other word as written: `list_alerts` and `get_alert` are a
    // list and one of it (the usual pair of a REST API), not a verb swapped.
    let lower: Vec<String> = words(name).iter().map(|w| w.to_lowercase()).collect();
    let mut heads: Vec<&str> = lower.iter().map(|w| head(w)).collect();
    heads.sort_unstable();
    Keys {
        plain: name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect(),
        singular: ws.join("_"),
        bag: sorted.join("_"),
        meaning: heads.join("_"),
    }
}

/// How `a` and `b` are alike, if they are ([`Likeness`]); `None` for names that are one
/// under [`look_alike_key`](crate::look_alike_key) (those are `look_alike`'s).
#[must_use]
pub fn likeness(a: &str, b: &str) -> Option<Likeness> {
    let (ka, kb) = (keys(a), keys(b));
    if ka.plain == kb.plain {
        return None;
    }
    if ka.singular == kb.singular {
        Some(Likeness::Number)
    } else if ka.bag == kb.bag {
        Some(Likeness::WordOrder)
    } else if ka.meaning == kb.meaning {
        Some(Likeness::Synonym)
    } else if one_letter_apart(&ka.plain, &kb.plain) {
        Some(Likeness::Spelling)
    } else {
        None
    }
}

fn letters(key: &str) -> usize {
    key.chars().filter(|c| c.is_alphabetic()).count()
}

fn one_letter_apart(a: &str, b: &str) -> bool {
    a.len().max(b.len()) <= SPELLING_MAX_LEN
        && letters(a).min(letters(b)) >= SPELLING_MIN_LETTERS
        && digits(a) == digits(b)
        && crate::distance_within(a, b, 1).is_some()
}

fn digits(key: &str) -> String {
    key.chars().filter(char::is_ascii_digit).collect()
}

/// One key of one name for [`alike_pairs`]: `len` bytes of a text from `start`, less the
/// bytes `cut` (relative to `start`; empty for the key whole). A plain key with each one of
/// its letters cut in turn, and whole, is its deletion neighbourhood: two keys one letter
/// apart share one of these.
#[derive(Clone)]
struct Span {
    start: usize,
    len: usize,
    cut: std::ops::Range<usize>,
    name: usize,
}

impl Span {
    fn bytes<'a>(&self, text: &'a str) -> impl Iterator<Item = &'a u8> + use<'a> {
        let key = &text.as_bytes()[self.start..self.start + self.len];
        key[..self.cut.start].iter().chain(&key[self.cut.end..])
    }
}

/// Every alike pair of `names`, as indices into it (the earlier first), with how they are
/// alike, in the order of the earlier name, then the later. Names equal under
/// [`look_alike_key`](crate::look_alike_key), and repeats, are never paired. A key that
/// gathers more than [`GROUP_LIMIT`] names is left out, and at most [`PAIR_LIMIT`] pairs are
/// compared.
///
/// ```
/// use mcp_toolname_rules::{Likeness, alike_pairs};
/// let names = ["get_skill", "list_users", "get_skills", "tool_1", "tool_2"];
/// assert_eq!(alike_pairs(&names), [(0, 2, Likeness::Number)]);
/// ```
#[must_use]
pub fn alike_pairs(names: &[&str]) -> Vec<(usize, usize, Likeness)> {
    // Every (key, name), sorted so that a key's names are side by side: each key a span of
    // one text (a kind letter, then the key), a spelling neighbour the span of its name's
    // plain key less one letter. Most keys gather one name: a map of each to a list of its
    // own, or a copy of each neighbour, would hold many times what the names take.
    let mut text = String::new();
    let mut keyed: Vec<Span> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        // A name past the spec's 128 characters has a finding of its own, and its keys would
        // be several copies of it held at once (a 10 MB name, tens of MB).
        if name.len() > PAIRED_MAX_LEN {
            continue;
        }
        let k = keys(name);
        let mut put = |kind: char, key: &str| {
            let start = text.len();
            text.push(kind);
            text.push_str(key);
            Span {
                start,
                len: text.len() - start,
                cut: 0..0,
                name: i,
            }
        };
        let bag = put('b', &k.bag);
        keyed.push(bag);
        let meaning = put('m', &k.meaning);
        keyed.push(meaning);
        if k.plain.len() <= SPELLING_MAX_LEN && letters(&k.plain) >= SPELLING_MIN_LETTERS {
            let whole = put('n', &k.plain);
            let letters = k.plain.char_indices().filter(|(_, c)| c.is_alphabetic());
            let cuts: Vec<Span> = letters
                .map(|(at, c)| Span {
                    cut: at + 1..at + 1 + c.len_utf8(),
                    ..whole
                })
                .collect();
            keyed.push(whole);
            keyed.extend(cuts);
        }
    }
    keyed.sort_unstable_by(|a, b| a.bytes(&text).cmp(b.bytes(&text)).then(a.name.cmp(&b.name)));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut at = 0;
    while at < keyed.len() {
        let run = keyed[at..]
            .iter()
            .take_while(|k| k.bytes(&text).eq(keyed[at].bytes(&text)))
            .count();
        let mut group: Vec<usize> = keyed[at..at + run].iter().map(|k| k.name).collect();
        group.dedup();
        if group.len() > 1 && group.len() <= GROUP_LIMIT {
            groups.push(group);
        }
        at += run;
    }
    drop((text, keyed));
    // In the groups' own order, whatever the keys, so that where the budget ends is the same in every run.
    groups.sort_unstable();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut budget = PAIR_LIMIT;
    for group in &groups {
        for (x, &i) in group.iter().enumerate() {
            for &j in &group[x + 1..] {
                if names[i] == names[j] || !seen.insert((i, j)) {
                    continue;
                }
                if budget == 0 {
                    break;
                }
                budget -= 1;
                if let Some(how) = likeness(names[i], names[j]) {
                    out.push((i, j, how));
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The words of a description as [`overlap`] compares them: lower case, singular, without
/// the little words (`the`, `of`, `for`), each kept as a 64-bit FNV-1a hash so that a
/// caller need not hold the server's text; sorted, no repeats, at most 256 (the first).
///
/// ```
/// use mcp_toolname_rules::{description_words, overlap};
/// let a = description_words("List the skills of a user.");
/// let b = description_words("Get the skills of the user");
/// assert!((overlap(&a, &b) - 0.5).abs() < 1e-9);
/// ```
#[must_use]
pub fn description_words(text: &str) -> Vec<u64> {
    let mut out: Vec<u64> = words(text)
        .into_iter()
        .filter(|w| !is_filler(w) && !is_opener(w))
        .take(256)
        .map(|w| fnv(&singular(w)))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn fnv(word: &str) -> u64 {
    word.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The Jaccard overlap of two sets from [`description_words`]: the words in both over the
/// words in either, from 0 to 1; 0 when either is empty.
#[must_use]
#[allow(clippy::cast_precision_loss)] // at most 512 words
pub fn overlap(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let (mut i, mut j, mut both) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both += 1;
                i += 1;
                j += 1;
            }
        }
    }
    both as f64 / (a.len() + b.len() - both) as f64
}

#[cfg(test)]
mod tests;
