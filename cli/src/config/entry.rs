//! One server entry of a config: its fields checked against what the host knows, the
//! variables the host expands, its `envFile`, and so what to do with it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use mcp_toolname_rules::closest_name;
use mcp_toolname_rules::message::show;
use serde_json::{Map, Value};

use super::{Flavor, Plan, kind_of};
use crate::reach::child::Launch;
use crate::reach::target::Target;

/// Where the file is, for relative paths and VS Code's `${workspaceFolder}`.
pub(super) struct Context {
    file: String,
    pub(super) flavor: Flavor,
    /// The file's directory (absolute when it can be made so).
    dir: PathBuf,
    /// VS Code: the folder holding `.vscode/`.
    workspace: Option<PathBuf>,
}

/// A reason to stop planning a server: it is skipped, or its entry is wrong.
pub(super) enum Stop {
    Skip(String),
    Invalid(String),
}

impl Context {
    /// A file of Claude Code plugin `root` (its manifest, or a file of its servers): paths
    /// and `${CLAUDE_PLUGIN_ROOT}` are the plugin's folder.
    pub(super) fn plugin(path: &Path, root: &Path) -> Self {
        Self {
            file: show(&path.to_string_lossy()),
            flavor: Flavor::ClaudePlugin,
            dir: std::path::absolute(root).unwrap_or_else(|_| root.to_owned()),
            workspace: None,
        }
    }

