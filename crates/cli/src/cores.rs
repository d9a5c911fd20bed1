//! Where the threads of a parallel command start: each on a core of its own.
//!
//! A new thread starts on a core the scheduler picks, and it often picks
//! the core of the thread that spawned it (that core's recent load looks
//! lower than the one of the core a process ran on a moment ago). There the
//! new thread waits behind its parent until the load balancer moves it, up
//! to a few milliseconds later, while the other core idles. So each worker,
//! when it first runs, moves itself once to a core of its own and then gives
//! the scheduler back every core the process may use: from there on the
//! scheduler places it as it places any thread.

/// The cores the process may run on, and the one its first thread was on.
#[derive(Clone, Copy)]
pub struct Cores {
    #[cfg(target_os = "linux")]
    inner: Option<linux::Cores>,
}

impl Cores {
    /// The calling thread's cores, and the one it runs on now.
    pub fn here() -> Cores {
        Cores {
            #[cfg(target_os = "linux")]
            inner: linux::Cores::here(),
        }
    }

    /// Moves the calling thread, worker `i` (from 1), to the `i`th core
    /// after the first thread's, among those the process may use, then
    /// lets it run on any of them again. Nothing happens where that cannot
    /// be done: with one core, or on a system without thread affinity.
    pub fn spread(&self, i: usize) {
        #[cfg(target_os = "linux")]
        if let Some(cores) = &self.inner {
            cores.spread(i);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = i;
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use rustix::thread::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};

    #[derive(Clone, Copy)]
    pub struct Cores {
        allowed: CpuSet,
        /// The number of allowed cores.
        count: usize,
        /// Of the allowed cores in order, the index of the first thread's.
        first: usize,
    }

    impl Cores {
        pub fn here() -> Option<Cores> {
            let allowed = sched_getaffinity(None).ok()?;
            let count = usize::try_from(allowed.count()).ok()?;
            let cpu = sched_getcpu();
            if count < 2 || cpu >= CpuSet::MAX_CPU || !allowed.is_set(cpu) {
                return None;
            }
            let first = (0..cpu).filter(|&c| allowed.is_set(c)).count();
            Some(Cores { allowed, count, first })
        }

        pub fn spread(&self, i: usize) {
            // The move happens before the call returns; widening the set
            // again leaves the thread where it is.
            if let Some(cpu) = self.target(i) {
                if pin(cpu).is_ok() {
                    self.release();
                }
            }
        }

        /// The core of worker `i`.
        pub fn target(&self, i: usize) -> Option<usize> {
            let nth = (self.first + i) % self.count;
            (0..CpuSet::MAX_CPU).filter(|&c| self.allowed.is_set(c)).nth(nth)
        }

        /// Lets the calling thread run on every allowed core again.
        pub fn release(&self) {
            let _ = sched_setaffinity(None, &self.allowed);
        }
    }

    /// Moves the calling thread to `cpu`, and keeps it there.
    pub fn pin(cpu: usize) -> rustix::io::Result<()> {
        let mut one = CpuSet::new();
        one.set(cpu);
        sched_setaffinity(None, &one)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use rustix::thread::{sched_getaffinity, sched_getcpu, CpuSet};

    use super::{linux, Cores};

    #[test]
    fn a_worker_moves_to_the_next_core_and_gets_every_core_back() {
        let before = sched_getaffinity(None).expect("the affinity of this thread");
        let Some(cores) = Cores::here().inner else {
            // One core: nothing to spread over.
            assert!(before.count() < 2);
            return;
        };
        let allowed: Vec<usize> = (0..CpuSet::MAX_CPU).filter(|&c| before.is_set(c)).collect();
        // Worker 0 is the first thread; the workers after it take every
        // other allowed core once before one is taken again.
        let targets: Vec<usize> = (0..allowed.len()).filter_map(|i| cores.target(i)).collect();
        let mut sorted = targets.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, allowed, "each allowed core once");
        assert_eq!(cores.target(allowed.len()), Some(targets[0]));
        let second = targets[1];
        let (pinned, after) = std::thread::spawn(move || {
            linux::pin(second).expect("a thread may move to an allowed core");
            let pinned = (sched_getcpu(), sched_getaffinity(None).expect("the affinity").count());
            cores.release();
            (pinned, sched_getaffinity(None).expect("the affinity"))
        })
        .join()
        .expect("the thread ends");
        assert_eq!(pinned, (second, 1), "on its core, and on that one only");
        assert!(allowed.iter().all(|&c| after.is_set(c)), "every core given back");
        assert_eq!(after.count(), before.count());
        // Spreading is the two steps: the set is whole again afterwards.
        let spread = std::thread::spawn(move || {
            cores.spread(1);
            sched_getaffinity(None).expect("the affinity")
        })
        .join()
        .expect("the thread ends");
        assert!(allowed.iter().all(|&c| spread.is_set(c)));
    }
}
