//! A Claude Code plugin read as a config: its folder (or its `.claude-plugin/plugin.json`)
//! given to `audit --config`. The manifest's `name` is the plugin's; its servers are those of
//! `.mcp.json` in the plugin's folder and those the manifest's `mcpServers` gives (inline, a
//! path to a file of them, or a list of those): Claude Code 2.1.332 loads both (run with
//! `--plugin-dir`, `cli/tests/oracle_plugins.rs`). Each server is then named by Claude Code
//! `plugin:<name>:<key>` ([`mcp_toolname_rules::plugin_server_key`]); `${CLAUDE_PLUGIN_ROOT}`
//! is the plugin's folder, which is also where its servers start. A Claude Code
//! `settings.json` that enables plugins is read as the plugins it enables ([`settings`]).

use std::path::{Path, PathBuf};

use mcp_toolname_rules::message::show;
use serde_json::Value;

use super::entry::Context;
use super::manifest::{Declared, read_manifest};
use super::read::read_json;
use super::{Config, Entry, Flavor, add, kind_of};

/// Where the manifest is, in a plugin's folder.
const MANIFEST: &str = ".claude-plugin/plugin.json";

/// The plugin folder `path` names: the folder itself when it has a manifest, or the folder
/// of a manifest given as the file.
pub(super) fn root(path: &Path) -> Option<PathBuf> {
    if path.is_dir() {
        return path.join(MANIFEST).is_file().then(|| path.to_owned());
    }
    let dir = path.parent()?;
    let is_manifest = path.file_name().is_some_and(|n| n == "plugin.json")
        && dir.file_name().is_some_and(|n| n == ".claude-plugin");
    is_manifest.then(|| {
        dir.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_owned)
    })
}

/// Reads the plugin in folder `root`: its manifest, and every server it ships.
///
/// # Errors
/// One line naming the file when the manifest or a file of servers cannot be read or parsed,
/// or the manifest has no `name`.
pub(super) fn load(root: &Path) -> Result<Config, String> {
    let manifest_path = root.join(MANIFEST);
    let shown = show(&manifest_path.to_string_lossy());
    let manifest_text = text(&manifest_path)?;
    let manifest =
        read_manifest(&manifest_text).map_err(|e| format!("plugin manifest {shown} {e}"))?;
    let name = match manifest.name {
        Some(Value::String(name)) => name,
        Some(other) => {
            return Err(format!(
                "plugin manifest {shown}: `name` is {}, but it must be the plugin's name, a \
                 string",
                kind_of(&other)
            ));
        }
        None => {
            return Err(format!(
                "plugin manifest {shown} has no `name`: Claude Code needs one, and names the \
                 plugin's servers by it"
            ));
        }
    };
    let mut notes = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    let default = root.join(".mcp.json");
    if default.is_file() {
        read_file(&default, root, &name, &mut entries, &mut notes)?;
    }
    if let Some(declared) = &manifest.servers {
        declare(
            declared,
            &manifest_path,
            root,
            &name,
            &mut entries,
            &mut notes,
        )?;
    }
    if entries.is_empty() {
        notes.push(format!(
            "plugin {} ships no MCP server (no `.mcp.json`, no `mcpServers` in its manifest)",
            show(&name)
        ));
    }
    Ok(Config {
        path: manifest_path,
        text: manifest_text,
        flavor: Flavor::ClaudePlugin,
        servers: entries,
        notes,
        // Tool lists come with `--settings` and `--agents`.
        lists: Vec::new(),
    })
}

/// Whether `path` is a Claude Code settings file (`settings.json`, `settings.local.json`)
/// that enables plugins: then its plugins are the config ([`settings`]).
pub(super) fn is_settings(path: &Path, text: &str) -> bool {
    let named = path
        .file_name()
        .is_some_and(|n| n == "settings.json" || n == "settings.local.json");
    named
        && serde_json::from_str::<Value>(text)
            .is_ok_and(|v| v.get("enabledPlugins").is_some_and(Value::is_object))
}

