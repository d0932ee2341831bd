//! Every format tells the findings of one audit: each finding of the JSON document (each
//! server's and the cross-server ones) is in a SARIF result and a GitHub annotation of its
//! lint, at its level, and each result and annotation holds a finding; a tool-name collision
//! inside one server is said exactly where the verdicts have a client leave one of the tools out
//! for another of the same server.

use std::collections::BTreeSet;

use serde_json::Value;

/// What a finding is about, as both the JSON document and SARIF say it: its lint, whether
/// it is an error, and the places it names (`server/tool`, or a server's key alone).
type About = (String, bool, BTreeSet<String>);

/// Each finding of the JSON document told in every format (each server's and the
/// cross-server ones), with its message.
fn findings(doc: &Value) -> Vec<(About, String)> {
    let place = |server: &str, tool: Option<&str>| match tool.filter(|t| !t.is_empty()) {
        Some(tool) => format!("{server}/{tool}"),
        None => server.to_owned(),
    };
    let about = |f: &Value, places: BTreeSet<String>| {
        let about = (
            f["lint"].as_str().expect("lint").to_owned(),
            f["level"] == "deny",
            places,
        );
        (about, f["message"].as_str().expect("message").to_owned())
    };
    let mut out = Vec::new();
    // An `allow`-level finding is in the document, and told in no other format.
    let told = |f: &&Value| f["level"] != "allow";
    for server in doc["servers"].as_array().expect("servers") {
        let key = server["key"].as_str().expect("key");
        for f in server["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .filter(told)
        {
            let tools = f["tools"].as_array().expect("tools");
            let mut places: BTreeSet<String> =
                tools.iter().map(|t| place(key, t.as_str())).collect();
            if places.is_empty() {
                places.insert(place(key, f["tool"].as_str()));
            }
            out.push(about(f, places));
        }
    }
    for f in doc["cross_server"]
        .as_array()
        .expect("cross_server")
        .iter()
        .filter(told)
    {
        let members = f["members"].as_array().expect("members");
        let places = members
            .iter()
            .map(|m| place(m["server"].as_str().expect("server"), m["tool"].as_str()))
            .collect();
        out.push(about(f, places));
    }
    out
}

/// Each SARIF result: what it is about, from its rule, level and logical locations, and its
/// message.
fn sarif_results(sarif: &Value) -> Vec<(About, String)> {
    sarif["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            let places = r["locations"][0]["logicalLocations"]
                .as_array()
                .map(|all| {
                    all.iter()
                        .map(|l| {
                            l["fullyQualifiedName"]
                                .as_str()
                                .or_else(|| l["name"].as_str())
                                .expect("a named location")
                                .to_owned()
                        })
                        .collect()
                })
                .unwrap_or_default();
            let about = (
                r["ruleId"].as_str().expect("ruleId").to_owned(),
                r["level"] == "error",
                places,
            );
            (
                about,
                r["message"]["text"].as_str().expect("text").to_owned(),
            )
        })
        .collect()
}

/// Each GitHub annotation of a finding (not a failure's `could not audit`): its lint, from
/// the title, whether an `::error`, and its message with GitHub's escapes undone.
fn github_annotations(github: &str) -> Vec<(String, bool, String)> {
    github
        .lines()
        .filter_map(|line| {
            let (kind, rest) = line.strip_prefix("::")?.split_once(' ')?;
            let (props, message) = rest.split_once("::")?;
            let title = props.split("title=").nth(1)?;
            let lint = title.strip_prefix("mcp-toolname ")?.split(' ').next()?;
            let message = message
                .replace("%0A", "\n")
                .replace("%0D", "\r")
                .replace("%25", "%");
            Some((lint.to_owned(), kind == "error", message))
        })
        .collect()
}

