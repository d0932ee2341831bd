//! `mcp-toolname snapshot`: a server's surface (tools and prompts) written to a reviewable
//! file. Every list request asks for the whole surface in its `_meta`
//! (`mcp-toolname/surface`), and a stdio server (a command after `--`, or an entry of a
//! client config) is also started with `MCP_TOOLNAME_SURFACE=1`, so a server built with
//! mcp-toolname lists its hidden aliases and tombstones too, over stdio and over `--url`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use mcp_toolname_rules::message::show;

use crate::args::parse_timeout;
use crate::diag::Failure;
use crate::emit::{Doc, Report, Sink};
use crate::reach::{Remote, Target};
use crate::surface::{SURFACE_ENV_VAR, Surface};

/// The flags of `snapshot`: the server, the time limit, and where the file goes.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to write it; standard output if not given.
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Seconds the server may take.
    #[arg(long, default_value = "30", value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Duration,
    /// A Streamable HTTP server, such as `http://127.0.0.1:3000/mcp`.
    #[arg(long, value_name = "URL", conflicts_with_all = ["command", "config"])]
    pub url: Option<String>,
    /// A header sent with every request to --url, as `Name: value` (repeatable).
    #[arg(long = "header", value_name = "HEADER", requires = "url")]
    pub headers: Vec<String>,
    /// A client's MCP config holding the server (with --server).
    #[arg(
        long,
        value_name = "FILE",
        requires = "server",
        conflicts_with = "command"
    )]
    pub config: Option<PathBuf>,
    /// The server's key in --config.
    #[arg(long, value_name = "KEY", requires = "config")]
    pub server: Option<String>,
    /// The server command and its arguments, after `--`.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

impl Args {
    /// The snapshot these flags ask for.
    ///
    /// # Errors
    /// No server given, or a bad `--url` or `--header`.
    pub fn options(self) -> Result<Options, String> {
        let source = match (
            Remote::of_flags(self.url, &self.headers)?,
            self.config.zip(self.server),
        ) {
            (Some(url), _) => Source::Url(url),
            (None, Some((path, key))) => Source::Config { path, key },
            (None, None) if !self.command.is_empty() => Source::Command(self.command),
            (None, None) => {
                return Err(
                    "snapshot needs a server: a command after `--`, --url URL, or \
                            --config FILE --server KEY"
                        .to_owned(),
                );
            }
        };
        Ok(Options {
            source,
            timeout: self.timeout,
            sink: self.out.map_or(Sink::Stdout, Sink::File),
        })
    }
}

/// Where the server is.
pub enum Source {
    /// A stdio server: the command after `--`.
    Command(Vec<OsString>),
    /// A Streamable HTTP server.
    Url(Remote),
    /// The entry `key` of the client config at `path`.
    Config { path: PathBuf, key: String },
}

/// What `snapshot` was asked to do.
pub struct Options {
    /// The server.
    pub source: Source,
    /// Limit on reaching and listing it.
    pub timeout: Duration,
    /// Where the snapshot goes.
    pub sink: Sink,
}

/// The server of `source`, in surface mode.
fn target(source: Source) -> Result<Target, Failure> {
    let target = match source {
        Source::Command(argv) => Target::of(None, argv),
        Source::Url(remote) => Target::Url(remote),
        Source::Config { path, key } => {
            let config = crate::config::load(&path).map_err(Failure::failed)?;
            let keys: Vec<&str> = config.servers.iter().map(|s| s.key.as_str()).collect();
            let entry = config
                .servers
                .iter()
                .find(|s| s.key == key)
                .ok_or_else(|| {
                    let hint = mcp_toolname_rules::closest_name(&key, &keys)
                        .map_or_else(String::new, |k| format!("; did you mean {}?", show(k)));
                    Failure::failed(format!(
                        "config {} has no server {}{hint} (it has {})",
                        show(&path.to_string_lossy()),
                        show(&key),
                        keys.iter().map(|k| show(k)).collect::<Vec<_>>().join(", ")
                    ))
                })?;
            match &entry.plan {
                crate::config::Plan::Run(target) => target.clone(),
                crate::config::Plan::Skip(why) | crate::config::Plan::Invalid(why) => {
                    return Err(Failure::failed(why.clone()));
                }
            }
        }
    };
    Ok(target.in_surface_mode())
}

/// Runs `snapshot` and returns its report: the surface as the file's text; exit code 0, or
/// 2 when the server could not be reached or listed (and no file is written).
pub async fn run(opts: Options) -> Box<dyn Report> {
    let listing = match target(opts.source) {
        Ok(target) => target
            .audit(opts.timeout)
            .await
            .map(|listing| (listing, target.asks_surface())),
        Err(failure) => Err(failure),
    };
    let (listing, started_in_surface_mode) = match listing {
        Ok(found) => found,
        Err(failure) => return failure.report(),
    };
    let surface = listing.surface(started_in_surface_mode);
    if let Some(masked) = masked_value(&surface) {
        let msg = format!(
            "the surface holds {masked}, which has a value this config hides in it (a secret \
             of its command line, env or headers): a snapshot would hold it masked, and `diff` \
             would then see a name change that is not there. Name the tool without that \
             value, or pass --show-secrets to write it as it is (the file then holds the \
             secret); no snapshot written"
        );
        return Failure::failed(msg).report();
    }
    if let Sink::File(path) = &opts.sink {
        say!(
            "writing {} names of server {} {} to {}",
            surface.tools.len() + surface.prompts.len(),
            show(&surface.server.name),
            show(&surface.server.version),
            show(&path.to_string_lossy())
        );
    }
    if !surface.hidden_names_asked {
        say!(
            "the server did not answer the request for its whole surface: only what every \
             client sees is known, hidden aliases and tombstones are left out (a server built \
             with mcp-toolname answers it in its `list_tools_result`, or when started with \
             {SURFACE_ENV_VAR}=1)"
        );
    }
    Box::new(Snapshot(surface))
}

/// The first string of `surface` (a name, an argument's name, the server's name or version)
/// that the redaction
/// pass would change, as it would be shown (masked); `None` when the file would hold every
/// string as the server sent it.
fn masked_value(surface: &Surface) -> Option<String> {
    fn first(value: &serde_json::Value) -> Option<String> {
        match value {
            serde_json::Value::String(s) => {
                let masked = crate::redact::text(s);
                (masked != *s).then(|| show(&masked))
            }
            serde_json::Value::Array(items) => items.iter().find_map(first),
            serde_json::Value::Object(map) => map.iter().find_map(|(key, value)| {
                first(&serde_json::Value::String(key.clone())).or_else(|| first(value))
            }),
            _ => None,
        }
    }
    if crate::redact::secrets_shown() {
        return None;
    }
    first(&serde_json::to_value(surface).ok()?)
}

/// A server's surface, as the snapshot file holds it.
struct Snapshot(Surface);

impl Report for Snapshot {
    fn exit_code(&self) -> u8 {
        0
    }

    /// The file: pretty JSON, one key a line, hidden characters escaped (a reviewer sees a
    /// bidi override as `\u202e`, not its effect), reading back to the same names.
    fn text(&self) -> String {
        crate::emit::json::pretty(&self.0)
    }

    fn json(&self) -> Doc<'_> {
        Doc::new(serde_json::to_value(&self.0).unwrap_or_default())
    }
}
