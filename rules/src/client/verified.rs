//! How a preset's rule (or its prompt rule) was verified: by running the client, by reading
//! its source, or from reports, with the version and the date.

/// How a preset's rule was verified, and against what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verification {
    /// The client's own package was run against a fake LLM API on 127.0.0.1 and every name
    /// it sent compared with the prediction (`cli/tests/oracles.rs`, in CI).
    Run,
    /// Read from the client's source at a commit; no package of it runs here.
    Source,
    /// Only documentation and user reports: closed source, nothing that runs here.
    Reports,
}

impl Verification {
    /// The word reports use: `run`, `source`, `reports`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Run => "run",
            Self::Source => "source",
            Self::Reports => "reports",
        }
    }
}

/// What a preset was verified against: how, the client's version (or the commit of the
/// source read), and the date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verified {
    /// How.
    pub how: Verification,
    /// The version run (`2.1.332`), or the commit read; empty for [`Verification::Reports`].
    pub version: &'static str,
    /// When (`YYYY-MM-DD`).
    pub date: &'static str,
}

impl Verified {
    /// `run on 2.1.332, 2026-12-01`, `source at b9d464f5, 2026-12-01`, `user reports, 2026-11-30`.
    #[must_use]
    pub fn describe(&self) -> String {
        match self.how {
            Verification::Run => format!("run on {}, {}", self.version, self.date),
            Verification::Source => format!("source at {}, {}", self.version, self.date),
            Verification::Reports => format!("user reports, {}", self.date),
        }
    }
}
