//! Batch input: one request per line of a byte stream, read in bounded memory.
//!
//! Every command that reads lines (`check -`, `solve -`, `grundy -`, `reach -`, `slide check -`,
//! the moves of `play` and `slide play`) reads them through a [`BatchLines`], so they all
//! follow one convention (`docs/cli.md`, "Words as arguments and on standard input"):
//!
//! - a line ends at `\n`, at `\r\n` or at a lone `\r`; the last line needs no terminator;
//! - lines that are blank (empty or only whitespace) or whose first non-blank character is `#`
//!   are skipped, but still counted, so every line number is the line's number in the input;
//! - every line has a byte-length limit: a longer line is refused as soon as the limit is
//!   passed, without reading the rest of it, so a 3 GB line costs no more memory than the
//!   limit;
//! - a line that is not UTF-8 is refused with its line number and the offset of the bad byte.
//!
//! A reader that can take a line longer than the limit in pieces ([`BatchLines::next_entry`])
//! gets it as a [`LongLine`] instead of a refusal: its first `limit` bytes are held, the rest
//! is handed out as the stream delivers it, so a line of 10^10 bytes costs no more memory than
//! a line at the limit.
//!
//! Errors name the line and the input (`line 3 of standard input: …`).

use crate::error::Error;
use std::io::{BufRead, BufReader, ErrorKind, Read};

/// The default byte limit of a line: [`MAX_LEN`](crate::MAX_LEN), the longest word.
pub const MAX_LINE_BYTES: usize = crate::MAX_LEN;

/// A reader of batch lines over any buffered byte stream.
///
/// Memory: the line being read (at most the limit) plus the stream's own buffer. Time: O(1)
/// per byte read.
///
/// ```
/// use unhop::batch_lines::BatchLines;
/// let input = "11\r0110\r\n\n# a comment\n  \n1^(3)";
/// let mut lines = BatchLines::new(input.as_bytes(), "standard input", 100);
/// let mut got = Vec::new();
/// while let Some(line) = lines.next_line().unwrap() {
///     got.push((line.number(), line.text().to_string()));
/// }
/// assert_eq!(got, [(1, "11".into()), (2, "0110".into()), (6, "1^(3)".into())]);
///
/// let mut long = BatchLines::new(&b"11\n0000000\n"[..], "standard input", 5);
/// assert_eq!(long.next_line().unwrap().unwrap().text(), "11");
/// let err = long.next_line().unwrap_err().to_string();
/// assert!(err.contains("line 2 of standard input") && err.contains("limit of 5 bytes"));
/// ```
pub struct BatchLines<R> {
    reader: R,
    source: String,
    limit: usize,
    /// The number of the last line read (0 before the first).
    number: u64,
    line: Vec<u8>,
    /// The last line ended with `\r`: a `\n` right after it belongs to that line ending.
    after_cr: bool,
    /// The input ended, or an error was returned: no more lines.
    finished: bool,
    /// The line longer than the limit being handed out in pieces, if any.
    long: Option<LongState>,
}

/// What [`BatchLines::next_entry`] reads: a line within the limit, whole, or a longer line to
/// be read in pieces.
pub enum Entry<'a, R> {
    /// A line of at most the limit, whole.
    Whole(Line<'a>),
    /// A line longer than the limit, its pieces still to be read.
    Long(LongLine<'a, R>),
}

/// A line longer than the limit of its [`BatchLines`], handed out in pieces
/// ([`LongLine::next_piece`]) as the stream delivers them.
///
/// The pieces start at the line's first non-blank character ([`LongLine::start`] is its
/// offset) and, joined, are the rest of the line without its ending. They are checked as UTF-8
/// text as they go: a piece may end inside a character, and a byte that is not UTF-8 is an
/// error naming the line and the byte's offset in it (0-based), when the piece that shows it
/// is read. A long line is skipped, as a short one is, when its first non-blank character is
/// `#` or when it is blank to its end; blanks beyond the first `limit` bytes are the ASCII ones
/// (space, tab, vertical tab, form feed).
///
/// Dropping a long line before its last piece skips the rest of it.
pub struct LongLine<'a, R> {
    lines: &'a mut BatchLines<R>,
}

/// Where the reading of a long line stands.
struct LongState {
    /// The offset in the line of its first non-blank byte, where the pieces start.
    start: u64,
    /// Where the first piece starts in the held head of the line (`BatchLines::line`), until
    /// it is handed out.
    head: Option<usize>,
    /// The offset in the line of the next byte to read from the stream.
    offset: u64,
    /// Bytes of the stream's buffer handed out as the last piece, to consume before the next.
    handed: usize,
    /// The line's ending (or the end of the input) has been read.
    ended: bool,
    /// The UTF-8 check of the bytes so far.
    utf8: Utf8Check,
}

/// A UTF-8 check of a byte stream fed in pieces: the bytes of a character cut by a piece's
/// end are kept until the next piece completes it.
#[derive(Default)]
struct Utf8Check {
    /// The bytes of an incomplete character at the end of the last piece.
    carry: [u8; 4],
    carry_len: usize,
    /// The offset of `carry[0]` in the stream.
    carry_at: u64,
}

/// The first byte that is not UTF-8 in a stream: its offset (0-based) and value.
type BadByte = (u64, u8);

