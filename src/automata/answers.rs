//! A membership oracle's answers for every word up to a length, asked once and kept.

/// Every word of length ≤ `max_len` in length-then-letter order.
///
/// # Complexity
///
/// O(alphabet^max_len × max_len) time over the whole iteration; one word in memory at a time.
///
/// # Examples
///
/// ```
/// let words: Vec<Vec<u8>> = unhop::automata::words_up_to(2, 2).collect();
/// assert_eq!(words, [vec![], vec![0], vec![1], vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
/// ```
pub fn words_up_to(alphabet: usize, max_len: usize) -> impl Iterator<Item = Vec<u8>> {
    (0..=max_len).flat_map(move |len| {
        let count = (alphabet as u64).pow(len as u32);
        (0..count).map(move |mut code| {
            let mut word = vec![0u8; len];
            for letter in word.iter_mut().rev() {
                *letter = (code % alphabet as u64) as u8;
                code /= alphabet as u64;
            }
            word
        })
    })
}

/// The oracle's answer for every word up to a length, by length and base-`alphabet` code.
pub struct Answers {
    alphabet: usize,
    by_length: Vec<Vec<bool>>,
}

impl Answers {
    /// Asks `member` about every word of length ≤ `max_len`, each once, in length-then-letter
    /// order.
    ///
    /// # Complexity
    ///
    /// O(alphabet^N) calls and bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::automata::Answers;
    /// let even = Answers::ask(2, 3, &mut |w: &[u8]| w.len() % 2 == 0);
    /// assert!(even.get(&[1, 0]) && !even.get(&[1]));
    /// ```
    pub fn ask(alphabet: usize, max_len: usize, member: &mut dyn FnMut(&[u8]) -> bool) -> Answers {
        let mut by_length: Vec<Vec<bool>> = (0..=max_len as u32)
            .map(|len| Vec::with_capacity((alphabet as u64).pow(len) as usize))
            .collect();
        for word in words_up_to(alphabet, max_len) {
            by_length[word.len()].push(member(&word));
        }
        Answers {
            alphabet,
            by_length,
        }
    }

    /// The answer for `word` (at most `max_len` letters).
    pub fn get(&self, word: &[u8]) -> bool {
        let code = word
            .iter()
            .fold(0usize, |code, &l| code * self.alphabet + l as usize);
        self.by_length[word.len()][code]
    }

    /// The longest length asked about.
    pub fn max_len(&self) -> usize {
        self.by_length.len() - 1
    }

    /// The number of letters.
    pub fn alphabet(&self) -> usize {
        self.alphabet
    }
}
