//! The symmetries of a board as permutations of its holes, applied to bit-packed positions a
//! byte at a time.

use super::geometry::{Geometry, Position};

/// A map of (row, column) places, one symmetry of a grid.
type PlaceMap = Box<dyn Fn((i32, i32)) -> (i32, i32)>;

/// A group of hole permutations (the identity first), with byte tables that apply each one to
/// a 64-bit position in eight table loads.
///
/// Applying one symmetry costs O(h / 8) loads for h holes; [`SymmetryGroup::canonical`] costs
/// that times the group's order. The tables take 16 KiB per symmetry: a fixed eight bytes per
/// position keep the loads' offsets constant (the English count took 19.2 s with them and
/// 23.9 s with tables sized to the board, side by side on a quiet machine).
///
/// ```
/// use unhop::boards::Board;
/// let english = Board::named("english").unwrap();
/// let group = english.symmetries();
/// let corner = 1u64 << english.hole_named("c1").unwrap();
/// // The eight images of c1 are the eight corner holes of the arms' ends.
/// let images: std::collections::BTreeSet<u64> = (0..8).map(|g| group.apply(g, corner)).collect();
/// assert_eq!(images.len(), 8);
/// assert_eq!(group.canonical(corner), *images.iter().next().unwrap());
/// ```
#[derive(Clone, Debug)]
pub struct SymmetryGroup {
    permutations: Vec<Vec<u8>>,
    /// `tables[(g * 8 + byte) * 256 + value]`: the image under symmetry `g` of the pegs
    /// `value` in byte `byte` of a position.
    tables: Vec<Position>,
}

impl SymmetryGroup {
    /// The group made of the given permutations (the identity must come first).
    pub(crate) fn from_permutations(permutations: Vec<Vec<u8>>) -> SymmetryGroup {
        let mut tables = vec![0; permutations.len() * 8 * 256];
        for (g, perm) in permutations.iter().enumerate() {
            for byte in 0..8 {
                let table = &mut tables[(g * 8 + byte) * 256..(g * 8 + byte + 1) * 256];
                // Each value's image: that of the value without its lowest peg, plus the
                // image of that peg (one OR an entry, which matters for large graph groups).
                for value in 1..256usize {
                    let hole = byte * 8 + value.trailing_zeros() as usize;
                    let lowest = perm.get(hole).map_or(0, |&image| 1 << image);
                    table[value] = table[value & (value - 1)] | lowest;
                }
            }
        }
        SymmetryGroup {
            permutations,
            tables,
        }
    }

    /// The trivial group on `holes` holes.
    pub(crate) fn identity(holes: usize) -> SymmetryGroup {
        SymmetryGroup::from_permutations(vec![(0..holes as u8).collect()])
    }

    /// The symmetries of a grid board: the maps of the square's (or the triangle's) symmetry
    /// group that carry the set of holes onto itself.
    pub(crate) fn of_grid(geometry: Geometry, coords: &[(i32, i32)]) -> SymmetryGroup {
        let maps: Vec<PlaceMap> = match geometry {
            Geometry::Square => {
                // Doubled coordinates about the bounding box's centre keep half-cells exact;
                // the four maps that swap rows and columns need a square bounding box.
                let (r0, r1) = min_max(coords.iter().map(|c| c.0));
                let (c0, c1) = min_max(coords.iter().map(|c| c.1));
                let (sr, sc) = (r0 + r1, c0 + c1);
                let transposes = if r1 - r0 == c1 - c0 { 2 } else { 1 };
                let mut maps: Vec<PlaceMap> = Vec::new();
                for transpose in 0..transposes {
                    for (fy, fx) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        maps.push(Box::new(move |(r, c): (i32, i32)| {
                            let (mut y, mut x) = (fy * (2 * r - sr), fx * (2 * c - sc));
                            if transpose == 1 {
                                (y, x) = (x, y);
                            }
                            ((y + sr) / 2, (x + sc) / 2)
                        }));
                    }
                }
                maps
            }
            Geometry::Triangle => {
                // Barycentric coordinates (c, r - c, n - 1 - r) permuted in all six ways.
                let n = coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let orders = [
                    [0, 1, 2],
                    [0, 2, 1],
                    [1, 0, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [2, 1, 0],
                ];
                orders
                    .into_iter()
                    .map(|o| {
                        Box::new(move |(r, c): (i32, i32)| {
                            let b = [c, r - c, n - 1 - r];
                            let (a, d) = (b[o[0]], b[o[2]]);
                            (n - 1 - d, a)
                        }) as PlaceMap
                    })
                    .collect()
            }
            Geometry::Graph => return SymmetryGroup::identity(coords.len()),
        };
        let mut permutations: Vec<Vec<u8>> = Vec::new();
        for map in maps {
            let perm: Option<Vec<u8>> = coords
                .iter()
                .map(|&p| coords.binary_search(&map(p)).ok().map(|i| i as u8))
                .collect();
            if let Some(perm) = perm
                && !permutations.contains(&perm)
            {
                permutations.push(perm);
            }
        }
        SymmetryGroup::from_permutations(permutations)
    }

