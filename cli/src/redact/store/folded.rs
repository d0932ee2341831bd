//! The folded pass of [`super::text`]: a learnt value in the form a client or a suggestion
//! makes of it (case changed, separators replaced, collapsed or deleted), matched on the
//! text's ASCII letters and digits, lower-cased.

use std::borrow::Cow;
use std::collections::HashMap;

use super::{Learnt, MIN_PART, Masks, placeholder, stands_alone};

/// Where in `text` the folded characters that start and end each of `hits` stand.
fn byte_offsets(text: &str, hits: &[(usize, usize)]) -> HashMap<usize, usize> {
    let mut wanted: Vec<usize> = hits.iter().flat_map(|&(s, e)| [s, e - 1]).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut offsets = HashMap::with_capacity(wanted.len());
    let mut next = wanted.iter().peekable();
    for (k, (at, _)) in text
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphanumeric())
        .enumerate()
    {
        while next.next_if(|&&w| w == k).is_some() {
            offsets.insert(k, at);
        }
        if next.peek().is_none() {
            break;
        }
    }
    offsets
}

/// `text` with each run of characters whose folded form is a learnt plain value (or holds
/// [`MIN_PART`] folded characters in a row of a secret) replaced by a [`placeholder`], from
/// its first letter or digit to its last.
pub(super) fn mask_folded<'a>(text: &'a str, masks: &Masks<'_>) -> Cow<'a, str> {
    // One byte a letter or digit for the folded text and one for its mark: a 10 MB name
    // costs 20 MB here, not the 8 bytes a character that byte offsets would.
    let folded: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mut marked = vec![false; folded.len()];
    if let Some(parts) = masks.parts {
        for (i, w) in folded.windows(MIN_PART).enumerate() {
            if <[u8; MIN_PART]>::try_from(w).is_ok_and(|w| parts.contains(&w)) {
                marked[i..i + MIN_PART].fill(true);
            }
        }
    }
    // A plain value's folded form, where it is not part of a longer name in the text.
    let mut plain_hits = Vec::new();
    let mut hit = |start: usize, end: usize, value: &Learnt| {
        if value.word {
            plain_hits.push((start, end));
        } else {
            marked[start..end].fill(true);
        }
    };
    if let Some(m) = masks.matchers
        && let Some(whole) = &m.whole
    {
        for found in whole.find_overlapping_iter(&folded) {
            let value = &masks.values[m.whole_values[found.pattern().as_usize()]];
            hit(found.start(), found.end(), value);
        }
    }
    for value in masks.since().iter().filter(|v| !v.parts) {
        let f = value.folded.as_bytes();
        if f.len() < MIN_PART || f.len() > folded.len() {
            continue;
        }
        for (i, w) in folded.windows(f.len()).enumerate() {
            if w == f {
                hit(i, i + f.len(), value);
            }
        }
    }
    if !plain_hits.is_empty() {
        let offsets = byte_offsets(text, &plain_hits);
        for (start, end) in plain_hits {
            let (at, last) = (offsets[&start], offsets[&(end - 1)]);
            if stands_alone(text, at, last + 1, true, true) {
                marked[start..end].fill(true);
            }
        }
    }
    if !marked.contains(&true) {
        return Cow::Borrowed(text);
    }
    drop(folded);
    // Each run of marked letters and digits, from its first to its last, becomes one
    // placeholder.
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    let mut k = 0;
    let mut run_start = None;
    let mut run_end = 0;
    for (i, c) in text.char_indices() {
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        if marked[k] {
            run_start.get_or_insert(i);
            run_end = i + 1;
        }
        let run_ends = marked[k] && marked.get(k + 1) != Some(&true);
        if let (true, Some(start)) = (run_ends, run_start) {
            out.push_str(&text[written..start]);
            out.push_str(&placeholder(text[start..run_end].chars().count()));
            written = run_end;
            run_start = None;
        }
        k += 1;
    }
    out.push_str(&text[written..]);
    Cow::Owned(out)
}
