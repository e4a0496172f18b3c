//! Answering a batch read from standard input: the lines that are ready are gathered into a
//! chunk, the chunk is answered on every worker thread (rayon), and the answers are written
//! in input order, as if each line had been answered alone.
//!
//! - **When a chunk is answered.** Just before a read of standard input that may wait (so a
//!   line typed by hand, or written by a program that waits for its answer, is answered
//!   before the next is read), when it holds [`CHUNK_LINES`] lines or [`CHUNK_BYTES`] bytes,
//!   and at the end of the input. A line longer than [`SHARED_LINE_BYTES`] is answered alone,
//!   and so is every line when a person is at the terminal ([`Rows::start_batch`]). The
//!   chunks are read on a thread of their own ([`super::read_ahead`]) while the one before is
//!   answered.
//! - **In parallel.** A chunk is cut into runs of consecutive lines, a few per thread, and
//!   each run's answers are written into a buffer of its own; the buffers are written out in
//!   order. Each line answered beside others gets a budget of its share of the memory
//!   ([`Answer::budget`]) and no progress bar.
//! - **The same answers.** A line whose answer beside others is an error (bad input, a
//!   refusal, a search that gave up within its share of the memory) is answered once more
//!   alone, as the one-at-a-time path would answer it, and the lines after it in its run
//!   too; so the output, errors and line numbers included, is byte for byte the
//!   one-at-a-time path's. The first error still ends the batch; lines after it may have been
//!   answered, but their answers are not written.

use super::output::Rows;
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use rayon::prelude::*;
use std::io::Write;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use unhop::batch_lines::Line;
use unhop::budget::Budget;

/// The most lines in a chunk.
pub const CHUNK_LINES: usize = 1 << 14;

/// The most bytes of line text in a chunk.
pub const CHUNK_BYTES: usize = 1 << 20;

/// The longest line answered beside others: a longer one is answered alone, with all the
/// memory and its progress bar.
pub const SHARED_LINE_BYTES: usize = 1 << 16;

/// The runs a chunk is cut into for each thread: several, so a thread that drew the slow
/// lines does not keep the others waiting.
const RUNS_PER_THREAD: usize = 8;

/// How a command's batch may be answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Lines answered beside each other, on every worker thread.
    Parallel,
    /// One line at a time (a command whose answers depend on time, such as a search with a
    /// time limit, or that share a state built by an earlier line).
    OneAtATime,
}

/// Where one line's answer is written, with the budget and progress bar it runs under.
pub struct Answer<'a> {
    text: &'a mut Vec<u8>,
    /// The lines answered at the same time (1 when alone).
    beside: usize,
    /// The memory of a line answered beside others: the process's memory limit divided by the
    /// lines answered at once, read once for a chunk (`None` without a limit, or alone).
    memory_share: Option<u64>,
}

impl Answer<'_> {
    /// A budget for this line alone (the limits of `--max-work` and `--max-positions`). Of a
    /// line answered beside others, the memory limit is its share: the process's memory
    /// limit divided by the number of lines answered at once.
    pub fn budget(&self) -> Budget {
        let budget = super::budget();
        match self.memory_share {
            Some(bytes) => budget.with_max_bytes(bytes),
            None => budget,
        }
    }

    /// The progress bar of this line: shown on a terminal when the line is answered alone.
    pub fn progress(&self) -> TerminalProgress {
        match self.beside {
            1 => TerminalProgress::new(),
            _ => TerminalProgress::hidden(),
        }
    }
}

