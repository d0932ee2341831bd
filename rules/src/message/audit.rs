//! Sentences of the CLI's `check` and `audit` reports that are not about one name: what the
//! report redacts, and how it groups reasons.

/// The line that opens a report written under `--show-secrets`.
#[must_use]
pub const fn secrets_shown() -> &'static str {
    "warning: `--show-secrets` is on: flag values, URL passwords, tokens, `env` and header \
     values are written as they are; do not share this report"
}
