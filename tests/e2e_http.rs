//! End to end over Streamable HTTP: the `http` example as a real server process on loopback,
//! several sessions of rmcp's Streamable HTTP client at once. Every session sees the same
//! tools and aliases; a tool added or removed at run time, and an alias window closing, reach
//! each open session as one `notifications/tools/list_changed`; no session sees a torn list.

use crate::common;
use crate::http;

use std::collections::BTreeSet;

use common::{args, call, hear_tool_list_changed, names, next_notification, rpc_error, text};
use http::{Server, connect, discover, minus_calls, scrape};
use serde_json::json;

const BASE: [&str; 5] = ["add_tool", "minus", "multiply", "remove_tool", "subtract"];

fn extra(name: &str) -> Option<rmcp::model::JsonObject> {
    json!({ "name": name }).as_object().cloned()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|&n| n.to_owned()).collect()
}

#[tokio::test]
async fn sessions_share_the_aliases_and_hear_each_run_time_change_once() {
    let server = Server::start(&[]);
    let (a, b, c) = tokio::join!(
        connect(&server.url),
        connect(&server.url),
        connect(&server.url)
    );
    let sessions = [&a, &b, &c];
    for (session, _) in sessions {
        let mut listed = names(session).await;
        listed.sort();
        assert_eq!(listed, BASE, "every session lists the same tools and alias");
        let minus = call(session, "minus", Some(args(5, 7))).await.unwrap();
        assert_eq!(
            text(&minus),
            "-2",
            "the alias runs `subtract` in every session"
        );
    }

    let added = call(&a.0, "add_tool", extra("weather")).await.unwrap();
    assert_eq!(text(&added), "added `extra_weather`");
    for (session, listener) in sessions {
        assert_eq!(
            listener.heard(1).await,
            1,
            "one notification for one change"
        );
        assert!(names(session).await.contains(&"extra_weather".to_owned()));
    }
    let answer = call(&c.0, "extra_weather", None).await.unwrap();
    assert_eq!(
        text(&answer),
        "extra_weather",
        "a tool added by one session serves another"
    );

    // A taken name is refused with the reason, and nobody is told of a change.
    let again = call(&b.0, "add_tool", extra("weather")).await.unwrap();
    assert_eq!(again.is_error, Some(true));
    assert!(
        text(&again).contains("`extra_weather` is defined twice"),
        "{}",
        text(&again)
    );

    let removed = call(&c.0, "remove_tool", extra("weather")).await.unwrap();
    assert_eq!(text(&removed), "removed `extra_weather`");
    for (session, listener) in sessions {
        assert_eq!(listener.heard(2).await, 2, "a refused change sends nothing");
        assert!(!names(session).await.contains(&"extra_weather".to_owned()));
    }
    let gone = call(&a.0, "extra_weather", None).await.unwrap_err();
    assert!(
        rpc_error(&gone).message.contains("extra_weather"),
        "{gone:?}"
    );

    // A closed session drops out; the others still hear the next change.
    let (a_session, a_listener) = a;
    a_session.cancel().await.unwrap();
    call(&b.0, "add_tool", extra("late")).await.unwrap();
    assert_eq!(b.1.heard(3).await, 3);
    assert_eq!(c.1.heard(3).await, 3);
    assert_eq!(a_listener.count(), 2, "a closed session hears nothing more");
}