impl Utf8Check {
    /// Checks the next `piece`, which starts at `offset` in the stream.
    fn feed(&mut self, mut piece: &[u8], mut offset: u64) -> Result<(), BadByte> {
        if self.carry_len > 0 {
            let width = match self.carry[0] {
                0xf0.. => 4,
                0xe0.. => 3,
                _ => 2,
            };
            let take = (width - self.carry_len).min(piece.len());
            self.carry[self.carry_len..self.carry_len + take].copy_from_slice(&piece[..take]);
            self.carry_len += take;
            let at = (self.carry_at, self.carry[0]);
            match std::str::from_utf8(&self.carry[..self.carry_len]) {
                Ok(_) => self.carry_len = 0,
                Err(e) if e.error_len().is_some() => return Err(at),
                Err(_) if self.carry_len == width => return Err(at),
                Err(_) => return Ok(()),
            }
            piece = &piece[take..];
            offset += take as u64;
        }
        match std::str::from_utf8(piece) {
            Ok(_) => Ok(()),
            Err(e) if e.error_len().is_none() => {
                let tail = &piece[e.valid_up_to()..];
                self.carry[..tail.len()].copy_from_slice(tail);
                self.carry_len = tail.len();
                self.carry_at = offset + e.valid_up_to() as u64;
                Ok(())
            }
            Err(e) => Err((offset + e.valid_up_to() as u64, piece[e.valid_up_to()])),
        }
    }

    /// The end of the stream: a character still incomplete is an error.
    fn finish(&self) -> Result<(), BadByte> {
        match self.carry_len {
            0 => Ok(()),
            _ => Err((self.carry_at, self.carry[0])),
        }
    }
}

/// The error of a line that is not UTF-8 at byte `at` (0-based), `byte`.
fn not_utf8(at: u64, byte: u8, source: &str, number: u64) -> Error {
    Error::new(format!(
        "not UTF-8 text: byte {at} (0-based) is 0x{byte:02x}"
    ))
    .at_column(usize::try_from(at).unwrap_or(usize::MAX))
    .at_line(source, number)
}

/// Where the first line ending (`\n` or `\r`) of `bytes` is, searched a vector at a time.
fn line_end(bytes: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', bytes)
}

/// Blanks of a long line beyond its first `limit` bytes.
fn is_ascii_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | 0x0b | 0x0c)
}

/// How [`BatchLines`] read a line: whole, past the limit (its head held), or not at all.
enum Raw {
    Whole,
    Long,
    End,
}

/// A buffered byte stream that tells whether its next read is served from bytes it already
/// holds (no wait for the source). [`BatchLines::next_line_or_flush`] uses it to flush answers
/// just before a read that may wait for more input, and only then.
pub trait Buffered: BufRead {
    /// Whether bytes are buffered: the next `fill_buf` returns them without reading the source.
    fn has_buffered(&self) -> bool;
}

impl<R: Read> Buffered for BufReader<R> {
    fn has_buffered(&self) -> bool {
        !self.buffer().is_empty()
    }
}

/// Bytes in memory never wait.
impl Buffered for &[u8] {
    fn has_buffered(&self) -> bool {
        true
    }
}

/// One line of a batch: its 1-based number and its text, without the line ending.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    number: u64,
    text: &'a str,
    source: &'a str,
}

impl<'a> Line<'a> {
    /// The line numbered `number` of `source`, holding `text` (for a line kept after its
    /// reader moved on, such as a batch answered in chunks).
    pub fn new(number: u64, text: &'a str, source: &'a str) -> Line<'a> {
        Line {
            number,
            text,
            source,
        }
    }

    /// The line's 1-based number in the input (skipped lines counted).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The line's text, without its line ending.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The name of the input the line is from, as `standard input`.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Where the line is, for messages: `line 3 of standard input`.
    pub fn place(&self) -> String {
        format!("line {} of {}", self.number, self.source)
    }

    /// An error about this line: `line 3 of standard input: {what}`, with its input and line.
    pub fn error(&self, what: impl std::fmt::Display) -> Error {
        Error::new(what).at_line(self.source, self.number)
    }
}

impl<R: BufRead> BatchLines<R> {
    /// Reads lines of at most `limit` bytes (line ending excluded) from `reader`; `source`
    /// names the input in messages (`standard input`, a file name).
    ///
    /// # Complexity
    ///
    /// O(1): nothing is read until [`BatchLines::next_line`], and the line's buffer grows only
    /// as lines are read.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::BatchLines;
    /// let lines = BatchLines::new(&b"0110\n"[..], "words.txt", 100);
    /// assert_eq!(lines.number(), 0);
    /// ```
    pub fn new(reader: R, source: impl Into<String>, limit: usize) -> BatchLines<R> {
        BatchLines {
            reader,
            source: source.into(),
            limit,
            number: 0,
            line: Vec::new(),
            after_cr: false,
            finished: false,
            long: None,
        }
    }

    /// The number of the last line read, skipped lines included (0 before the first).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The next line that is neither blank nor a `#` comment, or `None` at the end of the
    /// input. After an error (a read failure, a line over the limit, a line that is not
    /// UTF-8) there are no more lines.
    ///
    /// # Complexity
    ///
    /// O(b) time for the b bytes read (this line and the skipped lines before it); memory: the
    /// line, at most the limit, reused from line to line.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::BatchLines;
    /// let mut lines = BatchLines::new(&b"# words\n\n101\n\xff\n"[..], "words.txt", 100);
    /// let first = lines.next_line().unwrap().unwrap();
    /// assert_eq!((first.number(), first.text()), (3, "101"));
    /// let err = lines.next_line().unwrap_err();
    /// assert_eq!(err.to_string(), "line 4 of words.txt: not UTF-8 text: byte 0 (0-based) is 0xff");
    /// assert!(lines.next_line().unwrap().is_none());
    /// ```
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, Error> {
        self.next_line_after(&mut |_| Ok(()))
    }

