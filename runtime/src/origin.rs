//! Where a tool or alias was defined, so that a conflict can name both places.

use std::borrow::Cow;
use std::fmt;

/// A definition site: the `#[mcp_tool]` attribute (file, line, column of its name), or the
/// call that added a route by hand, and the item it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Source file, as `file!()` gives it (relative to the workspace root).
    pub file: Cow<'static, str>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What was defined there: `` `fn add` `` or `rmcp ToolRouter`.
    pub item: Cow<'static, str>,
}

impl Origin {
    /// The caller's location, for definitions made in code rather than by the macros.
    #[track_caller]
    #[must_use]
    pub fn caller(item: impl Into<Cow<'static, str>>) -> Self {
        let at = std::panic::Location::caller();
        Self {
            file: at.file().into(),
            line: at.line(),
            column: at.column(),
            item: item.into(),
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{} ({})",
            self.file, self.line, self.column, self.item
        )
    }
}
