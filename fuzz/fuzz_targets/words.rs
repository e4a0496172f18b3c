//! Words and patterns, as `solve`, `check`, `grundy` and `family` read them.
//!
//! The input (read as UTF-8, invalid bytes replaced) is given to [`Word::parse`],
//! [`Pattern::parse`] and [`Pattern::single_word`]. Invariants:
//!
//! * `Word::parse` agrees with a character-by-character parse: the same cells, or an error at
//!   the first character that is not `0 1 . x` (its character position), or for the empty text;
//! * `Pattern::parse` agrees with an independent interpreter of the documented grammar (below,
//!   [`reference`]): the same inputs are accepted, with the same variable, and every expansion
//!   for n = 0..=3 is the same word or an error in both; `single_word` gives the same word;
//! * every word of at most [`SOLVE_LEN`] cells is solved on both boards: the hops replay (by
//!   the independent checker) to exactly `min_pegs` pegs, one hop per peg removed, the one-peg
//!   language contains the word exactly when the minimum is 1, and on short words the minimum
//!   equals the exhaustive search's;
//! * for short words the Duotaire value (both move rules, both boards, a solver with a small
//!   limit) is the mex of the values of the positions its moves lead to (each move replayed),
//!   and equals the plain memoised recursion on shorter words still.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rustc_hash::FxHashMap;
use unhop::games::{Duotaire, MoveRule, Solver, mex, exhaustive_value};
use unhop::solitaire::{Board, Language, exhaustive, replay, solve};
use unhop::{MAX_LEN, Pattern, Word};

/// Words up to this many cells are solved on both boards (linear time).
const SOLVE_LEN: usize = 4096;
/// Words up to this many cells are also searched exhaustively.
const EXHAUSTIVE_LEN: usize = 12;
/// Words up to this many cells get a Duotaire value.
const GRUNDY_LEN: usize = 18;
/// Words up to this many cells get the plain recursion's value too.
const NAIVE_LEN: usize = 10;
/// Pattern expansions up to this many cells are built by the library and compared.
const BUILD_LIMIT: usize = 1 << 20;
/// The Duotaire solver's limit on memoised positions.
const GRUNDY_LIMIT: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    if let Ok(word) = check_word_parse(text) {
        check_word(&word);
    }
    for word in check_pattern(text) {
        check_word(&word);
    }
});

/// `Word::parse` against the slow parse; the word when it is one.
fn check_word_parse(text: &str) -> Result<Word, ()> {
    let parsed = Word::parse(text);
    let mut cells = Vec::new();
    let mut bad = None;
    for (k, c) in text.chars().enumerate() {
        match c {
            '1' | 'x' => cells.push(true),
            '0' | '.' => cells.push(false),
            _ => {
                bad = Some(k);
                break;
            }
        }
    }
    match parsed {
        Ok(word) => {
            assert!(
                bad.is_none() && !text.is_empty() && text.len() <= MAX_LEN,
                "{text:?} accepted"
            );
            assert_eq!(word.len(), cells.len());
            assert!(
                word.iter().eq(cells.iter().copied()),
                "{text:?} parsed wrongly"
            );
            assert_eq!(word.pegs(), cells.iter().filter(|&&p| p).count());
            assert_eq!(Word::parse(&word.to_string()).as_ref(), Ok(&word));
            Ok(word)
        }
        Err(err) => {
            if let Some(k) = bad {
                assert_eq!(err.column(), Some(k), "{text:?}: {err}");
            } else {
                assert!(
                    text.is_empty() || text.len() > MAX_LEN,
                    "{text:?} refused: {err}"
                );
            }
            Err(())
        }
    }
}

