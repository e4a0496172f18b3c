//! Automata as the front ends name them: the one loader of `unhop dfa …` and the Python
//! module's `Dfa.load` and `Dfa.read`.

use super::named::NamedDfa;
use super::text_format::{MAX_AUTOMATON_BYTES, TextFormat};
use crate::budget::Budget;
use crate::error::Error;
use std::io::Read;
use std::path::Path;

/// The automaton `spec` names, read under `budget`:
///
/// * `-`: the text `stdin` gives (standard input), JSON when it starts with `{`, else AT&T
///   ([`TextFormat::read_from`]);
/// * a name ending in `.json` or `.att` (any case): that file, in that format, read through
///   the crate's capped file reader ([`crate::batch_lines::read_capped_to`], at most
///   [`MAX_AUTOMATON_BYTES`]);
/// * anything else: a regular expression over `alphabet`, or the characters it uses
///   ([`NamedDfa::from_regex`]).
///
/// `stdin` is called only for `-`.
///
/// # Complexity
///
/// O(length of the text) to read it, then what building the automaton costs (a subset
/// construction for nondeterministic input, admitted by `budget`).
///
/// # Examples
///
/// ```
/// use unhop::automata::load_automaton;
/// use unhop::budget::Budget;
/// let budget = Budget::default();
/// let no_stdin = || -> Result<&[u8], unhop::Error> { unreachable!() };
/// assert!(load_automaton("(a|b)*abb", None, no_stdin, &budget).unwrap().accepts_text("babb"));
/// let att = load_automaton("-", None, || Ok(&b"0 1 a\n1\n"[..]), &budget).unwrap();
/// assert!(att.accepts_text("a"));
/// let folder = tempfile::tempdir().unwrap();
/// let path = folder.path().join("a.json");
/// std::fs::write(&path, att.to_json()).unwrap();
/// let copy = load_automaton(path.to_str().unwrap(), None, no_stdin, &budget).unwrap();
/// assert_eq!(copy, att);
/// let missing = load_automaton("nothing.att", None, no_stdin, &budget).unwrap_err();
/// assert!(missing.to_string().starts_with("cannot read the automaton file 'nothing.att'"));
/// ```
pub fn load_automaton<R: Read>(
    spec: &str,
    alphabet: Option<&str>,
    stdin: impl FnOnce() -> Result<R, Error>,
    budget: &Budget,
) -> Result<NamedDfa, Error> {
    if spec == "-" {
        return Ok(TextFormat::read_from(stdin()?, "standard input", None, budget)?.0);
    }
    let Some(format) = TextFormat::of_name(spec) else {
        return NamedDfa::from_regex(spec, alphabet, budget);
    };
    let name = crate::error::quote(spec);
    let text = crate::batch_lines::read_capped_to(
        Path::new(spec),
        "the automaton file",
        MAX_AUTOMATON_BYTES,
    )
    .map_err(|e| match e.line() {
        None => e.named(name.clone()),
        Some(_) => e,
    })?;
    Ok(format.read(&text, &name, budget)?.0)
}
