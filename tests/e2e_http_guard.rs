//! The `http` example as a server on the open network must be: a client that sends its
//! request too slowly is disconnected, and past the session cap the longest-idle session gives
//! way to a new one. Before the guard,
//! with `axum::serve`, 1,300 slowloris connections were held 45 s and none was closed.
//!
//! Every loop is bounded; each wait has a deadline far past the server's timeout, so the tests
//! say whether the server closes, not how fast.

use crate::common;
use crate::http;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use http::{Server, connect};

/// Connections a slowloris client opens.
const SLOW: usize = 50;

/// The address `host:port` of `url` (`http://127.0.0.1:PORT/mcp`).
fn addr(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .to_owned()
}

/// Whether the server closed `stream` (or answered and closed) before `deadline`: reads until
/// end of file, a reset, or the deadline.
fn closed_by_server(stream: &mut TcpStream, deadline: Duration) -> (bool, String) {
    stream.set_read_timeout(Some(deadline)).expect("timeout");
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    // Bounded: a server that keeps writing is cut at 64 KiB.
    while got.len() < 64 * 1024 {
        match stream.read(&mut buf) {
            Ok(0) => return (true, String::from_utf8_lossy(&got).into_owned()),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return (false, String::from_utf8_lossy(&got).into_owned());
            }
            Err(_) => return (true, String::from_utf8_lossy(&got).into_owned()),
        }
    }
    (false, String::from_utf8_lossy(&got).into_owned())
}

#[test]
fn a_client_that_sends_its_headers_slowly_is_disconnected() {
    let server = Server::start(&["--header-timeout", "1"]);
    let addr = addr(&server.url);
    let mut slow: Vec<TcpStream> = (0..SLOW)
        .map(|_| {
            let mut s = TcpStream::connect(&addr).expect("connect");
            // Half a request line, then nothing.
            s.write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                .expect("write");
            s
        })
        .collect();
    for (i, stream) in slow.iter_mut().enumerate() {
        let (closed, _) = closed_by_server(stream, Duration::from_secs(60));
        assert!(
            closed,
            "slow connection {i} is still open 60 s after a 1 s header timeout"
        );
    }
    // The server still serves a client that is not slow.
    let mut quick = TcpStream::connect(&addr).expect("connect");
    quick
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .expect("write");
    let (closed, answer) = closed_by_server(&mut quick, Duration::from_secs(60));
    assert!(closed && answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// The start of a POST to `/mcp` whose body is to have 1,000 bytes, and its first bytes.
const BODY_START: &[u8] =
    b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
    Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":";

#[test]
fn a_body_that_stops_is_answered_408_and_the_connection_closed() {
    let server = Server::start(&["--body-timeout", "1"]);
    let mut stream = TcpStream::connect(addr(&server.url)).expect("connect");
    stream.write_all(BODY_START).expect("write");
    let (closed, answer) = closed_by_server(&mut stream, Duration::from_secs(60));
    assert!(
        closed,
        "a body 990 bytes short is still awaited 60 s after a 1 s body timeout: {answer:?}"
    );
    assert!(
        answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
        "a stopped body is a timeout: {answer:?}"
    );
    assert!(
        answer.ends_with("the request's body did not arrive within 1 s\n"),
        "{answer:?}"
    );
}

#[test]
fn a_body_that_trickles_past_its_deadline_is_answered_408_and_the_connection_closed() {
    let server = Server::start(&["--body-timeout", "1"]);
    let mut stream = TcpStream::connect(addr(&server.url)).expect("connect");
    stream.write_all(BODY_START).expect("write");
    let mut reader = stream.try_clone().expect("a second handle");
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let done = std::sync::Arc::clone(&answered);
    let read = std::thread::spawn(move || {
        let seen = closed_by_server(&mut reader, Duration::from_secs(120));
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        seen
    });
    // A byte every 100 ms, far inside a per-chunk timeout of 1 s, until the server answers or
    // the body is whole (990 bytes: 99 s).
    for _ in 0..990 {
        if answered.load(std::sync::atomic::Ordering::SeqCst) || stream.write_all(b" ").is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let (closed, answer) = read.join().expect("the reader");
    assert!(
        answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
        "a body still trickling after its 1 s deadline is cut: {answer:?}"
    );
    assert!(closed, "and its connection closed: {answer:?}");
}

#[tokio::test]
async fn past_the_session_cap_the_longest_idle_session_gives_way() {
    let server = Server::start(&["--max-sessions", "2"]);
    // From an address of its own: one address may hold only 2 sessions here, and the third
    // comes from 127.0.0.1.
    let client = http::client_from("127.0.0.2");
    let first = http::open_session(&client, &server.url).await;
    let second = http::open_session(&client, &server.url).await;
    // A request on the first: the second, opened later, is now idle the longer.
    assert_eq!(http::ping(&client, &server.url, &first).await, 200);
    // The server holds 2 sessions, as many as it may: a third takes the second's place.
    let (third, _) = connect(&server.url).await;
    assert!(common::names(&third).await.iter().any(|n| n == "subtract"));
    assert_eq!(
        http::ping(&client, &server.url, &second).await,
        404,
        "the session idle the longest is closed"
    );
    assert_eq!(
        http::ping(&client, &server.url, &first).await,
        200,
        "the session used since is open"
    );
}
