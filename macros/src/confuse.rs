//! Tool names of one impl a model can take for one another (lint `confusable`), where the
//! build sees what says the tools are alike too: the same `Parameters<T>` type, or
//! descriptions that share three in five of their words. The build knows a description only when it
//! is a literal or the doc comment, and an input only by the type path as written; `audit`
//! reads both from `tools/list` and so sees more. The rules crate finds the pairs, for the
//! build and the CLI alike.

use mcp_toolname_rules::{Evidence, alike_pairs, description_words, message, overlap};
use proc_macro2::TokenStream;

use crate::diag::warning_when;
use crate::kind::Kind;
use crate::parse::ToolFn;
use crate::targets::allows;

/// Warns on each confusable pair of `tools` (tool names only: a listed alias that reads like
/// its tool is what a rename is for), at the later tool's name, in the builds where both
/// exist.
pub fn confusable(tools: &[ToolFn], kind: &Kind, warnings: &mut TokenStream) {
    let Some(lint) = kind.confusable_lint else {
        return;
    };
    let tools: Vec<&ToolFn> = tools.iter().filter(|t| !t.attr.name_invalid).collect();
    let names: Vec<String> = tools.iter().map(|t| t.name().value()).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let pairs = alike_pairs(&refs);
    if pairs.is_empty() {
        return;
    }
    let words: Vec<Vec<u64>> = tools
        .iter()
        .map(|t| {
            t.description
                .as_deref()
                .map(description_words)
                .unwrap_or_default()
        })
        .collect();
    for (i, j, how) in pairs {
        let (first, later) = (tools[i], tools[j]);
        if allows(&first.attr.allow, lint.name) || allows(&later.attr.allow, lint.name) {
            continue;
        }
        let evidence = Evidence {
            same_shape: !first.shape.is_empty() && first.shape == later.shape,
            descriptions: overlap(&words[i], &words[j]),
        };
        if !evidence.holds() {
            continue;
        }
        let msg = message::confusable(&names[j], &names[i], how, evidence);
        warnings.extend(warning_when(
            &first.cond.and(&later.cond),
            lint,
            later.name().span(),
            &msg,
        ));
    }
}
