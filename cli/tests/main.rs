//! The CLI's integration tests, one module a file: one binary to link, and the tests of every
//! file share the cores while one waits on a client or a server. `hostile_memory.rs`,
//! `huge_names.rs` and `huge_snapshots.rs` are binaries of their own: the peak memory they bound
//! is that of every child their process waited for.

mod common;

mod action;
mod audit_allowlists;
mod audit_arguments;
mod audit_config;
mod audit_confusable;
mod audit_cost;
mod audit_demo;
mod audit_limits;
mod audit_remote;
mod audit_servers;
mod audit_tls;
mod audit_windows;
mod build_fixes;
mod check;
mod ci_formats;
mod docs_samples;
mod file_limits;
mod hostile_output;
mod json_schema;
mod lint_levels;
mod one_audit;
mod oracle_allowlists;
mod oracle_arguments;
mod oracle_configs;
mod oracle_limits;
mod oracle_plugins;
mod oracle_prompts;
mod oracles;
mod pre_commit;
mod prompts;
mod secrets;
mod secrets_corpus;
mod snapshot;
mod snapshot_surface;
