//! Standard input read ahead on a thread of its own: while the worker threads answer one chunk
//! of lines, the next is read, split into lines and checked as UTF-8 text, so a batch of cheap
//! lines (`check -`, 30 ns a word) is not held to the rate of the one thread that reads it.
//!
//! The reader hands its chunks over in input order through a channel of [`AHEAD_CHUNKS`]
//! places, with the flushes the one-thread reader made: a chunk it sends just before a read
//! that may wait for input is marked to be answered and flushed at once, so a line typed by
//! hand still gets its answer before the next is typed. A line longer than the limit ends the
//! thread: the [`BatchLines`] is handed over with the long line, to be read in pieces where the
//! answers are written, and a new reader thread goes on after it.
//!
//! When the answering side stops (an error ends the batch), the reader's next hand-over fails
//! and its thread ends; a reader waiting for input ends with the process.

use super::Failure;
use super::batch::Chunk;
use std::io::{BufReader, Stdin};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use unhop::batch_lines::{BatchLines, Entry};

/// The lines of standard input, as the reader thread reads them.
pub type StdinLines = BatchLines<BufReader<Stdin>>;

/// The chunks read ahead and not yet taken: the memory is at most this many chunks
/// ([`super::batch::CHUNK_BYTES`] each, or one line of [`super::batch::SHARED_LINE_BYTES`] and
/// more).
pub const AHEAD_CHUNKS: usize = 2;

/// The stack of the reader thread: it only reads lines.
const READER_STACK_BYTES: usize = 256 << 10;

/// What the reader hands over, in input order.
pub enum Ahead {
    /// Lines to answer; `flush` when the reader is about to wait for input.
    Lines { chunk: Chunk, flush: bool },
    /// A line longer than the limit, to be read in pieces from the reader itself
    /// ([`BatchLines::long_line`]); the thread has ended.
    Long(Box<StdinLines>),
    /// The end of the input.
    End,
    /// The reader failed (a read error, a line over the limit or not UTF-8, named by its
    /// line); the thread has ended.
    Failed(unhop::Error),
}

/// Standard input being read ahead on a thread of its own.
pub struct ReadAhead {
    receiver: Receiver<Ahead>,
    /// Chunks answered, given back to be filled again (their buffers kept).
    answered: Sender<Chunk>,
}

impl ReadAhead {
    /// Starts reading `lines` on a new thread: lines over the limit handed over as
    /// [`Ahead::Long`] when `take_long`, else refused; each line handed over as soon as it is
    /// read when `each_alone`, else in chunks.
    pub fn start(lines: StdinLines, take_long: bool, each_alone: bool) -> Result<Self, Failure> {
        let (sender, receiver) = sync_channel(AHEAD_CHUNKS);
        let (answered, to_refill) = channel();
        std::thread::Builder::new()
            .name("stdin".to_string())
            .stack_size(READER_STACK_BYTES)
            .spawn(move || read(lines, take_long, each_alone, &sender, &to_refill))
            .map_err(|e| {
                Failure::Error(unhop::Error::io("cannot start a thread to read it", e))
                    .context("standard input")
            })?;
        Ok(ReadAhead { receiver, answered })
    }

    /// Gives `chunk`, answered, back to the reader to fill again.
    pub fn refill(&self, mut chunk: Chunk) {
        chunk.clear();
        // The reader may have ended: then the chunk is dropped.
        let _ = self.answered.send(chunk);
    }

    /// What the reader hands over next, waiting for it.
    pub fn next(&self) -> Ahead {
        self.receiver.recv().unwrap_or_else(|_| {
            Ahead::Failed(unhop::Error::internal(
                "the thread reading standard input ended without a word",
            ))
        })
    }
}

/// Reads `lines` to the end, a long line or an error, handing chunks to `sender` and filling
/// those given back from `to_refill` again; returns when the receiver is gone.
fn read(
    mut lines: StdinLines,
    take_long: bool,
    each_alone: bool,
    sender: &SyncSender<Ahead>,
    to_refill: &Receiver<Chunk>,
) {
    let mut chunk = Chunk::default();
    let hand = |chunk: &mut Chunk, flush: bool| {
        let next = to_refill.try_recv().unwrap_or_default();
        let chunk = std::mem::replace(chunk, next);
        sender.send(Ahead::Lines { chunk, flush }).is_ok()
    };
    loop {
        let mut receiver_gone = false;
        let mut before_wait = || match hand(&mut chunk, true) {
            true => Ok(()),
            false => {
                receiver_gone = true;
                Err(std::io::Error::other("the answers are no longer written"))
            }
        };
        let next = match take_long {
            true => lines.next_entry_or_flush(&mut before_wait),
            false => lines
                .next_line_or_flush(&mut before_wait)
                .map(|line| line.map(Entry::Whole)),
        };
        if receiver_gone {
            return;
        }
        let last = match next {
            Ok(Some(Entry::Whole(line))) => {
                if chunk.push(&line, each_alone) && !hand(&mut chunk, false) {
                    return;
                }
                continue;
            }
            Ok(Some(Entry::Long(_))) => None,
            Ok(None) => Some(Ahead::End),
            Err(err) => Some(Ahead::Failed(err)),
        };
        if hand(&mut chunk, false) {
            let last = match last {
                Some(last) => last,
                None => Ahead::Long(Box::new(lines)),
            };
            // The receiver may be gone: then no one waits for this.
            let _ = sender.send(last);
        }
        return;
    }
}
