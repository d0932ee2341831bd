//! The audited server as a child process: spawned in its own process group (so a hang is
//! ended with every process it started), stdout checked line by line before rmcp reads it
//! (rmcp drops a line that is not JSON and waits on, so garbage would look like a hang),
//! and the last lines of stderr kept for error messages.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::ErrorKind;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mcp_toolname_rules::{is_control_like, is_invisible, message};
use rmcp::model::{ListToolsResult, ServerJsonRpcMessage};
use serde::Deserialize;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::oneshot;

use crate::redact;

/// Longest stdout line accepted, as rmcp's own limit.
const MAX_LINE: usize = 16 * 1024 * 1024;
/// stderr lines kept, and characters kept of each.
const TAIL_LINES: usize = 8;
const TAIL_CHARS: usize = 480;

/// A running server process.
#[derive(Debug)]
pub struct ServerProcess {
    child: Child,
    pid: Option<u32>,
    /// The command line, quoted for messages.
    pub display: String,
    tail: Arc<Mutex<VecDeque<String>>>,
    tail_task: Option<tokio::task::JoinHandle<()>>,
}

/// What [`ServerProcess::spawn`] hands back beside the process.
pub struct Pipes {
    /// For rmcp: checked stdout, and the child's stdin.
    pub transport: (DuplexStream, ChildStdin),
    /// Resolves with a message when the server writes something on stdout that is not
    /// JSON-RPC.
    pub garbage: oneshot::Receiver<String>,
}

/// How to start a server: the command line, variables added to the inherited environment,
/// and the working directory (`None`: this process's).
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// The program and its arguments.
    pub argv: Vec<OsString>,
    /// Added to (or replacing in) the inherited environment, in order.
    pub env: Vec<(String, String)>,
    /// The server's working directory.
    pub cwd: Option<PathBuf>,
}

impl Launch {
    /// Whether the server is started in surface mode (`MCP_TOOLNAME_SURFACE=1` in its env).
    #[must_use]
    pub fn in_surface_mode(&self) -> bool {
        self.env
            .iter()
            .any(|(k, v)| k == crate::surface::SURFACE_ENV_VAR && v == "1")
    }

    /// A command line, run with this process's environment and directory.
    #[must_use]
    pub fn command(argv: &[OsString]) -> Self {
        Self::new(argv.to_vec(), Vec::new(), None)
    }

    /// A server start; its secrets are learned ([`redact::learn_launch`]) so that nothing
    /// the CLI writes shows them.
    #[must_use]
    pub fn new(argv: Vec<OsString>, env: Vec<(String, String)>, cwd: Option<PathBuf>) -> Self {
        redact::learn_launch(&lossy(&argv), &env);
        Self { argv, env, cwd }
    }
}