impl Write for Answer<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.text.extend_from_slice(buf);
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Answers one request alone with `handle` and writes its answer to `rows` (flushed when a
/// person is at the terminal). `text` is the buffer reused for it.
pub fn answer_alone(
    rows: &mut Rows,
    text: &mut Vec<u8>,
    handle: impl FnOnce(&mut Answer) -> Result<(), Failure>,
) -> Result<(), Failure> {
    text.clear();
    handle(&mut Answer {
        text: &mut *text,
        beside: 1,
        memory_share: None,
    })?;
    rows.row(|out| out.write_all(text))
}

/// A failure on line `number` of `source`: its input and line number set, its message
/// prefixed with the line's place (unless it names a line already).
pub fn at_line(failure: Failure, source: &str, number: u64) -> Failure {
    match failure {
        Failure::Error(err) if err.line().is_none() => Failure::Error(err.at_line(source, number)),
        other => other,
    }
}

/// Lines read and not yet answered, their texts in one buffer. A chunk owns its lines, so it
/// can be read on one thread and answered on others ([`super::read_ahead`]).
#[derive(Default)]
pub struct Chunk {
    text: String,
    /// Each line's number and where its text is in `text`.
    lines: Vec<(u64, Range<usize>)>,
}

impl Chunk {
    /// Adds `line` to the chunk; true when the chunk should now be answered: it is full, the
    /// line is one to answer alone, or `each_alone` (every line answered as soon as it is read).
    pub fn push(&mut self, line: &Line, each_alone: bool) -> bool {
        let start = self.text.len();
        self.text.push_str(line.text());
        self.lines.push((line.number(), start..self.text.len()));
        each_alone
            || line.text().len() > SHARED_LINE_BYTES
            || self.lines.len() >= CHUNK_LINES
            || self.text.len() >= CHUNK_BYTES
    }

    /// Line `k` of the chunk, read from `source`.
    fn line<'a>(&'a self, k: usize, source: &'a str) -> Line<'a> {
        let (number, range) = &self.lines[k];
        Line::new(*number, &self.text[range.clone()], source)
    }

    /// The number of lines in the chunk.
    fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the chunk holds no line.
    fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Empties the chunk, keeping its buffers.
    pub fn clear(&mut self) {
        self.text.clear();
        self.lines.clear();
    }
}

/// What answers chunks of lines from one source, in one order, with buffers reused from chunk
/// to chunk.
pub struct ChunkAnswerer {
    source: String,
    order: Order,
    /// The answers of each run of a chunk, reused.
    answers: Vec<Vec<u8>>,
    /// The answer of a line answered alone, reused.
    alone: Vec<u8>,
}

/// What answering one run of lines beside others came to.
struct Run {
    /// The line after the run's last.
    end: usize,
    /// The line whose answer failed, ending the run there.
    failed_at: Option<usize>,
}

impl ChunkAnswerer {
    /// Answers chunks of lines from `source` in `order`.
    pub fn new(source: &str, order: Order) -> ChunkAnswerer {
        ChunkAnswerer {
            source: source.to_string(),
            order,
            answers: Vec::new(),
            alone: Vec::new(),
        }
    }

    /// Answers every line of `chunk` with `handle` and writes the answers to `rows` in order.
    /// The first failure, named by its line, ends the batch.
    pub fn answer(
        &mut self,
        chunk: &Chunk,
        rows: &mut Rows,
        handle: &(impl Fn(&Line, &mut Answer) -> Result<(), Failure> + Sync),
    ) -> Result<(), Failure> {
        if chunk.is_empty() {
            return Ok(());
        }
        let threads = rayon::current_num_threads();
        let alone = self.order == Order::OneAtATime
            || threads == 1
            || chunk.len() == 1
            || chunk.lines.iter().any(|(_, r)| r.len() > SHARED_LINE_BYTES);
        match alone {
            true => self.answer_alone(chunk, 0..chunk.len(), rows, handle),
            false => self.answer_beside(chunk, threads, rows, handle),
        }
    }

    /// Answers `lines` of `chunk` one at a time, each alone.
    fn answer_alone(
        &mut self,
        chunk: &Chunk,
        lines: Range<usize>,
        rows: &mut Rows,
        handle: &impl Fn(&Line, &mut Answer) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let mut text = std::mem::take(&mut self.alone);
        let answered = lines.into_iter().try_for_each(|k| {
            let line = chunk.line(k, &self.source);
            answer_alone(rows, &mut text, |answer| handle(&line, answer))
                .map_err(|failure| at_line(failure, line.source(), line.number()))
        });
        self.alone = text;
        answered
    }

    /// Answers `chunk` in runs on `threads` threads, then writes the runs in order, answering
    /// again alone from a run's failed line on.
    fn answer_beside(
        &mut self,
        chunk: &Chunk,
        threads: usize,
        rows: &mut Rows,
        handle: &(impl Fn(&Line, &mut Answer) -> Result<(), Failure> + Sync),
    ) -> Result<(), Failure> {
        let count = chunk.len();
        let runs = count.min(threads * RUNS_PER_THREAD);
        let mut answers = std::mem::take(&mut self.answers);
        answers.resize_with(runs, Vec::new);
        let this = &*self;
        let beside = count.min(threads);
        let memory_share = unhop::memory::limit().map(|limit| limit.bytes / beside as u64);
        let done: Vec<Run> = answers
            .par_iter_mut()
            .enumerate()
            .map(|(r, text)| {
                let lines = (r * count / runs)..((r + 1) * count / runs);
                let answer = Answer {
                    text,
                    beside,
                    memory_share,
                };
                this.answer_run(chunk, lines, answer, handle)
            })
            .collect();
        let mut result = Ok(());
        for (run, text) in done.iter().zip(&answers) {
            result = rows.row(|out| out.write_all(text));
            if let (Ok(()), Some(failed)) = (&result, run.failed_at) {
                result = self.answer_alone(chunk, failed..run.end, rows, handle);
            }
            if result.is_err() {
                break;
            }
        }
        self.answers = answers;
        result
    }

    /// Answers `lines` of `chunk` in order into `answer`, stopping at the first failure (its
    /// answer removed).
    fn answer_run(
        &self,
        chunk: &Chunk,
        lines: Range<usize>,
        mut answer: Answer,
        handle: &impl Fn(&Line, &mut Answer) -> Result<(), Failure>,
    ) -> Run {
        answer.text.clear();
        for k in lines.clone() {
            let before = answer.text.len();
            let answered = handle(&chunk.line(k, &self.source), &mut answer);
            if answered.is_err() {
                answer.text.truncate(before);
                return Run {
                    end: lines.end,
                    failed_at: Some(k),
                };
            }
        }
        Run {
            end: lines.end,
            failed_at: None,
        }
    }
}

/// Whether every answer of a batch holds (every word reduces, every board is solvable), as
/// the exit status says; recorded from every thread.
pub struct AllHold(AtomicBool);

impl AllHold {
    /// Nothing answered yet: all hold.
    pub fn new() -> AllHold {
        AllHold(AtomicBool::new(true))
    }

    /// Records one answer.
    pub fn record(&self, holds: bool) {
        if !holds {
            self.0.store(false, Ordering::Relaxed);
        }
    }

    /// Done when every answer held, else false (exit 1).
    pub fn verdict(&self) -> Verdict {
        match self.0.load(Ordering::Relaxed) {
            true => Verdict::Done,
            false => Verdict::False,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line's answer: its number and text, or a failure for a line `bad`, and for a line
    /// ending in `7` when it is answered beside others (as a line refused within its share of
    /// the memory and answered alone would be).
    fn answer(line: &Line, out: &mut Answer) -> Result<(), Failure> {
        if line.text() == "bad" {
            return Err(Failure::input("a bad line"));
        }
        if line.text().ends_with('7') && out.beside > 1 {
            return Err(Failure::input("refused beside others"));
        }
        writeln!(out, "{}: {}", line.number(), line.text())?;
        Ok(())
    }

    /// What `lines` answered in `order` on `threads` threads write, and the first failure's
    /// message.
    fn answered(lines: &[String], order: Order, threads: usize) -> (String, Option<String>) {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("answers.txt");
        let mut rows = batch_into(&path);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let each_alone = order == Order::OneAtATime;
        let failure = pool.install(|| {
            let mut answerer = ChunkAnswerer::new("test", order);
            let mut chunk = Chunk::default();
            for (k, text) in lines.iter().enumerate() {
                let line = Line::new(k as u64 + 1, text, "test");
                if chunk.push(&line, each_alone) {
                    let answered = answerer.answer(&std::mem::take(&mut chunk), &mut rows, &answer);
                    if let Err(failure) = answered {
                        return Some(failure);
                    }
                }
            }
            answerer.answer(&chunk, &mut rows, &answer).err()
        });
        assert!(rows.finish().is_ok());
        let text = std::fs::read_to_string(&path).unwrap();
        let message = failure.map(|f| match f {
            Failure::Error(e) => e.to_string(),
            _ => "another failure".to_string(),
        });
        (text, message)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn answers_beside_each_other_are_the_answers_one_at_a_time(
            lines in prop::collection::vec(
                prop_oneof![20 => "[0-9]{1,6}", 1 => Just("bad".to_string())],
                0..300,
            ),
        ) {
            let alone = answered(&lines, Order::OneAtATime, 1);
            let beside = answered(&lines, Order::Parallel, 3);
            prop_assert_eq!(&alone, &beside);
            // The answers stop at the first bad line, which the failure names.
            let bad = lines.iter().position(|l| l == "bad");
            prop_assert_eq!(alone.0.lines().count(), bad.unwrap_or(lines.len()));
            if let Some(k) = bad {
                let place = format!("line {} of test", k + 1);
                prop_assert!(alone.1.as_ref().is_some_and(|m| m.contains(&place)), "{:?}", alone.1);
            }
        }
    }

    /// Rows written to the file `path`, as a batch.
    fn batch_into(path: &std::path::Path) -> Rows {
        let Ok(mut rows) = Rows::open(Some(path)) else {
            panic!("cannot write {}", path.display());
        };
        rows.start_batch();
        rows
    }

    #[test]
    fn a_chunk_is_answered_once_full() {
        let mut chunk = Chunk::default();
        let line = Line::new(1, "0110", "test");
        assert!((1..CHUNK_LINES).all(|_| !chunk.push(&line, false)));
        assert!(chunk.push(&line, false));
        let long = "1".repeat(SHARED_LINE_BYTES + 1);
        let mut chunk = Chunk::default();
        assert!(chunk.push(&Line::new(1, &long, "test"), false));
        let mut chunk = Chunk::default();
        assert!(chunk.push(&line, true));
    }
}