    /// [`BatchLines::next_line`] that calls `flush` just before each read of the source that
    /// may wait for input (its buffer empty), and at no other time: a program answering a
    /// batch writes its answers in large blocks while lines are ready, and still answers a
    /// line typed by hand, or written by a program that waits for the answer, before it
    /// waits for the next. An error of `flush` ends the batch, as a read error does.
    ///
    /// # Complexity
    ///
    /// As [`BatchLines::next_line`], plus the calls of `flush`: at most one for each refill of
    /// the stream's buffer.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::io::BufReader;
    /// use unhop::batch_lines::BatchLines;
    /// let input = BufReader::with_capacity(4, &b"11\n0110\n"[..]);
    /// let mut lines = BatchLines::new(input, "standard input", 100);
    /// let mut flushes = 0;
    /// let mut flush = || -> std::io::Result<()> { flushes += 1; Ok(()) };
    /// assert_eq!(lines.next_line_or_flush(&mut flush).unwrap().unwrap().text(), "11");
    /// assert_eq!(lines.next_line_or_flush(&mut flush).unwrap().unwrap().text(), "0110");
    /// assert!(lines.next_line_or_flush(&mut flush).unwrap().is_none());
    /// // Before the first read, before the second half of "0110\n", and before the end.
    /// assert_eq!(flushes, 3);
    /// ```
    pub fn next_line_or_flush(
        &mut self,
        flush: &mut dyn FnMut() -> std::io::Result<()>,
    ) -> Result<Option<Line<'_>>, Error>
    where
        R: Buffered,
    {
        self.next_line_after(&mut |reader: &R| match reader.has_buffered() {
            true => Ok(()),
            false => flush(),
        })
    }

