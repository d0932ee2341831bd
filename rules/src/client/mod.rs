//! Client presets, as data: how each MCP client turns the key a config gives a server and a
//! tool name into the name the model sees, and its length budget ([`rule`]), and the
//! built-in presets, each with its source and what it was verified against ([`presets`]);
//! [`crate::qualify`] applies them.

mod presets;
mod rule;

pub use presets::*;
pub use rule::*;
