//! More built-in client presets: coding agents whose packages run here (Kilo Code's CLI, Qwen
//! Code, Factory's Droid) and Goose, read from source. Each has its `source` and `verified`,
//! as in [`super::presets`].

use super::limits::{OPENAI_CHAT_TOOLS, TextRule, sends_all};
use super::rule::{
    Clash, Cleaning, ClientPreset, KEY_AS_WRITTEN, KeyRule, Measure, NO_LIMIT, Overflow,
    PrefixRule, Units, Verification, Verified,
};
use crate::contract::{Charset, LLM_COMMON};

/// Kilo Code's CLI (`kilo`, a fork of OpenCode): `<server>_<tool>`, no prefix; every UTF-16
/// unit outside `A-Z a-z 0-9 _ -` becomes `_` in both parts (an emoji `__`, case kept, no key
/// refused). Nothing is cut or hashed: a 1,002-character name was sent whole, and the API
/// behind decides. Of a server's tools that meet after replacing, the last listed is sent
/// ([`Clash::LastWins`]). Across servers (run, not modelled here): tools are kept by their
/// final name, so where two servers' names meet (keys `my.server` and `my_server` with a tool
/// `search` each, or key `a` with tool `b_c` and key `a_b` with tool `c`) only the tool of the
/// server configured later is sent, whichever answered first; the rest of both servers stays.
/// MCP prompts are slash commands `/<server>:<prompt>`, each part replaced the same way (run:
/// `kilo run --command p:hello` sent the prompt's text).
pub const KILO_CODE: ClientPreset = ClientPreset {
    id: "kilo_code",
    title: "Kilo Code CLI",
    prefix: "",
    prefix_rule: PrefixRule::Always,
    separator: "_",
    uses_server_key: true,
    key: KeyRule {
        keeps: Some(Charset::ALNUM.with("_-")),
        ..KEY_AS_WRITTEN
    },
    max_key_len: usize::MAX,
    cleaning: Cleaning::None,
    keeps: Some(Charset::ALNUM.with("_-")),
    replacement: '_',
    collapse_runs: false,
    hash_when_changed: false,
    units: Units::Utf16,
    max_len: NO_LIMIT,
    measure: Measure::Whole,
    overflow: Overflow::ApiError,
    on_clash: Clash::LastWins,
    numbers_cut_clashes: false,
    contract: &LLM_COMMON,
    limits: sends_all(TextRule::Whole, Some(OPENAI_CHAT_TOOLS)),
    source: "the @kilocode/cli npm package run against a fake chat completions API (cli/tests/oracles.rs)",
    verified: Verified {
        how: Verification::Run,
        version: "7.7.7",
        date: "2026-12-03",
    },
};