    /// [`BatchLines::next_line`] that hands out a line longer than the limit in pieces
    /// ([`Entry::Long`]) instead of refusing it. A long line's pieces are read from the
    /// [`LongLine`] before the next entry; the rest of a long line dropped unread is skipped.
    ///
    /// # Complexity
    ///
    /// As [`BatchLines::next_line`]: O(b) for the bytes read, memory at most the limit (the
    /// head of a long line).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::{BatchLines, Entry};
    /// let mut lines = BatchLines::new(&b"11\n 0110110\r\n# a long comment\n01\n"[..], "standard input", 4);
    /// let mut got = Vec::new();
    /// while let Some(entry) = lines.next_entry().unwrap() {
    ///     match entry {
    ///         Entry::Whole(line) => got.push(format!("{}: {}", line.number(), line.text())),
    ///         Entry::Long(mut long) => {
    ///             let (number, start) = (long.number(), long.start());
    ///             let mut text = Vec::new();
    ///             while let Some(piece) = long.next_piece().unwrap() {
    ///                 text.extend_from_slice(piece);
    ///             }
    ///             got.push(format!("{number}: long from {start}: {}", String::from_utf8(text).unwrap()));
    ///         }
    ///     }
    /// }
    /// assert_eq!(got, ["1: 11", "2: long from 1: 0110110", "4: 01"]);
    /// ```
    pub fn next_entry(&mut self) -> Result<Option<Entry<'_, R>>, Error> {
        self.next_entry_after(&mut |_| Ok(()), true)
    }

    /// [`BatchLines::next_entry`] that calls `flush` as [`BatchLines::next_line_or_flush`]
    /// does, before each read that may wait for input while the entry is found (not while
    /// the pieces of a long line are read).
    ///
    /// # Complexity
    ///
    /// As [`BatchLines::next_entry`], plus the calls of `flush`.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::{BatchLines, Entry};
    /// let mut lines = BatchLines::new(&b"0110\n"[..], "standard input", 100);
    /// let entry = lines.next_entry_or_flush(&mut || Ok(())).unwrap();
    /// assert!(matches!(entry, Some(Entry::Whole(line)) if line.text() == "0110"));
    /// ```
    pub fn next_entry_or_flush(
        &mut self,
        flush: &mut dyn FnMut() -> std::io::Result<()>,
    ) -> Result<Option<Entry<'_, R>>, Error>
    where
        R: Buffered,
    {
        self.next_entry_after(
            &mut |reader: &R| match reader.has_buffered() {
                true => Ok(()),
                false => flush(),
            },
            true,
        )
    }

    /// The long line the last [`BatchLines::next_entry`] handed out, again, with the pieces
    /// not read yet; `None` when the last entry was not long. So a reader that met a long line
    /// can hand the `BatchLines` itself on (to another thread) with its long line.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::{BatchLines, Entry};
    /// let mut lines = BatchLines::new(&b"0110110\n11\n"[..], "standard input", 4);
    /// assert!(matches!(lines.next_entry().unwrap(), Some(Entry::Long(_))));
    /// let mut long = lines.long_line().unwrap();
    /// assert_eq!(long.next_piece().unwrap(), Some(&b"0110"[..]));
    /// assert!(matches!(lines.next_entry().unwrap(), Some(Entry::Whole(line)) if line.text() == "11"));
    /// assert!(lines.long_line().is_none());
    /// ```
    pub fn long_line(&mut self) -> Option<LongLine<'_, R>> {
        self.long.as_ref()?;
        Some(LongLine { lines: self })
    }

    /// The next line, calling `before_fill` with the stream before each `fill_buf`.
    fn next_line_after(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
    ) -> Result<Option<Line<'_>>, Error> {
        match self.next_entry_after(before_fill, false)? {
            Some(Entry::Whole(line)) => Ok(Some(line)),
            Some(Entry::Long(_)) => Err(Error::internal("a long line where none is taken")),
            None => Ok(None),
        }
    }

    /// The next entry, calling `before_fill` with the stream before each `fill_buf`; a line
    /// over the limit is an [`Entry::Long`] when `take_long`, else refused.
    fn next_entry_after(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
        take_long: bool,
    ) -> Result<Option<Entry<'_, R>>, Error> {
        let result = self.find_entry(before_fill, take_long);
        if result.is_err() {
            self.finished = true;
        }
        match result? {
            Raw::End => {
                self.finished = true;
                Ok(None)
            }
            Raw::Long => Ok(Some(Entry::Long(LongLine { lines: self }))),
            Raw::Whole => {
                let text = std::str::from_utf8(&self.line).expect("checked by find_entry");
                Ok(Some(Entry::Whole(Line {
                    number: self.number,
                    text,
                    source: &self.source,
                })))
            }
        }
    }

    /// Reads lines until one is not skipped: whole in `self.line`, or long (`self.long` set).
    fn find_entry(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
        take_long: bool,
    ) -> Result<Raw, Error> {
        self.skip_long_line()?;
        loop {
            if self.finished {
                return Ok(Raw::End);
            }
            match self.read_raw(before_fill, take_long)? {
                Raw::End => return Ok(Raw::End),
                Raw::Whole => {
                    let text = std::str::from_utf8(&self.line).map_err(|e| {
                        let at = e.valid_up_to();
                        not_utf8(at as u64, self.line[at], &self.source, self.number)
                    })?;
                    if !is_skipped(text) {
                        return Ok(Raw::Whole);
                    }
                }
                Raw::Long => {
                    if self.start_long_line()? {
                        return Ok(Raw::Long);
                    }
                    self.skip_long_line()?;
                }
            }
        }
    }

    /// Classifies the long line whose head was just read: `true` when its pieces are to be
    /// handed out, `false` when it is skipped (blank, or a comment).
    fn start_long_line(&mut self) -> Result<bool, Error> {
        let mut utf8 = Utf8Check::default();
        utf8.feed(&self.line, 0)
            .map_err(|(at, byte)| not_utf8(at, byte, &self.source, self.number))?;
        let valid = self.line.len() - utf8.carry_len;
        let text = std::str::from_utf8(&self.line[..valid]).expect("checked above");
        let blanks = text.len() - text.trim_start().len();
        let mut long = LongState {
            start: blanks as u64,
            head: Some(blanks),
            offset: self.line.len() as u64,
            handed: 0,
            ended: false,
            utf8,
        };
        if blanks < valid {
            self.long = Some(long);
            return Ok(!text.trim_start().starts_with('#'));
        }
        if blanks == self.line.len() {
            // Blank so far: read on through ASCII blanks to the first other byte.
            long.head = None;
            let found = self.scan_blanks(&mut long)?;
            long.start = long.offset;
            self.long = Some(long);
            return Ok(found);
        }
        // Blank up to a character cut by the head's end.
        self.long = Some(long);
        Ok(true)
    }

    /// Consumes ASCII blanks of a long line: `true` at another byte (left unread), `false` at
    /// the line's end (left unread) or the input's.
    fn scan_blanks(&mut self, long: &mut LongState) -> Result<bool, Error> {
        loop {
            let chunk = fill_retrying(&mut self.reader, &self.source, self.number)?;
            let blanks = chunk.iter().take_while(|&&b| is_ascii_blank(b)).count();
            let next = chunk.get(blanks).copied();
            self.reader.consume(blanks);
            long.offset += blanks as u64;
            match next {
                None if blanks == 0 => {
                    long.ended = true;
                    return Ok(false);
                }
                None => {}
                Some(b'\n' | b'\r') => return Ok(false),
                Some(_) => return Ok(true),
            }
        }
    }

    /// Skips what is left of a long line, if one is being read (its ending included).
    fn skip_long_line(&mut self) -> Result<(), Error> {
        let Some(mut long) = self.long.take() else {
            return Ok(());
        };
        self.reader.consume(long.handed);
        while !long.ended {
            let chunk = fill_retrying(&mut self.reader, &self.source, self.number)?;
            let (consumed, ending) = match line_end(chunk) {
                Some(i) => (i + 1, Some(chunk[i])),
                None => (chunk.len(), None),
            };
            long.ended = ending.is_some() || consumed == 0;
            self.after_cr = ending == Some(b'\r');
            self.reader.consume(consumed);
        }
        Ok(())
    }

    /// Reads the next raw line into `self.line`. A line over the limit is refused, or when
    /// `take_long` its first `limit` bytes are read into `self.line` and the rest left unread.
    fn read_raw(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
        take_long: bool,
    ) -> Result<Raw, Error> {
        self.line.clear();
        let mut any = false;
        loop {
            if let Err(e) = before_fill(&self.reader) {
                return Err(Error::io("cannot write the answers", e).named("standard output"));
            }
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(
                        Error::io("cannot read it", e).at_line(&self.source, self.number + 1)
                    );
                }
            };
            if chunk.is_empty() {
                if !any {
                    return Ok(Raw::End);
                }
                self.number += 1;
                return Ok(Raw::Whole);
            }
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            any = true;
            let end = line_end(chunk);
            let take = end.unwrap_or(chunk.len());
            if self.line.len() + take > self.limit {
                self.number += 1;
                if !take_long {
                    return Err(Error::new(format!(
                        "longer than the limit of {} bytes",
                        self.limit
                    ))
                    .at_line(&self.source, self.number));
                }
                let room = self.limit - self.line.len();
                self.line.extend_from_slice(&chunk[..room]);
                self.reader.consume(room);
                return Ok(Raw::Long);
            }
            self.line.extend_from_slice(&chunk[..take]);
            match end {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    self.reader.consume(i + 1);
                    self.number += 1;
                    return Ok(Raw::Whole);
                }
                None => self.reader.consume(take),
            }
        }
    }
}

