//! How many tokens a text is for a client's model: counted with the tokenizer its models use
//! where the client preset records a public one ([`mcp_toolname_rules::Tokenizer`]: Codex
//! counts with `o200k_base`), else estimated at ~4 bytes a token ([`super::tokens`]), as
//! `audit --verbose`'s cost is: no tokenizer of Anthropic's or Google's models is public, and
//! the other clients run whichever model the user picks.

use mcp_toolname_rules::{ClientPreset, Encoding};
use serde::Serialize;

/// The version of tiktoken-rs whose `o200k_base` merge table is bundled (read from Cargo.lock
/// when the dependency moves: a test holds the two together).
pub const TIKTOKEN_RS: &str = "0.12.1";

/// How a client's tokens are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// With the public encoding its models use.
    Tokenizer(Encoding),
    /// ~4 bytes a token, rounded up.
    Estimate,
}

impl Method {
    /// How `client`'s tokens are counted: by the tokenizer its preset records, else estimated.
    #[must_use]
    pub fn of(client: &ClientPreset) -> Self {
        client
            .limits
            .window
            .and_then(|w| w.tokenizer)
            .map_or(Self::Estimate, |t| Self::Tokenizer(t.encoding))
    }

    /// `o200k_base` or `estimate`: the `method` of JSON, and the word of the text.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Tokenizer(encoding) => encoding.name(),
            Self::Estimate => "estimate",
        }
    }
}

/// The tokens of `text` in `encoding`: the BPE merge table bundled in tiktoken-rs, loaded on
/// first use (no download), special tokens read as plain text.
#[must_use]
pub fn count(encoding: Encoding, text: &str) -> usize {
    match encoding {
        Encoding::O200kBase => tiktoken_rs::o200k_base_singleton()
            .encode_ordinary(text)
            .len(),
    }
}

/// The tokens of `value` as compact JSON text, as the bytes of the cost are counted
/// ([`crate::listing::json_len`]); 0 when it cannot be written.
#[must_use]
pub fn count_json<T: Serialize + ?Sized>(encoding: Encoding, value: &T) -> usize {
    serde_json::to_string(value).map_or(0, |text| count(encoding, &text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcp_toolname_rules::{CLAUDE_CODE, CLIENTS, CODEX, GEMINI_CLI};

    /// Token ids OpenAI's tiktoken gives for `"hello world"` in `o200k_base` are [24912,
    /// 2375]: two tokens, where the estimate says 3 (11 bytes).
    #[test]
    fn o200k_base_counts_as_tiktoken_does() {
        let bpe = tiktoken_rs::o200k_base_singleton();
        assert_eq!(bpe.encode_ordinary("hello world"), [24912, 2375]);
        assert_eq!(count(Encoding::O200kBase, "hello world"), 2);
        assert_eq!(count_json(Encoding::O200kBase, "hello world"), 4);
        // A special token's text is text.
        assert!(count(Encoding::O200kBase, "<|endoftext|>") > 1);
    }

    #[test]
    fn only_codex_counts_with_a_tokenizer() {
        assert_eq!(Method::of(&CODEX), Method::Tokenizer(Encoding::O200kBase));
        assert_eq!(Method::of(&CODEX).id(), "o200k_base");
        assert_eq!(Method::of(&CLAUDE_CODE), Method::Estimate);
        assert_eq!(Method::of(&GEMINI_CLI).id(), "estimate");
        let counted: Vec<&str> = CLIENTS
            .iter()
            .filter(|c| Method::of(c) != Method::Estimate)
            .map(|c| c.id)
            .collect();
        assert_eq!(counted, ["codex"]);
    }

    #[test]
    fn the_version_said_is_the_version_built() {
        let lock = include_str!("../../../Cargo.lock");
        let at = lock.find("name = \"tiktoken-rs\"").expect("in Cargo.lock");
        let version = lock[at..].lines().nth(1).unwrap_or_default();
        assert_eq!(version, format!("version = \"{TIKTOKEN_RS}\""));
    }
}
