//! Tool names kept for the life of the process, so that a call by an alias can point the call
//! context at its tool's name without copying it.
//!
//! rmcp's `ToolCallContext::name` is a `Cow<'static, str>`. A name written in the source (the
//! macros, `Tool::new("...")`) is `Cow::Borrowed` already, and costs nothing to hand on; a name
//! made at run time (`format!`, a plugin's manifest) is `Cow::Owned`, and a clone of it is an
//! allocation and a copy on every call by an alias. [`call_name`] keeps such a name once per
//! process (leaked, shared by every registry that names it), up to [`MOST_BYTES`] in all.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::{Mutex, PoisonError};

/// Most bytes of names kept: 2,048 names of the spec's 128 characters. Past it a name stays
/// owned and is cloned per call, so a server that keeps adding tools under new names does not
/// grow without end.
pub(crate) const MOST_BYTES: usize = 256 * 1024;

/// The names kept so far, and their bytes.
static KEPT: Mutex<(BTreeSet<&'static str>, usize)> = Mutex::new((BTreeSet::new(), 0));

/// `name` as a call context should hold it: borrowed for the life of the process when it
/// already is, or once kept here; owned (as given) once [`MOST_BYTES`] are kept.
pub(crate) fn call_name(name: Cow<'static, str>) -> Cow<'static, str> {
    let Cow::Owned(owned) = name else {
        return name;
    };
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&name) = kept.0.get(owned.as_str()) {
        return Cow::Borrowed(name);
    }
    if kept.1 + owned.len() > MOST_BYTES {
        return Cow::Owned(owned);
    }
    let leaked: &'static str = Box::leak(owned.into_boxed_str());
    kept.0.insert(leaked);
    kept.1 += leaked.len();
    Cow::Borrowed(leaked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owned_name_is_kept_once_and_then_borrowed() {
        let name = || Cow::Owned("kept_names_test_tool".to_owned());
        let (Cow::Borrowed(first), Cow::Borrowed(second)) = (call_name(name()), call_name(name()))
        else {
            panic!("an owned name under the bound is kept");
        };
        assert_eq!(first, "kept_names_test_tool");
        assert!(std::ptr::eq(first, second), "kept once, shared after");
        let written: Cow<'static, str> = Cow::Borrowed("written_in_the_source");
        assert!(matches!(
            call_name(written),
            Cow::Borrowed("written_in_the_source")
        ));
    }
}
