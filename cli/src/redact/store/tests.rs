use super::*;

/// A secret a report shows escaped (in backticks, `\u{60}` for a backtick) is masked in
/// that form as well.
#[test]
fn the_escaped_form_of_a_secret() {
    learn("hunter2`pass-XYZ", false);
    let shown = mcp_toolname_rules::message::show("hunter2`pass-XYZ");
    assert_eq!(
        text(&format!("tool name {shown} is odd")),
        "tool name `<hidden, 21 chars>` is odd"
    );
}

/// A client's form of a secret (case folded, `-` `.` and space replaced, a run
/// collapsed, a character deleted) and any 8 characters of it are masked; an `env`
/// value whose name does not say secret is masked whole in any form, not in part.
/// Learning a value costs a look-up, and masking a text one pass and at most a square
/// root's worth of values one by one: a config of thousands of secrets, each learned
/// between two lines of output, makes the matchers about `2 × √n` times, never `n`.
#[test]
fn learning_and_masking_stay_linear() {
    let mut store = State::new();
    let n = 3_000;
    let secret = |i: usize| format!("Tk{i:05}q{}", "x7".repeat(i % 5 + 4));
    for i in 0..n {
        store.learn(&secret(i), i % 3 == 0);
        store.learn(&secret(i), false);
        let shown = store.mask(&format!("echo {}", secret(i)));
        assert!(shown.starts_with("echo <hidden, "), "{i}: {shown}");
        let since = store.values.len() - store.matchers.as_ref().map_or(0, |m| m.count);
        assert!(
            since * since <= store.values.len().max(64),
            "{i}: {since} one by one"
        );
    }
    assert_eq!(store.values.len(), n, "each value once");
    assert!(
        store.values.iter().all(|v| v.parts),
        "learned as a secret the second time"
    );
    let most = 2 * n.isqrt() + 8;
    assert!(
        store.builds <= most,
        "{} makings of the matchers for {n} values (at most {most})",
        store.builds
    );
    for i in (0..n).step_by(97) {
        let shown = store.mask(&format!("a {} b {}", secret(i), secret(i).to_lowercase()));
        assert_eq!(shown.matches("<hidden, ").count(), 2, "{i}: {shown}");
    }
}

#[test]
fn derived_forms_and_parts() {
    learn("Fold.Me-Secret 4417x", false);
    for derived in [
        "mcp__srv__fold_me_secret_4417x",
        "FOLD-ME-SECRET-4417X",
        "fold__me_secret-4417x",
        "foldmesecret4417x",
        "tool_me_secret_44",
        "mcp__srv__fold_me_se",
    ] {
        let shown = text(&format!("`{derived}` ok"));
        assert!(
            !shown.contains("me_se") && !shown.contains("mese"),
            "{derived}: {shown}"
        );
        assert!(shown.ends_with("` ok"), "{shown}");
    }
    assert_eq!(text("fold_me_ is short"), "fold_me_ is short");
    // A placeholder is left alone, even when a learnt value's letters are in it.
    learn("hidden, 4 chars", false);
    assert_eq!(text("<hidden, 4 chars>"), "<hidden, 4 chars>");

    learn_whole("wordy");
    assert_eq!(text("wordy, wordyish"), "<hidden, 5 chars>, wordyish");

    learn("/opt/plainenv/valuepath", true);
    assert_eq!(text("x_opt_plainenv_valuepath_y"), "x_<hidden, 22 chars>_y");
    assert_eq!(text("/opt/plainenv/other"), "/opt/plainenv/other");
}

/// A secret shorter than the shortest value masked in any text (`PIN=Q7z`) is masked where
/// it stands as a word of its own, and left inside longer words and numbers.
#[test]
fn a_short_secret_only_where_it_stands_alone() {
    learn_short("Q7z");
    learn_short("481");
    learn_short("ab");
    assert_eq!(
        text("pin Q7z accepted, 481 left"),
        "pin <hidden, 3 chars> accepted, <hidden, 3 chars> left"
    );
    assert_eq!(text("Q7zz 4812 v481 abc ab"), "Q7zz 4812 v481 abc ab");
}

/// A long value of one repeated letter (`yyyy...`, a 100 KB argument) is learned and masked
/// in time linear in its length: the matchers are noncontiguous NFAs, whose making is linear,
/// where a DFA of such a value takes time quadratic in it (minutes for 8,000 characters).
#[test]
fn a_long_repeated_value_is_matched_by_an_nfa() {
    let mut store = State::new();
    store.learn(&"y".repeat(64), false);
    let _ = store.mask("y");
    let matchers = store.matchers.as_ref().expect("made");
    assert_eq!(
        matchers.written.kind(),
        aho_corasick::AhoCorasickKind::NoncontiguousNFA
    );
    store.learn(&"z".repeat(200_000), true);
    store.learn(&"w".repeat(200_000), false);
    for _ in 0..64 {
        store.learn(&format!("v{}", store.values.len()), false);
    }
    let long = "z".repeat(200_000);
    let shown = store.mask(&format!("a {long} b"));
    assert_eq!(shown, "a <hidden, 200000 chars> b");
    let whole = store.matchers.as_ref().and_then(|m| m.whole.as_ref());
    assert_eq!(
        whole.map(AhoCorasick::kind),
        Some(aho_corasick::AhoCorasickKind::NoncontiguousNFA),
        "the folded matcher"
    );
}
