//! The heap bytes the current thread holds, for unit tests that bound what a structure keeps:
//! a counting allocator over the system's, its count per thread so tests running at once on
//! other threads do not touch it.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Bytes allocated less bytes freed by this thread.
    static HELD: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // During the thread's own teardown the counter may be gone; nothing measures then.
    let _ = HELD.try_with(|held| held.set(held.get() + delta));
}

fn bytes(size: usize) -> isize {
    isize::try_from(size).unwrap_or(isize::MAX)
}

// SAFETY: every call is passed to `System` unchanged; only a thread-local count is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System::alloc`'s.
        let at = unsafe { System.alloc(layout) };
        if !at.is_null() {
            count(bytes(layout.size()));
        }
        at
    }

    unsafe fn dealloc(&self, at: *mut u8, layout: Layout) {
        // SAFETY: `at` came from `System` with `layout`.
        unsafe { System.dealloc(at, layout) };
        count(-bytes(layout.size()));
    }

    unsafe fn realloc(&self, at: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        // SAFETY: `at` came from `System` with `layout`; the caller's contract is `realloc`'s.
        let moved = unsafe { System.realloc(at, layout, size) };
        if !moved.is_null() {
            count(bytes(size) - bytes(layout.size()));
        }
        moved
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The heap bytes this thread has allocated and not freed.
pub(crate) fn bytes_held() -> isize {
    HELD.with(Cell::get)
}
