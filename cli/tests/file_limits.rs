//! Each file the CLI reads whole has a size limit far above any real one: a snapshot (and
//! `--baseline`) 64 MiB, `mcp-toolname.toml` 1 MiB, a client config 16 MiB. A file one byte
//! past is refused before it is read, naming the file, its size and the limit (exit 2); a
//! file at the limit is read (here, sparse files of zero bytes: read, then refused as not
//! JSON or TOML, which only a read can find). Sparse files take no disk.

use crate::common;

use std::fs::File;

use common::{Scratch, run, run_in};

const MIB: u64 = 1 << 20;

/// A sparse file of `len` zero bytes at `path`.
fn sparse(path: &str, len: u64) {
    File::create(path)
        .and_then(|f| f.set_len(len))
        .expect("sparse file");
}

/// A small snapshot that `diff` reads.
const SNAPSHOT: &str = r#"{"schema_version": 2, "server": {"name": "s", "version": "1"},
 "hidden_names_asked": false, "tools": [], "prompts": []}"#;

#[test]
fn a_snapshot_past_64_mib_is_refused_and_one_at_the_limit_is_read() {
    let dir = Scratch::new("file-limits", "snapshot");
    let small = dir.file("small.json");
    std::fs::write(&small, SNAPSHOT).expect("snapshot");
    run(["diff", &small, &small]).exits(0);

    let big = dir.file("big.json");
    sparse(&big, 64 * MIB + 1);
    run(["diff", &small, &big])
        .exits(2)
        .err_has("snapshot `")
        .err_has("big.json` is 67108865 bytes, more than the 67108864 bytes mcp-toolname reads");
    let huge = dir.file("huge.json");
    sparse(&huge, 200 * MIB);
    run(["diff", &huge, &small])
        .exits(2)
        .err_has("huge.json` is 200.0 MiB, more than the 64.0 MiB mcp-toolname reads");

    let at = dir.file("at.json");
    sparse(&at, 64 * MIB);
    run(["diff", &small, &at])
        .exits(2)
        .err_has("at.json` is not JSON");
}

#[test]
fn a_baseline_past_64_mib_is_refused_before_any_server_starts() {
    let dir = Scratch::new("file-limits", "baseline");
    let big = dir.file("big.json");
    sparse(&big, 64 * MIB + 1);
    // No server is started: the command would fail to start if it were.
    run([
        "audit",
        "--baseline",
        &big,
        "--",
        "/nonexistent/mcp-toolname-server",
    ])
    .exits(2)
    .err_has("big.json` is 67108865 bytes, more than the 67108864 bytes mcp-toolname reads");
}

#[test]
fn a_settings_file_past_1_mib_is_refused() {
    let dir = Scratch::new("file-limits", "settings");
    let big = dir.file("mcp-toolname.toml");
    sparse(&big, MIB + 1);
    run_in(&dir.0, ["check", "search"]).exits(2).err_has(
        "mcp-toolname.toml` is 1048577 bytes, more than the 1048576 bytes mcp-toolname reads",
    );
    // 2 GiB, as a pull request could hold: refused by its size, never read.
    sparse(&big, 2 << 30);
    run_in(&dir.0, ["check", "search"])
        .exits(2)
        .err_has("mcp-toolname.toml` is 2.0 GiB, more than the 1.0 MiB mcp-toolname reads");
    // At the limit: read (and refused for what it holds).
    sparse(&big, MIB);
    run(["check", "--config-file", &big, "search"])
        .exits(2)
        .err_has("not valid TOML");
}

#[test]
fn a_client_config_past_16_mib_is_refused() {
    let dir = Scratch::new("file-limits", "config");
    let big = dir.file(".mcp.json");
    sparse(&big, 16 * MIB + 1);
    run(["audit", "--config", &big])
        .exits(2)
        .err_has("config `")
        .err_has(".mcp.json` is 16777217 bytes, more than the 16777216 bytes mcp-toolname reads");
    sparse(&big, 16 * MIB);
    run(["audit", "--config", &big])
        .exits(2)
        .err_has("is not valid JSON");
}
