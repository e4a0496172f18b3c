//! Alphabets of named symbols: the names of the letters `0..k` of a [`crate::automata::Dfa`].

use crate::error::Error;
use rustc_hash::FxHashMap;

/// The most symbols an alphabet may have: letters are bytes, and the table algorithms count
/// letters in a byte (`0..alphabet as u8`), so 255.
pub const MAX_SYMBOLS: usize = 255;

/// The longest word read from one line of input, in bytes (32 MiB).
pub const MAX_WORD_BYTES: usize = 32 << 20;

/// The name written for the empty word, in words and in AT&T files (as in OpenFst).
pub const EPSILON: &str = "<eps>";

/// The names of the letters `0..k`, in letter order: non-empty, distinct, without whitespace,
/// none of them [`EPSILON`], at most [`MAX_SYMBOLS`].
///
/// A word over an alphabet whose symbols are all single characters is written as those
/// characters (`abba`); over any other alphabet, as its symbols separated by whitespace
/// (`on off on`). The empty word is written as the empty string or as `<eps>`.
///
/// ```
/// use unhop::automata::Alphabet;
/// let ab = Alphabet::new(["a", "b"]).unwrap();
/// assert_eq!(ab.parse_word("abba").unwrap(), [0, 1, 1, 0]);
/// assert_eq!(ab.format_word(&[1, 0]), "ba");
/// let words = Alphabet::new(["on", "off"]).unwrap();
/// assert_eq!(words.parse_word("on off on").unwrap(), [0, 1, 0]);
/// assert!(ab.parse_word("abc").unwrap_err().to_string().contains("position 2"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    names: Vec<String>,
    index: FxHashMap<String, u8>,
    single_chars: bool,
}

impl Alphabet {
    /// An alphabet of these names, in letter order.
    ///
    /// # Complexity
    ///
    /// O(k).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// let onoff = Alphabet::new(["on", "off"]).unwrap();
    /// assert_eq!((onoff.len(), onoff.name(1)), (2, "off"));
    /// assert!(Alphabet::new(["a", "a"]).is_err());
    /// ```
    pub fn new<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> Result<Alphabet, Error> {
        let names: Vec<String> = names.into_iter().map(|s| s.as_ref().to_string()).collect();
        if names.is_empty() {
            return Err(Error::new("an alphabet needs at least one symbol"));
        }
        if names.len() > MAX_SYMBOLS {
            return Err(Error::new(format!(
                "an alphabet has at most {MAX_SYMBOLS} symbols, not {}",
                names.len()
            )));
        }
        let mut index = FxHashMap::default();
        for (letter, name) in names.iter().enumerate() {
            check_name(name)?;
            if index.insert(name.clone(), letter as u8).is_some() {
                return Err(Error::new(format!(
                    "the symbol {} is named twice",
                    crate::quote(name)
                )));
            }
        }
        let single_chars = names.iter().all(|n| n.chars().count() == 1);
        Ok(Alphabet {
            names,
            index,
            single_chars,
        })
    }

    /// The alphabet `0, 1, …, k − 1` (digits, then `a`, `b`, … up to 36 letters, then
    /// decimal numbers): the default names of a bare [`crate::automata::Dfa`]'s letters.
    ///
    /// # Complexity
    ///
    /// O(k) time and memory (k names of at most log₁₀ k digits).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// assert_eq!(Alphabet::numbered(12).names()[10..], ["a", "b"]);
    /// assert_eq!(Alphabet::numbered(40).name(39), "39");
    /// ```
    pub fn numbered(k: usize) -> Alphabet {
        let names: Vec<String> = if k <= 36 {
            (0..k as u32)
                .map(|i| char::from_digit(i, 36).expect("below 36").to_string())
                .collect()
        } else {
            (0..k).map(|i| i.to_string()).collect()
        };
        Alphabet::new(names).expect("distinct plain names")
    }

    /// The number of symbols.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Always false: an alphabet has a symbol.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The names, in letter order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The name of `letter`.
    pub fn name(&self, letter: u8) -> &str {
        &self.names[letter as usize]
    }

    /// The letter named `name`, if it is a symbol.
    pub fn letter(&self, name: &str) -> Option<u8> {
        self.index.get(name).copied()
    }

    /// Whether every symbol is one character (words are then written without separators).
    pub fn single_chars(&self) -> bool {
        self.single_chars
    }

    /// This alphabet followed by the symbols of `other` it lacks, with the letter each of
    /// `other`'s letters becomes.
    ///
    /// # Complexity
    ///
    /// O(k₁ + k₂).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// let (ab, bc) = (Alphabet::new(["a", "b"]).unwrap(), Alphabet::new(["b", "c"]).unwrap());
    /// let (merged, map) = ab.merged(&bc).unwrap();
    /// assert_eq!(merged.names(), ["a", "b", "c"]);
    /// assert_eq!(map, [1, 2]);
    /// ```
    pub fn merged(&self, other: &Alphabet) -> Result<(Alphabet, Vec<u8>), Error> {
        let mut names = self.names.clone();
        for name in &other.names {
            if self.letter(name).is_none() {
                names.push(name.clone());
            }
        }
        let merged = Alphabet::new(names)?;
        let map = other
            .names
            .iter()
            .map(|n| merged.letter(n).expect("merged"))
            .collect();
        Ok((merged, map))
    }