    /// The bytes of the group's tables and permutations (16 KiB and h bytes a symmetry).
    pub(crate) fn table_bytes(&self) -> u64 {
        let permutations: usize = self.permutations.iter().map(Vec::capacity).sum();
        (self.tables.capacity() * size_of::<Position>() + permutations) as u64
    }

    /// The number of symmetries.
    pub fn order(&self) -> usize {
        self.permutations.len()
    }

    /// The symmetries as permutations: symmetry `g` sends hole `i` to `permutations()[g][i]`.
    pub fn permutations(&self) -> &[Vec<u8>] {
        &self.permutations
    }

    /// The image of `position` under symmetry `g`.
    ///
    /// # Complexity
    ///
    /// O(h/8): one table look-up a byte of the position, up to its last peg; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let group = english.symmetries();
    /// let peg = |name| 1u64 << english.hole_named(name).unwrap();
    /// let images: BTreeSet<u64> = (0..group.order()).map(|g| group.apply(g, peg("d2"))).collect();
    /// assert_eq!(images, BTreeSet::from([peg("d2"), peg("b4"), peg("f4"), peg("d6")]));
    /// ```
    #[inline]
    pub fn apply(&self, g: usize, position: Position) -> Position {
        let table = &self.tables[g * 8 * 256..(g + 1) * 8 * 256];
        let mut image = 0;
        let mut rest = position;
        let mut byte = 0;
        while rest != 0 {
            image |= table[byte * 256 + (rest & 0xff) as usize];
            rest >>= 8;
            byte += 1;
        }
        image
    }

    /// The least image of `position` under the group: one representative per class of
    /// symmetric positions.
    ///
    /// # Complexity
    /// O(s · h/8) for s symmetries and h holes: one table look-up a byte of the position a
    /// symmetry.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let group = english.symmetries();
    /// let corner = |name| 1u64 << english.hole_named(name).unwrap();
    /// assert_eq!(group.canonical(corner("c1")), group.canonical(corner("g5")));
    /// ```
    #[inline]
    pub fn canonical(&self, position: Position) -> Position {
        (1..self.order()).fold(position, |least, g| least.min(self.apply(g, position)))
    }

    /// The number of distinct images of `position` (the size of its orbit).
    ///
    /// # Complexity
    /// O(s · h/8 + s log s) for s symmetries.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let centre = 1u64 << english.hole_named("d4").unwrap();
    /// assert_eq!(english.symmetries().orbit_size(centre), 1);
    /// assert_eq!(english.symmetries().orbit_size(1), 8); // c1, a corner of an arm
    /// ```
    pub fn orbit_size(&self, position: Position) -> usize {
        let mut images: Vec<Position> =
            (0..self.order()).map(|g| self.apply(g, position)).collect();
        images.sort_unstable();
        images.dedup();
        images.len()
    }

    /// The subgroup of the symmetries that fix every position in `fixed`.
    ///
    /// # Complexity
    /// O(s · (f · h/8 + h)) for s symmetries, f fixed positions and h holes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let english = Board::named("english").unwrap();
    /// let d1 = 1u64 << english.hole_named("d1").unwrap();
    /// assert_eq!(english.symmetries().stabilizer(&[d1]).order(), 2); // and its mirror image
    /// ```
    pub fn stabilizer(&self, fixed: &[Position]) -> SymmetryGroup {
        let kept = (0..self.order())
            .filter(|&g| fixed.iter().all(|&p| self.apply(g, p) == p))
            .map(|g| self.permutations[g].clone())
            .collect();
        SymmetryGroup::from_permutations(kept)
    }
}

fn min_max(values: impl Iterator<Item = i32>) -> (i32, i32) {
    values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}
