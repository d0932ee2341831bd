//! No one client of the `http` example can lock the others out: a session counts against the
//! cap only once its handshake is finished, an unfinished one is closed after
//! `--init-timeout`, and one peer address past its share of sessions or connections is refused
//! (`429` with `Retry-After`) while another address is served. Before, 1,000 bare
//! `initialize` requests filled the session cap for 301 s, and 1,027 slow connections the
//! connection cap.
//!
//! The peers are loopback addresses (127.0.0.2, 127.0.0.3, ...: Linux answers the whole of
//! 127.0.0.0/8); the server listens on 127.0.0.1. Every wait is bounded by [`common::HANG`].

mod common;
mod http;

use std::time::Duration;

use http::{Server, bare_initialize, client_from, try_connect_from};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Retries `connect` every 100 ms until it makes a session; panics naming `what` after
/// [`common::HANG`].
async fn until_admitted<F, Fut>(what: &str, mut connect: F) -> http::Session
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<http::Session, String>>,
{
    let deadline = tokio::time::Instant::now() + common::HANG;
    loop {
        match connect().await {
            Ok(session) => return session,
            Err(e) => assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: still refused after {} s: {e}",
                common::HANG.as_secs()
            ),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_session_counts_against_the_cap_only_once_initialized() {
    let server = Server::start(&["--max-sessions", "2"]);
    // An `initialize` and nothing after it: unfinished.
    let (status, _, session, _) = bare_initialize(&client_from("127.0.0.2"), &server.url).await;
    assert_eq!(status, 200, "a bare initialize is answered");
    assert!(session.is_some(), "with a session id");
    // The cap of 2 is still free for two clients that finish their handshake.
    let _a = try_connect_from(&server.url, "127.0.0.1")
        .await
        .expect("a first finished session beside the unfinished one");
    let _b = try_connect_from(&server.url, "127.0.0.1")
        .await
        .expect("a second finished session beside the unfinished one");
    // And it holds: a third is refused as unavailable for now, saying when to try again.
    let (status, retry, _, body) = bare_initialize(&client_from("127.0.0.3"), &server.url).await;
    assert_eq!(
        (status, retry.as_deref()),
        (503, Some("5")),
        "past the cap: {body}"
    );
    assert_eq!(
        body,
        "the server holds 2 sessions, as many as it may; try again later"
    );
}

#[tokio::test]
async fn an_unfinished_session_is_closed_after_the_init_timeout() {
    let server = Server::start(&["--max-sessions", "2", "--init-timeout", "2"]);
    // Two bare initializes, from two addresses, hold every unfinished place.
    let mut ids = Vec::new();
    for ip in ["127.0.0.2", "127.0.0.3"] {
        let (status, _, session, body) = bare_initialize(&client_from(ip), &server.url).await;
        assert_eq!(status, 200, "a bare initialize from {ip}: {body}");
        ids.push(session.expect("a session id"));
    }
    let (status, retry, _, body) = bare_initialize(&client_from("127.0.0.4"), &server.url).await;
    assert_eq!(
        (status, retry.as_deref()),
        (503, Some("5")),
        "a third unfinished session is refused: {body}"
    );
    // Once they expire, a client that finishes its handshake is served.
    let session = until_admitted("a client after the unfinished sessions expire", || {
        try_connect_from(&server.url, "127.0.0.5")
    })
    .await;
    assert!(
        common::names(&session)
            .await
            .iter()
            .any(|n| n == "subtract")
    );
    // And the expired sessions are gone, not only uncounted. The admission above proves only
    // that one expired (under load the second was opened later), so each is asked until it
    // answers 404, with a `ping`: a message that, unlike `notifications/initialized`, cannot
    // finish the handshake of a session that has not expired yet.
    let client = client_from("127.0.0.2");
    let deadline = tokio::time::Instant::now() + common::HANG;
    for id in &ids {
        loop {
            let status = client
                .post(&server.url)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .header("mcp-session-id", id)
                .header("mcp-protocol-version", "2025-11-25")
                .body(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
                .send()
                .await
                .expect("an answer")
                .status();
            if status == 404 {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the expired session {id} is closed: still {status} after {} s",
                common::HANG.as_secs()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test]
async fn a_peer_past_its_share_of_sessions_is_refused_while_another_is_served() {
    let server = Server::start(&["--max-sessions", "8", "--max-sessions-per-peer", "2"]);
    let first = try_connect_from(&server.url, "127.0.0.2")
        .await
        .expect("a first session");
    let _second = try_connect_from(&server.url, "127.0.0.2")
        .await
        .expect("a second session");
    let (status, retry, _, body) = bare_initialize(&client_from("127.0.0.2"), &server.url).await;
    assert_eq!(
        (status, retry.as_deref()),
        (429, Some("5")),
        "a third session of one address: {body}"
    );
    assert_eq!(
        body,
        "your address holds 2 sessions, as many as one address may; close one or try again later"
    );
    // The unfinished session refused above counts for nothing, and another address is served.
    let other = try_connect_from(&server.url, "127.0.0.3")
        .await
        .expect("another address is served while the first is at its share");
    assert!(common::names(&other).await.iter().any(|n| n == "subtract"));
    // Closing one of its sessions gives the first address its place back.
    first.cancel().await.expect("close a session");
    until_admitted("the first address after closing a session", || {
        try_connect_from(&server.url, "127.0.0.2")
    })
    .await;
}

/// A TCP connection to `url`'s server from the address `ip`.
async fn connect_from(url: &str, ip: &str) -> TcpStream {
    let server: std::net::SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .parse()
        .expect("host:port");
    let socket = TcpSocket::new_v4().expect("a socket");
    let local: std::net::IpAddr = ip.parse().expect("an IP address");
    socket.bind((local, 0).into()).expect("bind");
    socket.connect(server).await.expect("connect")
}

/// What the server sends on `stream` until it closes it (at most 64 KiB), or `None` when it
/// is still open after [`common::HANG`].
async fn until_closed(stream: &mut TcpStream) -> Option<String> {
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        while got.len() < 64 * 1024 {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(common::HANG, read).await.ok()?;
    Some(String::from_utf8_lossy(&got).into_owned())
}

/// `GET /metrics` from `ip` on a connection of its own: the status line.
async fn status_from(url: &str, ip: &str) -> String {
    let mut stream = connect_from(url, ip).await;
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let answer = until_closed(&mut stream)
        .await
        .expect("answered and closed");
    answer.lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn a_peer_past_its_share_of_connections_is_refused_while_another_is_served() {
    let server = Server::start(&[
        "--max-connections",
        "16",
        "--max-connections-per-peer",
        "2",
        "--header-timeout",
        "600",
    ]);
    // Two connections that send nothing: held (for the 600 s header timeout).
    let mut held = vec![
        connect_from(&server.url, "127.0.0.2").await,
        connect_from(&server.url, "127.0.0.2").await,
    ];
    // The server accepts in order, so these two are counted before the third.
    let mut third = connect_from(&server.url, "127.0.0.2").await;
    let answer = until_closed(&mut third)
        .await
        .expect("a third connection of one address is answered and closed");
    assert!(
        answer.starts_with("HTTP/1.1 429 Too Many Requests\r\n"),
        "{answer:?}"
    );
    assert!(answer.contains("\r\nRetry-After: 5\r\n"), "{answer:?}");
    assert!(
        answer.ends_with(
            "your address holds 2 connections, as many as one address may; close one or try again later\n"
        ),
        "{answer:?}"
    );
    // Another address is served meanwhile.
    assert_eq!(
        status_from(&server.url, "127.0.0.3").await,
        "HTTP/1.1 200 OK"
    );
    // A connection the first address closes gives it its place back.
    drop(held.pop());
    let deadline = tokio::time::Instant::now() + common::HANG;
    loop {
        let status = status_from(&server.url, "127.0.0.2").await;
        if status == "HTTP/1.1 200 OK" {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the first address is refused {} s after closing a connection: {status}",
            common::HANG.as_secs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(held);
}
