//! Every row of the lint table, walked through everything that names a lint: the config
//! file, the flags, SARIF's rule metadata and results, GitHub's titles and docs/lints.md
//! (the build's `allow(<name>)` is walked by the macros' tests). A row added to the table
//! without one of these fails here, and so does an old name that stops working. It stands
//! beside `lint` rather than in it, since it reads `args` and `diag`, which read `lint`.

use std::path::Path;

use clap::{FromArgMatches, Parser};

use crate::args::LintArgs;
use crate::diag::{Diagnostic, Found};
use crate::emit::{github, sarif};
use crate::lint::{LINTS, Level, Levels, Lint, file};

#[derive(Debug, Parser)]
struct Flags {
    #[command(flatten)]
    lint: LintArgs,
}

/// The levels `args` (after `--no-config-file`) give.
fn levels_of(args: &[&str]) -> Result<Levels, String> {
    let argv = ["mcp-toolname", "--no-config-file"]
        .into_iter()
        .chain(args.iter().copied());
    let matches = <Flags as clap::CommandFactory>::command()
        .try_get_matches_from(argv)
        .map_err(|e| e.to_string())?;
    let flags = Flags::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    flags.lint.levels(Some(&matches))
}

fn diagnostic(lint: &'static Lint) -> Diagnostic {
    Diagnostic::new(
        lint,
        Level::Warn,
        "a finding".to_owned(),
        Vec::new(),
        None,
        None,
    )
}

/// The level each name (the lint's, then each old one) gets from `[lints]` and from each
/// flag, set away from its default so the walk can see it took.
#[test]
fn every_lint_and_old_name_is_taken_by_the_config_file_and_the_flags() {
    for lint in LINTS {
        let level = if lint.level == Level::Deny {
            Level::Allow
        } else {
            Level::Deny
        };
        for name in std::iter::once(&lint.name).chain(lint.old_names) {
            let text = format!("[lints]\n{name} = \"{}\"\n", level.word());
            let settings = file::parse(Path::new("mcp-toolname.toml"), &text)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let rows: Vec<(&str, Level)> = settings
                .lints
                .iter()
                .map(|r| (r.name.as_str(), r.level))
                .collect();
            assert_eq!(rows, [(lint.name, level)], "{name}");
            let mut levels = Levels::default();
            settings.apply(&mut levels);
            assert_eq!(levels.of(lint), level, "[lints] {name}");
            if *name == lint.name && lint.cli_reports() {
                assert!(settings.notes.is_empty(), "{name}: {:?}", settings.notes);
            } else {
                let [note] = settings.notes.as_slice() else {
                    panic!("{name}: one note, not {:?}", settings.notes);
                };
                assert!(
                    note.starts_with("`mcp-toolname.toml`, line 2: ")
                        && note.contains(&format!("`{}`", lint.name)),
                    "{note}"
                );
            }
            let flag = format!("--{}", level.word());
            let levels = levels_of(&[&flag, name]).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(levels.of(lint), level, "{flag} {name}");
            // Every other lint keeps its default: a name selects its own lint alone.
            for other in LINTS.iter().filter(|o| *o != lint) {
                assert_eq!(
                    levels.of(other),
                    other.level,
                    "{flag} {name}: {}",
                    other.name
                );
            }
        }
    }
}

#[test]
fn an_unknown_name_selects_no_lint() {
    for name in ["spec_", "Spec", "tool_name_refused", "look-alike", "all"] {
        let err = levels_of(&["--allow", name]).unwrap_err();
        assert!(
            err.starts_with(&format!("--allow: unknown lint `{name}`")),
            "{err}"
        );
        let text = format!("[lints]\n{name} = \"allow\"\n");
        let err = file::parse(Path::new("mcp-toolname.toml"), &text).unwrap_err();
        assert!(err.contains(&format!("unknown lint `{name}`")), "{err}");
    }
}

#[test]
fn every_lint_is_a_sarif_rule_and_a_github_title() {
    let empty = sarif::log(Found::default(), 0).to_value();
    let rules = empty["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    assert_eq!(rules.len(), LINTS.len());
    for lint in LINTS {
        let rule = rules
            .iter()
            .find(|r| r["id"] == lint.name)
            .unwrap_or_else(|| panic!("no SARIF rule `{}`", lint.name));
        assert_eq!(rule["name"], lint.pascal_name());
        assert_eq!(rule["shortDescription"]["text"], lint.summary);
        assert_eq!(
            rule["defaultConfiguration"]["level"],
            match lint.level {
                Level::Deny => "error",
                Level::Warn => "warning",
                Level::Allow => "none",
            }
        );
        let found = || Found::new(vec![diagnostic(lint)], Vec::new());
        let log = sarif::log(found(), 0).to_value();
        let result = &log["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], lint.name);
        let index = usize::try_from(result["ruleIndex"].as_u64().expect("ruleIndex")).unwrap();
        assert_eq!(
            rules[index]["id"], lint.name,
            "ruleIndex of `{}`",
            lint.name
        );
        let annotations = github::text(found(), 0);
        assert!(
            annotations.starts_with(&format!("::warning title=mcp-toolname {}::", lint.name)),
            "{annotations}"
        );
    }
}

#[test]
fn every_lint_has_its_section_and_old_names_in_docs_lints_md() {
    let doc = include_str!("../../docs/lints.md");
    for lint in LINTS {
        let head = format!("\n### {}\n", lint.name);
        let from = doc
            .find(&head)
            .unwrap_or_else(|| panic!("docs/lints.md has no section `{}`", lint.name));
        let section = &doc[from + head.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        for old in lint.old_names {
            assert!(
                section.contains(&format!("`{old}`")),
                "{}: {old}",
                lint.name
            );
        }
        if lint.build != mcp_toolname_rules::lint::Build::Silent {
            assert!(section.contains("the build"), "{}", lint.name);
        }
    }
}
