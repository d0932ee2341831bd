//! The learnt secrets, and the pass that masks them wherever they reappear: as written, in
//! the form a client or a suggestion makes of them (case changed, separators replaced,
//! collapsed or deleted), and in part (a cut name, a suggestion that keeps some of it).
//!
//! The one rule: a learnt value is masked wherever its *folded* form (ASCII letters and
//! digits only, lower case) occurs in the folded text; for a value learnt as a secret, any
//! [`MIN_PART`] folded characters of it in a row are masked too. The value as written is
//! masked first, so a value that has no letters or digits is still caught. What is masked
//! becomes a [`placeholder`] of its length; a placeholder already in the text is left as it
//! is (its words are not a secret's).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
#[cfg(not(test))]
use std::sync::{Mutex, PoisonError};

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

/// What a hidden value of `chars` characters is shown as: `<hidden, 40 chars>`.
#[must_use]
pub fn placeholder(chars: usize) -> String {
    format!("{PLACEHOLDER_HEAD}{chars}{PLACEHOLDER_TAIL}")
}

const PLACEHOLDER_HEAD: &str = "<hidden, ";
const PLACEHOLDER_TAIL: &str = " chars>";

/// Where the first [`placeholder`] in `text` starts and ends, if any.
fn next_placeholder(text: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(at) = text[from..].find(PLACEHOLDER_HEAD).map(|a| from + a) {
        let digits = &text[at + PLACEHOLDER_HEAD.len()..];
        let n = digits.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 && digits[n..].starts_with(PLACEHOLDER_TAIL) {
            return Some((at, at + PLACEHOLDER_HEAD.len() + n + PLACEHOLDER_TAIL.len()));
        }
        from = at + 1;
    }
    None
}

/// Whether `text` is one [`placeholder`] and nothing else.
#[must_use]
pub fn is_placeholder(text: &str) -> bool {
    next_placeholder(text) == Some((0, text.len()))
}

/// Shortest learned value replaced wherever it appears: shorter ones (`1`, `on`) would
/// blank ordinary words. They are still masked where they stand in a command line.
const MIN_SCRUB: usize = 4;
/// Shortest value whose name says secret (`PIN=123`) masked where it stands alone as a word
/// of its own (not inside `1234` or `v123`): two characters are guessed in a hundred tries,
/// and masking every `10` or `on` would blank a report's counts and words.
const MIN_SHORT: usize = 3;
/// The same for `env` values whose name does not say secret (`NODE_ENV=production`).
const MIN_SCRUB_PLAIN_ENV: usize = 8;
/// Fewest folded characters of a learnt value matched in another form: the folded form of
/// a shorter value (`ab-c`) would match ordinary words across their separators. It is also
/// the length of a part of a secret masked on its own.
pub const MIN_PART: usize = 8;

struct Learnt {
    value: String,
    /// ASCII letters and digits of `value`, lower-cased.
    folded: String,
    /// Whether each [`MIN_PART`] characters of it are masked too (a secret, not a plain
    /// `env` value, whose parts are everyday words: a path, a host).
    parts: bool,
    /// Whether it is one word of letters (`stdio`, `orange`): as a plain value, masked only
    /// where it stands alone, since a name that holds such a word (`stdio_bridge`) more
    /// likely shares it than comes from it.
    word: bool,
    /// Whether it is shorter than [`MIN_SCRUB`] (a secret `PIN=123`): masked only where it
    /// stands alone, secret or not, since such a run is in many other words and numbers.
    short: bool,
}

struct State {
    shown: bool,
    /// Learned values, in the order learned.
    values: Vec<Learnt>,
    /// Where each value stands in `values`: learning one is a look-up, not a scan.
    index: Option<HashMap<String, usize>>,
    /// Every [`MIN_PART`] folded characters in a row of a secret.
    parts: Option<HashSet<[u8; MIN_PART]>>,
    /// The values learned before its making, as matchers; those learned since are matched
    /// one by one until there are enough of them to make it again.
    matchers: Option<Matchers>,
    /// How many times the matchers were made.
    builds: usize,
}

