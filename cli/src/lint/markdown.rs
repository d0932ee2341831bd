//! The generated part of `docs/lints.md`, from the lint table: a table of every lint, then
//! one section each, saying who reports it (the CLI's commands, the build, or both), how to
//! set its level, and its old name.

use mcp_toolname_rules::lint::Build;

use super::{LINTS, Lint};

/// A table of every lint, then one section each.
pub fn markdown() -> String {
    let mut out = String::from("| lint | default | build | finds |\n| --- | --- | --- | --- |\n");
    for lint in LINTS {
        let build = match lint.build {
            Build::Silent => "no",
            Build::Error => "error",
            Build::Warning => "warns",
        };
        out.push_str(&format!(
            "| [`{name}`](#{name}) | {level} | {build} | {summary} |\n",
            name = lint.name,
            level = lint.level.word(),
            summary = lint.summary.replace('|', "\\|"),
        ));
    }
    out.push('\n');
    for lint in LINTS {
        out.push_str(&section(lint));
    }
    out
}

fn section(lint: &Lint) -> String {
    let mut out = format!(
        "### {name}\n\n**{summary}.** Default: **{level}**. Reported by {by}.\n\n\
         **What it finds.** {finds}\n\n**Why {level}.** {why}\n\n**What to do.** {fix}\n\n\
         **Its level.** {levels}\n\n**Source.** {source}\n\n",
        name = lint.name,
        summary = capitalised(lint.summary),
        level = lint.level.word(),
        by = reported_by(lint),
        finds = lint.finds,
        why = lint.why.split_once(". ").map_or(lint.why, |(_, rest)| rest),
        fix = lint.fix,
        levels = levels(lint),
        source = lint.source,
    );
    if !lint.old_names.is_empty() {
        let names: Vec<String> = lint.old_names.iter().map(|n| format!("`{n}`")).collect();
        out.push_str(&format!(
            "**Old {name}.** {}, the build's {name} before the lints had one table; accepted \
             in this release only (in `allow(...)`, the flags and `[lints]`), with a note \
             naming `{}`.\n\n",
            names.join(" and "),
            lint.name,
            name = if names.len() == 1 { "name" } else { "names" },
        ));
    }
    out
}

fn reported_by(lint: &Lint) -> String {
    let build = match lint.build {
        Build::Silent => return lint.reported_by.to_owned(),
        Build::Error => "the build (an error)",
        Build::Warning if lint.targeted => {
            "the build (a warning; an error for a registry's declared `targets(...)`)"
        }
        Build::Warning => "the build (a warning)",
    };
    if lint.cli_reports() {
        format!("{}, and by {build}", lint.reported_by)
    } else {
        format!("{build} only")
    }
}

fn levels(lint: &Lint) -> String {
    let name = lint.name;
    let cli = format!(
        "`--deny {name}`, `--warn {name}` or `--allow {name}` on the command line, or \
         `{name} = \"deny\"` (`\"warn\"`, `\"allow\"`) under `[lints]` in `mcp-toolname.toml`"
    );
    let build = format!(
        "In the build, `allow({name})` in the attribute the warning points at (`#[mcp_tool]`, \
         `#[mcp_prompt]`) silences it there, and in `#[tool_registry(...)]` \
         (`#[prompt_registry(...)]`) for the whole impl."
    );
    match (lint.cli_reports(), lint.build) {
        (true, Build::Silent) => format!("{cli}."),
        (true, Build::Error) => {
            format!("{cli}. In the build it is an error, which no `allow(...)` silences.")
        }
        (true, Build::Warning) => format!("{cli}. {build}"),
        (false, _) => format!(
            "{build} The CLI takes the name in its flags and `[lints]` too (one config file \
             can name every lint), but reports nothing under it."
        ),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/lints.md carries one section per lint between markers; regenerate them with
    /// `UPDATE_DOCS=1 cargo test -p mcp-toolname-cli --bin mcp-toolname lint`.
    #[test]
    fn docs_lints_md_is_generated_from_the_table() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/lints.md");
        let (start, end) = ("<!-- lints:start -->\n", "<!-- lints:end -->");
        let doc = std::fs::read_to_string(path).expect("docs/lints.md");
        let from = doc.find(start).expect("start marker") + start.len();
        let to = doc.find(end).expect("end marker");
        let generated = markdown();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            let updated = format!("{}{generated}{}", &doc[..from], &doc[to..]);
            std::fs::write(path, updated).expect("docs/lints.md written");
        } else {
            assert!(
                doc[from..to] == generated,
                "docs/lints.md is stale: run with UPDATE_DOCS=1"
            );
        }
    }

    /// The lints docs/lints.md says `targets` change are the table's targeted ones.
    #[test]
    fn docs_lints_md_names_every_targeted_lint() {
        let doc = include_str!("../../../docs/lints.md");
        let from = doc
            .find("the lints about one contract or one client")
            .expect("the targets paragraph");
        let to = from + doc[from..].find(") change in two ways").expect("its end");
        let said: Vec<&str> = doc[from..to].split('`').skip(1).step_by(2).collect();
        let targeted: Vec<&str> = LINTS
            .iter()
            .filter(|l| l.targeted)
            .map(|l| l.name)
            .collect();
        assert_eq!(
            said, targeted,
            "docs/lints.md's list of lints targets change"
        );
    }
}
