//! Alias calls as metrics (cargo feature `metrics`), so that the usage of an old name adds up
//! across every replica in the metrics system the server already has.
//!
//! Recorded through the [`metrics`] facade: the server installs the exporter it uses
//! (Prometheus, OpenTelemetry, StatsD, ...); without one, recording costs a no-op call. One
//! counter, [`ALIAS_CALLS`], is bumped on every call by an alias name: served inside the
//! window, or refused after it. Attribute names follow OpenTelemetry's semantic conventions
//! for MCP where they have one (`mcp.method.name`, `gen_ai.tool.name`: the name as called,
//! here the alias); the two they lack are ours, under our prefix.

use metrics::{Key, Label, Unit};

/// The counter of calls by an alias name: `mcp_toolname.alias.calls` (a Prometheus exporter
/// shows it as `mcp_toolname_alias_calls`, some with `_total` appended). Attributes:
/// - `mcp.method.name`: `tools/call` (OpenTelemetry MCP semantic conventions);
/// - `gen_ai.tool.name`: the alias, as the client called it (same conventions);
/// - [`CANONICAL_ATTRIBUTE`]: the tool it names now;
/// - [`OUTCOME_ATTRIBUTE`]: `served` (inside the window, the tool ran) or `refused` (after
///   it, nothing ran).
pub const ALIAS_CALLS: &str = "mcp_toolname.alias.calls";

/// Attribute of [`ALIAS_CALLS`]: the canonical name of the aliased tool.
pub const CANONICAL_ATTRIBUTE: &str = "mcp_toolname.tool.canonical";

/// Attribute of [`ALIAS_CALLS`]: `served` or `refused`.
pub const OUTCOME_ATTRIBUTE: &str = "mcp_toolname.alias.outcome";

/// Where the counter is described to the recorder, for exporters that show it.
static METADATA: metrics::Metadata<'static> =
    metrics::Metadata::new(module_path!(), metrics::Level::INFO, Some(module_path!()));

/// The two series of one alias, made once when the registry is built (a call only bumps).
#[derive(Debug, Clone)]
pub(crate) struct AliasSeries {
    served: Key,
    refused: Key,
}

impl AliasSeries {
    /// The series of `alias` of the tool `canonical`. Registers both at zero with the
    /// recorder installed now, so that a rate over a window also sees a first call (a series
    /// that starts at 1 hides it from `increase()`).
    pub fn new(alias: &str, canonical: &str) -> Self {
        let key = |outcome: &'static str| {
            Key::from_parts(
                ALIAS_CALLS,
                vec![
                    Label::new("mcp.method.name", "tools/call"),
                    Label::new("gen_ai.tool.name", alias.to_owned()),
                    Label::new(CANONICAL_ATTRIBUTE, canonical.to_owned()),
                    Label::new(OUTCOME_ATTRIBUTE, outcome),
                ],
            )
        };
        let series = Self {
            served: key("served"),
            refused: key("refused"),
        };
        metrics::with_recorder(|recorder| {
            recorder.describe_counter(
                ALIAS_CALLS.into(),
                Some(Unit::Count),
                "tools/call requests by a deprecated alias name, served or refused".into(),
            );
            recorder
                .register_counter(&series.served, &METADATA)
                .increment(0);
            recorder
                .register_counter(&series.refused, &METADATA)
                .increment(0);
        });
        series
    }

    /// Counts one call, `served` or refused.
    pub fn record(&self, served: bool) {
        let key = if served { &self.served } else { &self.refused };
        metrics::with_recorder(|recorder| recorder.register_counter(key, &METADATA).increment(1));
    }
}