/// `Pattern::parse`, its expansions and `single_word` against [`reference`]; returns the
/// expanded words (at most four).
///
/// Expansions between [`BUILD_LIMIT`] and [`MAX_LEN`] cells are not asked of the library: one
/// costs up to a second, which on a loaded machine passes the 10 s timeout. Longer ones are
/// refused before anything is built, and are asked.
fn check_pattern(text: &str) -> Vec<Word> {
    let parsed = Pattern::parse(text);
    let mut words = Vec::new();
    match reference::parse(text) {
        Err(reference::Stop::Malformed) => {
            assert!(
                parsed.is_err(),
                "{text:?} is not in the grammar but parsed: {parsed:?}"
            );
            let single = Pattern::single_word(text);
            assert!(
                single.is_err(),
                "{text:?} is not in the grammar but is a single word"
            );
        }
        Err(reference::Stop::TooLarge) => {
            // Beyond the interpreter's caps (depth, coefficients), or the known case `k*`
            // (see `term`): only "no panic" from the parser.
        }
        Ok(tree) => {
            let pattern = match parsed {
                Ok(p) => p,
                Err(e) => panic!("{text:?} is in the grammar but was refused: {e}"),
            };
            assert_eq!(pattern.to_string(), text);
            assert_eq!(pattern.variable(), tree.variable, "{text:?}");
            let values: &[u64] = if tree.variable.is_some() {
                &[0, 1, 2, 3]
            } else {
                &[0, 5]
            };
            for &n in values {
                match tree.expand(n) {
                    reference::Expansion::Refused => {
                        let got = pattern.expand(n);
                        assert!(
                            got.is_err(),
                            "{text:?} at n = {n}: {got:?} instead of an error"
                        )
                    }
                    reference::Expansion::TooLong(len) => {
                        if len > MAX_LEN as i128 {
                            assert!(
                                pattern.expand(n).is_err(),
                                "{text:?} at n = {n}: {len} cells"
                            );
                        } else if len <= BUILD_LIMIT as i128 {
                            let word = pattern
                                .expand(n)
                                .unwrap_or_else(|e| panic!("{text:?}: {e}"));
                            assert_eq!(word.len() as i128, len, "{text:?} at n = {n}");
                        }
                    }
                    reference::Expansion::Word(cells) => {
                        let got = pattern.expand(n);
                        let word = got.unwrap_or_else(|e| panic!("{text:?} at n = {n}: {e}"));
                        assert!(
                            word.iter().eq(cells.iter().copied()),
                            "{text:?} at n = {n}: {word}"
                        );
                        words.push(word);
                    }
                }
            }
            match (tree.variable, tree.expand(0)) {
                (None, reference::Expansion::Word(cells)) => {
                    let single = Pattern::single_word(text);
                    let word = single.unwrap_or_else(|e| panic!("{text:?} single word: {e}"));
                    assert!(word.iter().eq(cells.iter().copied()), "{text:?}: {word}");
                }
                (None, reference::Expansion::TooLong(len)) if len <= BUILD_LIMIT as i128 => {
                    let single = Pattern::single_word(text);
                    let word = single.unwrap_or_else(|e| panic!("{text:?} single word: {e}"));
                    assert_eq!(word.len() as i128, len);
                }
                (None, reference::Expansion::TooLong(len)) if len <= MAX_LEN as i128 => {}
                _ => {
                    let single = Pattern::single_word(text);
                    assert!(
                        single.is_err(),
                        "{text:?} is a family or no word: {single:?}"
                    );
                }
            }
        }
    }
    words
}

/// Solving, the language, and Duotaire values on one word.
fn check_word(word: &Word) {
    if word.len() > SOLVE_LEN {
        return;
    }
    for board in [Board::Infinite, Board::Finite] {
        let solution = solve(word, board).unwrap_or_else(|e| panic!("{word} on {board:?}: {e}"));
        let pegs = word.pegs();
        assert!(solution.min_pegs <= pegs && (solution.min_pegs >= 1 || pegs == 0));
        assert_eq!(
            solution.hops.len(),
            pegs - solution.min_pegs,
            "{word}: one peg a hop"
        );
        let replayed = replay(word, board, &solution.hops)
            .unwrap_or_else(|e| panic!("{word} on {board:?}: the hops do not replay: {e}"));
        assert_eq!(replayed.final_word.pegs(), solution.min_pegs);
        assert_eq!(replayed.final_word, solution.final_word);
        assert_eq!(replayed.offset, solution.final_offset);
        assert_eq!(
            Language::of(board).contains(word),
            solution.min_pegs == 1,
            "{word} on {board:?}: the language and the minimum {} disagree",
            solution.min_pegs
        );
        if word.len() <= EXHAUSTIVE_LEN {
            let slow = exhaustive::search(word, board)
                .unwrap_or_else(|e| panic!("{word} on {board:?}: exhaustive: {e}"));
            assert_eq!(slow.min_pegs, solution.min_pegs, "{word} on {board:?}");
        }
        if word.len() <= GRUNDY_LEN {
            for rule in [MoveRule::Single, MoveRule::Chain] {
                check_grundy(word, Duotaire::new(rule, board));
            }
        }
    }
}

