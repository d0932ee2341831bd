//! Shared by the Streamable HTTP tests: the `http` example as a real server process on a free
//! loopback port, and rmcp Streamable HTTP clients that count `tools/list_changed`.
#![allow(dead_code)] // each test binary uses part of this module

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};

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

pub use crate::common::Listener;

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
