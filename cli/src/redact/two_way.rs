//! The two-way corpus (`cli/tests/secrets/two_way.jsonl`): secret forms that must never be
//! written and plain values a reader needs, side by side in one config's worth of learning,
//! so that a rule which hides more to catch a secret is seen hiding a plain value, and the
//! other way round.

use serde_json::Value;

use super::{argv, learn_env, text};

const CORPUS: &str = include_str!("../../tests/secrets/two_way.jsonl");

struct Form {
    family: String,
    doc: Value,
}

impl Form {
    fn strings(&self, field: &str) -> Vec<String> {
        self.doc[field]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// What a report writes of this form: its command line as shown (or, for an `env`
    /// value, which is never shown, the value echoed back by the server), and the extra
    /// `text` a server sent, after every form's values were learned.
    fn shown(&self) -> String {
        if let Some([name, value]) = self.doc["env"].as_array().map(Vec::as_slice) {
            let (name, value) = (name.as_str().unwrap_or(""), value.as_str().unwrap_or(""));
            learn_env(name, value);
            return text(&format!("server said: {value}"));
        }
        let shown = argv(&self.strings("args")).join(" ");
        let extra = self.doc["text"].as_str().unwrap_or("");
        text(&format!("{shown}\n{extra}"))
    }
}

fn corpus() -> Vec<Form> {
    CORPUS
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let doc: Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            let family = doc["family"].as_str().unwrap_or_default().to_owned();
            Form { family, doc }
        })
        .collect()
}

/// Every 8 characters in a row of `secret` (or all of it when shorter).
fn needles(secret: &str) -> Vec<String> {
    let chars: Vec<char> = secret.chars().collect();
    if chars.len() <= 8 {
        return vec![secret.to_owned()];
    }
    chars.windows(8).map(|w| w.iter().collect()).collect()
}

#[test]
fn secrets_never_printed_and_plain_values_shown() {
    let forms = corpus();
    // One config's worth of learning first: a value hidden in one entry is masked in all.
    for form in &forms {
        let _ = form.shown();
    }
    let (mut secret_forms, mut plain_forms) = (0, 0);
    let (mut printed, mut hidden) = (Vec::new(), Vec::new());
    for form in &forms {
        let shown = form.shown();
        let secrets = form.strings("secret");
        if !secrets.is_empty() {
            secret_forms += 1;
            if let Some(s) = secrets
                .iter()
                .find(|s| needles(s).iter().any(|n| shown.contains(n.as_str())))
            {
                printed.push(format!("{}: `{s}` in {shown:?}", form.family));
            }
        }
        let plain = form.strings("plain");
        if !plain.is_empty() {
            plain_forms += 1;
            if let Some(p) = plain.iter().find(|p| !shown.contains(p.as_str())) {
                hidden.push(format!("{}: `{p}` not in {shown:?}", form.family));
            }
        }
    }
    eprintln!(
        "two-way corpus: {} of {secret_forms} secret forms printed, {} of {plain_forms} plain \
         forms hidden",
        printed.len(),
        hidden.len()
    );
    for line in printed.iter().chain(&hidden) {
        eprintln!("  {line}");
    }
    assert!(secret_forms > 0 && plain_forms > 0, "the corpus was read");
    assert!(
        printed.is_empty(),
        "secrets printed:\n{}",
        printed.join("\n")
    );
    assert!(
        hidden.is_empty(),
        "plain values hidden:\n{}",
        hidden.join("\n")
    );
}
