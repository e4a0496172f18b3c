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

    /// The next line, calling `before_fill` with the stream before each `fill_buf`.
    fn next_line_after(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
    ) -> Result<Option<Line<'_>>, Error> {
        loop {
            if self.finished {
                return Ok(None);
            }
            match self.read_raw(before_fill) {
                Ok(true) => {}
                Ok(false) => {
                    self.finished = true;
                    return Ok(None);
                }
                Err(e) => {
                    self.finished = true;
                    return Err(e);
                }
            }
            let text = match std::str::from_utf8(&self.line) {
                Ok(text) => text,
                Err(e) => {
                    self.finished = true;
                    let at = e.valid_up_to();
                    return Err(Error::new(format!(
                        "not UTF-8 text: byte {at} (0-based) is 0x{:02x}",
                        self.line[at]
                    ))
                    .at_column(at)
                    .at_line(&self.source, self.number));
                }
            };
            if is_skipped(text) {
                continue;
            }
            // Re-borrow: the checks above borrowed `self.line` only briefly.
            let text = std::str::from_utf8(&self.line).expect("checked above");
            return Ok(Some(Line {
                number: self.number,
                text,
                source: &self.source,
            }));
        }
    }

    /// Reads the next raw line into `self.line`: `Ok(false)` at the end of the input.
    fn read_raw(
        &mut self,
        before_fill: &mut dyn FnMut(&R) -> std::io::Result<()>,
    ) -> Result<bool, Error> {
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
                if any {
                    self.number += 1;
                }
                return Ok(any);
            }
            if self.after_cr {
                self.after_cr = false;
                if chunk[0] == b'\n' {
                    self.reader.consume(1);
                    continue;
                }
            }
            any = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(chunk.len());
            if self.line.len() + take > self.limit {
                self.number += 1;
                return Err(
                    Error::new(format!("longer than the limit of {} bytes", self.limit))
                        .at_line(&self.source, self.number),
                );
            }
            self.line.extend_from_slice(&chunk[..take]);
            match end {
                Some(i) => {
                    self.after_cr = chunk[i] == b'\r';
                    self.reader.consume(i + 1);
                    self.number += 1;
                    return Ok(true);
                }
                None => self.reader.consume(take),
            }
        }
    }
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
        let mut start = 0;
        let mut i = 0;
        let mut raw = Vec::new();
        while i < input.len() {
            match input[i] {
                b'\n' => {
                    raw.push(&input[start..i]);
                    start = i + 1;
                }
                b'\r' => {
                    raw.push(&input[start..i]);
                    if input.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        if start < input.len() {
            raw.push(&input[start..]);
        }
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

    fn read_all(input: &[u8], sizes: Vec<usize>, capacity: usize, limit: usize) -> Outcome {
        let reader = BufReader::with_capacity(
            capacity,
            Chunked {
                data: input.to_vec(),
                at: 0,
                sizes,
                next: 0,
            },
        );
        let mut lines = BatchLines::new(reader, "standard input", limit);
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