/// Each argument as UTF-8 (lossy).
#[must_use]
pub fn lossy(argv: &[OsString]) -> Vec<String> {
    argv.iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

impl ServerProcess {
    /// Starts the server `launch` describes, with piped stdio.
    ///
    /// # Errors
    /// A message naming the command when it cannot be started.
    pub fn spawn(launch: &Launch) -> Result<(Self, Pipes), String> {
        let display = display_command(&launch.argv);
        let Some((program, args)) = launch.argv.split_first() else {
            return Err("no command given after `--`".to_owned());
        };
        let mut cmd = Command::new(program);
        if let Some(dir) = &launch.cwd {
            // Checked here: a missing directory would otherwise read as "command not found".
            if !dir.is_dir() {
                return Err(format!(
                    "cannot start server {display}: its working directory {} is not a directory",
                    message::show(&dir.to_string_lossy())
                ));
            }
            cmd.current_dir(dir);
        }
        cmd.envs(launch.env.iter().map(|(k, v)| (k, v)));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        #[cfg(unix)]
        cmd.process_group(0);
        let mut child = cmd.spawn().map_err(|e| match e.kind() {
            ErrorKind::NotFound => format!(
                "cannot start server {display}: command not found (not a path to a file, and \
                 not on PATH)"
            ),
            ErrorKind::PermissionDenied => {
                format!("cannot start server {display}: permission denied (is it executable?)")
            }
            _ => format!("cannot start server {display}: {e}"),
        })?;
        let missing = || format!("cannot start server {display}: its stdio was not piped");
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail_task = child
            .stderr
            .take()
            .map(|stderr| tokio::spawn(keep_tail(BufReader::new(stderr), Arc::clone(&tail))));
        let (checked_out, checked_in) = tokio::io::duplex(1 << 16);
        let (tx, garbage) = oneshot::channel();
        tokio::spawn(guard_stdout(BufReader::new(stdout), checked_in, tx));
        let pid = child.id();
        let process = Self {
            child,
            pid,
            display,
            tail,
            tail_task,
        };
        Ok((
            process,
            Pipes {
                transport: (checked_out, stdin),
                garbage,
            },
        ))
    }

    /// The exit status if the process exits within `wait`.
    pub async fn exit_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        tokio::time::timeout(wait, self.child.wait())
            .await
            .ok()
            .and_then(Result::ok)
    }

    /// Kills the process and every process in its group, reaps it, and reads what is left
    /// of its stderr.
    pub async fn kill(&mut self) {
        #[cfg(unix)]
        if let Some(pid) = self.pid.and_then(|p| i32::try_from(p).ok()) {
            use nix::sys::signal::{Signal, killpg};
            // ESRCH (the group is gone already) is the outcome wanted.
            let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
        }
        let _ = self.child.start_kill();
        let _ = tokio::time::timeout(Duration::from_secs(2), self.child.wait()).await;
        // With the group gone, stderr ends; a process that left the group may keep it open.
        if let Some(task) = self.tail_task.take() {
            let _ = tokio::time::timeout(Duration::from_millis(500), task).await;
        }
    }

    /// The last lines the server wrote on stderr, escaped, as an indented block that opens
    /// with a newline; empty when it wrote nothing.
    #[must_use]
    pub fn stderr_tail(&self) -> String {
        let tail = self.tail.lock().unwrap_or_else(PoisonError::into_inner);
        if tail.is_empty() {
            return String::new();
        }
        let mut out = String::from("\nlast lines of its stderr:");
        for line in tail.iter() {
            out.push_str("\n  | ");
            out.push_str(line);
        }
        out
    }
}

/// How a process ended, in words: `exited with code 3`, `was killed by signal 9`.
#[must_use]
pub fn describe_exit(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}");
        }
    }
    format!("ended ({status})")
}

/// The command line for messages: secrets masked ([`redact::argv`]), each argument bare when
/// it holds only characters that need no quoting, else single-quoted, with control and
/// invisible characters escaped; all in backticks.
#[must_use]
pub fn display_command(command: &[OsString]) -> String {
    let words: Vec<String> = redact::argv(&lossy(command))
        .into_iter()
        .map(|arg| {
            let plain = !arg.is_empty()
                && arg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c));
            let escaped: String = arg
                .chars()
                .map(|c| {
                    if is_control_like(c) || is_invisible(c) || c == '`' {
                        c.escape_unicode().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            if plain {
                escaped
            } else {
                format!("'{}'", escaped.replace('\'', "'\\''"))
            }
        })
        .collect();
    format!("`{}`", words.join(" "))
}

/// Reads one line into `line` (without its `\n`), keeping at most `max` bytes of it.
/// `Ok(None)` at end of input; else whether the line was longer than `max`.
async fn read_line<R: AsyncBufRead + Unpin>(
    reader: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    line.clear();
    let mut read_any = false;
    let mut overflow = false;
    loop {
        let buf = reader.fill_buf().await?;
        if buf.is_empty() {
            return Ok(read_any.then_some(overflow));
        }
        read_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        let room = max.saturating_sub(line.len());
        overflow |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = newline.map_or(buf.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(Some(overflow));
        }
    }
}

/// Copies stdout to `out` line by line while each line is a JSON-RPC message rmcp can read;
/// at the first that is not, reports it on `garbage` and stops (closing `out`).
async fn guard_stdout<R: AsyncBufRead + Unpin>(
    mut stdout: R,
    mut out: DuplexStream,
    garbage: oneshot::Sender<String>,
) {
    let mut line = Vec::new();
    loop {
        let problem = match read_line(&mut stdout, &mut line, MAX_LINE).await {
            Ok(None) => return,
            Err(e) => format!("reading its stdout failed: {e}"),
            Ok(Some(true)) => format!(
                "it wrote a line of more than {} MiB on stdout; no client reads a message that long",
                MAX_LINE >> 20
            ),
            Ok(Some(false)) => match check_line(&line) {
                Ok(false) => continue,
                Ok(true) => {
                    line.push(b'\n');
                    if out.write_all(&line).await.is_err() {
                        return; // rmcp has stopped reading: the audit is over
                    }
                    continue;
                }
                Err(problem) => problem,
            },
        };
        let _ = garbage.send(problem);
        return;
    }
}

/// `Ok(true)`: a message to pass on; `Ok(false)`: a blank line to skip; `Err`: what is wrong.
fn check_line(line: &[u8]) -> Result<bool, String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(false);
    }
    let Ok(text) = std::str::from_utf8(line) else {
        return Err(format!(
            "it wrote a line on stdout that is not UTF-8: {}; {STDOUT_RULE}",
            redact::show(&String::from_utf8_lossy(line))
        ));
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Err(format!(
            "it wrote a line on stdout that is not JSON: {}; {STDOUT_RULE}",
            redact::show(text)
        ));
    };
    // rmcp reports a tool list it cannot read only as "unexpected response"; say why here.
    if let Some(result) = value.get("result").filter(|r| r.get("tools").is_some())
        && let Err(e) = ListToolsResult::deserialize(result)
    {
        return Err(format!(
            "its `tools/list` result is not a valid tool list: {}",
            message::show(&quotes(&e))
        ));
    }
    match ServerJsonRpcMessage::deserialize(&value) {
        Ok(_) => Ok(true),
        // rmcp skips notifications it does not know; let it.
        Err(_) if value.get("method").is_some() && value.get("id").is_none() => Ok(true),
        Err(e) => Err(format!(
            "it wrote JSON on stdout that is not a JSON-RPC message an MCP client can read \
             ({}): {}; {STDOUT_RULE}",
            message::show(&quotes(&e)),
            redact::show(text)
        )),
    }
}