    /// The symbols of all `alphabets`, in order of first appearance (the first alphabet's
    /// first), or an error when they are more than [`MAX_SYMBOLS`].
    ///
    /// # Complexity
    ///
    /// O(symbols).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// let (ab, bc) = (Alphabet::new(["a", "b"]).unwrap(), Alphabet::new(["b", "c"]).unwrap());
    /// assert_eq!(Alphabet::merged_all([&ab, &bc, &ab]).unwrap().names(), ["a", "b", "c"]);
    /// ```
    pub fn merged_all<'a>(
        alphabets: impl IntoIterator<Item = &'a Alphabet>,
    ) -> Result<Alphabet, Error> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut names = Vec::new();
        for alphabet in alphabets {
            for name in &alphabet.names {
                if seen.insert(name.as_str()) {
                    names.push(name.as_str());
                }
            }
        }
        Alphabet::new(names)
    }

    /// The letters of a word written over this alphabet (see the type's documentation). Errors
    /// name the position (in characters) of the first unknown symbol.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// let onoff = Alphabet::new(["on", "off"]).unwrap();
    /// assert_eq!(onoff.parse_word("on off on").unwrap(), vec![0, 1, 0]);
    /// ```
    pub fn parse_word(&self, text: &str) -> Result<Vec<u8>, Error> {
        if text.trim() == EPSILON {
            return Ok(Vec::new());
        }
        let mut letters = Vec::new();
        if self.single_chars {
            let mut buffer = [0u8; 4];
            for (position, c) in text.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                let letter = self
                    .letter(c.encode_utf8(&mut buffer))
                    .ok_or_else(|| self.unknown(text, position, &c.to_string()))?;
                letters.push(letter);
            }
        } else {
            for symbol in text.split_whitespace() {
                let Some(letter) = self.letter(symbol) else {
                    let offset = symbol.as_ptr() as usize - text.as_ptr() as usize;
                    let position = text[..offset].chars().count();
                    return Err(self.unknown(text, position, symbol));
                };
                letters.push(letter);
            }
        }
        Ok(letters)
    }

    fn unknown(&self, text: &str, position: usize, symbol: &str) -> Error {
        let shown: Vec<&str> = self.names.iter().take(12).map(String::as_str).collect();
        let more = if self.len() > 12 { ", …" } else { "" };
        Error::at(
            text,
            position,
            format!(
                "{} is not a symbol of the automaton (its symbols: {}{more})",
                crate::quote(symbol),
                shown.join(" ")
            ),
        )
    }

    /// A word written over this alphabet: the symbols joined without a separator when they are
    /// all single characters, else with spaces; the empty word is `<eps>`.
    ///
    /// # Complexity
    ///
    /// O(length).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Alphabet;
    /// let ab = Alphabet::new(["a", "b"]).unwrap();
    /// assert_eq!((ab.format_word(&[0, 1, 1]), ab.format_word(&[])), ("abb".to_string(), "<eps>".to_string()));
    /// ```
    pub fn format_word(&self, letters: &[u8]) -> String {
        if letters.is_empty() {
            return EPSILON.to_string();
        }
        let separator = if self.single_chars { "" } else { " " };
        letters
            .iter()
            .map(|&l| self.name(l))
            .collect::<Vec<_>>()
            .join(separator)
    }
}

/// A symbol name is not empty, has no whitespace or control character, and is not `<eps>`.
fn check_name(name: &str) -> Result<(), Error> {
    if name.is_empty() {
        return Err(Error::new("a symbol name may not be empty"));
    }
    if name == EPSILON {
        return Err(Error::new(format!(
            "{EPSILON} stands for the empty word and may not be a symbol"
        )));
    }
    if let Some((position, c)) = name
        .chars()
        .enumerate()
        .find(|(_, c)| c.is_whitespace() || c.is_control())
    {
        return Err(Error::at(
            name,
            position,
            format!(
                "a symbol name may not hold whitespace or control characters ({})",
                crate::quote(&c.to_string())
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert!(Alphabet::new(Vec::<String>::new()).is_err());
        assert!(Alphabet::new(["a", "a"]).is_err());
        assert!(Alphabet::new(["a b"]).is_err());
        assert!(Alphabet::new(["", "b"]).is_err());
        assert!(Alphabet::new([EPSILON]).is_err());
        assert_eq!(Alphabet::numbered(255).len(), 255);
        assert!(Alphabet::new((0..256).map(|i| i.to_string())).is_err());
    }

    #[test]
    fn words_round_trip() {
        for alphabet in [
            Alphabet::numbered(3),
            Alphabet::new(["on", "off", "x"]).unwrap(),
        ] {
            for word in [vec![], vec![0, 2, 1, 1], vec![2]] {
                let text = alphabet.format_word(&word);
                assert_eq!(alphabet.parse_word(&text).unwrap(), word, "{text}");
            }
        }
        let words = Alphabet::new(["on", "off"]).unwrap();
        let err = words.parse_word("on  of").unwrap_err();
        assert_eq!(err.column(), Some(4));
    }
}
