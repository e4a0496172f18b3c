//! Bouton's table of a Nim position: each heap in binary, one row a heap, the digits of equal
//! weight in one column, and under them the column sums without carry (each column's count of
//! ones modulo 2), which is the nim-sum in binary. The position is lost for the player to move
//! under normal play exactly when every column sum is 0.

/// Each heap in binary, its digits in columns, and the column sums without carry.
///
/// # Examples
///
/// ```
/// use unhop::games::BoutonTable;
/// let table = BoutonTable::new(&[7, 15, 26, 30]);
/// assert_eq!(table.rows, ["00111", "01111", "11010", "11110"]);
/// assert_eq!(table.ones, [2, 3, 3, 4, 2]);
/// assert_eq!(table.sum, "01100"); // 12: the columns of 8 and 4 hold an odd number of ones
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct BoutonTable {
    /// The heap sizes, in the order of the rows.
    pub heaps: Vec<u64>,
    /// Each heap in binary, most significant digit first, all padded with zeros to the width
    /// of the largest.
    pub rows: Vec<String>,
    /// The number of ones in each column, most significant first.
    pub ones: Vec<usize>,
    /// The column sums without carry (each column's ones modulo 2), most significant first:
    /// the nim-sum in binary.
    pub sum: String,
}

impl BoutonTable {
    /// The table of the heaps `heaps` (at least one digit wide, so that heaps of 0 show).
    ///
    /// # Complexity
    ///
    /// O(heaps × bits) time and memory.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::games::BoutonTable;
    /// let table = BoutonTable::new(&[3, 3]);
    /// assert_eq!((table.rows.join(" "), table.sum.as_str()), ("11 11".to_string(), "00"));
    /// ```
    pub fn new(heaps: &[u64]) -> BoutonTable {
        let bits = |h: u64| (u64::BITS - h.leading_zeros()) as usize;
        let width = heaps.iter().map(|&h| bits(h)).max().unwrap_or(0).max(1);
        let rows: Vec<String> = heaps.iter().map(|h| format!("{h:0width$b}")).collect();
        let ones: Vec<usize> = (0..width)
            .map(|column| {
                rows.iter()
                    .filter(|row| row.as_bytes()[column] == b'1')
                    .count()
            })
            .collect();
        let sum = ones
            .iter()
            .map(|&n| if n % 2 == 1 { '1' } else { '0' })
            .collect();
        BoutonTable {
            heaps: heaps.to_vec(),
            rows,
            ones,
            sum,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim_sum;
    use num_bigint::BigUint;

    /// The sum row is the nim-sum (the XOR of the heaps, by the library's Bouton's rule) in
    /// binary, for every position of up to three heaps below 16; each row reads back as its
    /// heap; the column counts are the rows' ones.
    #[test]
    fn the_sum_row_is_the_xor_of_the_heaps() {
        for a in 0u64..16 {
            for b in 0u64..16 {
                for c in 0u64..16 {
                    let heaps = [a, b, c];
                    let table = BoutonTable::new(&heaps);
                    let sum = BigUint::parse_bytes(table.sum.as_bytes(), 2).unwrap();
                    assert_eq!(sum, nim_sum(&heaps.map(BigUint::from)), "{a} {b} {c}");
                    for (row, &h) in table.rows.iter().zip(&heaps) {
                        assert_eq!(u64::from_str_radix(row, 2).unwrap(), h);
                        assert_eq!(row.len(), table.sum.len());
                    }
                    let ones: usize = table.rows.iter().map(|r| r.matches('1').count()).sum();
                    assert_eq!(ones, table.ones.iter().sum::<usize>());
                }
            }
        }
    }
}
