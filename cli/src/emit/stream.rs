//! The text sink piece by piece: a report writes its text into [`Lines`] as it makes it, and
//! the bytes that come out are those [`super::text::clean`] makes of the whole text, without
//! the whole text or a copy of it ever being held.

use std::fmt;
use std::io;

use super::text::escape_lines;

/// Text held before a cut is tried while secrets are masked: large enough that the masking
/// done to check a cut costs little next to the masking itself.
const CHUNK: usize = 64 * 1024;

/// Letters and digits after a cut beyond [`crate::redact::reach`]: what masking looks at
/// beside a match (a word it would be part of) and the [`crate::redact`] part length.
const MARGIN: usize = 16;

/// A [`fmt::Write`] that passes what is written through the text sink to `out`: learned
/// secrets masked ([`crate::redact::text`]) and each line escaped as [`super::text::clean`]
/// escapes it.
///
/// Masking matches across line feeds (a secret's letters and digits are matched whatever
/// stands between them, and a learned value may hold a line feed), so text is masked in
/// pieces cut only at a line feed where masking the two sides apart gives the bytes that
/// masking them together gives, with more letters and digits after the cut than the longest
/// learned value has bytes: no match can cross it, whatever comes later. When nothing is
/// learned (or under `--show-secrets`) masking changes nothing and each line goes out as soon
/// as it is complete. Escaping is line by line, so it is done on each complete masked line.
pub struct Lines<W: io::Write> {
    out: W,
    /// Whether lines starting with `::` are the GitHub emitter's own annotations.
    annotations: bool,
    /// [`crate::redact::reach`]: 0 when masking changes nothing.
    reach: usize,
    /// Text written and not yet masked.
    raw: String,
    /// The length of `raw` at which a cut is tried next.
    next_try: usize,
    /// How much `raw` grows before a cut is tried again.
    chunk: usize,
    /// Masked text after its last line feed.
    masked: String,
    /// The escaped lines on their way to `out`.
    escaped: String,
    /// The first error writing to `out`; every later write fails at once.
    error: Option<io::Error>,
}

impl<W: io::Write> Lines<W> {
    /// Text for people on `out`; `annotations` as [`super::text::clean_annotations`].
    pub fn new(out: W, annotations: bool) -> Self {
        Self::with_chunk(out, annotations, CHUNK)
    }

    fn with_chunk(out: W, annotations: bool, chunk: usize) -> Self {
        Self {
            out,
            annotations,
            reach: crate::redact::reach(),
            raw: String::new(),
            next_try: chunk,
            chunk,
            masked: String::new(),
            escaped: String::new(),
            error: None,
        }
    }

    /// Writes what is still held, once the report is `written`: the first error writing to
    /// `out`, or an error when the report could not be written for a reason of its own.
    pub fn finish(mut self, written: fmt::Result) -> io::Result<()> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        written.map_err(|fmt::Error| io::Error::other("the report could not be formatted"))?;
        let raw = std::mem::take(&mut self.raw);
        self.push_masked(&crate::redact::text(&raw))?;
        let last = std::mem::take(&mut self.masked);
        self.escaped.clear();
        escape_lines(&last, self.annotations, &mut self.escaped);
        self.out.write_all(self.escaped.as_bytes())
    }

    /// Adds masked text: every line it completes is escaped and written.
    fn push_masked(&mut self, text: &str) -> io::Result<()> {
        let Some(end) = text.rfind('\n') else {
            self.masked.push_str(text);
            return Ok(());
        };
        self.masked.push_str(&text[..=end]);
        self.escaped.clear();
        escape_lines(&self.masked, self.annotations, &mut self.escaped);
        self.out.write_all(self.escaped.as_bytes())?;
        self.masked.clear();
        self.masked.push_str(&text[end + 1..]);
        Ok(())
    }

    /// Masks and writes what comes before the last line feed that has more than the reach of
    /// masking after it, if masking the two sides apart changes nothing; else waits until
    /// twice as much is held (so the checks cost time linear in the text).
    fn try_cut(&mut self) -> io::Result<()> {
        let need = self.reach + MARGIN;
        let mut alnum = 0;
        let mut cut = None;
        for (at, b) in self.raw.bytes().enumerate().rev() {
            if b == b'\n' && alnum >= need {
                cut = Some(at + 1);
                break;
            }
            alnum += usize::from(b.is_ascii_alphanumeric());
        }
        if let Some(cut) = cut {
            let (left, right) = self.raw.split_at(cut);
            let (left, right, whole) = (
                crate::redact::text(left),
                crate::redact::text(right),
                crate::redact::text(&self.raw),
            );
            if whole.len() == left.len() + right.len()
                && whole.starts_with(&left)
                && whole.ends_with(&right)
            {
                drop((whole, right));
                self.raw.drain(..cut);
                self.next_try = self.raw.len() + self.chunk;
                return self.push_masked(&left);
            }
        }
        self.next_try = self.raw.len() * 2;
        Ok(())
    }

    fn write(&mut self, s: &str) -> io::Result<()> {
        if self.reach == 0 {
            return self.push_masked(s);
        }
        self.raw.push_str(s);
        if self.raw.len() >= self.next_try {
            self.try_cut()?;
        }
        Ok(())
    }
}

