//! Argument names: a tool's (a property key of its input schema) that an LLM API refuses,
//! and a prompt's that a client cannot pass by name.

use super::{named_error, show};
use crate::check::NameError;
use crate::contract::Contract;

/// A prompt argument whose name breaks [`PROMPT_ARGUMENT`](crate::PROMPT_ARGUMENT): a client
/// that passes arguments by name (Gemini CLI's `--<name>=<value>`) cannot pass it.
#[must_use]
pub fn prompt_argument_error(prompt: &str, argument: &str, err: &NameError) -> String {
    let reason = named_error("argument", argument, err, &crate::PROMPT_ARGUMENT);
    format!(
        "prompt {}: {reason}; clients that pass prompt arguments by name (Gemini CLI: \
         `--<name>=<value>`) cannot pass it",
        show(prompt)
    )
}

/// A prompt argument (written in `arguments = ...`, or carried by an alias) whose name breaks
/// [`PROMPT_ARGUMENT`](crate::PROMPT_ARGUMENT).
#[must_use]
pub fn prompt_argument_refused(argument: &str, err: &NameError) -> String {
    let reason = named_error("argument", argument, err, &crate::PROMPT_ARGUMENT);
    format!(
        "{reason}; clients that pass prompt arguments by name (Gemini CLI: \
         `--<name>=<value>`) cannot pass it"
    )
}

/// An argument name (a property key of an input schema at `at`) that `contract`, the
/// argument-key rule of `applies_to`, refuses: what is wrong, who refuses it, and the
/// `#[serde(rename)]` that fixes it while the Rust field keeps its name.
///
/// ```
/// use mcp_toolname_rules::{ANTHROPIC_ARGUMENT, check, message};
/// let err = check("rule_name[]", &ANTHROPIC_ARGUMENT).unwrap_err();
/// let text = message::argument_refused("rule_name[]", &err, &ANTHROPIC_ARGUMENT, "Claude");
/// assert!(text.starts_with("argument name `rule_name[]` contains `[`"));
/// assert!(text.ends_with("`#[serde(rename = \"rule_name\")]` on the field keeps its Rust name"));
/// ```
#[must_use]
pub fn argument_refused(
    key: &str,
    err: &NameError,
    contract: &Contract,
    applies_to: &str,
) -> String {
    refused_then(key, err, contract, applies_to, |fix| {
        format!(
            "rename it on the wire: `#[serde(rename = {fix})]` on the field keeps its Rust name"
        )
    })
}

/// [`argument_refused`] for a key written in a literal schema (`input_schema = json!(...)`),
/// where the fix is the key itself: what is wrong, who refuses it, and the key to write.
///
/// ```
/// use mcp_toolname_rules::{ANTHROPIC_ARGUMENT, check, message};
/// let err = check("issue types", &ANTHROPIC_ARGUMENT).unwrap_err();
/// let text = message::schema_key_refused("issue types", &err, &ANTHROPIC_ARGUMENT, "Claude");
/// assert!(text.starts_with("argument name `issue types` contains a space"));
/// assert!(text.ends_with("write `\"issue_types\"` in the schema, and read that key in the handler"));
/// ```
#[must_use]
pub fn schema_key_refused(
    key: &str,
    err: &NameError,
    contract: &Contract,
    applies_to: &str,
) -> String {
    refused_then(key, err, contract, applies_to, |fix| {
        format!("write `{fix}` in the schema, and read that key in the handler")
    })
}

/// What is wrong with argument name `key`, who refuses it, then `fix` of the key to write
/// (as a JSON string).
fn refused_then(
    key: &str,
    err: &NameError,
    contract: &Contract,
    applies_to: &str,
    fix: impl FnOnce(serde_json::Value) -> String,
) -> String {
    let reason = named_error("argument", key, err, contract);
    let fix = fix(serde_json::Value::String(crate::suggest(key, contract)));
    format!("{reason}; {applies_to} refuses the whole request with it; {fix}")
}
