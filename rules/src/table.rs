//! The contracts and client presets as markdown tables, generated from the data so the docs
//! cannot drift from what the code checks.

use crate::client::{
    CLIENTS, Cleaning, ClientPreset, HashInput, Loading, Measure, NO_LIMIT, Overflow, TextRule,
};
use crate::contract::ALL;

/// A markdown table of every built-in contract: id, rule, source, date checked.
#[must_use]
pub fn contracts_markdown() -> String {
    let mut out = String::from("| id | rule | source | checked |\n|---|---|---|---|\n");
    for c in ALL {
        out.push_str(&format!(
            "| `{}` | `{}` | {} | {} |\n",
            c.id, c.pattern, c.source, c.checked
        ));
    }
    out
}

/// A markdown table of every built-in client preset: form, budget, what happens past it,
/// what it was verified against.
#[must_use]
pub fn clients_markdown() -> String {
    let mut out = String::from(
        "| id | model-facing name | server key | budget | past the budget | verified | source |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for c in CLIENTS {
        let form = if c.uses_server_key {
            format!("`{}<server>{}<tool>`", c.prefix, c.separator)
        } else {
            format!("`{}<tool>`", c.prefix)
        };
        let key = key_rule(c);
        let units = c.units.word();
        let budget = match c.measure {
            _ if c.max_len == NO_LIMIT => format!("none ({units})"),
            Measure::Whole => format!("{} {units}", c.max_len),
            Measure::ServerPlusTool => format!("{} {units} of server + tool", c.max_len),
        };
        let past = match c.overflow {
            _ if c.max_len == NO_LIMIT => "sent whole; the API decides".to_owned(),
            Overflow::ApiError => "the API refuses the request".to_owned(),
            Overflow::HashSuffix { hex, input, .. } => match input {
                HashInput::Joined | HashInput::CodexIdentity => {
                    format!("cut + `_` + {hex} hex of SHA-1")
                }
                HashInput::WholeFnv1a => format!("cut + `_` + {hex} base-36 digits of FNV-1a"),
                HashInput::PartSha256 => format!("cut + `_` + {hex} hex of SHA-256"),
            },
            Overflow::MiddleCut(m) => format!("middle cut, joined by `{m}`"),
            Overflow::Cut => "cut, no hash".to_owned(),
            Overflow::Skip => "tool left out".to_owned(),
        };
        out.push_str(&format!(
            "| `{}` | {form} | {key} | {budget} | {past} | {} | {} |\n",
            c.id,
            c.verified.describe(),
            c.source
        ));
    }
    out
}

/// A markdown table of what each client does past the name ([`crate::Limits`]): how it
/// hands tools over, descriptions, instructions, and the cap on tools per request of the API
/// it was run against.
#[must_use]
pub fn limits_markdown() -> String {
    let mut out = String::from(
        "| id | tools reach the model | description | instructions | tools per request | context window | verified |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let text = |rule: TextRule| match rule {
        TextRule::Whole => "whole (tried to 40,000)".to_owned(),
        TextRule::Cut { at, marker } => format!("cut after {at} UTF-16 units, then `{marker}`"),
        TextRule::NotSent => "never sent".to_owned(),
        TextRule::Unknown => "not run".to_owned(),
    };
    for c in CLIENTS {
        let loading = match c.limits.loading {
            Loading::SendsAll => "all, in each request".to_owned(),
            Loading::Deferred {
                reference_max,
                source,
            } => format!(
                "names first, loaded by tool search; a name past {reference_max} breaks the \
                 session ({source})"
            ),
            Loading::Listed => "names listed up front, loaded by its tool search".to_owned(),
            Loading::Unknown => "not run".to_owned(),
        };
        let cap = c.limits.tools_per_request.map_or_else(
            || "no documented cap".to_owned(),
            |cap| {
                format!(
                    "{}: at most {} ({}, {})",
                    cap.api, cap.max, cap.source, cap.checked
                )
            },
        );
        let loading = match c.limits.auto_defer {
            Some(auto) => format!(
                "{loading}; {}; with {}, deferred only from {}% of the window ({})",
                auto.otherwise, auto.setting, auto.percent, auto.source
            ),
            None => loading,
        };
        let window = c.limits.window.map_or_else(
            || "not read (the model is the user's)".to_owned(),
            |w| {
                format!(
                    "{} tokens: {} ({}, {})",
                    w.tokens, w.models, w.source, w.checked
                )
            },
        );
        out.push_str(&format!(
            "| `{}` | {loading} | {} | {} | {cap} | {window} | {} |\n",
            c.id,
            text(c.limits.description),
            text(c.limits.instructions),
            c.verified.describe(),
        ));
    }
    out
}

/// A client's key rule in words: `refused outside `A-Z a-z 0-9 _ -`; others become `_``.
fn key_rule(client: &ClientPreset) -> String {
    let (rule, max_len) = (&client.key, client.max_key_len);
    if !client.uses_server_key {
        return "not in the name".to_owned();
    }
    let mut steps = Vec::new();
    if rule.from_server_info {
        steps.push("`serverInfo` title or name, else the key".to_owned());
    }
    if let Some(allowed) = rule.refuses_outside {
        steps.push(format!("refused outside `{}`", allowed.describe()));
    }
    match rule.cleaning {
        Cleaning::None => {}
        Cleaning::NfkcStripInvisible => steps.push("NFKC, invisible characters removed".to_owned()),
        Cleaning::PunycodeParts => steps.push("each non-ASCII `.` part to `xn--` Punycode".to_owned()),
        Cleaning::DeleteInvalid => steps.push(
            "white space to `_`, others outside `A-Z a-z 0-9 _ -` deleted, `_` in front of a digit or `-`, empty to `_unnamed`"
                .to_owned(),
        ),
        Cleaning::Slug(max) => steps.push(format!(
            "white space and ASCII punctuation to `-`, others outside `A-Z a-z 0-9 _ -` deleted, `-` runs to one and trimmed, cut to {max}, empty to `invalid-server-name`"
        )),
        Cleaning::DeleteWhiteSpace => steps.push("white space deleted".to_owned()),
    }
    if rule.lowercase {
        steps.push("lower-cased".to_owned());
    }
    if let Some(keeps) = rule.keeps {
        let with = client.replacement;
        let each = if rule.collapse_runs {
            format!("each run becomes one `{with}`")
        } else {
            format!("each becomes `{with}`")
        };
        steps.push(format!("outside `{}` {each}", keeps.describe()));
    }
    if max_len != usize::MAX {
        steps.push(format!("cut to {max_len}"));
    }
    if rule.numbers_clashes {
        steps.push("a clash gets a number".to_owned());
    }
    if steps.is_empty() {
        "as written".to_owned()
    } else {
        steps.join("; ")
    }
}