impl<W: io::Write> fmt::Write for Lines<W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.error.is_some() {
            return Err(fmt::Error);
        }
        self.write(s).map_err(|error| {
            self.error = Some(error);
            fmt::Error
        })
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::*;
    use crate::emit::text::clean;

    /// `text` written through [`Lines`] in pieces of `piece` bytes (or less, at a character's
    /// end), cutting every `chunk` bytes.
    fn streamed(text: &str, piece: usize, chunk: usize) -> String {
        let mut out = Vec::new();
        let mut lines = Lines::with_chunk(&mut out, false, chunk);
        let mut rest = text;
        let mut written = Ok(());
        while !rest.is_empty() {
            let mut at = piece.min(rest.len());
            while !rest.is_char_boundary(at) {
                at += 1;
            }
            written = written.and(lines.write_str(&rest[..at]));
            rest = &rest[at..];
        }
        lines.finish(written).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The same bytes as the whole text through the sink, however it is cut: secrets split by
    /// a line feed, secrets holding one, runner commands split across writes.
    #[test]
    fn pieces_make_the_bytes_of_the_whole() {
        crate::redact::learn("Zq8xK2mP9vL4nR7tW3", false);
        crate::redact::learn("Yh5\nGt7Rw2Ks9Pd", false);
        let mut text = String::new();
        for i in 0..400 {
            text.push_str(&format!(
                "line {i} of plain words and\tsome\u{1b}[2J escapes\n"
            ));
            match i % 50 {
                7 => text.push_str("a secret cut Zq8x\nK2mP9vL4nR7tW3 here\n"),
                19 => text.push_str("one holding a line feed Yh5\nGt7Rw2Ks9Pd.\n"),
                23 => text.push_str("its parts zq8xk2mp and\n9vl4nr7t\n"),
                31 => text.push_str("::warning::x ##[set-output name=v;]y ##vso[task.complete]\n"),
                _ => {}
            }
        }
        text.push_str("no line feed at the end Zq8xK2mP9vL4nR7tW3");
        let whole = clean(&text);
        assert!(!whole.contains("K2mP9vL4") && !whole.contains("Gt7Rw2"));
        for (piece, chunk) in [(1, 64), (3, 100), (17, 1000), (4096, 4096), (1 << 20, 64)] {
            assert!(streamed(&text, piece, chunk) == whole, "{piece} {chunk}");
        }
    }

    /// With nothing learned each line goes out whole, escaped.
    #[test]
    fn lines_are_escaped_when_nothing_is_masked() {
        let text = "::error::x\n  ::notice::y\n#\u{23}[z]\nrlo\u{202e}\n##vso[a]";
        for piece in [1, 2, 5, 100] {
            assert_eq!(streamed(text, piece, 64), clean(text));
        }
    }
}