/// The first `count` learned values as matchers: one pass over a text, however many.
struct Matchers {
    count: usize,
    /// Each value as written (pattern `i` is value `i`), the longest where two start at one
    /// place.
    written: AhoCorasick,
    /// The folded form of each plain value of [`MIN_PART`] characters or more, masked whole.
    whole: Option<AhoCorasick>,
    /// For each pattern of `whole`, its value.
    whole_values: Vec<usize>,
}

impl Matchers {
    fn new(values: &[Learnt]) -> Option<Self> {
        // A noncontiguous NFA: made in time linear in the values' length, where a DFA of a
        // long value of one repeated letter (`yyyy...`) takes time quadratic in it.
        let written = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::NoncontiguousNFA))
            .build(values.iter().map(|v| v.value.as_str()))
            .ok()?;
        let whole_values: Vec<usize> = (0..values.len())
            .filter(|&i| !values[i].parts && values[i].folded.len() >= MIN_PART)
            .collect();
        let whole = if whole_values.is_empty() {
            None
        } else {
            Some(
                AhoCorasick::builder()
                    .kind(Some(AhoCorasickKind::NoncontiguousNFA))
                    .build(whole_values.iter().map(|&i| values[i].folded.as_str()))
                    .ok()?,
            )
        };
        Some(Self {
            count: values.len(),
            written,
            whole,
            whole_values,
        })
    }

    /// Whether the values learned since are enough to make the matchers again: past the
    /// square root of all, so a text meets few one by one and the making costs
    /// no more than the texts it serves.
    fn stale(matchers: Option<&Self>, learned: usize) -> bool {
        matchers.is_none_or(|m| (learned - m.count).pow(2) > learned.max(64))
    }
}

/// What [`text`] masks with.
struct Masks<'a> {
    values: &'a [Learnt],
    matchers: Option<&'a Matchers>,
    parts: Option<&'a HashSet<[u8; MIN_PART]>>,
}

impl<'a> Masks<'a> {
    /// The values learned after the matchers were made.
    fn since(&self) -> &'a [Learnt] {
        &self.values[self.matchers.map_or(0, |m| m.count)..]
    }
}

/// The process's learned values: learned on any thread (a server's start), masked on any
/// (the emit layer).
#[cfg(not(test))]
static STATE: Mutex<State> = Mutex::new(State::new());

#[cfg(test)]
thread_local! {
    /// Each unit test's own learned values: tests run at once on their own threads, and what
    /// one learns must not mask what another checks is shown.
    static STATE: std::cell::RefCell<State> = const { std::cell::RefCell::new(State::new()) };
}

impl State {
    const fn new() -> Self {
        Self {
            shown: false,
            values: Vec::new(),
            index: None,
            parts: None,
            matchers: None,
            builds: 0,
        }
    }
}

/// `f` of the learned values.
#[cfg(not(test))]
fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    f(&mut STATE.lock().unwrap_or_else(PoisonError::into_inner))
}

/// `f` of this test's learned values.
#[cfg(test)]
fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with(|state| f(&mut state.borrow_mut()))
}

/// `--show-secrets`: write everything as it is.
pub fn show_secrets(shown: bool) {
    with(|state| state.shown = shown);
}

/// Whether `--show-secrets` is on.
#[must_use]
pub fn secrets_shown() -> bool {
    with(|state| state.shown)
}

/// Remembers `value` so that [`text`] masks it everywhere; `plain` marks an `env` value
/// whose name does not say secret (learned only when long, and never masked in part).
pub fn learn(value: &str, plain: bool) {
    learn_as_is(value, plain);
    // A report escapes what it shows (a backtick, a tab, a control character as `\u{..}`)
    // before the sink masks secrets: the escaped form is a secret too.
    let escaped = mcp_toolname_rules::message::show_text(value);
    if escaped != value {
        learn_as_is(&escaped, plain);
    }
}

/// Remembers `value`, hidden where it stood though its shape is plain (`--password orange`),
/// so that [`text`] masks it whole wherever it appears, from [`MIN_SCRUB`] characters (not in
/// part: its parts are everyday words).
pub fn learn_whole(value: &str) {
    learn_min(value, true, MIN_SCRUB);
    let escaped = mcp_toolname_rules::message::show_text(value);
    if escaped != value {
        learn_min(&escaped, true, MIN_SCRUB);
    }
}

