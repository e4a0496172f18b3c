//! Regular expressions compiled with `regex-automata`, exported into this crate's tables.
//!
//! The expression is written in the `regex` crate's syntax over a few ASCII symbols (for peg
//! solitaire, `0` and `1`); letter `i` of the exported automata is `symbols[i]`. Other bytes
//! lead to the dead state and are not part of the exported alphabet.

use super::alphabet::Alphabet;
use super::dfa::{Dfa, StateId};
use super::named::NamedDfa;
use super::nfa::Nfa;
use crate::error::Error;
use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson::{self, State, WhichCaptures};
use regex_automata::util::{primitives::StateID, start, syntax};
use regex_automata::{Anchored, MatchKind};
use rustc_hash::FxHashMap;

/// The most heap an expression's DFA may take while it is built (16 MiB, under a second):
/// `(a|b)*a(a|b){17}` (2^18 states) is built, and an expression such as `(a|b)*a(a|b){30}`,
/// which needs 2^31 states, is refused instead. Reaching the limit costs about as much time as
/// building a DFA of that size, so the limit also bounds the time a refusal takes.
const DFA_SIZE_LIMIT: usize = 16 << 20;

fn syntax_config() -> syntax::Config {
    syntax::Config::new().unicode(false).utf8(false)
}

fn thompson_config() -> thompson::Config {
    thompson::Config::new()
        .utf8(false)
        .which_captures(WhichCaptures::None)
}

fn compile_error(pattern: &str, err: impl std::fmt::Display) -> Error {
    Error::new(format!("cannot compile the expression '{pattern}': {err}"))
}

/// The complete DFA of the words over `symbols` that `pattern` matches in full.
///
/// Built as `regex-automata`'s dense DFA (anchored at both ends), then read out state by state
/// on each symbol; the result is not yet minimal (see [`Dfa::minimized`]).
///
/// ```
/// let dfa = unhop::automata::compile_dfa("(01)*", b"01").unwrap();
/// assert!(dfa.accepts([0, 1, 0, 1]));
/// assert!(!dfa.accepts([0, 1, 0]));
/// assert_eq!(dfa.minimized().states(), 3);
/// ```
pub fn compile_dfa(pattern: &str, symbols: &[u8]) -> Result<Dfa, Error> {
    let (dfa, start) = dense_dfa(pattern)?;
    export(&dfa, start, symbols)
}

/// regex-automata's dense DFA of the pattern, anchored at both ends, and its start state.
fn dense_dfa(pattern: &str) -> Result<(dense::DFA<Vec<u32>>, StateID), Error> {
    let anchored = format!(r"(?:{pattern})\z");
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Anchored)
                .match_kind(MatchKind::All)
                .dfa_size_limit(Some(DFA_SIZE_LIMIT))
                .determinize_size_limit(Some(DFA_SIZE_LIMIT)),
        )
        .syntax(syntax_config())
        .thompson(thompson_config())
        .build(&anchored)
        .map_err(|e| compile_error(pattern, e))?;
    let start = dfa
        .start_state(&start::Config::new().anchored(Anchored::Yes))
        .map_err(|e| compile_error(pattern, e))?;
    Ok((dfa, start))
}

/// The dense DFA read out state by state on each of `symbols`.
fn export(dfa: &dense::DFA<Vec<u32>>, start: StateID, symbols: &[u8]) -> Result<Dfa, Error> {
    let mut ids: FxHashMap<StateID, StateId> = FxHashMap::default();
    let mut order = vec![start];
    ids.insert(start, 0);
    let mut next = Vec::new();
    let mut head = 0;
    while head < order.len() {
        for &symbol in symbols {
            let target = dfa.next_state(order[head], symbol);
            let fresh = order.len() as StateId;
            let id = *ids.entry(target).or_insert_with(|| {
                order.push(target);
                fresh
            });
            next.push(id);
        }
        head += 1;
    }
    let accepting = order
        .iter()
        .map(|&s| dfa.is_match_state(dfa.next_eoi_state(s)))
        .collect();
    Dfa::new(symbols.len(), next, accepting, 0)
}