#[tokio::test]
async fn an_alias_window_closing_while_serving_tells_each_session_once() {
    let server = Server::start(&["--alias-for", "15"]);
    let (a, b) = tokio::join!(connect(&server.url), connect(&server.url));
    for (session, _) in [&a, &b] {
        assert!(
            names(session).await.contains(&"minus".to_owned()),
            "the alias is listed for its first 15 s (is the machine too slow to connect?)"
        );
    }
    for (session, listener) in [&a, &b] {
        assert_eq!(
            listener.heard(1).await,
            1,
            "one notification when the window closes"
        );
        let mut listed = names(session).await;
        listed.sort();
        assert_eq!(listed, ["add_tool", "multiply", "remove_tool", "subtract"]);
        // Past its window an alias answers with a tool error the model reads (the default).
        let refused = call(session, "minus", Some(args(1, 1))).await.unwrap();
        assert_eq!(refused.is_error, Some(true));
        assert!(
            text(&refused).contains("renamed to `subtract`"),
            "names the new name: {}",
            text(&refused)
        );
        let canonical = call(session, "subtract", Some(args(1, 1))).await.unwrap();
        assert_eq!(text(&canonical), "0");
    }
}

/// Protocol 2026-07-28 has no sessions: a client that listens (`subscriptions/listen`) hears
/// each change on its stream, a run-time change made by another client and an alias window
/// closing alike, once each; a client on an older version keeps its session's notifications.
#[tokio::test]
async fn a_client_on_2026_07_28_hears_each_change_through_its_subscription() {
    let server = Server::start(&["--alias-for", "15"]);
    let listening = discover(&server.url).await;
    let version = listening
        .peer_info()
        .map(|info| info.protocol_version.clone());
    assert_eq!(version, Some(rmcp::model::ProtocolVersion::V_2026_07_28));
    let filter = rmcp::model::SubscriptionFilter::builder()
        .tools_list_changed()
        .build();
    let mut subscription = listening
        .listen(filter)
        .await
        .expect("subscriptions/listen is accepted");
    let (legacy, legacy_listener) = connect(&server.url).await;

    let added = call(&legacy, "add_tool", extra("weather")).await.unwrap();
    assert_eq!(text(&added), "added `extra_weather`");
    hear_tool_list_changed(&mut subscription).await;
    assert!(
        names(&listening)
            .await
            .contains(&"extra_weather".to_owned())
    );
    assert_eq!(
        legacy_listener.heard(1).await,
        1,
        "the session hears it too"
    );

    // Then the alias window closes, 15 s after the start.
    hear_tool_list_changed(&mut subscription).await;
    assert!(!names(&listening).await.contains(&"minus".to_owned()));
    assert_eq!(legacy_listener.heard(2).await, 2);
    let refused = call(&listening, "minus", Some(args(1, 1))).await.unwrap();
    assert_eq!(refused.is_error, Some(true), "past its window");
    assert_eq!(
        next_notification(&mut subscription, std::time::Duration::from_millis(500))
            .await
            .map(|n| format!("{n:?}")),
        None,
        "two changes, two notifications: nothing more"
    );
    legacy.cancel().await.unwrap();
    listening.cancel().await.unwrap();
}

