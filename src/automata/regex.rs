//! Regular expressions compiled with `regex-automata`, exported into this crate's tables.
//!
//! The expression is written in the `regex` crate's syntax over a few ASCII symbols (for peg
//! solitaire, `0` and `1`); letter `i` of the exported automata is `symbols[i]`. Other bytes
//! lead to the dead state and are not part of the exported alphabet.

use super::alphabet::Alphabet;
use super::dfa::{Dfa, StateId};
use super::held;
use super::named::NamedDfa;
use super::nfa::Nfa;
use super::work::{Cost, TRANSITIONS};
use crate::budget::{Budget, Meter};
use crate::error::{Error, Figures};
use regex_automata::dfa::{Automaton, StartKind, dense};
use regex_automata::nfa::thompson::{self, State, WhichCaptures};
use regex_automata::util::{primitives::StateID, start, syntax};
use regex_automata::{Anchored, MatchKind};

/// The most heap an expression's NFA, and then its DFA, may take while they are built (16 MiB
/// each, under a second): `(a|b)*a(a|b){17}` (2^18 states) is built, and an expression such
/// as `(a|b)*a(a|b){30}`, which needs 2^31 states, or `((a{1000}){1000}){1000}`, whose NFA has
/// a billion states, is refused instead. Reaching the limit costs about as much time as
/// building an automaton of that size, so the limit also bounds the time a refusal takes.
const SIZE_LIMIT: usize = 16 << 20;

fn syntax_config() -> syntax::Config {
    syntax::Config::new().unicode(false).utf8(false)
}

fn thompson_config() -> thompson::Config {
    thompson::Config::new()
        .utf8(false)
        .which_captures(WhichCaptures::None)
        .nfa_size_limit(Some(SIZE_LIMIT))
}

fn compile_error(pattern: &str, err: impl std::fmt::Display) -> Error {
    Error::new(format!(
        "cannot compile the expression {}: {err}",
        crate::quote(pattern)
    ))
}

/// The refusal of an expression whose `what` (its NFA, its DFA) would pass [`SIZE_LIMIT`].
fn too_large(pattern: &str, what: &str) -> Error {
    let limit = SIZE_LIMIT as u128;
    Error::refused_with(
        Figures::new(limit + 1, limit, "bytes"),
        format!(
            "the expression {} needs more than {limit} bytes for {what}, past the size limit of \
             {limit} bytes (16 MiB): write it with fewer or shorter repetitions",
            crate::quote(pattern)
        ),
    )
}

/// regex-automata's Thompson NFA of `pattern` (matched from its start), refused past
/// [`SIZE_LIMIT`].
fn thompson_nfa(pattern: &str, shown: &str) -> Result<thompson::NFA, Error> {
    thompson::Compiler::new()
        .syntax(syntax_config())
        .configure(thompson_config())
        .build(pattern)
        .map_err(|e| match e.size_limit() {
            Some(_) => too_large(shown, "its NFA"),
            None => compile_error(shown, e),
        })
}

/// The complete DFA of the words over `symbols` that `pattern` matches in full.
///
/// Built as `regex-automata`'s dense DFA (anchored at both ends; its NFA and DFA are each
/// refused past 16 MiB), then read out state by state on each symbol; the result is not yet
/// minimal (see [`Dfa::minimized`]).
///
/// # Complexity
/// Building the expression's automata is bounded by their 16 MiB limits (under a second);
/// reading out the table, O(states × symbols), is admitted by `budget` before it starts (in
/// [`TRANSITIONS`]) and charged to it.
///
/// # Examples
///
/// ```
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let dfa = unhop::automata::compile_dfa("(01)*", b"01", &budget).unwrap();
/// assert!(dfa.accepts([0, 1, 0, 1]));
/// assert!(!dfa.accepts([0, 1, 0]));
/// assert_eq!(dfa.minimized(&budget).unwrap().states(), 3);
/// ```
pub fn compile_dfa(pattern: &str, symbols: &[u8], budget: &Budget) -> Result<Dfa, Error> {
    let (dfa, start) = dense_dfa(pattern)?;
    read_out(pattern, &dfa, start, symbols, compile_cost(pattern), budget)
}

