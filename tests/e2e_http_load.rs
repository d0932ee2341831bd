//! A bounded load test over loopback: 8 sessions of rmcp's Streamable HTTP client, 200 calls
//! each, mixing the canonical name and its alias, while the alias window closes mid-run.
//! Every call is counted: answered by the right tool, or refused with the right error once
//! the window has closed, and never lost.

use crate::common;
use crate::http;

use common::{args, call, text};
use http::{Server, connect, minus_calls, scrape};

const SESSIONS: usize = 8;
const CALLS: usize = 200;

/// What one session saw.
#[derive(Debug, Default)]
struct Tally {
    canonical: usize,
    alias_served: usize,
    alias_expired: usize,
    /// Calls whose answer was neither.
    wrong: Vec<String>,
}

/// Call `i`: even calls use the alias `minus`, odd ones `subtract`; `i - 7` is the answer.
async fn one_call(session: &http::Session, i: usize, closed: bool, tally: &mut Tally) {
    let name = if i.is_multiple_of(2) {
        "minus"
    } else {
        "subtract"
    };
    let a = i64::try_from(i).unwrap();
    let expected = (a - 7).to_string();
    match call(session, name, Some(args(a, 7))).await {
        Ok(result) if text(&result) == expected && result.is_error != Some(true) => {
            if name == "subtract" {
                tally.canonical += 1;
            } else if closed || tally.alias_expired > 0 {
                tally
                    .wrong
                    .push(format!("call {i}: `minus` served after its window closed"));
            } else {
                tally.alias_served += 1;
            }
        }
        // Past its window an alias answers with a tool error naming the new name (the default).
        Ok(result)
            if name == "minus"
                && result.is_error == Some(true)
                && text(&result).contains("renamed to `subtract`") =>
        {
            tally.alias_expired += 1;
        }
        other => tally.wrong.push(format!("call {i} to `{name}`: {other:?}")),
    }
}

#[tokio::test]
async fn every_call_is_answered_rightly_across_a_window_closing_mid_run() {
    let server = Server::start(&["--alias-for", "5"]);
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..SESSIONS {
        let url = server.url.clone();
        tasks.spawn(async move {
            let (session, listener) = connect(&url).await;
            let mut tally = Tally::default();
            for i in 0..CALLS / 2 {
                one_call(&session, i, false, &mut tally).await;
            }
            // The window closes between the halves (or during the first): wait for the word.
            let heard = listener.heard(1).await;
            for i in CALLS / 2..CALLS {
                one_call(&session, i, heard >= 1, &mut tally).await;
            }
            session.cancel().await.expect("session closes");
            (tally, heard)
        });
    }
    let mut total = Tally::default();
    while let Some(joined) = tasks.join_next().await {
        let (tally, heard) = joined.expect("session task");
        assert_eq!(heard, 1, "each session hears the window close once");
        total.canonical += tally.canonical;
        total.alias_served += tally.alias_served;
        total.alias_expired += tally.alias_expired;
        total.wrong.extend(tally.wrong);
    }
    assert!(total.wrong.is_empty(), "wrong answers: {:#?}", total.wrong);
    assert_eq!(total.canonical, SESSIONS * CALLS / 2, "{total:?}");
    assert_eq!(
        total.alias_served + total.alias_expired,
        SESSIONS * CALLS / 2,
        "every alias call answered: {total:?}"
    );
    assert!(
        total.alias_expired >= SESSIONS * CALLS / 4,
        "every alias call after the window closed is refused: {total:?}"
    );
    // What the server exported at `GET /metrics` adds up to what the clients saw.
    let exported = scrape(&server.url).await;
    let count = |outcome| minus_calls(&exported, outcome).map(|v| v as usize);
    assert_eq!(count("served"), Some(total.alias_served), "{exported}");
    assert_eq!(count("refused"), Some(total.alias_expired), "{exported}");
    eprintln!(
        "{} calls: {} canonical, {} alias served, {} alias refused after the window closed",
        SESSIONS * CALLS,
        total.canonical,
        total.alias_served,
        total.alias_expired
    );
}
