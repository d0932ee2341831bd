//! The lint measured on a labelled corpus (`cli/tests/data/confusable_corpus.json`): public
//! servers' tool names and input shapes, each with where and when it was read, and a few
//! servers written for the corpus (kept apart), each pair judged confusable or not by a
//! reader. The corpus holds no descriptions, so the only evidence the lint can find here is
//! the same input: this measures the names and the shapes, not the descriptions' overlap.
//!
//! Run it with `cargo test -p mcp-toolname-cli --bin mcp-toolname confusable::corpus --
//! --nocapture` to see each server's pairs and the figures.

use std::collections::BTreeSet;
use std::fmt;

use mcp_toolname_rules::alike_pairs;
use rmcp::model::Tool;
use serde_json::{Map, Value, json};

use super::audit;
use crate::listing::ListedTool;

const CORPUS: &str = include_str!("../../tests/data/confusable_corpus.json");

/// What the lint found on the public servers, measured 2026-12-05. A change that finds more
/// pairs a reader judged confusable raises them; one that warns on a pair judged not
/// confusable, or finds fewer, fails.
const PUBLIC: Count = Count {
    true_positives: 0,
    false_positives: 0,
    false_negatives: 5,
};

/// The same on the constructed servers.
const CONSTRUCTED: Count = Count {
    true_positives: 8,
    false_positives: 0,
    false_negatives: 6,
};

/// Pairs warned on and pairs judged confusable, compared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Count {
    true_positives: usize,
    false_positives: usize,
    false_negatives: usize,
}

impl Count {
    fn add(self, other: Self) -> Self {
        Self {
            true_positives: self.true_positives + other.true_positives,
            false_positives: self.false_positives + other.false_positives,
            false_negatives: self.false_negatives + other.false_negatives,
        }
    }

    /// Warnings that are right, over all warnings; `None` with no warning.
    #[allow(clippy::cast_precision_loss)] // a few hundred pairs
    fn precision(self) -> Option<f64> {
        let warned = self.true_positives + self.false_positives;
        (warned > 0).then(|| self.true_positives as f64 / warned as f64)
    }

    /// Confusable pairs warned on, over all confusable pairs; `None` with none.
    #[allow(clippy::cast_precision_loss)] // a few hundred pairs
    fn recall(self) -> Option<f64> {
        let labelled = self.true_positives + self.false_negatives;
        (labelled > 0).then(|| self.true_positives as f64 / labelled as f64)
    }

    /// Holds where `self` finds at least the true pairs of `floor` and no more false ones.
    fn meets(self, floor: Self) -> bool {
        self.true_positives >= floor.true_positives && self.false_positives <= floor.false_positives
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ratio = |r: Option<f64>| r.map_or_else(|| "n/a".to_owned(), |r| format!("{r:.2}"));
        write!(
            f,
            "TP {} FP {} FN {}, precision {}, recall {}",
            self.true_positives,
            self.false_positives,
            self.false_negatives,
            ratio(self.precision()),
            ratio(self.recall())
        )
    }
}

type Pair = (String, String);

fn pair(a: &str, b: &str) -> Pair {
    if a <= b {
        (a.to_owned(), b.to_owned())
    } else {
        (b.to_owned(), a.to_owned())
    }
}

/// A tool as `tools/list` would give it: the corpus's arguments as an input schema, and no
/// description (the corpus keeps none).
fn listed(tool: &Value) -> ListedTool {
    let name = tool["name"].as_str().expect("a tool name");
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (arg, ty) in tool["args"].as_object().expect("args") {
        let ty = ty.as_str().expect("an argument type");
        let (ty, optional) = ty.strip_suffix('?').map_or((ty, false), |t| (t, true));
        if !optional {
            required.push(Value::from(arg.as_str()));
        }
        let types: Vec<&str> = ty.split('|').collect();
        let property = match types.as_slice() {
            ["any"] => json!({}),
            [one] => json!({ "type": one }),
            many => json!({ "type": many }),
        };
        properties.insert(arg.clone(), property);
    }
    let schema = json!({"type": "object", "properties": properties, "required": required});
    let Value::Object(schema) = schema else {
        unreachable!("a schema object")
    };
    ListedTool::of(&Tool::new(
        name.to_owned(),
        String::new(),
        std::sync::Arc::new(schema),
    ))
}

