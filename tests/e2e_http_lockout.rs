//! No client of the `http` example, nor many from many addresses, can lock the others out: a
//! session counts against the cap only once its handshake is finished, an unfinished one is
//! closed after `--init-timeout`, one peer address past its share of sessions or connections is
//! refused (`429` with `Retry-After`) while another address is served, and a full server makes
//! room for a new client by closing the session, stream or connection idle the longest.
//! Before, 1,000 bare `initialize` requests filled the session cap for 301 s, 1,027 slow
//! connections the connection cap, and from 9 addresses 1,000 idle sessions kept a new client
//! out for 36 s, 1,000 SSE streams for 59 s.
//!
//! The peers are loopback addresses (127.0.0.2, 127.0.0.3, ...: Linux answers the whole of
//! 127.0.0.0/8); the server listens on 127.0.0.1. Every wait is bounded by [`common::HANG`].

use crate::common;
use crate::http;

use std::time::Duration;

use http::{Server, bare_initialize, client_from, open_session, ping, try_connect_from};
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
    // The cap of 2 is still free for two clients that finish their handshake: neither takes
    // the other's place, both are served.
    let a = try_connect_from(&server.url, "127.0.0.1")
        .await
        .expect("a first finished session beside the unfinished one");
    let b = try_connect_from(&server.url, "127.0.0.1")
        .await
        .expect("a second finished session beside the unfinished one");
    for session in [&a, &b] {
        assert!(common::names(session).await.iter().any(|n| n == "subtract"));
    }
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
    // Each is asked, with a `ping` (which cannot finish its handshake), until it answers 404.
    let client = client_from("127.0.0.2");
    let deadline = tokio::time::Instant::now() + common::HANG;
    for id in &ids {
        loop {
            let status = ping(&client, &server.url, id).await;
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

/// The attackers' addresses: 8 of them, each within its shares, fill the server together.
const MANY: [&str; 8] = [
    "127.0.0.2",
    "127.0.0.3",
    "127.0.0.4",
    "127.0.0.5",
    "127.0.0.6",
    "127.0.0.7",
    "127.0.0.8",
    "127.0.0.9",
];

/// The legitimate client's address, none of the attackers'.
const LEGIT: &str = "127.0.0.10";

/// Sessions and connections that fill the server: 2 per attacking address.
const SMALL: [&str; 8] = [
    "--max-sessions",
    "16",
    "--max-sessions-per-peer",
    "2",
    "--max-connections",
    "16",
    "--max-connections-per-peer",
    "2",
];

/// A legitimate client (rmcp's, from [`LEGIT`]) does `initialize` and `tools/list`, served on
/// its first attempt: no refusal, no retry.
async fn served_first_time(url: &str) {
    let served = async {
        let session = try_connect_from(url, LEGIT).await.unwrap_or_else(|e| {
            panic!("the client from {LEGIT} is refused on its first attempt: {e}")
        });
        common::names(&session).await
    };
    let names = tokio::time::timeout(common::HANG, served)
        .await
        .unwrap_or_else(|_| {
            panic!(
                "the client from {LEGIT} is not served within {} s",
                common::HANG.as_secs()
            )
        });
    assert!(names.iter().any(|n| n == "subtract"), "{names:?}");
}

#[tokio::test]
async fn idle_sessions_from_many_addresses_give_way_to_a_new_client() {
    let server = Server::start(&SMALL[..4]);
    // 16 finished sessions, 2 from each address, left idle: the server holds all it may.
    let mut ids = Vec::new();
    for ip in MANY {
        let client = client_from(ip);
        for _ in 0..2 {
            ids.push((client.clone(), open_session(&client, &server.url).await));
        }
    }
    served_first_time(&server.url).await;
    // The one idle the longest gave way; the others are open.
    let (first, last) = (&ids[0], &ids[ids.len() - 1]);
    assert_eq!(
        ping(&first.0, &server.url, &first.1).await,
        404,
        "the idlest"
    );
    assert_eq!(ping(&last.0, &server.url, &last.1).await, 200, "the latest");
}

#[tokio::test]
async fn sse_streams_from_many_addresses_give_way_to_a_new_client() {
    let server = Server::start(&SMALL);
    // 16 finished sessions, 2 from each address, whose clients then go (and close their
    // connections), and an SSE stream on each, on a connection of its own from its address:
    // every session and every connection is held by a stream.
    let mut ids = Vec::new();
    for ip in MANY {
        let client = client_from(ip);
        for _ in 0..2 {
            ids.push((ip, open_session(&client, &server.url).await));
        }
    }
    let mut streams = Vec::new();
    for (ip, id) in &ids {
        let mut stream = connect_from(&server.url, ip).await;
        let get = format!(
            "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\
             Mcp-Session-Id: {id}\r\nMcp-Protocol-Version: 2025-11-25\r\n\r\n"
        );
        stream.write_all(get.as_bytes()).await.expect("write");
        let head = response_head(&mut stream).await;
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head:?}");
        streams.push(stream);
    }
    served_first_time(&server.url).await;
    // The stream opened first, idle the longest, gave way (its connection, and its session).
    assert!(
        until_closed(&mut streams[0]).await.is_some(),
        "the idlest stream is still open"
    );
}

#[tokio::test]
async fn unfinished_sessions_from_many_addresses_give_way_to_a_new_client() {
    let server = Server::start(&[&SMALL[..4], &["--init-timeout", "600"]].concat());
    // 16 bare initializes, 2 from each address: every unfinished place is held (for 600 s).
    let mut ids = Vec::new();
    for ip in MANY {
        let client = client_from(ip);
        for _ in 0..2 {
            let (status, _, id, body) = bare_initialize(&client, &server.url).await;
            assert_eq!(status, 200, "a bare initialize from {ip}: {body}");
            ids.push((client.clone(), id.expect("a session id")));
        }
    }
    served_first_time(&server.url).await;
    let (client, first) = &ids[0];
    assert_eq!(ping(client, &server.url, first).await, 404, "the oldest");
}

#[tokio::test]
async fn keep_alive_connections_from_many_addresses_give_way_to_a_new_client() {
    // A client polling more often than the header timeout is never cut by it: the long one
    // stands for that, so that the pollers below need poll only once.
    let server = Server::start(&[&SMALL[4..], &["--header-timeout", "600"]].concat());
    // 16 connections, 2 from each address, that each poll `/metrics` once and stay open.
    let mut polling = Vec::new();
    for ip in MANY {
        for _ in 0..2 {
            let mut stream = connect_from(&server.url, ip).await;
            stream
                .write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .await
                .expect("write");
            let head = response_head(&mut stream).await;
            assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head:?}");
            let length = head
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_owned)
                })
                .and_then(|n| n.trim().parse::<usize>().ok())
                .expect("a Content-Length");
            let mut body = vec![0; length];
            stream.read_exact(&mut body).await.expect("the body");
            polling.push(stream);
        }
    }
    served_first_time(&server.url).await;
    assert!(
        until_closed(&mut polling[0]).await.is_some(),
        "the idlest keep-alive connection is still open"
    );
}

