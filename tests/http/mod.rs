//! Shared by the Streamable HTTP tests: the `http` example as a real server process on a free
//! loopback port, and rmcp Streamable HTTP clients that count `tools/list_changed`.
#![allow(dead_code)] // each test binary uses part of this module

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::service::{MaybeSendFuture, NotificationContext, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use tokio::sync::Notify;

/// The `http` example, killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
}

impl Server {
    /// Starts the example with `args` and waits for the address it prints.
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(crate::common::example("http"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the http example starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the http example prints its address");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        Self { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client handler that counts `notifications/tools/list_changed`.
#[derive(Clone, Default)]
pub struct Listener {
    pub heard: Arc<AtomicUsize>,
    pub wake: Arc<Notify>,
}

impl ClientHandler for Listener {
    fn on_tool_list_changed(
        &self,
        _context: NotificationContext<RoleClient>,
    ) -> impl std::future::Future<Output = ()> + MaybeSendFuture + '_ {
        self.heard.fetch_add(1, Ordering::SeqCst);
        self.wake.notify_waiters();
        std::future::ready(())
    }
}

impl Listener {
    pub fn count(&self) -> usize {
        self.heard.load(Ordering::SeqCst)
    }

    /// Waits (at most 20 s) until `expected` notifications were heard, then a moment more
    /// for an unwanted extra one, and returns the count.
    pub async fn heard(&self, expected: usize) -> usize {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let woken = self.wake.notified();
            if self.count() >= expected {
                break;
            }
            if tokio::time::timeout_at(deadline, woken).await.is_err() {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        self.count()
    }
}

pub type Session = RunningService<RoleClient, Listener>;

/// A new session with rmcp's Streamable HTTP client.
pub async fn connect(url: &str) -> (Session, Listener) {
    let listener = Listener::default();
    let session = listener
        .clone()
        .serve(StreamableHttpClientTransport::from_uri(url.to_owned()))
        .await
        .expect("MCP initialize over Streamable HTTP");
    (session, listener)
}
