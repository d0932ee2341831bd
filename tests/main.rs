//! The facade crate's integration tests, one module a file: one binary to build and link, and
//! the tests of every file share the cores while one waits on a server or a client.

mod common;
mod http;

mod alias_args;
mod answer_bounds;
mod argument_names;
mod cache_windows;
mod call_answers;
mod e2e_host;
mod e2e_http;
mod e2e_http_guard;
mod e2e_http_load;
mod e2e_http_lockout;
mod e2e_http_python;
mod e2e_plugins;
mod e2e_prompts;
mod e2e_renames;
mod e2e_stdio;
mod interop;
mod lifecycle;
mod net_changes;
mod notice_once;
mod parity;
mod pedantic;
mod prompt_registry;
mod readme;
mod registry;
mod router_api;
mod schemas;
mod shared_locks;
mod shared_prompts;
mod slow_peer;
mod subscriptions;
