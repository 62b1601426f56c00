//! One row of the comparison = one (operation, engine) adapter: how to turn a
//! hupai [`Hand`] into the engine's own input (done once, before timing), the
//! call that is timed, and how its native result becomes an [`Answer`] for the
//! cross-check (not timed).

use crate::answer::Answer;
use hupai::Hand;
use std::hint::black_box;
use std::time::Duration;

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): time
/// the thread actually ran, so a timed run is not charged for the moments
/// another process held the core (the machine is shared).
pub fn cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable `timespec` that outlives the call, and
    // CLOCK_THREAD_CPUTIME_ID is a clock every Linux kernel provides; the call
    // writes only into `t`.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// How long and how often to time.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Timed runs per row; the best one is reported.
    pub runs: usize,
    /// Each run loops over the hands as many times as it takes to use this
    /// much CPU time.
    pub min_run: Duration,
}

/// A row the driver can check and time without knowing its types.
pub trait Row {
    /// Engine name, e.g. `xiangting 6.0.2`.
    fn engine(&self) -> &'static str;
    /// The function the row calls, for the report.
    fn api(&self) -> &'static str;
    /// The normalised answer for every hand.
    fn answers(&mut self, hands: &[Hand]) -> Vec<Answer>;
    /// Best-of-runs nanoseconds per hand.
    fn time(&mut self, hands: &[Hand], timing: Timing) -> f64;
    /// At most this many hands (the first ones of each set) go through the
    /// row: a search that takes milliseconds per hand runs on a prefix.
    fn max_hands(&self) -> usize {
        usize::MAX
    }
}

struct Limited {
    row: Box<dyn Row>,
    n: usize,
}

/// `row` on the first `n` hands of each set only.
pub fn limited(n: usize, row: Box<dyn Row>) -> Box<dyn Row> {
    Box::new(Limited { row, n })
}

impl Row for Limited {
    fn engine(&self) -> &'static str {
        self.row.engine()
    }
    fn api(&self) -> &'static str {
        self.row.api()
    }
    fn answers(&mut self, hands: &[Hand]) -> Vec<Answer> {
        self.row.answers(&hands[..hands.len().min(self.n)])
    }
    fn time(&mut self, hands: &[Hand], timing: Timing) -> f64 {
        self.row.time(&hands[..hands.len().min(self.n)], timing)
    }
    fn max_hands(&self) -> usize {
        self.n
    }
}

struct Case<P, R, A> {
    engine: &'static str,
    api: &'static str,
    prepare: P,
    run: R,
    answer: A,
}

/// A row from its three parts. `prepare` converts a hand to the engine's
/// input; `run` is the timed call (it may keep state between hands, e.g. a
/// reusable decomposer); `answer` normalises `run`'s result.
pub fn row<I, O, P, R, A>(
    engine: &'static str,
    api: &'static str,
    prepare: P,
    run: R,
    answer: A,
) -> Box<dyn Row>
where
    I: 'static,
    O: 'static,
    P: Fn(&Hand) -> I + 'static,
    R: FnMut(&I) -> O + 'static,
    A: Fn(&I, O) -> Answer + 'static,
{
    Box::new(Case {
        engine,
        api,
        prepare,
        run,
        answer,
    })
}

impl<I, O, P, R, A> Row for Case<P, R, A>
where
    P: Fn(&Hand) -> I,
    R: FnMut(&I) -> O,
    A: Fn(&I, O) -> Answer,
{
    fn engine(&self) -> &'static str {
        self.engine
    }

    fn api(&self) -> &'static str {
        self.api
    }

    fn answers(&mut self, hands: &[Hand]) -> Vec<Answer> {
        hands
            .iter()
            .map(|h| {
                let input = (self.prepare)(h);
                let out = (self.run)(&input);
                (self.answer)(&input, out)
            })
            .collect()
    }

    fn time(&mut self, hands: &[Hand], timing: Timing) -> f64 {
        let inputs: Vec<I> = hands.iter().map(&self.prepare).collect();
        let run = &mut self.run;
        let mut pass = || {
            for x in &inputs {
                black_box(run(black_box(x)));
            }
        };
        // Warm-up pass (caches, lazily built peer tables), which also sizes
        // the runs.
        let t = cpu_ns();
        pass();
        let once = (cpu_ns() - t).max(1);
        let passes = (timing.min_run.as_nanos() as u64 / once).max(1) as usize;
        // A slow row (one pass over a second) gets fewer runs.
        let runs = timing.runs.min((3_000_000_000 / once).max(2) as usize);
        let mut best = f64::INFINITY;
        for _ in 0..runs {
            let t = cpu_ns();
            for _ in 0..passes {
                pass();
            }
            let ns = (cpu_ns() - t) as f64 / (passes * inputs.len()) as f64;
            best = best.min(ns);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai::sets::{hands, Set, SEED};

    #[test]
    fn a_limited_row_sees_only_the_first_hands() {
        let seen = std::rc::Rc::new(std::cell::Cell::new(0usize));
        let s = seen.clone();
        let mut r = limited(
            5,
            row(
                "test",
                "len",
                |h: &Hand| h.concealed_len(),
                move |&n| {
                    s.set(s.get() + 1);
                    n
                },
                |_, n| Answer::Bool(n == 13),
            ),
        );
        let hs = hands(Set::R13, 20, SEED);
        assert_eq!(r.max_hands(), 5);
        assert_eq!(r.answers(&hs), vec![Answer::Bool(true); 5]);
        assert_eq!(seen.get(), 5);
        let timing = Timing {
            runs: 1,
            min_run: Duration::from_nanos(1),
        };
        assert!(r.time(&hs, timing) >= 0.0);
        assert_eq!(seen.get() % 5, 0, "every pass covers exactly five hands");
    }

    #[test]
    fn cpu_clock_advances_with_work() {
        let t = cpu_ns();
        let mut x = 0u64;
        for i in 0..10_000_000u64 {
            x = black_box(x.wrapping_add(i * i));
        }
        black_box(x);
        let spent = cpu_ns() - t;
        assert!(spent > 100_000, "10M iterations took {spent} ns of CPU");
        std::thread::sleep(Duration::from_millis(50));
        let slept = cpu_ns() - t - spent;
        assert!(slept < 20_000_000, "sleeping used {slept} ns of CPU");
    }
}