/// Remembers a secret shorter than [`MIN_SCRUB`] characters, from [`MIN_SHORT`] (an `env`
/// value whose name says secret: `PIN=123`), so that [`text`] masks it where it stands as a
/// word of its own: a server that echoes `pin 123 accepted` has it masked, `1234` keeps it.
pub fn learn_short(value: &str) {
    if value.chars().count() < MIN_SCRUB {
        learn_min(value, false, MIN_SHORT);
    }
}

/// [`learn`] of `value` as written.
fn learn_as_is(value: &str, plain: bool) {
    let min = if plain {
        MIN_SCRUB_PLAIN_ENV
    } else {
        MIN_SCRUB
    };
    learn_min(value, plain, min);
}

/// [`learn_as_is`] from `min` characters.
fn learn_min(value: &str, plain: bool, min: usize) {
    if value.chars().count() < min || is_placeholder(value) {
        return;
    }
    with(|state| state.learn(value, plain));
}

impl State {
    /// Remembers `value` (a secret, or a `plain` value masked whole only).
    fn learn(&mut self, value: &str, plain: bool) {
        let index = self.index.get_or_insert_with(HashMap::new);
        let at = if let Some(&at) = index.get(value) {
            if plain || self.values[at].parts || self.values[at].short {
                return;
            }
            self.values[at].parts = true;
            at
        } else {
            index.insert(value.to_owned(), self.values.len());
            self.values.push(Learnt {
                value: value.to_owned(),
                folded: fold(value),
                parts: !plain && value.chars().count() >= MIN_SCRUB,
                word: value.bytes().all(|b| b.is_ascii_alphabetic()),
                short: value.chars().count() < MIN_SCRUB,
            });
            self.values.len() - 1
        };
        if !plain {
            let parts = self.parts.get_or_insert_with(HashSet::new);
            for w in self.values[at].folded.as_bytes().windows(MIN_PART) {
                if let Ok(w) = <[u8; MIN_PART]>::try_from(w) {
                    parts.insert(w);
                }
            }
        }
    }

    /// `text` with every learned value masked.
    fn mask(&mut self, text: &str) -> String {
        if self.values.is_empty() {
            return text.to_owned();
        }
        if Matchers::stale(self.matchers.as_ref(), self.values.len()) {
            self.matchers = Matchers::new(&self.values);
            self.builds += 1;
        }
        let masks = Masks {
            values: &self.values,
            matchers: self.matchers.as_ref(),
            parts: self.parts.as_ref().filter(|p| !p.is_empty()),
        };
        around_placeholders(text, |stretch| mask_between(stretch, &masks)).into_owned()
    }
}

