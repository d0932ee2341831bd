//! `audit --url https://...` and the https entries of `audit --config`: the `http` example
//! behind a TLS front on loopback whose certificate (for 127.0.0.1) comes from a CA made
//! for this run. Trusted through `SSL_CERT_FILE`, as the platform's trust store reads it on
//! Linux, the server is audited; not trusted, the audit ends in a message naming the URL
//! and the certificate problem, exit 2.

use crate::common;

use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use common::{Server, http_example, run_env};
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use serde_json::json;

/// The `http` example, and a TLS front for it; both end when this is dropped.
struct Front {
    _server: Server,
    runtime: Option<tokio::runtime::Runtime>,
    /// `https://127.0.0.1:PORT/mcp`.
    url: String,
    /// The example itself, `http://127.0.0.1:PORT/mcp`.
    backend: SocketAddr,
    /// Where the CA certificate is written, PEM.
    ca_file: PathBuf,
}

impl Drop for Front {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

fn start(name: &str) -> Front {
    let (server, url) = http_example();
    let backend: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .parse()
        .expect("host:port");

    // A CA, and a certificate for 127.0.0.1 it signs.
    let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "mcp-toolname test CA");
    let ca = CertifiedIssuer::self_signed(ca, KeyPair::generate().expect("CA key"))
        .expect("CA certificate");
    let leaf_key = KeyPair::generate().expect("key");
    let leaf = CertificateParams::new(vec!["127.0.0.1".to_owned()])
        .expect("params")
        .signed_by(&leaf_key, &ca)
        .expect("certificate");
    let dir = std::env::temp_dir().join(format!("mcp-toolname-tls-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let ca_file = dir.join("ca.pem");
    std::fs::write(&ca_file, ca.pem()).expect("CA written");

    let _ = rustls::crypto::ring::default_provider().install_default();
    let config = rustls::ServerConfig::builder()
        .with_no_client_auth()
        .with_single_cert(
            vec![leaf.der().clone()],
            rustls::pki_types::PrivateKeyDer::try_from(leaf_key.serialize_der()).expect("key DER"),
        )
        .expect("TLS config");
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a free port");
    let port = listener.local_addr().expect("addr").port();
    runtime.spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                // A handshake the client refuses ends here, as a real server's would.
                let Ok(mut tls) = acceptor.accept(tcp).await else {
                    return;
                };
                if let Ok(mut up) = tokio::net::TcpStream::connect(backend).await {
                    let _ = tokio::io::copy_bidirectional(&mut tls, &mut up).await;
                }
            });
        }
    });
    Front {
        _server: server,
        runtime: Some(runtime),
        url: format!("https://127.0.0.1:{port}/mcp"),
        backend,
        ca_file,
    }
}

/// `SSL_CERT_FILE` set to `file`, and `SSL_CERT_DIR` to an empty directory, so that only
/// `file` is trusted whatever the machine's store holds.
fn trusting(file: &std::path::Path) -> [(&'static str, &OsStr); 2] {
    let empty = file.parent().expect("scratch dir").join("empty");
    std::fs::create_dir_all(&empty).expect("empty dir");
    let empty: &'static std::path::Path = Box::leak(empty.into_boxed_path());
    [
        ("SSL_CERT_FILE", file.as_os_str()),
        ("SSL_CERT_DIR", empty.as_os_str()),
    ]
}

#[test]
fn audit_url_over_https_checks_the_certificate_against_the_trust_store() {
    let front = start("url");
    let r = run_env(["audit", "--url", &front.url], &trusting(&front.ca_file));
    r.exits(0)
        .out_has(&format!("(at `{}`, over Streamable HTTP)", front.url))
        .out_has("5 tools in 1 page")
        .err_has("initialized: server `http` `1.0.0`");

    // A CA file that does not hold the server's issuer: the handshake fails, and says so.
    let other = front.ca_file.with_file_name("other.pem");
    let mut params = CertificateParams::new(Vec::<String>::new()).expect("params");
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    let stranger = CertifiedIssuer::self_signed(params, KeyPair::generate().expect("key"))
        .expect("certificate");
    std::fs::write(&other, stranger.pem()).expect("written");
    let r = run_env(
        ["audit", "--url", &front.url, "--timeout", "20"],
        &trusting(&other),
    );
    r.exits(2)
        .err_has(&format!("`{}`", front.url))
        .err_has("invalid peer certificate: UnknownIssuer; the certificate's issuer is in neither")
        .err_has(&format!("SSL_CERT_FILE (`{}`", other.display()));

    // The plain http port asked for in TLS: said so; the TLS port in plain http: an error.
    let tls_to_plain = format!("https://{}/mcp", front.backend);
    let r = run_env(
        ["audit", "--url", &tls_to_plain, "--timeout", "20"],
        &trusting(&front.ca_file),
    );
    r.exits(2)
        .err_has("the server did not answer in TLS: does it speak plain http (`http://`)?");
    let plain_to_tls = front.url.replacen("https://", "http://", 1);
    let r = run_env(
        ["audit", "--url", &plain_to_tls, "--timeout", "20"],
        &trusting(&front.ca_file),
    );
    r.exits(2).err_has(&format!(
        "server `{plain_to_tls}` failed before answering `initialize`"
    ));
}

#[test]
fn config_https_entries_are_audited() {
    let front = start("config");
    let dir = front.ca_file.parent().expect("dir").to_owned();
    let config = json!({ "mcpServers": {
        "web": { "type": "http", "url": front.url },
    }});
    let file = dir.join(".mcp.json");
    std::fs::write(&file, config.to_string()).expect("config written");
    let r = run_env(
        ["audit", "--config", file.to_str().expect("utf-8 path")],
        &trusting(&front.ca_file),
    );
    r.exits(0)
        .out_has("(Claude Code `.mcp.json`): 1 server")
        .out_has("`web`  audited: 5 tools");
}