/// The names a message quotes (`` `name` ``): what a reader acts on.
fn quoted(message: &str) -> BTreeSet<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// Holds the SARIF results and GitHub annotations of one audit to its JSON findings: the
/// same findings (by lint, level and the places they name) in JSON and SARIF, each SARIF
/// message quoting every name its findings' messages quote, and the same messages in SARIF
/// and GitHub.
pub fn formats_agree(name: &str, doc: &Value, sarif: &Value, github: &str) {
    let found = findings(doc);
    assert!(!found.is_empty(), "{name}: the corpus has findings");
    let results = sarif_results(sarif);
    let abouts = |all: &[(About, String)]| all.iter().map(|(a, _)| a.clone()).collect();
    let (in_json, in_sarif): (BTreeSet<About>, BTreeSet<About>) =
        (abouts(&found), abouts(&results));
    assert_eq!(
        in_json.difference(&in_sarif).collect::<Vec<_>>(),
        Vec::<&About>::new(),
        "{name}: findings of the JSON with no SARIF result"
    );
    assert_eq!(
        in_sarif.difference(&in_json).collect::<Vec<_>>(),
        Vec::<&About>::new(),
        "{name}: SARIF results with no finding of the JSON"
    );
    assert_eq!(
        results.len(),
        in_sarif.len(),
        "{name}: one SARIF result a finding"
    );
    for (about, message) in &found {
        let (_, told) = results.iter().find(|(a, _)| a == about).expect("a result");
        let missing: Vec<&str> = quoted(message).difference(&quoted(told)).copied().collect();
        assert!(
            missing.is_empty(),
            "{name}: the SARIF result of {about:?} does not quote {missing:?} of\n{message}\n\
             it says\n{told}"
        );
    }
    let mut in_sarif: Vec<(String, bool, String)> = results
        .into_iter()
        .map(|((lint, error, _), message)| (lint, error, message))
        .collect();
    let mut in_github = github_annotations(github);
    in_sarif.sort();
    in_github.sort();
    let only = |a: &[(String, bool, String)], b: &[(String, bool, String)]| {
        a.iter()
            .filter(|x| !b.contains(x))
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
    };
    assert!(
        in_github == in_sarif,
        "{name}: GitHub says {} findings, SARIF {}; only in GitHub: {:?}; only in SARIF: {:?}",
        in_github.len(),
        in_sarif.len(),
        only(&in_github, &in_sarif),
        only(&in_sarif, &in_github)
    );
    collisions_in_a_server_follow_the_names(name, doc);
}

/// A server's `normalisation_collision` for a client is said exactly where its names have that
/// client leave a tool of the server out for another of the same server (`shadowed`, meeting
/// a tool, no other server), and names both tools.
fn collisions_in_a_server_follow_the_names(name: &str, doc: &Value) {
    let mut said = BTreeSet::new();
    for server in doc["servers"].as_array().expect("servers") {
        for f in server["findings"].as_array().expect("findings") {
            if f["kind"] != "normalisation_collision" {
                continue;
            }
            let tools: Vec<&str> = f["tools"]
                .as_array()
                .expect("tools")
                .iter()
                .filter_map(Value::as_str)
                .collect();
            for client in f["clients"].as_array().expect("clients") {
                said.insert((
                    server["key"].as_str().expect("key").to_owned(),
                    client.as_str().expect("client").to_owned(),
                    tools
                        .iter()
                        .map(|t| (*t).to_owned())
                        .collect::<BTreeSet<_>>(),
                ));
            }
        }
    }
    let mut left_out = BTreeSet::new();
    for client in doc["clients"].as_array().expect("clients") {
        let id = client["id"].as_str().expect("id");
        for n in &crate::common::client_names(doc, id) {
            if n["fate"] != "shadowed" || !n["meets_server"].is_null() || n["meets"].is_null() {
                continue;
            }
            let server = n["server"].as_str().expect("server");
            let pair = [n["tool"].as_str(), n["meets"].as_str()];
            let client = client["id"].as_str().expect("id");
            assert!(
                said.iter().any(|(s, c, tools)| s == server
                    && c == client
                    && pair.iter().flatten().all(|t| tools.contains(*t))),
                "{name}: {client} leaves {pair:?} of {server} as one, but no \
                 normalisation_collision of that server says so"
            );
            left_out.insert((server.to_owned(), client.to_owned()));
        }
    }
    for (server, client, tools) in &said {
        assert!(
            left_out.contains(&(server.clone(), client.clone())),
            "{name}: a normalisation_collision says {client} makes {tools:?} of {server} one \
             name, but servers[] sends each"
        );
    }
}
