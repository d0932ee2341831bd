//! Every sample of the CLI's output in docs/*.md is what the CLI prints now: a block
//! ```` ```text ```` right after a line `<!-- sample: ARGS | HEADINGS -->` is the output of
//! `mcp-toolname ARGS` (words split at spaces, `"..."` one word), cut to the blocks that
//! start with one of HEADINGS (a heading line and the lines up to the next empty one), or
//! whole when there is no `|`. `MCP_TOOLNAME_BLESS=1` writes the current output in.

use crate::common;

use std::path::Path;

use common::run;

/// `ARGS` as words: split at spaces, a `"..."` one word.
fn words(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in args.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The blocks of `text` whose first line is one of `headings`, in the order printed.
fn blocks(text: &str, headings: &[&str]) -> String {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let block = block.trim_start_matches('\n');
        if headings.iter().any(|h| block.lines().next() == Some(*h)) {
            out.push(block.trim_end());
        }
    }
    out.join("\n\n") + "\n"
}

/// What the sample `spec` (`ARGS | HEADINGS`) is now.
fn sample(spec: &str) -> String {
    let (args, headings) = spec.split_once('|').unwrap_or((spec, ""));
    let r = run(words(args));
    assert!(
        r.code.is_some_and(|c| c <= 1),
        "`mcp-toolname {args}` failed:\n{}",
        r.stderr
    );
    let headings: Vec<&str> = headings
        .split(',')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    if headings.is_empty() {
        r.stdout
    } else {
        blocks(&r.stdout, &headings)
    }
}

#[test]
fn every_sample_in_the_docs_is_what_the_cli_prints() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    let bless = std::env::var_os("MCP_TOOLNAME_BLESS").is_some();
    let mut samples = 0;
    let mut stale = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&docs)
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let lines: Vec<&str> = text.lines().collect();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            out.push(lines[i].to_owned());
            let spec = lines[i]
                .strip_prefix("<!-- sample: ")
                .and_then(|l| l.strip_suffix(" -->"));
            let Some(spec) = spec else {
                i += 1;
                continue;
            };
            assert_eq!(
                lines.get(i + 1),
                Some(&"```text"),
                "{}:{}",
                path.display(),
                i + 2
            );
            let end = (i + 2..lines.len())
                .find(|&j| lines[j] == "```")
                .unwrap_or_else(|| panic!("{}:{}: the block never ends", path.display(), i + 2));
            let written = lines[i + 2..end].join("\n") + "\n";
            let now = sample(spec);
            samples += 1;
            if written != now {
                stale.push(format!(
                    "{}:{}: `mcp-toolname {spec}` now prints:\n{now}",
                    path.display(),
                    i + 1
                ));
            }
            out.push("```text".to_owned());
            out.extend(now.lines().map(str::to_owned));
            out.push("```".to_owned());
            i = end + 1;
        }
        if bless {
            std::fs::write(&path, out.join("\n") + "\n").expect("written");
        }
    }
    assert!(samples > 0, "no `<!-- sample: ... -->` in docs/");
    assert!(
        bless || stale.is_empty(),
        "samples that no longer match (MCP_TOOLNAME_BLESS=1 writes them in):\n{}",
        stale.join("\n")
    );
}