/// An NFA without ε-moves for the words over `symbols` that `pattern` matches in full.
///
/// Built from `regex-automata`'s Thompson NFA by the classical ε-removal: the states are the
/// start and every target of a byte transition; a state steps on a letter wherever some state
/// of its ε-closure does, and accepts when its closure holds the match state. States that are
/// unreachable or cannot reach acceptance are dropped. O(s²) for a Thompson NFA of s states.
///
/// ```
/// let nfa = unhop::automata::compile_nfa("0*(1|11)0*", b"01").unwrap();
/// assert!(nfa.accepts([0, 1, 1, 0]));
/// assert!(!nfa.accepts([1, 0, 1]));
/// ```
pub fn compile_nfa(pattern: &str, symbols: &[u8]) -> Result<Nfa, Error> {
    let thompson = thompson::Compiler::new()
        .syntax(syntax_config())
        .configure(thompson_config())
        .build(pattern)
        .map_err(|e| compile_error(pattern, e))?;
    let states = thompson.states();
    let closure = |from: StateID| -> Vec<StateID> {
        let mut seen = vec![from];
        let mut stack = vec![from];
        while let Some(s) = stack.pop() {
            let successors: Vec<StateID> = match &states[s.as_usize()] {
                State::Union { alternates } => alternates.to_vec(),
                State::BinaryUnion { alt1, alt2 } => vec![*alt1, *alt2],
                State::Capture { next, .. } | State::Look { next, .. } => vec![*next],
                _ => vec![],
            };
            for t in successors {
                if !seen.contains(&t) {
                    seen.push(t);
                    stack.push(t);
                }
            }
        }
        seen
    };
    let step = |s: StateID, byte: u8| -> Option<StateID> {
        match &states[s.as_usize()] {
            State::ByteRange { trans } => trans.matches_byte(byte).then_some(trans.next),
            State::Sparse(sparse) => sparse.matches_byte(byte),
            State::Dense(dense) => dense.matches_byte(byte),
            _ => None,
        }
    };
    // Explore the ε-free states reachable from the start.
    let mut ids: FxHashMap<StateID, StateId> = FxHashMap::default();
    let mut order = vec![thompson.start_anchored()];
    ids.insert(order[0], 0);
    let mut next: Vec<Vec<StateId>> = Vec::new();
    let mut accepting = Vec::new();
    let mut head = 0;
    while head < order.len() {
        let close = closure(order[head]);
        accepting.push(
            close
                .iter()
                .any(|s| matches!(states[s.as_usize()], State::Match { .. })),
        );
        for &symbol in symbols {
            let mut targets: Vec<StateId> = Vec::new();
            for target in close.iter().filter_map(|&s| step(s, symbol)) {
                let fresh = order.len() as StateId;
                let id = *ids.entry(target).or_insert_with(|| {
                    order.push(target);
                    fresh
                });
                if !targets.contains(&id) {
                    targets.push(id);
                }
            }
            targets.sort_unstable();
            next.push(targets);
        }
        head += 1;
    }
    let nfa = Nfa::new(symbols.len(), next, accepting, 0)?;
    Ok(nfa.trimmed())
}

