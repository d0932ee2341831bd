//! Reading a file whole, bounded: a snapshot, a client config, `mcp-toolname.toml` and the
//! like may come from a pull request, so no file is read past a limit set far above any real
//! one, and the whole read never holds more than that limit plus one byte.

use std::io::Read;
use std::path::Path;

use mcp_toolname_rules::message::show;

/// The largest snapshot (or `--baseline`) read. A snapshot holds a few hundred bytes per
/// name and a 64-byte digest per schema: the largest real servers (hundreds of tools) write
/// well under 1 MiB, so 64 MiB is far above any. `diff` and `audit --baseline` of one within
/// it against a small one hold under 6 times its size in every format (360 MiB for a million
/// changes: `BENCHMARKS.md`).
pub const MAX_SNAPSHOT: u64 = 64 << 20;

/// The largest `mcp-toolname.toml` read: a few lines of targets and lint levels; 1 MiB is
/// thousands of times more, and a file in a pull request applies to the Action's run.
pub const MAX_SETTINGS: u64 = 1 << 20;

/// The largest client config (and file it points to: `envFile`, a plugin's manifest) read.
/// Clients keep other state in the same file (Claude Code's `~/.claude.json` holds its
/// projects' history and grows to a few MiB), so 16 MiB leaves room for that.
pub const MAX_CONFIG: u64 = 16 << 20;

/// What is wrong with a JSON file, and where, in words, with none of the file's text in it:
/// the line and column (1-based) of a serde_json error, and its message with the value it
/// found (`invalid type: string "ghp_..."`) told only by its kind, since a config's value
/// may be a credential and an error line is printed where secrets are not.
#[must_use]
pub fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    // serde_json ends its messages with ` at line L column C`; said once, in words, below.
    let what = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(what, _)| what);
    format!(
        "{} at line {}, column {}",
        without_values(what).replace('`', "'"),
        e.line(),
        e.column()
    )
}

/// serde's `invalid type: <found>, expected <what>` and `invalid value: ...`, with the value
/// found replaced by its kind (`a string`); a string is quoted as Rust writes it, so its end
/// is the first `"` not escaped, whatever it holds.
fn without_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = ["invalid type: ", "invalid value: "]
        .iter()
        .filter_map(|head| rest.find(head).map(|i| i + head.len()))
        .min()
    {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (kind, len) = found_kind(rest);
        out.push_str(kind);
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

/// The kind of the value serde describes at the start of `found`, and how many bytes its
/// description takes (up to the `, expected` that follows it).
fn found_kind(found: &str) -> (&'static str, usize) {
    if let Some(quoted) = found.strip_prefix("string \"") {
        let mut escaped = false;
        for (i, c) in quoted.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => return ("a string", "string \"".len() + i + 1),
                _ => {}
            }
        }
        return ("a string", found.len());
    }
    let end = found.find(", expected").unwrap_or(found.len());
    let kind = match found.split([' ', ',']).next().unwrap_or("") {
        "integer" | "floating" => "a number",
        "boolean" => "a boolean",
        "sequence" => "an array",
        "map" => "an object",
        "null" | "unit" => "null",
        _ => "another kind of value",
    };
    (kind, end)
}

/// The bytes of `path`, at most `max` of them. `what` names the kind of file in errors
/// (`snapshot`, `config`; empty for none).
///
/// # Errors
/// The file cannot be read, or it holds more than `max` bytes, naming it, its size and the
/// limit. A file that grows while it is read, or a special file with no size, is cut at
/// `max + 1` bytes and refused the same way.
pub fn read(path: &Path, what: &str, max: u64) -> Result<Vec<u8>, String> {
    let file = show(&path.to_string_lossy());
    let named = if what.is_empty() {
        file
    } else {
        format!("{what} {file}")
    };
    let cannot = |e: std::io::Error| format!("cannot read {named}: {e}");
    let handle = std::fs::File::open(path).map_err(cannot)?;
    let len = handle.metadata().map_err(cannot)?.len();
    let too_big = |size: &str, limit: &str| {
        format!("{named} is {size}, more than the {limit} mcp-toolname reads")
    };
    if len > max {
        let (size, limit) = (size_of(len), size_of(max));
        // Rounded alike (a byte past the limit): the exact counts tell them apart.
        return Err(if size == limit {
            too_big(&format!("{len} bytes"), &format!("{max} bytes"))
        } else {
            too_big(&size, &limit)
        });
    }
    // The size said up front, so a regular file is read in one allocation; a special file
    // says 0 and grows the buffer as it is read, never past `max + 1`.
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).saturating_add(1));
    handle
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "{named} holds more than the {} mcp-toolname reads",
            size_of(max)
        ));
    }
    Ok(bytes)
}

/// [`read`] as UTF-8 text, without a leading byte-order mark.
///
/// # Errors
/// As [`read`], and a file that is not UTF-8, naming it and the offset of the first invalid
/// byte.
pub fn read_text(path: &Path, what: &str, max: u64) -> Result<String, String> {
    let mut bytes = read(path, what, max)?;
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let file = show(&path.to_string_lossy());
        let named = if what.is_empty() {
            file
        } else {
            format!("{what} {file}")
        };
        format!(
            "{named} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// `bytes` for a reader: `512 bytes`, `1.0 KiB`, `64.0 MiB`, `2.0 GiB`.
fn size_of(bytes: u64) -> String {
    const UNITS: &[&str] = &["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    // Display only: the precision lost past 2^53 bytes is far below one decimal.
    #[allow(clippy::cast_precision_loss)]
    let mut size = bytes as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_a_person_would() {
        assert_eq!(size_of(0), "0 bytes");
        assert_eq!(size_of(1023), "1023 bytes");
        assert_eq!(size_of(1024), "1.0 KiB");
        assert_eq!(size_of(MAX_SNAPSHOT), "64.0 MiB");
        assert_eq!(size_of(200 << 20), "200.0 MiB");
        assert_eq!(size_of(2 << 30), "2.0 GiB");
    }

    #[test]
    fn a_json_error_tells_the_kind_of_a_value_never_the_value() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Servers {
            servers: std::collections::BTreeMap<String, u8>,
        }
        let cases = [
            (r#"{"servers": "ghp_AAAAbbbb"}"#, "a string"),
            // A quote and serde's own `, expected` inside the value end nothing early.
            (r#"{"servers": "x\", expected ghp_AAAAbbbb"}"#, "a string"),
            (r#"{"servers": {"a": "ghp_AAAAbbbb"}}"#, "a string"),
            (r#"{"servers": {"a": 4000000}}"#, "invalid value: a number"),
            (r#"{"servers": [1234567]}"#, "an array"),
        ];
        for (text, kind) in cases {
            let e = serde_json::from_str::<Servers>(text).unwrap_err();
            let said = json_error(&e);
            assert!(said.contains(kind), "{said}");
            assert!(said.contains("at line 1, column"), "{said}");
            for value in ["ghp_AAAAbbbb", "4000000", "1234567"] {
                assert!(!said.contains(value), "{value} echoed in: {said}");
            }
        }
    }

    #[test]
    fn a_special_file_with_no_size_is_cut_at_the_limit() {
        // /dev/zero says 0 bytes and never ends: `take` alone stops it.
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let e = read(zero, "config", 4096).unwrap_err();
            assert!(e.contains("holds more than the 4.0 KiB"), "{e}");
            assert!(e.contains("/dev/zero"), "{e}");
        }
    }
}
