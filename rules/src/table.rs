//! The contracts and client presets as markdown tables, generated from the data so the docs
//! cannot drift from what the code checks.

use crate::client::{CLIENTS, Measure, Overflow};
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

/// A markdown table of every built-in client preset: form, budget, what happens past it.
#[must_use]
pub fn clients_markdown() -> String {
    let mut out = String::from(
        "| id | model-facing name | budget | past the budget | source |\n|---|---|---|---|---|\n",
    );
    for c in CLIENTS {
        let form = if c.uses_server_key {
            format!("`{}<server>{}<tool>`", c.prefix, c.separator)
        } else {
            format!("`<{}-character id><tool>`", c.fixed_id_len)
        };
        let budget = match c.measure {
            Measure::Whole => format!("{} characters", c.max_len),
            Measure::ServerPlusTool => format!("{} characters of server + tool", c.max_len),
        };
        let past = match c.overflow {
            Overflow::ApiError => "the API refuses the request".to_owned(),
            Overflow::HashSuffix => "cut + `_` + 12 hex of SHA-1".to_owned(),
            Overflow::MiddleCut(m) => format!("middle cut, joined by `{m}`"),
            Overflow::Cut => "cut, no hash".to_owned(),
            Overflow::Skip => "tool left out".to_owned(),
        };
        out.push_str(&format!(
            "| `{}` | {form} | {budget} | {past} | {} |\n",
            c.id, c.source
        ));
    }
    out
}