    pub(super) fn new(path: &Path, flavor: Flavor) -> Self {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
        let dir = absolute
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_owned);
        let workspace = (flavor == Flavor::VsCode
            && dir.file_name().is_some_and(|n| n == ".vscode"))
        .then(|| dir.parent().map(Path::to_owned))
        .flatten();
        Self {
            file: show(&path.to_string_lossy()),
            flavor,
            dir,
            workspace,
        }
    }

    /// What to do with server `key`, whose entry is `value`.
    pub(super) fn plan(&self, key: &str, value: &Value) -> Plan {
        crate::redact::learn_entry(key, value);
        match self.launch(value) {
            Ok(target) => Plan::Run(target),
            Err(Stop::Skip(reason)) => Plan::Skip(reason),
            Err(Stop::Invalid(problem)) => Plan::Invalid(format!(
                "config {}, server {}: {problem}",
                self.file,
                show(key)
            )),
        }
    }

    fn launch(&self, value: &Value) -> Result<Target, Stop> {
        let host = self.flavor.host();
        let Value::Object(entry) = value else {
            return Err(Stop::Invalid(format!(
                "expected an object with `command`, `args` and `env`, found {}",
                kind_of(value)
            )));
        };
        let known = self.flavor.fields();
        let unknown: Vec<String> = entry
            .keys()
            .filter(|k| !known.contains(&k.as_str()))
            .map(|k| match closest_name(k, &known) {
                Some(near) => format!("{} (did you mean `{near}`?)", show(k)),
                None => show(k),
            })
            .collect();
        if !unknown.is_empty() {
            let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            return Err(Stop::Invalid(format!(
                "unknown {} {}; a server entry for {host} has {}; a misspelt field would start \
                 the server differently from {host}, so it is not audited",
                if unknown.len() == 1 {
                    "field"
                } else {
                    "fields"
                },
                unknown.join(", "),
                list.join(", ")
            )));
        }
        let string = |field: &str| typed(entry, field, "a string", Value::as_str);
        let flag = |field: &str| typed(entry, field, "true or false", Value::as_bool);
        if flag("enabled")? == Some(false) {
            return Err(Stop::Skip("disabled (`enabled = false`)".to_owned()));
        }
        if flag("disabled")? == Some(true) {
            return Err(Stop::Skip("disabled (`\"disabled\": true`)".to_owned()));
        }
        let kind = string("type")?;
        match kind {
            // Copilot CLI writes a stdio server as `local`.
            None | Some("stdio" | "local") => {}
            Some(remote @ ("http" | "sse" | "streamable-http" | "streamableHttp" | "ws")) => {
                return self.remote(entry, Some(remote)).map(Target::Url);
            }
            Some(other) => {
                return Err(Stop::Invalid(format!(
                    "field `type` is {}; expected `stdio`, or `http` or `sse` for a remote server",
                    show(other)
                )));
            }
        }
        let Some(command) = string("command")? else {
            if kind.is_none() && entry.contains_key("url") {
                return self.remote(entry, None).map(Target::Url);
            }
            return Err(Stop::Invalid(
                "missing `command`: a stdio server needs the program to start (a remote one \
                 has `url`)"
                    .to_owned(),
            ));
        };
        if command.trim().is_empty() {
            return Err(Stop::Invalid("field `command` is empty".to_owned()));
        }
        let args: Vec<&str> = match entry.get("args") {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    item.as_str().ok_or_else(|| {
                        Stop::Invalid(format!(
                            "field `args` must be an array of strings, but `args[{i}]` is {}",
                            kind_of(item)
                        ))
                    })
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(Stop::Invalid(format!(
                    "field `args` must be an array of strings, found {}",
                    kind_of(other)
                )));
            }
        };
        let env = strings(entry, "env")?;
        let cwd = string("cwd")?;
        let env_file = string("envFile")?;

        let expand = |text: &str, field: &str| self.expand(text, field);
        let mut argv = vec![OsString::from(expand(command, "command")?)];
        for (i, arg) in args.iter().enumerate() {
            argv.push(expand(arg, &format!("args[{i}]"))?.into());
        }
        let mut vars = Vec::new();
        if let Some(file) = env_file {
            let file = self.resolve(&expand(file, "envFile")?);
            vars.extend(read_env_file(&file)?);
        }
        for (name, value) in env {
            vars.push((name.to_owned(), expand(value, &format!("env.{name}"))?));
        }
        let cwd = match cwd {
            Some(dir) => Some(self.resolve(&expand(dir, "cwd")?)),
            // Claude Code starts servers in the project folder; VS Code in the workspace.
            None => match self.flavor {
                Flavor::ClaudeCode | Flavor::ClaudePlugin => Some(self.dir.clone()),
                Flavor::VsCode => self.workspace.clone(),
                _ => None,
            },
        };
        Ok(Target::Command(Launch::new(argv, vars, cwd)))
    }

    /// A path from the config: relative ones are taken from the file's folder (VS Code: the
    /// workspace folder).
    fn resolve(&self, path: &str) -> PathBuf {
        let base = self.workspace.as_ref().unwrap_or(&self.dir);
        base.join(path)
    }

    /// Expands the variables the host expands in `text` (from field `field`).
    pub(super) fn expand(&self, text: &str, field: &str) -> Result<String, Stop> {
        match self.flavor {
            Flavor::ClaudeCode | Flavor::ClaudeSettings => expand_claude(text, field, None),
            Flavor::ClaudePlugin => expand_claude(text, field, Some(&self.dir)),
            Flavor::VsCode => self.expand_vscode(text, field),
            Flavor::ClaudeDesktop | Flavor::McpServers | Flavor::Codex | Flavor::OpenCode => {
                Ok(text.to_owned())
            }
        }
    }

    /// VS Code: `${workspaceFolder}`, `${userHome}`, `${env:NAME}` and the path separators
    /// are expanded; `${input:...}` asks the user, so the server is skipped.
    fn expand_vscode(&self, text: &str, field: &str) -> Result<String, Stop> {
        expand_with(text, |name| {
            let value = match name {
                "workspaceFolder" | "workspaceRoot" => self
                    .workspace
                    .as_ref()
                    .map(|w| w.to_string_lossy().into_owned()),
                "workspaceFolderBasename" => self
                    .workspace
                    .as_ref()
                    .and_then(|w| w.file_name())
                    .map(|n| n.to_string_lossy().into_owned()),
                "userHome" => std::env::var("HOME").ok(),
                "pathSeparator" | "/" => Some(std::path::MAIN_SEPARATOR.to_string()),
                _ if name.starts_with("input:") => {
                    return Err(Stop::Skip(format!(
                        "`{field}` uses {}, which VS Code asks the user for when it starts the \
                         server; give the value in the config to audit it",
                        show(&format!("${{{name}}}"))
                    )));
                }
                _ => name
                    .strip_prefix("env:")
                    .map(|var| std::env::var(var).unwrap_or_default()),
            };
            value.ok_or_else(|| {
                Stop::Skip(format!(
                    "`{field}` uses {}, which only VS Code can resolve{}",
                    show(&format!("${{{name}}}")),
                    if name.starts_with("workspaceFolder") {
                        " (the file is not in a workspace's `.vscode` folder)"
                    } else {
                        ""
                    }
                ))
            })
        })
    }
}

/// Field `field` of `entry`, if it is there, read by `read`, which gives `None` for a value
/// that is not `what` (`a string`): that is an error naming what it is instead.
pub(super) fn typed<'v, T>(
    entry: &'v Map<String, Value>,
    field: &str,
    what: &str,
    read: impl FnOnce(&'v Value) -> Option<T>,
) -> Result<Option<T>, Stop> {
    entry.get(field).map_or(Ok(None), |value| {
        read(value).map(Some).ok_or_else(|| {
            Stop::Invalid(format!(
                "field `{field}` must be {what}, found {}",
                kind_of(value)
            ))
        })
    })
}