/// `dfa` read out over `symbols` ([`export`]), admitted by `budget` with its cost and what
/// building `dfa` took (`compiled`).
fn read_out(
    pattern: &str,
    dfa: &dense::DFA<Vec<u32>>,
    start: StateID,
    symbols: &[u8],
    compiled: Cost,
    budget: &Budget,
) -> Result<Dfa, Error> {
    let meter = compiled.then(export_cost(dfa, symbols.len())).admit(
        budget,
        format!(
            "reading out the automaton of the expression {} over {} symbols",
            crate::quote(pattern),
            symbols.len()
        ),
        TRANSITIONS,
    )?;
    export(dfa, start, symbols, &meter)
}

/// regex-automata's dense DFA of the pattern, anchored at both ends, and its start state.
fn dense_dfa(pattern: &str) -> Result<(dense::DFA<Vec<u32>>, StateID), Error> {
    let anchored = format!(r"(?:{pattern})\z");
    let nfa = thompson_nfa(&anchored, pattern)?;
    let dfa = dense::Builder::new()
        .configure(
            dense::Config::new()
                .start_kind(StartKind::Anchored)
                .match_kind(MatchKind::All)
                .dfa_size_limit(Some(SIZE_LIMIT))
                .determinize_size_limit(Some(SIZE_LIMIT)),
        )
        .build_from_nfa(&nfa)
        .map_err(|e| {
            if e.is_size_limit_exceeded() {
                too_large(pattern, "its DFA")
            } else {
                compile_error(pattern, e)
            }
        })?;
    let start = dfa
        .start_state(&start::Config::new().anchored(Anchored::Yes))
        .map_err(|e| compile_error(pattern, e))?;
    Ok((dfa, start))
}

/// An upper bound of the memory of building the automata of `pattern`, made before it can be
/// admitted: its syntax tree (a kilobyte a character), its NFA, the determinisation's
/// scratch space and the DFA (each within [`SIZE_LIMIT`]), and their builders' own (as much
/// again).
fn compile_cost(pattern: &str) -> Cost {
    Cost {
        work: 0,
        bytes: 4 * SIZE_LIMIT as u128 + 1024 * pattern.len() as u128,
    }
}

/// An upper bound of the states of a dense DFA: its table has a row of `stride` 4-byte
/// transitions a state.
fn dense_states(dfa: &dense::DFA<Vec<u32>>) -> usize {
    dfa.memory_usage() / (4 * dfa.stride()) + 1
}

/// An upper bound of reading out `dfa` over `symbols` symbols: a transition each; the
/// numbers of the states (4 bytes each), the states in order and the table (growing, up to
/// three times their 4 bytes a state and transition), and the acceptance flags.
fn export_cost(dfa: &dense::DFA<Vec<u32>>, symbols: usize) -> Cost {
    let states = dense_states(dfa) as u128;
    let transitions = states * symbols as u128;
    Cost {
        work: transitions + states,
        bytes: states * (4 + 12 + 1) + transitions * 12 + 256,
    }
}

