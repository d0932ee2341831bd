//! One module per command, as `main` dispatches them: each owns its flags (a clap `Args`), its
//! run and, where it is small, its report. The judging and reporting they share stands below
//! them; nothing but `main` uses a command.

pub mod audit;
pub mod check;
pub mod diff;
pub mod lints;
pub mod snapshot;
