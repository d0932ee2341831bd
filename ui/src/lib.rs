//! Holds the compile-time cases of `mcp-toolname`'s macros (`tests/ui/`), run by trybuild
//! from `tests/ui.rs`; the library itself is empty, trybuild's projects need one to depend on.