impl<R: BufRead> LongLine<'_, R> {
    /// The line's 1-based number in the input (skipped lines counted).
    pub fn number(&self) -> u64 {
        self.lines.number
    }

    /// The name of the input the line is from, as `standard input`.
    pub fn source(&self) -> &str {
        &self.lines.source
    }

    /// The offset in the line (0-based, in bytes) of its first non-blank character, where the
    /// first piece starts.
    pub fn start(&self) -> u64 {
        self.lines.long.as_ref().map_or(0, |long| long.start)
    }

    /// The refusal of this line where no line longer than the limit is taken, as
    /// [`BatchLines::next_line`] refuses it: `line 3 of standard input: longer than the limit
    /// of … bytes`.
    pub fn too_long(&self) -> Error {
        Error::new(format!(
            "longer than the limit of {} bytes",
            self.lines.limit
        ))
        .at_line(&self.lines.source, self.lines.number)
    }

    /// The next piece of the line, or `None` after its last. After an error (a read
    /// failure, a byte that is not UTF-8) there are no more pieces, and no more lines.
    ///
    /// # Complexity
    ///
    /// O(p) for a piece of p bytes (the search for the line's end and the UTF-8 check); the
    /// pieces after the first are the stream's own buffer, not copied.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::batch_lines::{BatchLines, Entry};
    /// let mut lines = BatchLines::new(&b"01101\xff\n"[..], "standard input", 3);
    /// let Some(Entry::Long(mut long)) = lines.next_entry().unwrap() else { panic!() };
    /// assert_eq!(long.next_piece().unwrap(), Some(&b"011"[..]));
    /// let err = long.next_piece().unwrap_err();
    /// assert_eq!(err.to_string(), "line 1 of standard input: not UTF-8 text: byte 5 (0-based) is 0xff");
    /// ```
    pub fn next_piece(&mut self) -> Result<Option<&[u8]>, Error> {
        let piece = self.read_piece();
        if piece.is_err() {
            self.lines.finished = true;
            self.lines.long = None;
        }
        let lines = &mut *self.lines;
        match piece? {
            Piece::Head(from) => Ok(Some(&lines.line[from..])),
            // The bytes are still in the stream's buffer: filling it again returns them.
            Piece::Stream(len) => {
                let chunk = fill_retrying(&mut lines.reader, &lines.source, lines.number)?;
                Ok(Some(&chunk[..len]))
            }
            Piece::End => Ok(None),
        }
    }

    /// Finds the next piece and checks it as UTF-8, for [`LongLine::next_piece`].
    fn read_piece(&mut self) -> Result<Piece, Error> {
        let lines = &mut *self.lines;
        let Some(long) = lines.long.as_mut() else {
            return Ok(Piece::End);
        };
        if let Some(from) = long.head.take() {
            return Ok(Piece::Head(from));
        }
        lines.reader.consume(long.handed);
        long.handed = 0;
        while !long.ended {
            let chunk = fill_retrying(&mut lines.reader, &lines.source, lines.number)?;
            let (len, ending) = match line_end(chunk) {
                Some(i) => (i, Some(chunk[i])),
                None => (chunk.len(), None),
            };
            long.utf8
                .feed(&chunk[..len], long.offset)
                .map_err(|(at, byte)| not_utf8(at, byte, &lines.source, lines.number))?;
            long.offset += len as u64;
            long.ended = ending.is_some() || chunk.is_empty();
            lines.after_cr = ending == Some(b'\r');
            long.handed = len + usize::from(ending.is_some());
            if len > 0 {
                return Ok(Piece::Stream(len));
            }
            lines.reader.consume(long.handed);
            long.handed = 0;
        }
        long.utf8
            .finish()
            .map_err(|(at, byte)| not_utf8(at, byte, &lines.source, lines.number))?;
        Ok(Piece::End)
    }
}

/// Where [`LongLine::next_piece`]'s piece is.
enum Piece {
    /// The held head of the line, from this index.
    Head(usize),
    /// The first bytes of the stream's buffer, this many.
    Stream(usize),
    /// No more pieces.
    End,
}

/// The stream's next bytes, interrupted reads retried; an error names line `number`.
fn fill_retrying<'r, R: BufRead>(
    reader: &'r mut R,
    source: &str,
    number: u64,
) -> Result<&'r [u8], Error> {
    let failed = |e| Error::io("cannot read it", e).at_line(source, number);
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(failed(e)),
        }
    }
    reader.fill_buf().map_err(failed)
}

/// Whether a line is skipped: blank, or a comment starting with `#` after blanks.
pub fn is_skipped(text: &str) -> bool {
    let rest = text.trim_start();
    rest.is_empty() || rest.starts_with('#')
}