/// Alias usage as Prometheus scrapes it from `GET /metrics`: both series of `minus` from the
/// start, each call by the old name counted once under its outcome, calls by the new name not
/// at all; and the metric and label the removal query of docs/aliases.md names are the ones
/// exported.
#[tokio::test]
async fn alias_calls_are_exported_for_prometheus_as_readme_queries_them() {
    let server = Server::start(&["--alias-for", "15"]);
    let (session, listener) = connect(&server.url).await;
    let start = scrape(&server.url).await;
    assert!(
        start.contains("# TYPE mcp_toolname_alias_calls counter"),
        "{start}"
    );
    assert_eq!(minus_calls(&start, "served"), Some(0.0), "{start}");
    assert_eq!(minus_calls(&start, "refused"), Some(0.0), "{start}");

    for i in 0..3 {
        let served = call(&session, "minus", Some(args(i, 1))).await.unwrap();
        assert_eq!(text(&served), (i - 1).to_string());
    }
    call(&session, "subtract", Some(args(1, 1))).await.unwrap();
    let during = scrape(&server.url).await;
    assert_eq!(minus_calls(&during, "served"), Some(3.0), "{during}");
    assert_eq!(minus_calls(&during, "refused"), Some(0.0), "{during}");

    assert_eq!(listener.heard(1).await, 1, "the window closes");
    for _ in 0..2 {
        let refused = call(&session, "minus", Some(args(1, 1))).await.unwrap();
        assert_eq!(refused.is_error, Some(true));
    }
    let after = scrape(&server.url).await;
    assert_eq!(minus_calls(&after, "served"), Some(3.0), "{after}");
    assert_eq!(minus_calls(&after, "refused"), Some(2.0), "{after}");

    // docs/aliases.md's query, `sum(increase(METRIC{LABEL="calc.add"}[30d])) == 0`, names these.
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/aliases.md"))
        .expect("docs/aliases.md");
    let query = readme
        .split("```promql\n")
        .nth(1)
        .and_then(|block| block.lines().next())
        .expect("docs/aliases.md has a promql block");
    let selector = query
        .split_once("increase(")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(selector, _)| selector)
        .expect("the query is increase(METRIC{LABEL=\"...\"}[...])");
    let (metric, label) = selector
        .trim_end_matches('=')
        .split_once('{')
        .expect("METRIC{LABEL=");
    assert!(
        after
            .lines()
            .any(|l| l.starts_with(&format!("{metric}{{"))
                && l.contains(&format!("{label}=\"minus\""))),
        "docs/aliases.md queries {metric} by {label}, which GET /metrics does not export:\n{after}"
    );
    session.cancel().await.unwrap();
}

#[tokio::test]
async fn no_session_sees_a_torn_list_while_tools_change() {
    const CHANGES: usize = 20;
    let server = Server::start(&[]);
    let (admin, _) = connect(&server.url).await;
    let readers = [
        connect(&server.url).await,
        connect(&server.url).await,
        connect(&server.url).await,
    ];
    let base = set(&BASE);
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut tasks = tokio::task::JoinSet::new();
    for (reader, _) in readers {
        let (base, done) = (base.clone(), done.clone());
        tasks.spawn(async move {
            let mut lists = 0;
            // Bounded: at most 2,000 lists per reader.
            while !done.load(std::sync::atomic::Ordering::SeqCst) && lists < 2_000 {
                let listed: BTreeSet<String> = names(&reader).await.into_iter().collect();
                let extra: Vec<&String> = listed.difference(&base).collect();
                assert!(
                    listed.is_superset(&base) && extra.len() <= 1,
                    "a torn list: {listed:?}"
                );
                lists += 1;
            }
            lists
        });
    }
    for i in 0..CHANGES {
        let name = format!("t{i}");
        call(&admin, "add_tool", extra(&name)).await.unwrap();
        call(&admin, "remove_tool", extra(&name)).await.unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let mut total = 0;
    while let Some(lists) = tasks.join_next().await {
        total += lists.expect("no reader saw a torn list");
    }
    assert!(total >= 3, "every reader listed at least once");
}

/// `remove_tool` once echoed a raw 1 MB name with ESC, BEL and CRLF back to the caller;
/// now the name comes back escaped and shortened.
#[tokio::test]
async fn a_hostile_name_is_echoed_escaped_and_shortened() {
    let server = Server::start(&[]);
    let (session, _listener) = connect(&server.url).await;
    let hostile = format!("\u{1b}[2J\u{7}\r\nfake: line{}", "x".repeat(1 << 20));
    let answer = call(&session, "remove_tool", extra(&hostile))
        .await
        .unwrap();
    let said = text(&answer);
    assert_eq!(answer.is_error, Some(true));
    assert!(said.len() < 1_000, "{} bytes echoed", said.len());
    assert!(!said.contains('\u{1b}') && !said.contains('\u{7}') && !said.contains('\r'));
    assert!(
        said.contains("\\u{1b}[2J\\u{7}\\u{d}\\u{a}fake: line"),
        "{said}"
    );
    let digest = mcp_toolname::rules::message::digest(&format!("extra_{hostile}"));
    assert!(
        said.contains(&format!("(1048599 characters, sha1 {digest})")),
        "{said}"
    );
}
