//! The npm packages (`scripts/npm_package.py`): what their package.json files say, and the
//! launcher (`cli/npm/launcher.js`) run by node from a `node_modules` laid out as npm lays it
//! out, around the binary this test built. `scripts/packages.sh` installs the packed tarballs
//! with npm itself; these cover what an install there cannot show: a binary ended by a signal,
//! and a platform package that is missing.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{output_text, scratch_dir};

/// The packages written into `dir/node_modules` as npm installs them; returns the folder and
/// the platform package's name (`@mcp-toolname/cli-<platform>`).
fn installed(dir: &Path) -> (PathBuf, String) {
    let modules = dir.join("node_modules");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("python3")
        .arg(root.join("scripts/npm_package.py"))
        .arg("--binary")
        .arg(env!("CARGO_BIN_EXE_mcp-toolname"))
        .arg("--out")
        .arg(&modules)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", output_text(&out));
    let printed = String::from_utf8_lossy(&out.stdout);
    let folders: Vec<&str> = printed.lines().collect();
    assert_eq!(
        folders.len(),
        2,
        "the launcher's folder, then the platform's: {printed}"
    );
    let platform = Path::new(folders[1])
        .file_name()
        .expect("a folder name")
        .to_string_lossy()
        .into_owned();
    std::fs::create_dir_all(modules.join("@mcp-toolname")).expect("scope folder");
    std::fs::rename(folders[1], modules.join("@mcp-toolname").join(&platform))
        .expect("the platform package under its scope");
    (modules, format!("@mcp-toolname/{platform}"))
}

fn manifest(folder: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(folder.join("package.json")).expect("package.json");
    serde_json::from_str(&text).expect("package.json is JSON")
}

/// `node node_modules/mcp-toolname/bin/mcp-toolname.js ARGS...`, as npm's bin link runs it.
fn launcher(modules: &Path, args: &[&str]) -> Output {
    let node = std::env::var("MCP_TOOLNAME_NODE").unwrap_or_else(|_| "node".to_owned());
    Command::new(node)
        .arg(modules.join("mcp-toolname/bin/mcp-toolname.js"))
        .args(args)
        .output()
        .expect("node runs")
}

#[test]
fn the_npm_packages_carry_the_crates_metadata() {
    let dir = scratch_dir("npm-metadata");
    let (modules, platform) = installed(&dir);
    let version = env!("CARGO_PKG_VERSION");

    let launcher = manifest(&modules.join("mcp-toolname"));
    assert_eq!(launcher["name"], "mcp-toolname");
    assert_eq!(launcher["version"], version);
    assert_eq!(launcher["license"], env!("CARGO_PKG_LICENSE"));
    assert_eq!(launcher["description"], env!("CARGO_PKG_DESCRIPTION"));
    assert_eq!(launcher["bin"]["mcp-toolname"], "bin/mcp-toolname.js");
    let optional = launcher["optionalDependencies"]
        .as_object()
        .expect("optional dependencies");
    for name in [
        "linux-x64",
        "linux-arm64",
        "darwin-x64",
        "darwin-arm64",
        "win32-x64",
    ] {
        assert_eq!(
            optional.get(&format!("@mcp-toolname/cli-{name}")),
            Some(&serde_json::json!(version)),
            "{launcher}"
        );
    }
    assert_eq!(optional.get(&platform), Some(&serde_json::json!(version)));

    let binary = manifest(&modules.join(&platform));
    assert_eq!(binary["name"], platform.as_str());
    assert_eq!(binary["version"], version);
    assert_eq!(binary["license"], env!("CARGO_PKG_LICENSE"));
    let suffix = platform.trim_start_matches("@mcp-toolname/cli-");
    let mut parts = suffix.split('-');
    assert_eq!(binary["os"], serde_json::json!([parts.next().unwrap()]));
    assert_eq!(binary["cpu"], serde_json::json!([parts.next().unwrap()]));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_launcher_runs_the_platform_binary_with_its_arguments_and_exit_code() {
    let dir = scratch_dir("npm-launcher");
    let (modules, _) = installed(&dir);
    let out = launcher(&modules, &["--version"]);
    assert!(out.status.success(), "{}", output_text(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("mcp-toolname {}\n", env!("CARGO_PKG_VERSION"))
    );
    // One argument with a space stays one; the binary's exit code 1 is the launcher's.
    let out = launcher(&modules, &["check", "search documents", "list_files"]);
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("error    `search documents` [spec"), "{said}");
    assert!(said.contains("ok       `list_files`"), "{said}");
    let out = launcher(&modules, &["check", "--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2), "{}", output_text(&out));
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn a_signal_that_ends_the_binary_ends_the_launcher() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::ExitStatusExt;

    let dir = scratch_dir("npm-signal");
    let (modules, platform) = installed(&dir);
    let binary = modules.join(&platform).join("bin/mcp-toolname");
    std::fs::write(&binary, "#!/bin/sh\nkill -TERM $$\n").expect("a binary that is killed");
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = launcher(&modules, &[]);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGTERM),
        "{:?}: {}",
        out.status,
        output_text(&out)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn without_its_platform_package_the_launcher_names_the_package_to_install() {
    let dir = scratch_dir("npm-missing");
    let (modules, platform) = installed(&dir);
    std::fs::remove_dir_all(modules.join("@mcp-toolname")).expect("platform package removed");
    let out = launcher(&modules, &["--version"]);
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!(
            "{platform}, the package that holds the binary for "
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "npm install {platform}@{}",
            env!("CARGO_PKG_VERSION")
        )),
        "{said}"
    );

    // A platform no package is published for: the launcher says so, and what to do instead.
    let path = modules.join("mcp-toolname/package.json");
    let mut launcher_manifest = manifest(&modules.join("mcp-toolname"));
    launcher_manifest["optionalDependencies"]
        .as_object_mut()
        .expect("optional dependencies")
        .remove(&platform);
    std::fs::write(&path, launcher_manifest.to_string()).expect("package.json");
    let out = launcher(&modules, &["--version"]);
    let said = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("no npm package of mcp-toolname"), "{said}");
    assert!(said.contains("cargo install --locked --path cli"), "{said}");
    let _ = std::fs::remove_dir_all(dir);
}
