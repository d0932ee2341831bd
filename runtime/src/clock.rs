//! Where the registry reads the time: the system clock in production, a fixed or manual
//! clock in tests and demos.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, TimeDelta, Utc};

/// How long a timer waiting for a window to move sleeps at most before reading the clock
/// again, so a clock that is moved (or a machine that sleeps) is noticed.
pub(crate) const RECHECK: std::time::Duration = std::time::Duration::from_secs(60);

/// A source of the current time, read on each `tools/list` and `tools/call`.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// The current instant, in UTC.
    fn now(&self) -> DateTime<Utc>;

    /// The current instant as the time since the Unix epoch (negative before it): the same
    /// instant as [`now`](Self::now), to the nanosecond. A `tools/call` by an alias reads
    /// this, and compares it with the alias's window, so that a call does no calendar
    /// arithmetic. The default subtracts the epoch from `now`; a clock that can say it
    /// without a calendar may override it ([`SystemClock`], [`ManualClock`] and
    /// [`OffsetClock`] do), but must agree with `now`.
    fn since_epoch(&self) -> TimeDelta {
        since_epoch(self.now())
    }
}

/// `at` as the time since the Unix epoch, exact (leap seconds as chrono counts them).
pub(crate) fn since_epoch(at: DateTime<Utc>) -> TimeDelta {
    at - DateTime::UNIX_EPOCH
}

/// Whole Unix milliseconds of an instant given as [`Clock::since_epoch`], rounded down as
/// [`DateTime::timestamp_millis`] rounds (`TimeDelta::num_milliseconds` rounds towards
/// zero, which differs before 1970).
pub(crate) fn unix_millis(since_epoch: TimeDelta) -> i64 {
    let millis = since_epoch.num_milliseconds();
    if since_epoch.subsec_nanos() % 1_000_000 < 0 {
        millis - 1
    } else {
        millis
    }
}

/// The system clock (`chrono::Utc::now`). The default.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    /// Read from [`SystemTime`], as `Utc::now` reads it, without the conversion to a date.
    fn since_epoch(&self) -> TimeDelta {
        match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(after) => TimeDelta::from_std(after).unwrap_or(TimeDelta::MAX),
            Err(before) => TimeDelta::from_std(before.duration()).map_or(TimeDelta::MIN, |d| -d),
        }
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

    fn since_epoch(&self) -> TimeDelta {
        TimeDelta::try_milliseconds(self.0.load(Ordering::SeqCst)).unwrap_or_default()
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
    /// The system clock plus the offset, held to the calendar's range: a clock started near
    /// `DateTime::<Utc>::MAX_UTC` stays there instead of overflowing.
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
            .checked_add_signed(self.0)
            .unwrap_or(if self.0 > TimeDelta::zero() {
                DateTime::<Utc>::MAX_UTC
            } else {
                DateTime::<Utc>::MIN_UTC
            })
    }

    fn since_epoch(&self) -> TimeDelta {
        let (lo, hi) = (
            since_epoch(DateTime::<Utc>::MIN_UTC),
            since_epoch(DateTime::<Utc>::MAX_UTC),
        );
        SystemClock
            .since_epoch()
            .checked_add(&self.0)
            .map_or(if self.0 > TimeDelta::zero() { hi } else { lo }, |t| {
                t.clamp(lo, hi)
            })
    }
}

impl<C: Clock + ?Sized> Clock for Arc<C> {
    fn now(&self) -> DateTime<Utc> {
        (**self).now()
    }

    fn since_epoch(&self) -> TimeDelta {
        (**self).since_epoch()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64, nanos: u32) -> DateTime<Utc> {
        DateTime::from_timestamp(secs, nanos).unwrap()
    }

    #[test]
    fn since_epoch_is_now_to_the_nanosecond_for_every_clock() {
        for t in [
            at(1_800_000_000, 123_456_789),
            at(0, 0),
            at(-1, 999_999_999),
            at(-300_000_000, 1),
        ] {
            let fixed = FixedClock(t);
            assert_eq!(DateTime::UNIX_EPOCH + fixed.since_epoch(), t);
            let manual = ManualClock::new(t);
            assert_eq!(DateTime::UNIX_EPOCH + manual.since_epoch(), manual.now());
            let shared: Arc<dyn Clock> = Arc::new(manual);
            assert_eq!(DateTime::UNIX_EPOCH + shared.since_epoch(), shared.now());
        }
        let before = SystemClock.now();
        let read = DateTime::UNIX_EPOCH + SystemClock.since_epoch();
        assert!(before <= read && read <= SystemClock.now());
        let offset = OffsetClock::starting_at(at(1_900_000_000, 0));
        let read = DateTime::UNIX_EPOCH + offset.since_epoch();
        assert!((read - at(1_900_000_000, 0)).num_seconds().abs() < 60);
    }

    /// `OffsetClock::starting_at(MAX_UTC).now()` once overflowed and panicked.
    #[test]
    fn clocks_at_the_ends_of_the_calendar_do_not_panic() {
        for at in [DateTime::<Utc>::MAX_UTC, DateTime::<Utc>::MIN_UTC] {
            let offset = OffsetClock::starting_at(at);
            std::thread::sleep(std::time::Duration::from_millis(2));
            let now = offset.now();
            assert!((now - at).num_seconds().abs() < 60, "{now}");
            let read = DateTime::UNIX_EPOCH + offset.since_epoch();
            assert!((read - now).num_seconds().abs() < 60, "{read} {now}");
            let fixed = FixedClock(at);
            assert_eq!(DateTime::UNIX_EPOCH + fixed.since_epoch(), at);
            let manual = ManualClock::new(at);
            assert_eq!(manual.now().timestamp(), at.timestamp());
            assert_eq!(unix_millis(manual.since_epoch()), at.timestamp_millis());
        }
    }

    #[test]
    fn unix_millis_rounds_down_as_timestamp_millis_does() {
        for t in [
            at(1_800_000_000, 123_456_789),
            at(0, 0),
            at(0, 999_999),
            at(-1, 999_999_999),
            at(-1, 500_000),
            at(-1, 0),
            at(-300_000_000, 1),
        ] {
            assert_eq!(unix_millis(since_epoch(t)), t.timestamp_millis(), "{t}");
        }
    }
}