/// An answer's head on `stream`, up to its blank line (read a byte at a time, so that what
/// follows is left unread).
async fn response_head(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let read = async {
        while !head.ends_with(b"\r\n\r\n") && head.len() < 16 * 1024 {
            head.push(stream.read_u8().await.expect("an answer"));
        }
    };
    tokio::time::timeout(common::HANG, read)
        .await
        .expect("an answer's head");
    String::from_utf8_lossy(&head).into_owned()
}

/// The kernel holds a burst of connects past the connection cap until the server accepts them:
/// the listen backlog is the most the kernel allows (`net.core.somaxconn`, up to 4,096), not
/// `TcpListener::bind`'s 1,024. A burst of 1,152 trickling connections from nine addresses
/// overflows 1,024 (the kernel's `ListenOverflows` counted 645 in one run), and a legitimate
/// client whose SYN is dropped then is served only after its retransmission, a second later
/// (`scripts/http-attack.py --attacks trickle-headers`).
#[cfg(target_os = "linux")]
#[test]
fn the_listen_backlog_holds_a_burst_past_the_connection_cap() {
    let server = Server::start(&[]);
    let port = server
        .url
        .rsplit(':')
        .next()
        .and_then(|rest| rest.split('/').next())
        .expect("a port in the url")
        .to_owned();
    // `ss` reads a listening socket's backlog (its Send-Q) from the kernel.
    let ss = match std::process::Command::new("ss")
        .args(["-Hltn", &format!("sport = :{port}")])
        .output()
    {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        _ => return common::skipped::skipped("`ss` (iproute2) reads the listen backlog"),
    };
    let backlog: u32 = ss
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no backlog in `ss` output {ss:?}"));
    let most: u32 = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(4096);
    assert_eq!(
        backlog,
        most.min(4096),
        "the listen backlog of {}",
        server.url
    );
}