/// The largest input file (a board picture, a graph's edge list) read, in bytes: 16 MiB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads a text file given as input (`what` names it in messages, such as `the graph file`),
/// through a size cap: a file, device or pipe that yields more than [`MAX_FILE_BYTES`] is
/// refused after reading just past the cap, so `/dev/zero` costs 16 MiB, not all memory.
/// Text that is not UTF-8 is refused with its line and byte. O(size) time and memory.
///
/// ```
/// let folder = tempfile::tempdir().unwrap();
/// let path = folder.path().join("edges.txt");
/// std::fs::write(&path, "1-2\n2-3\n").unwrap();
/// assert_eq!(unhop::batch_lines::read_capped(&path, "the graph file").unwrap(), "1-2\n2-3\n");
/// std::fs::write(&path, b"1-2\n2-\xff3\n").unwrap();
/// let err = unhop::batch_lines::read_capped(&path, "the graph file").unwrap_err();
/// assert!(err.to_string().contains("line 2") && err.to_string().contains("byte 2"));
/// ```
pub fn read_capped(path: &std::path::Path, what: &str) -> Result<String, Error> {
    read_capped_to(path, what, MAX_FILE_BYTES)
}

/// [`read_capped`] with a cap of `limit` bytes instead of [`MAX_FILE_BYTES`] (an automaton
/// file may be larger than a board's picture). O(size) time and memory.
///
/// ```
/// let folder = tempfile::tempdir().unwrap();
/// let path = folder.path().join("a.att");
/// std::fs::write(&path, "0 1 a\n1\n").unwrap();
/// assert!(unhop::batch_lines::read_capped_to(&path, "the automaton", 4).is_err());
/// assert_eq!(unhop::batch_lines::read_capped_to(&path, "the automaton", 64).unwrap(), "0 1 a\n1\n");
/// ```
pub fn read_capped_to(path: &std::path::Path, what: &str, limit: u64) -> Result<String, Error> {
    let name = crate::error::quote(&path.to_string_lossy());
    let cannot = |e: std::io::Error| Error::new(format!("cannot read {what} {name}: {e}"));
    let file = std::fs::File::open(path).map_err(cannot)?;
    if file.metadata().map_err(cannot)?.is_dir() {
        return Err(Error::new(format!("{what} {name} is a folder, not a file")));
    }
    read_text(file, &format!("{what} {name}"), limit)
}