/// The plugins a Claude Code settings file enables (`enabledPlugins`, `"<plugin>@<marketplace>":
/// true`), each read from where Claude Code installed it: `plugins/installed_plugins.json`
/// beside the file (`~/.claude/`) gives its folder. Claude Code names a plugin's servers by its
/// manifest's `name`, not the name the marketplace lists it under (run, 2.1.332, a local
/// marketplace). A plugin enabled but not installed there, or disabled, is a note.
///
/// # Errors
/// One line naming the file when a plugin's manifest or servers cannot be read.
pub(super) fn settings(path: &Path, text: &str) -> Result<Config, String> {
    let shown = show(&path.to_string_lossy());
    let value: Value = serde_json::from_str(text).map_err(|e| {
        format!(
            "Claude Code settings {shown} is not valid JSON: {}",
            crate::file::json_error(&e)
        )
    })?;
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let installed_path = dir.join("plugins").join("installed_plugins.json");
    let installed: Value = crate::file::read(&installed_path, "", crate::file::MAX_CONFIG)
        .ok()
        .and_then(|t| serde_json::from_slice(&t).ok())
        .unwrap_or(Value::Null);
    let mut notes = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    let enabled = value["enabledPlugins"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    for (id, on) in &enabled {
        if on != &Value::Bool(true) {
            notes.push(format!("plugin {} is not enabled: not read", show(id)));
            continue;
        }
        let folder = installed["plugins"][id]
            .as_array()
            .and_then(|copies| copies.iter().find_map(|c| c["installPath"].as_str()));
        let Some(folder) = folder else {
            notes.push(format!(
                "plugin {} is enabled but not installed (not in {}): not read",
                show(id),
                show(&installed_path.to_string_lossy())
            ));
            continue;
        };
        let plugin = load(Path::new(folder))?;
        notes.extend(plugin.notes);
        entries.extend(plugin.servers);
    }
    Ok(Config {
        path: path.to_owned(),
        text: text.to_owned(),
        flavor: Flavor::ClaudeSettings,
        servers: entries,
        notes,
        // Tool lists come with `--settings` and `--agents`.
        lists: Vec::new(),
    })
}

/// The servers the manifest's `mcpServers` gives.
fn declare(
    declared: &Declared,
    manifest: &Path,
    root: &Path,
    plugin: &str,
    entries: &mut Vec<Entry>,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    match declared {
        Declared::Path(path) => read_file(&root.join(path), root, plugin, entries, notes),
        Declared::Inline(servers) => {
            let ctx = Context::plugin(manifest, root);
            for (key, value) in servers {
                add(entries, notes, &ctx, key.clone(), value, Some(plugin));
            }
            Ok(())
        }
        Declared::List(items) => items
            .iter()
            .try_for_each(|item| declare(item, manifest, root, plugin, entries, notes)),
        Declared::Other(kind) => Err(format!(
            "plugin manifest {}: `mcpServers` is {kind}; it must be a path to a file of \
             servers, an object of servers, or a list of those",
            show(&manifest.to_string_lossy())
        )),
    }
}

/// The servers of a file of the plugin (`{"mcpServers": {...}}`).
fn read_file(
    path: &Path,
    root: &Path,
    plugin: &str,
    entries: &mut Vec<Entry>,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    let shown = show(&path.to_string_lossy());
    let text = text(path)?;
    let (flavor, servers) = read_json(path, &text, notes)
        .map_err(|e| format!("plugin {} servers file {shown} {e}", show(plugin)))?;
    if flavor == Flavor::VsCode {
        return Err(format!(
            "plugin {} servers file {shown} has `servers` (VS Code's layout); a plugin's \
             servers are under `mcpServers`",
            show(plugin)
        ));
    }
    let ctx = Context::plugin(path, root);
    for (key, value) in servers {
        add(entries, notes, &ctx, key, &value, Some(plugin));
    }
    Ok(())
}

/// The text of `path`, without a byte-order mark.
fn text(path: &Path) -> Result<String, String> {
    crate::file::read_text(path, "", crate::file::MAX_CONFIG)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Plan, load};

    /// A plugin folder of its own, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn plugin(manifest: &str, files: &[(&str, &str)]) -> Scratch {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "mcp-toolname-plugin-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(dir.join(".claude-plugin")).expect("dir");
        std::fs::write(dir.join(MANIFEST), manifest).expect("manifest");
        for (name, text) in files {
            std::fs::write(dir.join(name), text).expect("file");
        }
        Scratch(dir)
    }

    const SERVER: &str = r#"{"command": "${CLAUDE_PLUGIN_ROOT}/srv", "args": ["x"]}"#;

    #[test]
    fn a_plugin_folder_or_its_manifest_is_read_with_every_server() {
        let dir = plugin(
            &format!(
                r#"{{"name": "my-Plugin.x", "mcpServers": ["./more.json", {{"inline": {SERVER}}}]}}"#
            ),
            &[
                (
                    ".mcp.json",
                    &format!(r#"{{"mcpServers": {{"Srv.Key-1": {SERVER}}}}}"#),
                ),
                (
                    "more.json",
                    &format!(r#"{{"mcpServers": {{"more": {SERVER}}}}}"#),
                ),
            ],
        );
        for path in [dir.path().to_owned(), dir.path().join(MANIFEST)] {
            let config = load(&path).expect("read");
            assert_eq!(config.flavor, Flavor::ClaudePlugin);
            let keys: Vec<&str> = config.servers.iter().map(|e| e.key.as_str()).collect();
            assert_eq!(keys, ["Srv.Key-1", "more", "inline"]);
            let entry = &config.servers[0];
            assert_eq!(entry.plugin.as_deref(), Some("my-Plugin.x"));
            let Plan::Run(target) = &entry.plan else {
                panic!("planned {:?}", entry.plan)
            };
            let shown = format!("{target:?}");
            let root = std::path::absolute(dir.path()).expect("absolute");
            assert!(
                shown.contains(&format!("{}/srv", root.display())),
                "{shown}"
            );
            let claude = entry.keys(None);
            let q = claude.part(&mcp_toolname_rules::CLAUDE_CODE).qualify("t");
            assert_eq!(q.name, "mcp__plugin_my-Plugin_x_Srv_Key-1__t");
        }
    }

    #[test]
    fn settings_enable_installed_plugins() {
        let dir = plugin(
            r#"{"name": "manifest-name"}"#,
            &[(".mcp.json", r#"{"mcpServers": {"srv": {"command": "x"}}}"#)],
        );
        let home = plugin(r#"{"name": "unused"}"#, &[]);
        std::fs::create_dir_all(home.path().join("plugins")).expect("plugins");
        let installed = serde_json::json!({"version": 2, "plugins": {
            "entry-name@market": [{"scope": "user", "installPath": dir.path()}],
        }});
        std::fs::write(
            home.path().join("plugins/installed_plugins.json"),
            installed.to_string(),
        )
        .expect("installed");
        let settings = home.path().join("settings.json");
        let text = r#"{"enabledPlugins": {"entry-name@market": true, "gone@market": true,
            "off@market": false}}"#;
        std::fs::write(&settings, text).expect("settings");
        let config = load(&settings).expect("read");
        assert_eq!(config.flavor, Flavor::ClaudeSettings);
        let keys: Vec<&str> = config.servers.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["srv"]);
        assert_eq!(config.servers[0].plugin.as_deref(), Some("manifest-name"));
        assert!(
            config
                .notes
                .iter()
                .any(|n| n.contains("`gone@market` is enabled but not"))
        );
        assert!(
            config
                .notes
                .iter()
                .any(|n| n.contains("`off@market` is not enabled"))
        );
    }

    #[test]
    fn a_manifest_without_a_name_or_with_odd_servers_is_an_error() {
        let dir = plugin(r#"{"version": "1"}"#, &[]);
        let err = load(dir.path()).expect_err("no name");
        assert!(err.contains("has no `name`"), "{err}");
        let dir = plugin(r#"{"name": "p", "mcpServers": 3}"#, &[]);
        let err = load(dir.path()).expect_err("a number");
        assert!(err.contains("`mcpServers` is a number"), "{err}");
        let dir = plugin(r#"{"name": "p", "mcpServers": "./gone.json"}"#, &[]);
        let err = load(dir.path()).expect_err("missing file");
        assert!(err.contains("cannot read"), "{err}");
    }

    #[test]
    fn a_plugin_without_servers_is_a_note_and_a_refused_name_a_finding() {
        let dir = plugin(r#"{"name": "p"}"#, &[]);
        let config = load(dir.path()).expect("read");
        assert!(config.servers.is_empty());
        assert!(config.notes[0].contains("ships no MCP server"));
        let dir = plugin(
            r#"{"name": "my plugin"}"#,
            &[(".mcp.json", r#"{"mcpServers": {"k": {"command": "x"}}}"#)],
        );
        let config = load(dir.path()).expect("read");
        let keys = config.servers[0].keys(None);
        let refusal = keys.part(&mcp_toolname_rules::CLAUDE_CODE).refusal();
        assert!(refusal.is_some_and(|r| r.contains("does not load plugin")));
    }
}
