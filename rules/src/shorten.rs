//! Shortening a name by whole words: what a fix does when a name is too long for a contract
//! or a client's budget. Words are dropped or abbreviated, never cut, while any whole-word
//! form fits; the verb and the object stay to the last.
//!
//! The steps, each tried in turn until the name fits (`fits`: the length and every contract):
//! 1. drop the little words (`the`, `of`, `a`);
//! 2. abbreviate the words programmers abbreviate (`implementation` to `impl`), the one
//!    that saves most first;
//! 3. drop the words before the verb (`browser_` in `browser_generate_test`);
//! 4. drop the modifiers of the object, left to right (`official`, `mirror` in
//!    `approve_official_mirror_queue_item`), words with digits last;
//! 5. drop the qualifiers (`without_modifying`, `by_id`), the last first: their inner words,
//!    then the qualifier whole;
//! 6. drop the object, leaving the verb; else one unit alone (the object first), else one
//!    word alone.
//!
//! Once a form fits, the dropped words are offered back, the last dropped first, and each
//! that still fits is kept: a budget is used, not wasted. Only when no whole-word form fits
//! at all does [`crate::suggest_within`] cut inside a word.

use crate::words::{Unit, abbreviation, is_filler, is_opener, is_verb, units};

/// One change to the name: abbreviate a unit, or drop units (a qualifier goes whole).
#[derive(Debug, Clone)]
enum Step {
    Abbreviate(usize),
    Drop(Vec<usize>),
}

/// Whether a step is undone, once the name fits, where the name still fits without it.
#[derive(Debug, Clone, Copy)]
enum Back {
    /// Never: a little word, or the object once only the verb fitted.
    Never,
    /// Always (an abbreviation, a word before the verb, a whole qualifier).
    Always,
    /// Only while unit `i` is kept: a modifier with its object, a word of a qualifier with
    /// the word that opens it.
    With(usize),
}

/// The units of a name, each kept or dropped, whole or abbreviated.
struct Plan<'a> {
    units: Vec<Unit<'a>>,
    tail: &'a str,
    short: Vec<Option<String>>,
    kept: Vec<bool>,
}

impl Plan<'_> {
    fn apply(&mut self, step: &Step, on: bool) {
        match step {
            Step::Abbreviate(i) => {
                if on {
                    self.short[*i] = abbreviate_unit(self.units[*i].text);
                } else {
                    self.short[*i] = None;
                }
            }
            Step::Drop(group) => {
                for &i in group {
                    self.kept[i] = !on;
                }
            }
        }
    }

    /// The name as it now stands. Between two kept units stands the joiner of the first
    /// unit after the earlier one that has one (so `get_user_by_id` less `user` is
    /// `get_by_id`, `getUserById` less `User` is `getById`); the name's lead and tail stay
    /// with its first and last unit.
    fn render(&self) -> String {
        let mut out = String::new();
        let mut gap: Option<&str> = None;
        let mut any = false;
        for (i, unit) in self.units.iter().enumerate() {
            if !self.kept[i] {
                if any && gap.is_none_or(str::is_empty) {
                    gap = Some(unit.joiner);
                }
                continue;
            }
            let text = self.short[i].as_deref().unwrap_or(unit.text);
            if any {
                let mut joiner = if unit.joiner.is_empty() {
                    gap.unwrap_or("")
                } else {
                    unit.joiner
                };
                // Two units glued where a dropped one stood may read as other words
                // (`B` + `By` is `BBy`, read `BB` `y`): a `_` keeps them apart.
                if joiner.is_empty() && !splits_apart(&out, text) {
                    joiner = "_";
                }
                out.push_str(joiner);
            } else if i == 0 {
                out.push_str(unit.joiner);
            }
            out.push_str(text);
            any = true;
            gap = None;
        }
        if self.kept.last() == Some(&true) {
            out.push_str(self.tail);
        }
        out
    }
}

/// Whether `before` and `after`, glued, still read as the words of each: the last word of
/// `before` and the first of `after` stay two.
fn splits_apart(before: &str, after: &str) -> bool {
    use crate::words::words;
    let (Some(last), Some(first)) = (words(before).pop(), words(after).first().copied()) else {
        return true;
    };
    let glued = format!("{last}{first}");
    words(&glued) == [last, first]
}