/// Reads the text of `input` (named so in messages) from `reader` through a size cap: more
/// than `limit` bytes is refused after reading just past the cap; text that is not UTF-8 is
/// refused with the line, the byte's place in it (0-based) and its value.
///
/// # Complexity
///
/// O(s) time and memory for the s bytes read, at most `limit` + 1: the bytes become the text
/// without a copy. Locating a bad byte costs O(s) more.
///
/// # Examples
///
/// ```
/// let text = unhop::batch_lines::read_text(&b"a\nb\n"[..], "standard input", 16).unwrap();
/// assert_eq!(text, "a\nb\n");
/// let err = unhop::batch_lines::read_text(&b"a\nb\xffc"[..], "standard input", 16).unwrap_err();
/// assert_eq!(err.to_string(), "line 2 of standard input: not UTF-8 text: byte 1 (0-based) is 0xff");
/// assert_eq!((err.line(), err.column()), (Some(2), Some(1)));
/// assert!(unhop::batch_lines::read_text(&[b'a'; 17][..], "standard input", 16).is_err());
/// ```
pub fn read_text(reader: impl std::io::Read, input: &str, limit: u64) -> Result<String, Error> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(format!("cannot read {input}"), e))?;
    if bytes.len() as u64 > limit {
        return Err(Error::new(format!(
            "{input} is larger than the limit of {} MiB ({limit} bytes)",
            limit >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        Error::new(format!(
            "not UTF-8 text: byte {} (0-based) is 0x{:02x}",
            at - line_start,
            bytes[at]
        ))
        .at_column(at - line_start)
        .at_line(input, line as u64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::{BufReader, Read};

    /// The lines read (number, text) and the first error (line number, kind), if any.
    type Outcome = (Vec<(u64, String)>, Option<(u64, String)>);

    /// The obviously correct twin: the whole input in memory, split at every line ending.
    fn twin(input: &[u8], limit: usize) -> Outcome {
        let mut lines = Vec::new();
        let raw = split_lines(input);
        for (k, bytes) in raw.into_iter().enumerate() {
            let number = k as u64 + 1;
            if bytes.len() > limit {
                return (lines, Some((number, "longer".into())));
            }
            let Ok(text) = std::str::from_utf8(bytes) else {
                return (lines, Some((number, "UTF-8".into())));
            };
            if !is_skipped(text) {
                lines.push((number, text.to_string()));
            }
        }
        (lines, None)
    }

    /// A reader that hands out its bytes in chunks of the given sizes (cycled).
    struct Chunked {
        data: Vec<u8>,
        at: usize,
        sizes: Vec<usize>,
        next: usize,
    }

    impl Read for Chunked {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let size = self.sizes[self.next % self.sizes.len()].max(1);
            self.next += 1;
            let n = size.min(buf.len()).min(self.data.len() - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// A reader of lines of at most `limit` bytes over `input`, handed out by a [`Chunked`]
    /// stream in pieces of `sizes` through a buffer of `capacity` bytes.
    fn chunked_lines(
        input: &[u8],
        sizes: Vec<usize>,
        capacity: usize,
        limit: usize,
    ) -> BatchLines<BufReader<Chunked>> {
        let chunked = Chunked {
            data: input.to_vec(),
            at: 0,
            sizes,
            next: 0,
        };
        BatchLines::new(
            BufReader::with_capacity(capacity, chunked),
            "standard input",
            limit,
        )
    }

    fn read_all(input: &[u8], sizes: Vec<usize>, capacity: usize, limit: usize) -> Outcome {
        let mut lines = chunked_lines(input, sizes, capacity, limit);
        let mut got = Vec::new();
        loop {
            match lines.next_line() {
                Ok(Some(line)) => got.push((line.number(), line.text().to_string())),
                Ok(None) => return (got, None),
                Err(e) => {
                    let message = e.to_string();
                    let number: u64 = message
                        .strip_prefix("line ")
                        .and_then(|m| m.split(' ').next())
                        .and_then(|n| n.parse().ok())
                        .expect("the error names the line");
                    let kind = if message.contains("longer than the limit") {
                        "longer"
                    } else {
                        "UTF-8"
                    };
                    assert!(
                        lines.next_line().unwrap().is_none(),
                        "no lines after an error"
                    );
                    return (got, Some((number, kind.into())));
                }
            }
        }
    }

    /// Bytes drawn mostly from line endings, blanks, `#`, digits and some invalid UTF-8.
    fn input_bytes() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(
            prop_oneof![
                Just(b'\n'),
                Just(b'\r'),
                Just(b' '),
                Just(b'#'),
                Just(b'0'),
                Just(b'1'),
                Just(0xc3),
                Just(0xa9),
                Just(0xff),
                any::<u8>(),
            ],
            0..200,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn reader_agrees_with_splitting_in_memory(
            input in input_bytes(),
            sizes in proptest::collection::vec(1usize..9, 1..5),
            capacity in 1usize..16,
            limit in 0usize..12,
        ) {
            prop_assert_eq!(read_all(&input, sizes, capacity, limit), twin(&input, limit));
        }

        #[test]
        fn entries_agree_with_splitting_in_memory_and_pieces_join_into_the_line(
            input in input_bytes(),
            sizes in proptest::collection::vec(1usize..9, 1..5),
            capacity in 1usize..16,
            limit in 0usize..12,
            read_pieces in any::<bool>(),
        ) {
            prop_assert_eq!(
                read_entries(&input, sizes, capacity, limit, read_pieces),
                entries_twin(&input, limit, read_pieces)
            );
        }
    }

    /// What a reader of entries sees: whole lines (number, text), long lines (number, start,
    /// the pieces joined, or `None` when dropped unread), and the first error (line, kind,
    /// column).
    #[derive(Debug, PartialEq)]
    enum Seen {
        Whole(u64, String),
        Long(u64, u64, Option<Vec<u8>>),
        Error(u64, &'static str, Option<usize>),
    }

    /// The obviously correct twin of [`BatchLines::next_entry`]: the input split in memory,
    /// each long line classified by the rules of [`LongLine`].
    fn entries_twin(input: &[u8], limit: usize, read_pieces: bool) -> Vec<Seen> {
        let mut seen = Vec::new();
        for (k, bytes) in split_lines(input).into_iter().enumerate() {
            let number = k as u64 + 1;
            let utf8_error = |bytes: &[u8]| {
                std::str::from_utf8(bytes)
                    .err()
                    .map(|e| Seen::Error(number, "UTF-8", Some(e.valid_up_to())))
            };
            if bytes.len() <= limit {
                if let Some(error) = utf8_error(bytes) {
                    seen.push(error);
                    return seen;
                }
                let text = std::str::from_utf8(bytes).unwrap();
                if !is_skipped(text) {
                    seen.push(Seen::Whole(number, text.into()));
                }
                continue;
            }
            let head = &bytes[..limit];
            let valid = match std::str::from_utf8(head) {
                Ok(_) => head.len(),
                Err(e) if e.error_len().is_none() => e.valid_up_to(),
                Err(e) => {
                    seen.push(Seen::Error(number, "UTF-8", Some(e.valid_up_to())));
                    return seen;
                }
            };
            let text = std::str::from_utf8(&head[..valid]).unwrap();
            let blanks = text.len() - text.trim_start().len();
            let start = if blanks < valid {
                if text.trim_start().starts_with('#') {
                    continue;
                }
                blanks
            } else if blanks == head.len() {
                let more = bytes[limit..].iter().take_while(|&&b| is_ascii_blank(b));
                let start = limit + more.count();
                if start == bytes.len() {
                    continue;
                }
                start
            } else {
                blanks
            };
            if !read_pieces {
                seen.push(Seen::Long(number, start as u64, None));
                continue;
            }
            if let Some(error) = utf8_error(bytes) {
                seen.push(error);
                return seen;
            }
            seen.push(Seen::Long(
                number,
                start as u64,
                Some(bytes[start..].to_vec()),
            ));
        }
        seen
    }

    /// The lines of `input`, split at every line ending.
    fn split_lines(input: &[u8]) -> Vec<&[u8]> {
        let mut raw = Vec::new();
        let (mut start, mut i) = (0, 0);
        while i < input.len() {
            if input[i] == b'\n' || input[i] == b'\r' {
                raw.push(&input[start..i]);
                if input[i] == b'\r' && input.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            i += 1;
        }
        if start < input.len() {
            raw.push(&input[start..]);
        }
        raw
    }

    /// Reads every entry of `input` through a [`Chunked`] stream, as [`Seen`]s.
    fn read_entries(
        input: &[u8],
        sizes: Vec<usize>,
        capacity: usize,
        limit: usize,
        read_pieces: bool,
    ) -> Vec<Seen> {
        let mut lines = chunked_lines(input, sizes, capacity, limit);
        let mut seen = Vec::new();
        let error = |e: Error| {
            let kind = match e.to_string().contains("UTF-8") {
                true => "UTF-8",
                false => "other",
            };
            Seen::Error(
                e.line().expect("the error names the line"),
                kind,
                e.column(),
            )
        };
        loop {
            let entry = match lines.next_entry() {
                Ok(Some(entry)) => entry,
                Ok(None) => return seen,
                Err(e) => {
                    seen.push(error(e));
                    break;
                }
            };
            match entry {
                Entry::Whole(line) => seen.push(Seen::Whole(line.number(), line.text().into())),
                Entry::Long(long) if !read_pieces => {
                    seen.push(Seen::Long(long.number(), long.start(), None))
                }
                Entry::Long(mut long) => {
                    let (number, start) = (long.number(), long.start());
                    let mut joined = Vec::new();
                    loop {
                        match long.next_piece() {
                            Ok(Some(piece)) => {
                                assert!(!piece.is_empty(), "pieces are not empty");
                                joined.extend_from_slice(piece);
                            }
                            Ok(None) => break,
                            Err(e) => {
                                seen.push(error(e));
                                assert!(lines.next_entry().unwrap().is_none());
                                return seen;
                            }
                        }
                    }
                    seen.push(Seen::Long(number, start, Some(joined)));
                }
            }
        }
        assert!(
            lines.next_entry().unwrap().is_none(),
            "no lines after an error"
        );
        seen
    }

    #[test]
    fn a_long_line_ends_at_every_line_ending_and_at_the_end_of_the_input() {
        for (input, last) in [
            (&b"0110110\n11"[..], 2),
            (b"0110110\r\n11", 2),
            (b"0110110\r11", 2),
            (b"0110110\r\n\n\r11\n", 4),
        ] {
            let seen = read_entries(input, vec![3], 4, 4, true);
            assert_eq!(
                seen,
                [
                    Seen::Long(1, 0, Some(b"0110110".to_vec())),
                    Seen::Whole(last, "11".into())
                ],
                "{input:?}"
            );
        }
        let seen = read_entries(b"11\n01101101", vec![5], 8, 4, true);
        assert_eq!(seen[1], Seen::Long(2, 0, Some(b"01101101".to_vec())));
    }

    #[test]
    fn long_blank_lines_and_comments_are_skipped_and_counted() {
        let input = b"  # a long comment\n       \t   \n   \t  0110110 \n11\n";
        let seen = read_entries(input, vec![2, 7], 5, 4, true);
        assert_eq!(
            seen,
            [
                Seen::Long(3, 6, Some(b"0110110 ".to_vec())),
                Seen::Whole(4, "11".into())
            ]
        );
    }

    #[test]
    fn a_long_line_dropped_unread_is_skipped_to_its_end() {
        let seen = read_entries(b"0110110110\r\n11\r1011", vec![4], 4, 4, false);
        assert_eq!(
            seen,
            [
                Seen::Long(1, 0, None),
                Seen::Whole(2, "11".into()),
                Seen::Whole(3, "1011".into())
            ]
        );
    }

    #[test]
    fn bad_bytes_in_a_long_line_name_the_line_and_their_offset() {
        // Bad in the head, cut by a piece's end, and at the line's end.
        let input = "0é0110\n".as_bytes();
        assert_eq!(
            read_entries(input, vec![2], 2, 4, true)[0],
            Seen::Long(1, 0, Some(input[..7].to_vec()))
        );
        for (input, column) in [
            (&b"01\xff01101\n"[..], 2),
            (b"01101\xc3\xc3\n", 5),
            (b"0110110\xe2\x82", 7),
        ] {
            let seen = read_entries(input, vec![1, 3], 3, 4, true);
            assert_eq!(seen, [Seen::Error(1, "UTF-8", Some(column))], "{input:?}");
        }
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        let (lines, error) = read_all(b"11\r0110\r\n1\n\r\n0", vec![3], 4, 10);
        assert_eq!(error, None);
        let texts: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["11", "0110", "1", "0"]);
        assert_eq!(lines.last().unwrap().0, 5);
    }

    #[test]
    fn an_over_long_line_is_refused_before_it_is_read_whole() {
        // An endless line: the reader must stop after about the limit.
        let endless = std::io::repeat(b'1').take(u64::MAX);
        let mut counted = Counting {
            inner: endless,
            read: 0,
        };
        let mut lines = BatchLines::new(BufReader::new(&mut counted), "standard input", 1000);
        let err = lines.next_line().unwrap_err().to_string();
        assert!(err.contains("line 1 of standard input: longer than the limit of 1000 bytes"));
        drop(lines);
        assert!(counted.read <= 1000 + 8192, "read {} bytes", counted.read);
    }

    struct Counting<R> {
        inner: R,
        read: usize,
    }

    impl<R: Read> Read for Counting<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read += n;
            Ok(n)
        }
    }

    #[test]
    fn invalid_utf8_names_the_line_and_byte() {
        let mut lines = BatchLines::new(&b"11\n# skip\n10\xff1\n"[..], "standard input", 100);
        assert_eq!(lines.next_line().unwrap().unwrap().text(), "11");
        let err = lines.next_line().unwrap_err().to_string();
        assert!(err.contains("line 3 of standard input"), "{err}");
        assert!(err.contains("byte 2") && err.contains("0xff"), "{err}");
    }

    #[test]
    fn line_errors_name_the_line() {
        let mut lines = BatchLines::new(&b"\n\n  x\n"[..], "standard input", 100);
        let line = lines.next_line().unwrap().unwrap();
        assert_eq!(line.number(), 3);
        assert_eq!(
            line.error("bad").to_string(),
            "line 3 of standard input: bad"
        );
    }
}