/// What the MCP stdio transport asks of a server's stdout.
const STDOUT_RULE: &str =
    "an MCP stdio server must write only JSON-RPC messages on stdout (logs go to stderr)";

/// A serde error in words, its backticks made quotes so that escaping leaves it readable.
fn quotes(err: &serde_json::Error) -> String {
    err.to_string().replace('`', "'")
}

/// Keeps the last [`TAIL_LINES`] lines of `stderr`, each escaped and cut.
async fn keep_tail<R: AsyncBufRead + Unpin>(mut stderr: R, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut line = Vec::new();
    while let Ok(Some(_)) = read_line(&mut stderr, &mut line, TAIL_CHARS * 4).await {
        let text = String::from_utf8_lossy(&line);
        // Learned secrets masked first; then escaped as a sentence is, backticks kept and cut
        // past 400 characters, so a panic that says what to write (its code spans included)
        // reads whole.
        let shown = message::show_note(&redact::text(text.trim_end_matches('\r')));
        let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
        if tail.len() == TAIL_LINES {
            tail.pop_front();
        }
        tail.push_back(shown.chars().take(TAIL_CHARS).collect());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        assert_eq!(check_line(b"  "), Ok(false));
        assert!(check_line(b"not json").is_err_and(|e| e.contains("not JSON: `not json`")));
        assert!(check_line(b"[1,2]").is_err_and(|e| e.contains("not a JSON-RPC message")));
        assert_eq!(
            check_line(br#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#),
            Ok(true)
        );
        assert_eq!(
            check_line(br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#),
            Ok(true)
        );
        assert!(
            check_line(br#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}"#)
                .is_err_and(|e| e.contains("missing field 'inputSchema'"))
        );
    }

    #[tokio::test]
    async fn a_stderr_line_keeps_its_code_spans_and_is_cut_past_400() {
        let long = "x".repeat(1_000);
        let panic = "tool `add`: argument name `rule_name[]` contains `[`; write \
                     `#[serde(rename = \"rule_name\")]` on the field\u{202e}";
        let input = format!("{panic}\n{long}\n");
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        keep_tail(BufReader::new(input.as_bytes()), Arc::clone(&tail)).await;
        let tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(
            tail[0],
            "tool `add`: argument name `rule_name[]` contains `[`; write \
             `#[serde(rename = \"rule_name\")]` on the field\\u{202e}"
        );
        assert!(tail[1].ends_with("… (1000 characters)"), "{}", tail[1]);
        assert!(tail[1].chars().count() < 430, "{}", tail[1]);
    }

    #[test]
    fn commands_are_quoted() {
        let cmd: Vec<OsString> = ["sh", "-c", "echo 'x'; exit 3"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(display_command(&cmd), r"`sh -c 'echo '\''x'\''; exit 3'`");
    }
}