/// Field `field`, an object (a TOML table) of strings, as pairs; absent is empty.
pub(super) fn strings<'v>(
    entry: &'v Map<String, Value>,
    field: &str,
) -> Result<Vec<(&'v str, &'v str)>, Stop> {
    match entry.get(field) {
        None => Ok(Vec::new()),
        Some(Value::Object(map)) => map
            .iter()
            .map(|(k, v)| {
                v.as_str().map(|v| (k.as_str(), v)).ok_or_else(|| {
                    Stop::Invalid(format!(
                        "field `{field}` must map names to strings, but `{field}.{}` is {}",
                        show(k).trim_matches('`'),
                        kind_of(v)
                    ))
                })
            })
            .collect(),
        Some(other) => Err(Stop::Invalid(format!(
            "field `{field}` must be an object of strings, found {}",
            kind_of(other)
        ))),
    }
}

/// `text` with each `${...}` replaced by what `value` gives for the part between the braces;
/// a `${` without its `}` is left as it is, with the rest of `text`.
fn expand_with(
    text: &str,
    mut value: impl FnMut(&str) -> Result<String, Stop>,
) -> Result<String, Stop> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            return Ok(out);
        };
        out.push_str(&value(&after[..end])?);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Claude Code: `${VAR}` and `${VAR:-default}`; an unset variable without a default is an
/// error, as in Claude Code. In a plugin (`root`), `${CLAUDE_PLUGIN_ROOT}` is its folder.
fn expand_claude(text: &str, field: &str, root: Option<&Path>) -> Result<String, Stop> {
    expand_with(text, |inner| {
        if let (Some(root), "CLAUDE_PLUGIN_ROOT") = (root, inner) {
            return Ok(root.to_string_lossy().into_owned());
        }
        let (name, default) = match inner.split_once(":-") {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        };
        match (std::env::var(name), default) {
            (Ok(value), _) => Ok(value),
            (Err(_), Some(default)) => Ok(default.to_owned()),
            (Err(_), None) => Err(Stop::Invalid(format!(
                "`{field}` uses {}, but `{}` is not set and has no default (write \
                 `${{{}:-default}}`); Claude Code refuses such a config",
                show(&format!("${{{inner}}}")),
                show(name).trim_matches('`'),
                show(name).trim_matches('`'),
            ))),
        }
    })
}

/// `NAME=VALUE` lines (blank lines, `#` comments and `export ` are allowed; values may be
/// quoted).
fn read_env_file(path: &Path) -> Result<Vec<(String, String)>, Stop> {
    let shown = show(&path.to_string_lossy());
    let text = crate::file::read_text(path, "", crate::file::MAX_CONFIG)
        .map_err(|e| Stop::Invalid(format!("field `envFile`: {e}")))?;
    let mut vars = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((name, value)) = line.split_once('=') else {
            return Err(Stop::Invalid(format!(
                "field `envFile`: line {} of {shown} is not `NAME=VALUE`",
                n + 1
            )));
        };
        let value = value.trim();
        let unquoted = ['"', '\'']
            .iter()
            .find_map(|q| value.strip_prefix(*q).and_then(|v| v.strip_suffix(*q)))
            .unwrap_or(value);
        vars.push((name.trim().to_owned(), unquoted.to_owned()));
    }
    Ok(vars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{CLAUDE_FIELDS, CODEX_FIELDS, VSCODE_FIELDS};
    // The did-you-mean for unknown fields is the rules crate's one.
    use mcp_toolname_rules::closest_name as nearest;

    #[test]
    fn near_fields() {
        assert_eq!(nearest("arg", CLAUDE_FIELDS), Some("args"));
        assert_eq!(nearest("env_file", VSCODE_FIELDS), Some("envFile"));
        assert_eq!(nearest("Command", CODEX_FIELDS), Some("command"));
        assert_eq!(nearest("transport", CLAUDE_FIELDS), None);
    }

    #[test]
    fn claude_variables() {
        assert!(
            expand_claude("${MCP_TOOLNAME_SURELY_UNSET:-x}/y", "args[0]", None)
                .is_ok_and(|s| s == "x/y")
        );
        assert!(matches!(
            expand_claude("${MCP_TOOLNAME_SURELY_UNSET}", "command", None),
            Err(Stop::Invalid(_))
        ));
    }
}