fn check_grundy(word: &Word, game: Duotaire) {
    let Ok(row) = game.position(word) else {
        return;
    };
    let budget = unhop::budget::Budget::default().with_max_positions(GRUNDY_LIMIT);
    let mut solver = Solver::with_budget(game, &budget);
    let Ok(value) = solver.try_value(&row) else {
        return; // refused at the limit, which is allowed
    };
    let moves = game
        .moves_of(word)
        .unwrap_or_else(|e| panic!("{word}: moves: {e}"));
    let mut option_values = Vec::new();
    for hops in &moves {
        let next = replay(word, game.board(), hops)
            .unwrap_or_else(|e| panic!("{word} {game:?}: move {hops:?} does not replay: {e}"));
        assert_eq!(next.final_word.pegs(), word.pegs() - hops.len());
        let next_row = game
            .position(&next.final_word)
            .expect("a move does not grow the word");
        match solver.try_value(&next_row) {
            Ok(v) => option_values.push(v),
            Err(_) => return,
        }
    }
    assert_eq!(
        value,
        mex(option_values),
        "{word} {game:?}: not the mex of its options"
    );
    if let Ok(winning) = solver.winning_moves(&row) {
        assert_eq!(
            value == 0,
            winning.is_empty(),
            "{word} {game:?}: winning moves {winning:?}"
        );
    }
    if word.len() <= NAIVE_LEN {
        let naive = exhaustive_value(&game, &row, &mut FxHashMap::default());
        assert_eq!(
            value, naive,
            "{word} {game:?}: the solver and the plain recursion disagree"
        );
    }
}

/// An interpreter of the pattern grammar as documented in `src/word/pattern.rs`, written
/// without looking at the parser's structure: it builds a tree and expands it into cells.
///
/// ```text
/// pattern  := item*                       (whitespace between tokens is ignored)
/// item     := atom ('^' exponent)?
/// atom     := '0' | '1' | '.' | 'x' | '(' pattern ')'      (a group is not empty)
/// exponent := number | letter | '(' linear ')'
/// linear   := term (('+' | '-' | '−') term)*
/// term     := number | number? '*'? letter   ('*' only after a number)
/// ```
///
/// A number is a run of ASCII digits; a letter is an ASCII letter other than `x`; one letter
/// at most per pattern; the whole pattern has at least one item.
mod reference {
    /// Expansions longer than this are not built (the caller only checks the library's length).
    pub const MAX_CELLS: usize = 1 << 16;
    /// Deeper nesting or larger coefficients than these are beyond the interpreter.
    const MAX_DEPTH: usize = 32;
    const MAX_COEFFICIENT: i128 = 1 << 40;

    pub enum Stop {
        Malformed,
        TooLarge,
    }

    pub enum Expansion {
        Word(Vec<bool>),
        /// A negative repetition count, or the empty word.
        Refused,
        /// Longer than [`MAX_CELLS`]: the length (saturated).
        TooLong(i128),
    }

    enum Node {
        Cell(bool),
        Group(Vec<(Node, i128, i128)>),
    }

    pub struct Tree {
        items: Vec<(Node, i128, i128)>,
        pub variable: Option<char>,
    }

    struct Reader {
        chars: Vec<char>,
        at: usize,
        variable: Option<char>,
        depth: usize,
    }

    pub fn parse(text: &str) -> Result<Tree, Stop> {
        let mut r = Reader {
            chars: text.chars().collect(),
            at: 0,
            variable: None,
            depth: 0,
        };
        let items = r.items()?;
        if r.next_token().is_some() || items.is_empty() {
            return Err(Stop::Malformed);
        }
        Ok(Tree {
            items,
            variable: r.variable,
        })
    }

    fn is_letter(c: char) -> bool {
        c.is_ascii_alphabetic() && c != 'x'
    }

    impl Reader {
        /// The next non-whitespace character, without taking it.
        fn next_token(&mut self) -> Option<char> {
            while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
                self.at += 1;
            }
            self.chars.get(self.at).copied()
        }

        fn items(&mut self) -> Result<Vec<(Node, i128, i128)>, Stop> {
            let mut items = Vec::new();
            loop {
                let node = match self.next_token() {
                    Some('0' | '.') => Node::Cell(false),
                    Some('1' | 'x') => Node::Cell(true),
                    Some('(') => {
                        self.depth += 1;
                        if self.depth > MAX_DEPTH {
                            return Err(Stop::TooLarge);
                        }
                        self.at += 1;
                        let inner = self.items()?;
                        if self.next_token() != Some(')') || inner.is_empty() {
                            return Err(Stop::Malformed);
                        }
                        self.depth -= 1;
                        Node::Group(inner)
                    }
                    _ => return Ok(items),
                };
                self.at += 1;
                let (a, b) = if self.next_token() == Some('^') {
                    self.at += 1;
                    self.exponent()?
                } else {
                    (0, 1)
                };
                items.push((node, a, b));
            }
        }

