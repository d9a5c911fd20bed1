//! The progress line of a long run over stdin, on stderr.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often the line is redrawn, at most.
const EVERY: Duration = Duration::from_millis(250);

/// How many lines go by between two looks at the clock.
const LINES_PER_LOOK: u64 = 4096;

/// Lines done and lines per second, redrawn in place (`\r`) at most four
/// times a second, and cleared when dropped.
pub struct Progress {
    start: Instant,
    shown_at: Instant,
    lines: u64,
    next_look: u64,
    /// Chars of the line on screen, to blank when clearing it.
    width: usize,
}

impl Progress {
    /// A progress line for a run over lines of input: only when stderr is a
    /// terminal (someone watches) and the lines are not typed at one
    /// (`typed`: they come from a file or a pipe that may be long), so that
    /// redirected stderr never holds progress noise.
    pub fn for_lines(typed: bool) -> Option<Progress> {
        (io::stderr().is_terminal() && !typed).then(|| {
            let now = Instant::now();
            Progress {
                start: now,
                shown_at: now,
                lines: 0,
                next_look: LINES_PER_LOOK,
                width: 0,
            }
        })
    }

    /// Counts `lines` more lines done, and redraws when it is time.
    pub fn add(&mut self, lines: u64) {
        self.lines += lines;
        if self.lines < self.next_look {
            return;
        }
        self.next_look = self.lines + LINES_PER_LOOK;
        let now = Instant::now();
        if now.duration_since(self.shown_at) < EVERY {
            return;
        }
        self.shown_at = now;
        let seconds = now.duration_since(self.start).as_secs_f64();
        let line = format!("{} lines, {:.0} lines/s", self.lines, self.lines as f64 / seconds);
        // Progress is a courtesy: a failing stderr must not stop the run.
        let _ = write!(io::stderr(), "\r{line:<width$}", width = self.width);
        self.width = self.width.max(line.len());
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.width > 0 {
            let _ = write!(io::stderr(), "\r{:width$}\r", "", width = self.width);
        }
    }
}
