//! The CLI's integration tests, one module a file: one binary to link, and the tests of every
//! file share the cores while one waits on a client or a server. The peak memory that
//! `hostile_memory.rs`, `huge_names.rs` and `huge_snapshots.rs` bound is each run's own, read
//! when it is reaped (`common::peak`), so they run beside the others too.

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
mod hostile_memory;
mod hostile_output;
mod huge_names;
mod huge_snapshots;
mod json_schema;
mod lint_levels;
mod npm_packages;
mod one_audit;
mod oracle_allowlists;
mod oracle_arguments;
mod oracle_configs;
mod oracle_limits;
mod oracle_permissions;
mod oracle_plugins;
mod oracle_prompts;
mod oracle_rule_files;
mod oracle_schemas;
mod oracles;
mod permission_renames;
mod pre_commit;
mod prompts;
mod secrets;
mod secrets_corpus;
mod snapshot;
mod snapshot_surface;
mod snapshot_tokens;
mod suppressions;