/// The dense DFA read out state by state on each of `symbols`, breadth first from `start`.
fn export(
    dfa: &dense::DFA<Vec<u32>>,
    start: StateID,
    symbols: &[u8],
    meter: &Meter,
) -> Result<Dfa, Error> {
    let index = |id: StateID| id.as_usize() >> dfa.stride2();
    let mut ids = meter.vec(dense_states(dfa), StateId::MAX)?;
    let mut order = Vec::new();
    held::push(&mut order, start, meter)?;
    ids[index(start)] = 0;
    let mut next = Vec::new();
    let mut head = 0;
    while head < order.len() {
        meter.charge(symbols.len() as u64 + 1)?;
        for &symbol in symbols {
            let target = dfa.next_state(order[head], symbol);
            if ids[index(target)] == StateId::MAX {
                ids[index(target)] = order.len() as StateId;
                held::push(&mut order, target, meter)?;
            }
            held::push(&mut next, ids[index(target)], meter)?;
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
/// Built from `regex-automata`'s Thompson NFA (refused past 16 MiB) by the classical
/// ε-removal: the states are the start and every target of a byte transition; a state steps
/// on a letter wherever some state of its ε-closure does, and accepts when its closure holds
/// the match state. States that are unreachable or cannot reach acceptance are dropped.
///
/// # Complexity
/// O(s × (s + symbols × s)) for a Thompson NFA of s states (each ε-closure can hold them
/// all); there is no estimate in advance: it is charged to `budget` as it runs (a
/// [`TRANSITIONS`] a state of a closure looked at and a transition made) and gives up past
/// its work or memory limit.
///
/// # Examples
///
/// ```
/// use unhop::budget::Budget;
/// let nfa = unhop::automata::compile_nfa("0*(1|11)0*", b"01", &Budget::default()).unwrap();
/// assert!(nfa.accepts([0, 1, 1, 0]));
/// assert!(!nfa.accepts([1, 0, 1]));
/// ```
pub fn compile_nfa(pattern: &str, symbols: &[u8], budget: &Budget) -> Result<Nfa, Error> {
    let thompson = thompson_nfa(pattern, pattern)?;
    let meter = budget.meter(
        format!(
            "removing the ε-moves of the NFA of the expression {} ({} states)",
            crate::quote(pattern),
            thompson.states().len()
        ),
        TRANSITIONS,
    );
    let states = thompson.states();
    let mut seen = meter.vec(states.len(), false)?;
    // The ε-closure of a state: a search of its ε-moves.
    let mut closure = |from: StateID| -> Result<Vec<StateID>, Error> {
        let mut found = vec![from];
        seen[from.as_usize()] = true;
        let mut at = 0;
        while at < found.len() {
            let successors: &[StateID] = match &states[found[at].as_usize()] {
                State::Union { alternates } => alternates,
                State::BinaryUnion { alt1, alt2 } => &[*alt1, *alt2],
                State::Capture { next, .. } | State::Look { next, .. } => &[*next],
                _ => &[],
            };
            for &t in successors {
                if !seen[t.as_usize()] {
                    seen[t.as_usize()] = true;
                    found.push(t);
                }
            }
            at += 1;
        }
        for s in &found {
            seen[s.as_usize()] = false;
        }
        meter.charge(found.len() as u64)?;
        meter.hold(held::bytes::<StateID>(found.capacity()))?;
        meter.release(held::bytes::<StateID>(found.capacity()));
        Ok(found)
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
    let mut ids = meter.vec(states.len(), StateId::MAX)?;
    let mut order = vec![thompson.start_anchored()];
    ids[order[0].as_usize()] = 0;
    let mut next: Vec<Vec<StateId>> = Vec::new();
    let mut accepting = Vec::new();
    let mut head = 0;
    while head < order.len() {
        let close = closure(order[head])?;
        held::push(
            &mut accepting,
            close
                .iter()
                .any(|s| matches!(states[s.as_usize()], State::Match { .. })),
            &meter,
        )?;
        for &symbol in symbols {
            let mut targets: Vec<StateId> = Vec::new();
            for target in close.iter().filter_map(|&s| step(s, symbol)) {
                if ids[target.as_usize()] == StateId::MAX {
                    ids[target.as_usize()] = order.len() as StateId;
                    held::push(&mut order, target, &meter)?;
                }
                held::push(&mut targets, ids[target.as_usize()], &meter)?;
            }
            meter.charge(targets.len() as u64 + 1)?;
            targets.sort_unstable();
            targets.dedup();
            held::push(&mut next, targets, &meter)?;
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
    /// minimal.
    ///
    /// # Complexity
    /// As [`compile_dfa`]: the expression's automata are refused past 16 MiB each; the table,
    /// O(states × symbols), is admitted by `budget` and charged to it (without an alphabet,
    /// the symbols are found first on one byte of each class of bytes the expression does not
    /// tell apart).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::NamedDfa;
    /// use unhop::budget::Budget;
    /// let budget = Budget::default();
    /// let dfa = NamedDfa::from_regex("(ab|c)*", None, &budget).unwrap();
    /// assert_eq!(dfa.alphabet().names(), ["a", "b", "c"]);
    /// let over = NamedDfa::from_regex("a*", Some("ab"), &budget).unwrap();
    /// assert!(over.complement().accepts_text("ab"));
    /// assert!(NamedDfa::from_regex(".*", None, &budget).is_err());
    /// ```
    pub fn from_regex(
        pattern: &str,
        alphabet: Option<&str>,
        budget: &Budget,
    ) -> Result<NamedDfa, Error> {
        let (dense, start) = dense_dfa(pattern)?;
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
                if let Some(position) =
                    (1..chars.len()).find(|&i| chars[..i].contains(&chars[i..=i]))
                {
                    return Err(Error::at(
                        chars,
                        position,
                        format!(
                            "the symbol {} is named twice in the alphabet",
                            crate::quote(&chars[position..=position])
                        ),
                    ));
                }
                chars.bytes().collect()
            }
            None => used_bytes(pattern, &dense, start, budget)?,
        };
        let names: Vec<String> = symbols.iter().map(|&b| (b as char).to_string()).collect();
        let alphabet = Alphabet::new(names)?;
        let compiled = compile_cost(pattern);
        let dfa = read_out(pattern, &dense, start, &symbols, compiled, budget)?;
        NamedDfa::new(dfa, alphabet)
    }
}

/// The bytes (0 to 254: an alphabet has at most 255 letters) that `pattern` can use in a word
/// it matches, all printable ASCII, or an error saying which byte is not. Read out on one
/// byte of each class of bytes the DFA does not tell apart.
fn used_bytes(
    pattern: &str,
    dense: &dense::DFA<Vec<u32>>,
    start: StateID,
    budget: &Budget,
) -> Result<Vec<u8>, Error> {
    let classes = dense.byte_classes();
    let representatives: Vec<u8> = classes
        .representatives(0..=254)
        .filter_map(|unit| unit.as_u8())
        .collect();
    // One byte of each class stands for its class: the compiled automata are counted once,
    // when the whole table is read out.
    let dfa = read_out(
        pattern,
        dense,
        start,
        &representatives,
        Cost::default(),
        budget,
    )?;
    let useful = dfa.useful_states();
    let mut is_useful = vec![false; dfa.states()];
    useful.iter().for_each(|&s| is_useful[s as usize] = true);
    let used_classes: Vec<u8> = (0..representatives.len())
        .filter(|&l| {
            useful
                .iter()
                .any(|&s| is_useful[dfa.next(s, l as u8) as usize])
        })
        .map(|l| classes.get(representatives[l]))
        .collect();
    let used: Vec<u8> = (0..=254)
        .filter(|&b| used_classes.contains(&classes.get(b)))
        .collect();
    if let Some(&bad) = used.iter().find(|b| !b.is_ascii_graphic()) {
        return Err(Error::new(format!(
            "the expression {} can match the byte {} (not printable ASCII): give its alphabet \
             (such as --alphabet 01)",
            crate::quote(pattern),
            crate::quote(&(bad as char).to_string())
        )));
    }
    if used.is_empty() {
        return Err(Error::new(format!(
            "the expression {} uses no character in a word it matches: give its alphabet (such \
             as --alphabet 01)",
            crate::quote(pattern)
        )));
    }
    Ok(used)
}
