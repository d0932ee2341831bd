//! The `cargo` a test runs to build an example: the one running the tests, with none of the
//! variables cargo gives a test process about its package.

use std::process::Command;

/// `cargo` (`$CARGO`, else the one on PATH) without `CARGO_MANIFEST_DIR`, `CARGO_MANIFEST_PATH`,
/// `CARGO_CRATE_NAME`, `CARGO_PRIMARY_PACKAGE` and the `CARGO_PKG_*` variables. A build script
/// may watch one of them (`rerun-if-env-changed`; ring's watches five), and cargo compares
/// the value in its own environment with the last build's: a nested cargo that inherits them
/// runs that build script again and rebuilds the crate and all above it (ring, rustls, reqwest,
/// rmcp: about 50 s on 2 cores), and the next cargo run without them does it once more.
pub fn cargo() -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    for (key, _) in std::env::vars_os() {
        let Some(name) = key.to_str() else { continue };
        if matches!(
            name,
            "CARGO_MANIFEST_DIR"
                | "CARGO_MANIFEST_PATH"
                | "CARGO_CRATE_NAME"
                | "CARGO_PRIMARY_PACKAGE"
        ) || name.starts_with("CARGO_PKG_")
        {
            command.env_remove(&key);
        }
    }
    command
}