fn pairs(server: &Value, key: &str, names: &BTreeSet<&str>) -> BTreeSet<Pair> {
    let label = server["server"].as_str().unwrap_or_default();
    let mut out = BTreeSet::new();
    for p in server[key].as_array().expect("a list of pairs") {
        let [a, b] = [0, 1].map(|i| p["pair"][i].as_str().expect("a tool name"));
        assert!(
            names.contains(a) && names.contains(b),
            "{label}: `{a}`, `{b}` not both its tools"
        );
        assert!(
            p["why"].as_str().is_some_and(|w| !w.is_empty()),
            "{label}: `{a}`, `{b}` says no why"
        );
        assert!(out.insert(pair(a, b)), "{label}: `{a}`, `{b}` twice");
    }
    out
}

/// The lint run over one server of the corpus, its warnings compared with the labels.
fn measure(server: &Value) -> Count {
    let label = server["server"].as_str().expect("a server name");
    let tools = server["tools"].as_array().expect("tools");
    let names: BTreeSet<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names.len(), tools.len(), "{label}: a tool named twice");
    let confusable = pairs(server, "confusable", &names);
    let not = pairs(server, "not_confusable", &names);
    assert!(
        confusable.is_disjoint(&not),
        "{label}: a pair labelled both ways"
    );
    let listed: Vec<ListedTool> = tools.iter().map(listed).collect();
    let warned: BTreeSet<Pair> = audit(&listed)
        .iter()
        .map(|f| pair(&f.tools[0], &f.tools[1]))
        .collect();
    let count = Count {
        true_positives: warned.intersection(&confusable).count(),
        false_positives: warned.difference(&confusable).count(),
        false_negatives: confusable.difference(&warned).count(),
    };
    let say = |set: &BTreeSet<Pair>, other: &BTreeSet<Pair>, what: &str| {
        for (a, b) in set.difference(other) {
            println!("  {what}: {a} / {b}");
        }
    };
    // Names the rules crate pairs, for the reader: the input told them apart.
    let all: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    let alike: BTreeSet<Pair> = alike_pairs(&all)
        .into_iter()
        .map(|(i, j, _)| pair(all[i], all[j]))
        .collect();
    println!("{label} ({} tools): {count}", tools.len());
    say(&warned, &BTreeSet::new(), "warned");
    say(&alike, &warned, "alike names, other inputs");
    say(&warned, &confusable, "false positive");
    say(&confusable, &warned, "missed");
    count
}

fn measure_all(corpus: &Value, part: &str) -> Count {
    corpus[part]
        .as_array()
        .expect("a list of servers")
        .iter()
        .map(measure)
        .fold(Count::default(), Count::add)
}

#[test]
fn precision_and_recall_on_the_labelled_corpus() {
    let corpus: Value = serde_json::from_str(CORPUS).expect("the corpus is JSON");
    let public = measure_all(&corpus, "public");
    let constructed = measure_all(&corpus, "constructed");
    let all = public.add(constructed);
    println!("public: {public}\nconstructed: {constructed}\nall: {all}");
    assert!(
        public.meets(PUBLIC),
        "public servers: {public}, where the floor is {PUBLIC}"
    );
    assert!(
        constructed.meets(CONSTRUCTED),
        "constructed servers: {constructed}, where the floor is {CONSTRUCTED}"
    );
    // The labels are the corpus's: a pair added to it moves these, and so must the docs.
    assert_eq!(
        public.true_positives + public.false_negatives,
        PUBLIC.true_positives + PUBLIC.false_negatives,
        "public confusable pairs labelled: update PUBLIC and the figures in docs/lints.md"
    );
    assert_eq!(
        constructed.true_positives + constructed.false_negatives,
        CONSTRUCTED.true_positives + CONSTRUCTED.false_negatives,
        "constructed confusable pairs labelled: update CONSTRUCTED and docs/lints.md"
    );
}