/// The ASCII letters and digits of `text`, lower-cased.
fn fold(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// `text` with every learned value masked by the rule of this module (unchanged under
/// `--show-secrets`); the placeholders in it are kept as they are.
#[must_use]
pub fn text(text: &str) -> String {
    with(|state| {
        if state.shown {
            text.to_owned()
        } else {
            state.mask(text)
        }
    })
}

/// How far masking reaches: the most bytes of the longest learned value (one match of any
/// pass, written or folded, covers at most that many letters and digits), or 0 when [`text`]
/// changes nothing (nothing learned, or `--show-secrets`).
#[must_use]
pub fn reach() -> usize {
    with(|state| {
        if state.shown {
            0
        } else {
            state
                .values
                .iter()
                .map(|v| v.value.len())
                .max()
                .unwrap_or(0)
        }
    })
}

/// `text` with `mask` applied to each stretch between its placeholders (which stay as they
/// are); borrowed when nothing changed, so a long text is not copied for nothing.
fn around_placeholders<'a>(text: &'a str, mask: impl Fn(&str) -> Cow<'_, str>) -> Cow<'a, str> {
    if next_placeholder(text).is_none() {
        return match mask(text) {
            Cow::Borrowed(_) => Cow::Borrowed(text),
            Cow::Owned(masked) => Cow::Owned(masked),
        };
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((start, end)) = next_placeholder(rest) {
        out.push_str(&mask(&rest[..start]));
        out.push_str(&rest[start..end]);
        rest = &rest[end..];
    }
    out.push_str(&mask(rest));
    Cow::Owned(out)
}

/// [`text`] of a stretch with no placeholder in it.
fn mask_between<'a>(text: &'a str, masks: &Masks<'_>) -> Cow<'a, str> {
    let mut out = match masks.matchers {
        Some(m) => replace_all(text, masks.values, m),
        None => Cow::Borrowed(text),
    };
    for learnt in masks.since() {
        if out.contains(learnt.value.as_str()) {
            out = Cow::Owned(replace(&out, learnt));
        }
    }
    let folds = masks.parts.is_some()
        || masks.matchers.is_some_and(|m| m.whole.is_some())
        || masks.since().iter().any(|v| v.folded.len() >= MIN_PART);
    if !folds {
        return out;
    }
    // The placeholders just written are not text to fold.
    let folded =
        around_placeholders(&out, |stretch| folded::mask_folded(stretch, masks)).into_owned();
    if folded == *out {
        out
    } else {
        Cow::Owned(folded)
    }
}

/// Whether `value` found at `at..end` of `text` is masked there: a secret, or a plain value
/// of more than one word of letters (`tok-alone-5531`), anywhere; a plain word (`orange`,
/// `stdio`) only where it stands as a word of its own: inside a longer word or name
/// (`oranges`, `stdio_server`, `stdio-bridge`) it is that name, not the value, and a name a
/// server chose is never rewritten for a word it shares with a hidden one. A [`learn_short`]
/// value, too, only where it stands alone.
fn masked_at(text: &str, at: usize, end: usize, learnt: &Learnt) -> bool {
    if !learnt.short && (learnt.parts || !learnt.word) {
        return true;
    }
    let value = learnt.value.as_str();
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    stands_alone(
        text,
        at,
        end,
        alnum(value.chars().next()),
        alnum(value.chars().next_back()),
    )
}

/// Whether `text[at..end]` is not part of a longer word or name: no letter or digit beside
/// it, nor `_` or `-` and then one. `open_start` and `open_end` say whether its first and
/// last characters are letters or digits, which a neighbour could join.
fn stands_alone(text: &str, at: usize, end: usize, open_start: bool, open_end: bool) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let joiner = |c: Option<char>| c.is_some_and(|c| c == '_' || c == '-');
    let mut before = text[..at].chars().rev();
    let (b1, b2, b3) = (before.next(), before.next(), before.next());
    let mut after = text[end..].chars();
    let (a1, a2) = (after.next(), after.next());
    // `-pVALUE` written as one word (a short flag's attached value, echoed): the value.
    let attached = b1.is_some_and(|c| c.is_ascii_alphabetic())
        && b2 == Some('-')
        && !b3.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
    let joined_before = open_start && !attached && (alnum(b1) || joiner(b1) && alnum(b2));
    let joined_after = open_end && (alnum(a1) || joiner(a1) && alnum(a2));
    !(joined_before || joined_after)
}

/// `text` with each value the matchers know, as written, replaced by a [`placeholder`] where
/// [`masked_at`].
fn replace_all<'a>(text: &'a str, learnt: &[Learnt], matchers: &Matchers) -> Cow<'a, str> {
    let mut out = String::new();
    let mut done = 0;
    for found in matchers.written.find_iter(text) {
        let value = &learnt[found.pattern().as_usize()];
        if !masked_at(text, found.start(), found.end(), value) {
            continue;
        }
        out.push_str(&text[done..found.start()]);
        out.push_str(&placeholder(value.value.chars().count()));
        done = found.end();
    }
    if done == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[done..]);
    Cow::Owned(out)
}

/// `text` with each occurrence of `learnt` as written replaced by a [`placeholder`] where
/// [`masked_at`].
fn replace(text: &str, learnt: &Learnt) -> String {
    let value = learnt.value.as_str();
    let mask = placeholder(value.chars().count());
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for (at, _) in text.match_indices(value) {
        if at < done || !masked_at(text, at, at + value.len(), learnt) {
            continue;
        }
        out.push_str(&text[done..at]);
        out.push_str(&mask);
        done = at + value.len();
    }
    out.push_str(&text[done..]);
    out
}

mod folded;
#[cfg(test)]
mod tests;
