//! JSON as the CLI writes it: `serde_json`'s pretty printer (snapshot files, which people
//! review) or its compact one (`--format json` and SARIF, read by programs; `jq .` lays them
//! out), with
//! every character that could hide, move or fake text escaped as `\uXXXX` (C0 and C1 controls,
//! bidi controls, zero-width and other invisible characters, white space other than the
//! space), as the text report escapes them ([`mcp_toolname_rules::message::show`]). The
//! document stays valid JSON and reads back to the same strings; a terminal or a log viewer
//! shows the escape, not the effect.

use std::io::{self, Write};

use mcp_toolname_rules::{is_control_like, is_invisible};
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// Whether `ch` is written as a `\u` escape.
fn hidden(ch: char) -> bool {
    is_control_like(ch) || is_invisible(ch) || (ch != ' ' && ch.is_whitespace())
}

/// [`PrettyFormatter`] (or, when `None`, [`CompactFormatter`]) that also escapes [`hidden`]
/// characters.
pub struct Escaping(Option<PrettyFormatter<'static>>);

impl Escaping {
    /// Two-space indents, as `serde_json`'s pretty printer.
    #[must_use]
    pub fn new() -> Self {
        Self(Some(PrettyFormatter::new()))
    }

    /// No white space between tokens, as `serde_json::to_writer`.
    #[must_use]
    pub fn compact() -> Self {
        Self(None)
    }
}

impl Default for Escaping {
    fn default() -> Self {
        Self::new()
    }
}

/// Calls `$method` on the pretty printer, or on [`CompactFormatter`].
macro_rules! layout {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &mut $self.0 {
            Some(pretty) => pretty.$method($($arg),*),
            None => CompactFormatter.$method($($arg),*),
        }
    };
}

/// `value` pretty-printed with [`Escaping`], and a newline.
#[must_use]
pub fn pretty(value: &impl serde::Serialize) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail, nor can serializing a `Value` or a derived struct.
    let _ = write(value, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// [`pretty`], written to `out`.
///
/// # Errors
/// `out` could not be written.
pub fn write(value: &impl serde::Serialize, out: &mut impl Write) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(&mut *out, Escaping::new());
    value.serialize(&mut ser).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

impl Formatter for Escaping {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, ch) in fragment.char_indices() {
            // A CI runner acts on `##[` and `##vso[` anywhere in a line of a log the document
            // is printed to; the second `#` is written as an escape.
            if ch == '#'
                && fragment[..i].ends_with('#')
                && super::text::runner_command_follows(&fragment[i + 1..])
            {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                writer.write_all(b"\\u0023")?;
                start = i + 1;
                continue;
            }
            if hidden(ch) {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                let mut units = [0u16; 2];
                for unit in ch.encode_utf16(&mut units) {
                    write!(writer, "\\u{unit:04x}")?;
                }
                start = i + ch.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.begin_array(writer))
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.end_array(writer))
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        layout!(self.begin_array_value(writer, first))
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.end_array_value(writer))
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.begin_object(writer))
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.end_object(writer))
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        layout!(self.begin_object_key(writer, first))
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.begin_object_value(writer))
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        layout!(self.end_object_value(writer))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn hidden_characters_are_escaped_and_read_back() {
        let name = "a\u{9b}b\u{202e}c\u{200b}d\u{2028}e\u{1b}f😀g";
        let doc = json!({"name": name, "list": [1, {"k": "v"}]});
        let out = pretty(&doc);
        for escape in ["\\u009b", "\\u202e", "\\u200b", "\\u2028", "\\u001b"] {
            assert!(out.contains(escape), "{escape} in {out}");
        }
        assert!(
            !out.contains('\u{9b}') && !out.contains('\u{202e}'),
            "{out}"
        );
        assert!(out.contains('😀'), "an emoji is no hidden character: {out}");
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back, doc);
        // The runner's older command syntax, anywhere in a string, is broken up, and reads back.
        let doc = json!({"name": "srv ##[set-output name=v;]x #[ok] ## ##Vso[task.complete]"});
        let out = pretty(&doc);
        assert!(!out.contains("##[") && !out.contains("##Vso["), "{out}");
        assert!(out.contains("#\\u0023Vso[task"), "{out}");
        assert!(out.contains("#\\u0023[set-output"), "{out}");
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&out).unwrap(),
            doc
        );
        // Without hidden characters, the same bytes as serde_json's own pretty printer.
        let plain = json!({"b": [1, 2], "a": {"x": null}, "s": "t"});
        assert_eq!(pretty(&plain), format!("{plain:#}\n"));
    }
}