impl NamedDfa {
    /// The DFA of the words a regular expression (the `regex` crate's syntax, over bytes)
    /// matches in full, with one symbol per character.
    ///
    /// The symbols are `alphabet`'s characters (printable ASCII, no space) when given, in that
    /// order; otherwise the characters the expression can use in a matched word, in byte
    /// order: an expression that can match other bytes (such as `.` or `[^a]`) needs an
    /// explicit alphabet, as does one that matches only the empty word. The DFA is not yet
    /// minimal. O(DFA states × 256) beyond building the expression's DFA, which is refused
    /// past 256 MiB.
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// let dfa = NamedDfa::from_regex("(ab|c)*", None).unwrap();
    /// assert_eq!(dfa.alphabet().names(), ["a", "b", "c"]);
    /// let over = NamedDfa::from_regex("a*", Some("ab")).unwrap();
    /// assert!(over.complement().accepts_text("ab"));
    /// assert!(NamedDfa::from_regex(".*", None).is_err());
    /// ```
    pub fn from_regex(pattern: &str, alphabet: Option<&str>) -> Result<NamedDfa, Error> {
        let symbols: Vec<u8> = match alphabet {
            Some(chars) => {
                if let Some((position, c)) = chars
                    .chars()
                    .enumerate()
                    .find(|(_, c)| !c.is_ascii_graphic())
                {
                    return Err(Error::at(
                        chars,
                        position,
                        format!(
                            "an expression's alphabet is printable ASCII characters without \
                             spaces, not {}",
                            crate::quote(&c.to_string())
                        ),
                    ));
                }
                chars.bytes().collect()
            }
            None => {
                // Bytes 0 to 254: an alphabet has at most 255 letters.
                let all: Vec<u8> = (0..=254).collect();
                let dfa = compile_dfa(pattern, &all)?;
                let useful = dfa.useful_states();
                let mut is_useful = vec![false; dfa.states()];
                useful.iter().for_each(|&s| is_useful[s as usize] = true);
                let used: Vec<u8> = all
                    .iter()
                    .copied()
                    .filter(|&b| useful.iter().any(|&s| is_useful[dfa.next(s, b) as usize]))
                    .collect();
                if let Some(&bad) = used.iter().find(|b| !b.is_ascii_graphic()) {
                    return Err(Error::new(format!(
                        "the expression {} can match the byte {} (not printable ASCII): give \
                         its alphabet (such as --alphabet 01)",
                        crate::quote(pattern),
                        crate::quote(&(bad as char).to_string())
                    )));
                }
                if used.is_empty() {
                    return Err(Error::new(format!(
                        "the expression {} uses no character in a word it matches: give its \
                         alphabet (such as --alphabet 01)",
                        crate::quote(pattern)
                    )));
                }
                used
            }
        };
        let names: Vec<String> = symbols.iter().map(|&b| (b as char).to_string()).collect();
        let alphabet = Alphabet::new(names)?;
        NamedDfa::new(compile_dfa(pattern, &symbols)?, alphabet)
    }
}

impl Nfa {
    /// The same language without the states that cannot reach an accepting state (the start
    /// state is always kept), renumbered in breadth-first order.
    pub fn trimmed(&self) -> Nfa {
        let k = self.alphabet();
        let mut live: Vec<bool> = (0..self.states() as StateId)
            .map(|s| self.is_accepting(s))
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..self.states() as StateId {
                if !live[s as usize]
                    && (0..k as u8).any(|l| self.next(s, l).iter().any(|&t| live[t as usize]))
                {
                    live[s as usize] = true;
                    changed = true;
                }
            }
        }
        let mut ids: FxHashMap<StateId, StateId> = FxHashMap::default();
        let mut order = vec![self.start()];
        ids.insert(self.start(), 0);
        let mut next = Vec::new();
        let mut head = 0;
        while head < order.len() {
            for l in 0..k as u8 {
                let mut targets = Vec::new();
                for &t in self
                    .next(order[head], l)
                    .iter()
                    .filter(|&&t| live[t as usize])
                {
                    let fresh = order.len() as StateId;
                    targets.push(*ids.entry(t).or_insert_with(|| {
                        order.push(t);
                        fresh
                    }));
                }
                targets.sort_unstable();
                next.push(targets);
            }
            head += 1;
        }
        let accepting = order.iter().map(|&s| self.is_accepting(s)).collect();
        Nfa::new(k, next, accepting, 0).expect("trimming keeps a valid table")
    }
}
