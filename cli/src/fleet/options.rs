//! The options of `audit --config`, made from `audit`'s flags.

use std::path::PathBuf;

use super::Options;
use crate::args::Output;

impl Options {
    /// The audit of the config at `path` that `args` ask for, reporting as `out`.
    ///
    /// # Errors
    /// A baseline that cannot be read.
    pub fn of(path: PathBuf, args: crate::audit::Args, out: Output) -> Result<Self, String> {
        Ok(Self {
            path,
            timeout: args.timeout,
            out,
            jobs: usize::from(args.jobs),
            settings: args.settings,
            agents: args.agents,
            baselines: args
                .baseline
                .iter()
                .map(|p| crate::surface::report::read(p))
                .collect::<Result<_, _>>()?,
        })
    }
}
