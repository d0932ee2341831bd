//! Text for a 100-column terminal: lines broken at spaces, never inside a code span (a name
//! in backticks stays whole, even with spaces in it, and a word longer than a line stays
//! whole on a line of its own).

/// The width the text report is wrapped to.
pub const WIDTH: usize = 100;

/// The words of `text` for wrapping: split at spaces, a code span (from a backtick to the
/// next) kept as one word with its spaces; an unclosed span runs to the end.
fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut in_code = false;
    for ch in text.chars() {
        match ch {
            ' ' if !in_code => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            '`' => {
                in_code = !in_code;
                current.push(ch);
            }
            _ => current.push(ch),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// `head` then `text`, wrapped at [`WIDTH`]: each line after the first starts with `indent`
/// spaces. `text`'s own line breaks are kept (each line wrapped alike), and the result ends
/// with a line break.
#[must_use]
pub fn hanging(head: &str, text: &str, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    let mut line = head.to_owned();
    let mut len = head.chars().count();
    let mut empty = true;
    for (i, part) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clone_from(&pad);
            len = indent;
            empty = true;
        }
        for word in words(part) {
            let n = word.chars().count();
            if !empty && len + 1 + n > WIDTH {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clone_from(&pad);
                len = indent;
                empty = true;
            }
            if !empty {
                line.push(' ');
                len += 1;
            }
            line.push_str(&word);
            len += n;
            empty = false;
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Every line of `text` wrapped: a line that fits stays as it is (its columns too); a longer
/// one keeps its head (its leading spaces and any columns padded with two spaces or more, in
/// its first 40 characters) and hangs the rest under where the rest starts.
#[must_use]
pub fn block(text: &str) -> String {
    let mut out = String::new();
    for l in text.lines() {
        if l.chars().count() <= WIDTH {
            out.push_str(l.trim_end());
            out.push('\n');
            continue;
        }
        let start = head_len(l);
        out.push_str(&hanging(
            &l[..start],
            &l[start..],
            l[..start].chars().count(),
        ));
    }
    out
}

/// The byte length of `line`'s head: its leading spaces, and the columns before the last run
/// of two spaces or more that ends in its first 40 characters.
fn head_len(line: &str) -> usize {
    let mut head = line.len() - line.trim_start_matches(' ').len();
    let mut run = 0;
    for (i, ch) in line.char_indices().take(40) {
        if ch == ' ' {
            run += 1;
        } else {
            if run >= 2 || i == head {
                head = i;
            }
            run = 0;
        }
    }
    head
}

/// `one` when `n` is 1, else `many`.
#[must_use]
pub fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_at_spaces_outside_code_spans() {
        let text = "tool names `GetUser` and `getUser` differ only in case; the spec keeps them \
                    apart, but a model can confuse them, and a client that reads them alike \
                    keeps only one: rename `search documents and more` please";
        let out = hanging("  warning  ", text, 11);
        for l in out.lines() {
            assert!(l.chars().count() <= WIDTH, "{l}");
            assert_eq!(l.matches('`').count() % 2, 0, "a code span split: {l}");
        }
        assert!(out.contains("`search documents and more`"), "{out}");
        assert!(out.lines().skip(1).all(|l| l.starts_with("           ")));
        assert_eq!(out.split_whitespace().collect::<Vec<_>>().len(), {
            format!("warning {text}").split_whitespace().count()
        });
    }

    #[test]
    fn a_word_past_the_width_stays_whole() {
        let long = "x".repeat(150);
        let out = hanging("ok  ", &format!("`{long}` is long"), 4);
        assert_eq!(out, format!("ok  `{long}`\n    is long\n"));
    }

    #[test]
    fn blocks_keep_their_columns() {
        let text = format!("  client  cline   {}\n", "word ".repeat(40));
        let out = block(&text);
        assert!(out.starts_with("  client  cline   word word"), "{out}");
        assert!(
            out.lines()
                .nth(1)
                .unwrap()
                .starts_with("                  word"),
            "{out}"
        );
        assert_eq!(block("   a    b"), "   a    b\n");
    }
}