/// `unit` with each of its words that has an abbreviation abbreviated (`0Implementation`
/// gives `0Impl`); `None` when none has one.
fn abbreviate_unit(unit: &str) -> Option<String> {
    let mut out = String::with_capacity(unit.len());
    let mut changed = false;
    for word in crate::words::words(unit) {
        match abbreviation(word) {
            Some(short) => {
                out.push_str(&short);
                changed = true;
            }
            None => out.push_str(word),
        }
    }
    changed.then_some(out)
}

/// The longest name looked at word by word; past it (a name nobody types), the fix is cut.
const MOST_UNITS: usize = 64;

/// `name` shortened by whole words until `fits` holds, as the module says; `None` when no
/// form made of whole (or abbreviated) words fits.
pub(crate) fn shorten(name: &str, fits: &dyn Fn(&str) -> bool) -> Option<String> {
    if fits(name) {
        return Some(name.to_owned());
    }
    let (units, tail) = units(name);
    if units.is_empty() || units.len() > MOST_UNITS {
        return None;
    }
    let n = units.len();
    let mut plan = Plan {
        short: vec![None; n],
        kept: vec![true; n],
        units,
        tail,
    };
    let roles = Roles::of(&plan.units);
    let mut done: Vec<(Step, Back)> = Vec::new();
    for (step, back) in roles.steps(&plan.units) {
        plan.apply(&step, true);
        done.push((step, back));
        let now = plan.render();
        if !now.is_empty() && fits(&now) {
            for (step, back) in done.iter().rev() {
                let offered = match back {
                    Back::Never => false,
                    Back::Always => true,
                    Back::With(i) => plan.kept[*i],
                };
                if offered {
                    plan.apply(step, false);
                    if !fits(&plan.render()) {
                        plan.apply(step, true);
                    }
                }
            }
            return Some(plan.render());
        }
    }
    // Not even the verb fits: one unit alone (the object, then the others in order, each
    // abbreviated where it can be), else one word alone.
    let order = roles
        .head
        .into_iter()
        .chain((0..n).filter(|&i| i != roles.verb));
    for i in order {
        plan.kept = (0..n).map(|k| k == i).collect();
        let alone = plan.render();
        if fits(&alone) {
            return Some(alone);
        }
    }
    crate::words::words(name)
        .into_iter()
        .flat_map(|w| [abbreviation(w), Some(w.to_owned())])
        .flatten()
        .find(|w| fits(w))
}

/// What each unit does in the name.
struct Roles {
    /// The verb (the first of the first three units that reads as one, else the first).
    verb: usize,
    /// The object: the last unit between the verb and the first qualifier.
    head: Option<usize>,
    /// Where each qualifier starts (at its opening word), in order.
    qualifiers: Vec<usize>,
}

