//! Where the registry reads the time: the system clock in production, a fixed or manual
//! clock in tests and demos.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, Utc};

/// A source of the current time, read on each `tools/list` and `tools/call`.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// The current instant, in UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The system clock (`chrono::Utc::now`). The default.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock stopped at one instant, e.g. from the calculator example's `--now` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// A clock moved by hand, shared between the registry and a test (wrap it in an [`Arc`]),
/// with millisecond resolution.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `at`.
    #[must_use]
    pub fn new(at: DateTime<Utc>) -> Self {
        Self(AtomicI64::new(at.timestamp_millis()))
    }

    /// Moves the clock to `at` (backwards too).
    pub fn set(&self, at: DateTime<Utc>) {
        self.0.store(at.timestamp_millis(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        DateTime::from_timestamp_millis(self.0.load(Ordering::SeqCst)).unwrap_or_default()
    }
}

/// The system clock moved by a fixed offset: time passes as usual, from a chosen instant.
/// For demos and tests that need the clock near an alias's end while a notifier waits for it
/// in real time.
#[derive(Debug, Clone, Copy)]
pub struct OffsetClock(chrono::TimeDelta);

impl OffsetClock {
    /// A clock that reads `at` now, and moves on from there.
    #[must_use]
    pub fn starting_at(at: DateTime<Utc>) -> Self {
        Self(at - Utc::now())
    }
}

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.0
    }
}

impl<C: Clock + ?Sized> Clock for Arc<C> {
    fn now(&self) -> DateTime<Utc> {
        (**self).now()
    }
}