        fn exponent(&mut self) -> Result<(i128, i128), Stop> {
            match self.next_token() {
                Some('(') => {
                    self.at += 1;
                    let mut terms = vec![(1, self.term()?)];
                    loop {
                        let sign = match self.next_token() {
                            Some('+') => 1,
                            Some('-' | '−') => -1,
                            Some(')') => break,
                            _ => return Err(Stop::Malformed),
                        };
                        self.at += 1;
                        terms.push((sign, self.term()?));
                    }
                    self.at += 1;
                    let mut sum = (0, 0);
                    for (sign, (ta, tb)) in terms {
                        sum = (sum.0 + sign * ta, sum.1 + sign * tb);
                        if sum.0.abs().max(sum.1.abs()) > MAX_COEFFICIENT {
                            return Err(Stop::TooLarge);
                        }
                    }
                    Ok(sum)
                }
                Some(c) if c.is_ascii_digit() => Ok((0, self.number()?)),
                Some(c) if is_letter(c) => self.letter().map(|()| (1, 0)),
                _ => Err(Stop::Malformed),
            }
        }

        fn term(&mut self) -> Result<(i128, i128), Stop> {
            match self.next_token() {
                Some(c) if c.is_ascii_digit() => {
                    let k = self.number()?;
                    match self.next_token() {
                        Some('*') => {
                            self.at += 1;
                            match self.next_token() {
                                Some(c) if is_letter(c) => self.letter().map(|()| (k, 0)),
                                // `k*` needs its letter (`1^(2*)` is malformed).
                                _ => Err(Stop::Malformed),
                            }
                        }
                        Some(c) if is_letter(c) => self.letter().map(|()| (k, 0)),
                        _ => Ok((0, k)),
                    }
                }
                Some(c) if is_letter(c) => self.letter().map(|()| (1, 0)),
                _ => Err(Stop::Malformed),
            }
        }

        fn number(&mut self) -> Result<i128, Stop> {
            let mut value: i128 = 0;
            while let Some(d) = self.chars.get(self.at).and_then(|c| c.to_digit(10)) {
                value = value * 10 + i128::from(d);
                if value > MAX_COEFFICIENT {
                    return Err(Stop::TooLarge);
                }
                self.at += 1;
            }
            Ok(value)
        }

        fn letter(&mut self) -> Result<(), Stop> {
            let c = self.chars[self.at];
            if self.variable.is_some_and(|v| v != c) {
                return Err(Stop::Malformed);
            }
            self.variable = Some(c);
            self.at += 1;
            Ok(())
        }
    }

    impl Tree {
        pub fn expand(&self, n: u64) -> Expansion {
            let n = i128::from(n);
            match length(&self.items, n) {
                None => Expansion::Refused,
                Some(0) => Expansion::Refused,
                Some(len) if len > MAX_CELLS as i128 => Expansion::TooLong(len),
                Some(_) => {
                    let mut cells = Vec::new();
                    build(&self.items, n, &mut cells);
                    Expansion::Word(cells)
                }
            }
        }
    }

    /// The length at `n`, `None` when some count anywhere is negative; saturates.
    fn length(items: &[(Node, i128, i128)], n: i128) -> Option<i128> {
        let mut total: i128 = 0;
        for (node, a, b) in items {
            let times = a * n + b;
            if times < 0 {
                return None;
            }
            let unit = match node {
                Node::Cell(_) => 1,
                Node::Group(inner) => length(inner, n)?,
            };
            total = total.saturating_add(times.saturating_mul(unit));
        }
        Some(total)
    }

    fn build(items: &[(Node, i128, i128)], n: i128, cells: &mut Vec<bool>) {
        for (node, a, b) in items {
            for _ in 0..a * n + b {
                match node {
                    Node::Cell(peg) => cells.push(*peg),
                    Node::Group(inner) => {
                        if length(inner, n) == Some(0) {
                            break;
                        }
                        build(inner, n, cells)
                    }
                }
            }
        }
    }
}