impl Roles {
    fn of(units: &[Unit<'_>]) -> Self {
        let verb = (0..units.len().min(3))
            .find(|&i| is_verb(units[i].text))
            .unwrap_or(0);
        let qualifiers: Vec<usize> = (verb + 1..units.len())
            .filter(|&i| is_opener(units[i].text))
            .collect();
        let object_end = qualifiers.first().copied().unwrap_or(units.len());
        let head = (verb + 1..object_end).last();
        Self {
            verb,
            head,
            qualifiers,
        }
    }

    fn protected(&self, i: usize) -> bool {
        i == self.verb || Some(i) == self.head
    }

    /// Every step, in order, each with when it may be undone once the name fits.
    fn steps(&self, units: &[Unit<'_>]) -> Vec<(Step, Back)> {
        let n = units.len();
        let mut gone = vec![false; n];
        let mut steps = Vec::new();
        let drop = |group: Vec<usize>, back: Back, gone: &mut [bool], steps: &mut Vec<_>| {
            let group: Vec<usize> = group.into_iter().filter(|&i| !gone[i]).collect();
            if group.is_empty() {
                return;
            }
            for &i in &group {
                gone[i] = true;
            }
            steps.push((Step::Drop(group), back));
        };
        // 1. Little words, except where they open a qualifier.
        for (i, unit) in units.iter().enumerate() {
            if is_filler(unit.text) && !self.protected(i) && !self.qualifiers.contains(&i) {
                drop(vec![i], Back::Never, &mut gone, &mut steps);
            }
        }
        // 2. Abbreviations, the largest saving first.
        let mut shortened: Vec<(usize, usize)> = (0..n)
            .filter(|&i| !gone[i])
            .filter_map(|i| {
                let short = abbreviate_unit(units[i].text)?;
                Some((units[i].text.len() - short.len(), i))
            })
            .collect();
        shortened.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        steps.extend(
            shortened
                .into_iter()
                .map(|(_, i)| (Step::Abbreviate(i), Back::Always)),
        );
        // 3. Words before the verb.
        for i in 0..self.verb {
            drop(vec![i], Back::Always, &mut gone, &mut steps);
        }
        // 4. Modifiers of the object: words first, words with digits last.
        let object_end = self.qualifiers.first().copied().unwrap_or(n);
        let modifiers: Vec<usize> = (self.verb + 1..object_end)
            .filter(|&i| !self.protected(i))
            .collect();
        let digits = |i: &usize| units[*i].text.chars().any(|c| c.is_ascii_digit());
        let with_head = self.head.map_or(Back::Always, Back::With);
        for &i in modifiers.iter().filter(|i| !digits(i)) {
            drop(vec![i], with_head, &mut gone, &mut steps);
        }
        for &i in modifiers.iter().filter(|i| digits(i)) {
            drop(vec![i], with_head, &mut gone, &mut steps);
        }
        // 5. Qualifiers, the last first: inner words, then the whole.
        for (k, &start) in self.qualifiers.iter().enumerate().rev() {
            let end = self.qualifiers.get(k + 1).copied().unwrap_or(n);
            for i in start + 1..end.saturating_sub(1) {
                drop(vec![i], Back::With(start), &mut gone, &mut steps);
            }
            drop((start..end).collect(), Back::Always, &mut gone, &mut steps);
        }
        // 6. The object, leaving the verb.
        if let Some(head) = self.head {
            drop(vec![head], Back::Never, &mut gone, &mut steps);
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn within(name: &str, max: usize) -> Option<String> {
        shorten(name, &|s: &str| s.len() <= max)
    }

    #[track_caller]
    fn expect(name: &str, cases: &[(usize, &str)]) {
        for (max, fix) in cases {
            assert_eq!(within(name, *max).as_deref(), Some(*fix), "{name} in {max}");
        }
    }

    #[test]
    fn the_issue_names_keep_verb_object_and_whole_words() {
        // pulsemcp/mcp-servers PR #201: the build offered `approve_official_mirror_queue_item_w`.
        expect(
            "approve_official_mirror_queue_item_without_modifying",
            &[
                (40, "approve_mirror_queue_item_no_modifying"),
                (36, "approve_queue_item_without_modifying"),
                (31, "approve_queue_item_no_modifying"),
                (17, "approve_item"),
                (7, "approve"),
                (5, "item"),
            ],
        );
        // Its sibling: audit offered `send_mcp_implemen`; people wrote `send_impl_posted_notif`.
        expect(
            "send_mcp_implementation_posted_notification",
            &[
                (26, "send_mcp_impl_posted_notif"),
                (22, "send_impl_posted_notif"),
                (17, "send_posted_notif"),
                (10, "send_notif"),
            ],
        );
        // microsoft/foundry-dev-tools #201: `browser_generate_playwright_t` was offered.
        expect(
            "browser_generate_playwright_test",
            &[
                (29, "browser_gen_playwright_test"),
                (24, "generate_playwright_test"),
                (20, "gen_playwright_test"),
                (13, "generate_test"),
            ],
        );
    }

    #[test]
    fn little_words_go_first_and_qualifiers_go_whole() {
        expect(
            "get_the_list_of_all_users_in_the_organization",
            &[
                (40, "get_list_all_users_in_the_organization"),
                (30, "get_list_all_users_in_org"),
                (20, "get_all_users_in_org"),
                (12, "get_users"),
            ],
        );
        // A word of a qualifier never comes back without the word that opens it.
        expect(
            "getUserByEmailAddress",
            &[(18, "getUserByAddress"), (12, "getUser")],
        );
    }

    #[test]
    fn a_modifier_never_comes_back_without_its_object() {
        expect(
            "DATA_EXPORT_v2_full_snapshot",
            &[
                (20, "EXPORT_v2_snapshot"),
                (14, "DATA_EXPORT"),
                (10, "EXPORT"),
            ],
        );
    }

    #[test]
    fn past_every_whole_word_form_nothing_is_offered() {
        assert_eq!(within("approve_queue", 4), None);
        assert_eq!(within("abc3_defg", 2).as_deref(), Some("3"));
        assert_eq!(within("", 4), Some(String::new()));
        assert_eq!(within("___", 2), None);
    }
}
