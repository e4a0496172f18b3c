//! The automorphism group of a graph board: the vertex permutations that preserve adjacency.
//!
//! A graph jump is a path x–y–z of two edges, so a permutation of the vertices maps every
//! jump onto a jump exactly when it preserves adjacency (an edge x–y lies on the jump x–y–z
//! or z–y–x whenever y has another neighbour z, and on no jump otherwise; the jumps of a
//! graph therefore determine its edges except for components that are single edges, whose
//! automorphisms are the same either way). The automorphisms of the graph are thus exactly
//! the symmetries of the jump rule.

use super::geometry::Position;
use crate::Error;
use crate::budget::{Budget, Meter, WorkUnit};
use num_bigint::BigUint;
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;

/// The largest symmetry group a graph board uses for reduction.
///
/// [`SymmetryGroup`](super::SymmetryGroup) keeps 16 KiB of byte tables per element (2 MiB at
/// this cap), and its `canonical` costs one `apply` per element on every position the solver or
/// the count visits, while a position's orbit can be far smaller than the group: under the
/// permutations of k vertices of a complete graph a position has at most C(k, k/2) images, not
/// k!. So the reduction stops paying early. Measured with `board count` (BENCHMARKS.md): at a
/// cap of 1,024 the counts of K_8,8 and K_12 took 14 and 20 times the CPU time of no
/// reduction; at 128 about twice, while Q_4's count stays 12 times and the dodecahedron's 4
/// times faster than unreduced, and `board classify --max-vertices 16` no slower. At 128
/// the whole group is used for the Petersen graph (120), Q_3 (48), K_5 and K_1,5 (120), every
/// path and every cycle up to C_64, and K_m,n while m!·n! (twice that when m = n) is at most
/// 128; larger groups (Q_4 has 384 elements, K_8 40,320) are replaced by a subgroup of at most
/// this order ([`Automorphisms::subgroup`]).
pub const SYMMETRY_CAP: usize = 128;

/// The unit of the symmetry search's work: a candidate image tried for a vertex (an O(1)
/// test of adjacency by bit masks); 1,000,000,000 unless the budget says otherwise (about
/// half a minute). The named families and random graphs of 64 vertices take thousands.
pub const SYMMETRY_CANDIDATES: WorkUnit = WorkUnit {
    name: "candidate images",
    default_limit: 1_000_000_000,
};

/// The candidates the search tries between two charges to its meter.
const CHARGE_STEP: u64 = 1 << 12;

/// The automorphism group of a graph with at most 64 vertices, found by backtracking.
///
/// The vertices are first coloured by colour refinement: start from the degrees, then give
/// each vertex the pair (its colour, the sorted colours of its neighbours) renumbered, until
/// the number of colours stops growing; automorphisms preserve these colours. The vertices
/// are then put in breadth-first order v₀, v₁, …, and for each level i, from the last to the
/// first, the search looks for automorphisms fixing v₀..vᵢ₋₁ and sending vᵢ to each vertex of
/// its colour not yet known to lie in vᵢ's orbit (assigning images in breadth-first order,
/// each image of vᵢ's colour, unused, and adjacent to exactly the images of the assigned
/// neighbours). The automorphisms found generate the group, and by orbit–stabiliser its
/// order is the product over the levels of the size of vᵢ's orbit under the automorphisms
/// fixing v₀..vᵢ₋₁, so the order is exact without listing the group.
///
/// # Complexity
/// At most n² searches for n vertices; each extends a partial map vertex by vertex at O(n)
/// per candidate, in the worst case exponentially often (graphs that colour refinement
/// cannot split and that have few automorphisms), in practice O(n²) on the named families.
/// So the search runs under a budget: it charges every candidate it tries
/// ([`SYMMETRY_CANDIDATES`]) and gives up past the limit with the figures.
///
/// ```
/// use unhop::boards::Automorphisms;
/// // The Petersen graph: outer 5-cycle 0..4, spokes, inner pentagram 5..9.
/// let mut edges = Vec::new();
/// for i in 0..5u8 {
///     edges.extend([(i, (i + 1) % 5), (i, i + 5), (i + 5, (i + 2) % 5 + 5)]);
/// }
/// let budget = unhop::budget::Budget::default();
/// let group = Automorphisms::of_graph(10, &edges, &budget).unwrap();
/// assert_eq!(group.order().to_string(), "120");
/// assert_eq!(group.subgroup(128).len(), 120);
/// assert_eq!(group.hole_orbits(), vec![0; 10]); // vertex-transitive
/// ```
#[derive(Clone, Debug)]
pub struct Automorphisms {
    holes: usize,
    /// Generators of the group; those fixing more base points come first.
    generators: Vec<Vec<u8>>,
    order: BigUint,
}

impl Automorphisms {
    /// The automorphism group of the graph on `holes` vertices (at most 64) with these edges,
    /// found under `budget` (its work in [`SYMMETRY_CANDIDATES`]).
    ///
    /// # Complexity
    /// See the type: at most n² backtracking searches for n vertices, in practice O(n²) candidates on
    /// the named families; O(n²) bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Automorphisms;
    /// let budget = unhop::budget::Budget::default();
    /// // The cycle on 5 vertices: 5 rotations and 5 reflections.
    /// let cycle: Vec<(u8, u8)> = (0..5u8).map(|i| (i, (i + 1) % 5)).collect();
    /// assert_eq!(Automorphisms::of_graph(5, &cycle, &budget).unwrap().order().to_string(), "10");
    /// ```
    pub fn of_graph(
        holes: usize,
        edges: &[(u8, u8)],
        budget: &Budget,
    ) -> Result<Automorphisms, Error> {
        let meter = budget.meter(
            format!("the symmetry search of a graph of {holes} vertices"),
            SYMMETRY_CANDIDATES,
        );
        // The graph's masks and colours, and the signatures of a round of colour refinement
        // (a colour and the colours around, for every vertex, twice): O(n²) bytes.
        let n = holes as u64;
        meter.hold(n * (n * 8 + 64) * 3)?;
        let graph = Graph::new(holes, edges);
        let mut search = Candidates {
            meter: &meter,
            unpaid: 0,
        };
        let mut generators: Vec<Vec<u8>> = Vec::new();
        let mut order = BigUint::from(1u8);
        for level in (0..holes).rev() {
            let base = graph.order[level];
            let fixed = graph.order[..level]
                .iter()
                .fold(0u64, |mask, &v| mask | 1 << v);
            let mut orbit = 1u64 << base;
            for target in bits(graph.colour_class(base) & !fixed) {
                if orbit >> target & 1 == 0
                    && let Some(automorphism) = graph.find(level, target, &mut search)?
                {
                    // The generators, at most n² of n bytes, and their room in a vector.
                    meter.hold(2 * (n + 24))?;
                    generators.push(automorphism);
                    orbit = orbit_of(base, &generators);
                }
            }
            order *= orbit.count_ones();
        }
        meter.charge(search.unpaid)?;
        Ok(Automorphisms {
            holes,
            generators,
            order,
        })
    }

    /// A group given by all its elements (the symmetries of a grid board).
    pub(crate) fn from_elements(holes: usize, elements: &[Vec<u8>]) -> Automorphisms {
        Automorphisms {
            holes,
            generators: elements.to_vec(),
            order: BigUint::from(elements.len()),
        }
    }

    /// The exact order of the group.
    pub fn order(&self) -> &BigUint {
        &self.order
    }

    /// Permutations that generate the group: generator `g` sends hole `i` to `g[i]`.
    pub fn generators(&self) -> &[Vec<u8>] {
        &self.generators
    }

    /// For each hole the least hole of its orbit under the group. O(n · generators).
    ///
    /// # Complexity
    /// O(n · k) for n holes and k generators.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let path = Board::named("path:4").unwrap();
    /// // The reflection swaps the ends and the middle vertices.
    /// assert_eq!(path.automorphisms().hole_orbits(), [0, 1, 1, 0]);
    /// ```
    pub fn hole_orbits(&self) -> Vec<usize> {
        (0..self.holes)
            .map(|h| orbit_of(h, &self.generators).trailing_zeros() as usize)
            .collect()
    }

    /// The whole group when its order is at most `cap`, else a subgroup of order at most
    /// `cap`: the group generated by the generators taken in order (those fixing the most
    /// base points first) until the next one would make it larger than `cap`. It contains
    /// the pointwise stabiliser of v₀..vᵢ₋₁ for the least i where that is at most `cap`. The
    /// elements are listed with the identity first; the list is closed under composition.
    ///
    /// Costs O(c · k · n) for a group of c ≤ `cap` elements and k generators taken.
    ///
    /// # Complexity
    /// O(c · k · n) for a group of c ≤ `cap` elements, k generators taken and n holes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::Board;
    /// let k6 = Board::named("complete:6").unwrap();
    /// let all = k6.automorphisms().subgroup(720);
    /// let some = k6.automorphisms().subgroup(128);
    /// assert_eq!(all.len(), 720);
    /// assert!(some.len() <= 128 && 720 % some.len() == 0);
    /// ```
    pub fn subgroup(&self, cap: usize) -> Vec<Vec<u8>> {
        let identity: Vec<u8> = (0..self.holes as u8).collect();
        let mut elements = vec![identity];
        let mut taken: Vec<Vec<u8>> = Vec::new();
        for generator in &self.generators {
            if elements.contains(generator) {
                continue;
            }
            taken.push(generator.clone());
            match closure(&taken, cap) {
                Some(group) => elements = group,
                None => break,
            }
        }
        elements
    }
}

/// The group generated by `generators`, identity first, or `None` once it has more than
/// `cap` elements.
fn closure(generators: &[Vec<u8>], cap: usize) -> Option<Vec<Vec<u8>>> {
    let identity: Vec<u8> = (0..generators[0].len() as u8).collect();
    let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
    seen.insert(identity.clone());
    let mut elements = vec![identity];
    let mut next = 0;
    while next < elements.len() {
        for generator in generators {
            let product: Vec<u8> = elements[next]
                .iter()
                .map(|&i| generator[i as usize])
                .collect();
            if seen.insert(product.clone()) {
                if elements.len() == cap {
                    return None;
                }
                elements.push(product);
            }
        }
        next += 1;
    }
    Some(elements)
}

/// The orbit of `vertex` under the group generated by `generators`, as a bit mask.
fn orbit_of(vertex: usize, generators: &[Vec<u8>]) -> u64 {
    let mut orbit: u64 = 1 << vertex;
    let mut queue = vec![vertex];
    while let Some(v) = queue.pop() {
        for generator in generators {
            let image = generator[v] as usize;
            if orbit >> image & 1 == 0 {
                orbit |= 1 << image;
                queue.push(image);
            }
        }
    }
    orbit
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mask: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| mask >> i & 1 == 1)
}

/// A graph as adjacency masks, with its refined colours and the breadth-first order in
/// which the search assigns images.
struct Graph {
    adjacent: Vec<Position>,
    colours: Vec<usize>,
    order: Vec<usize>,
}

impl Graph {
    fn new(holes: usize, edges: &[(u8, u8)]) -> Graph {
        let mut adjacent = vec![0u64; holes];
        for &(a, b) in edges {
            adjacent[a as usize] |= 1 << b;
            adjacent[b as usize] |= 1 << a;
        }
        let colours = refined_colours(&adjacent);
        let mut order = Vec::with_capacity(holes);
        let mut seen = 0u64;
        for root in 0..holes {
            if seen >> root & 1 == 1 {
                continue;
            }
            seen |= 1 << root;
            let first = order.len();
            order.push(root);
            let mut next = first;
            while next < order.len() {
                for w in bits(adjacent[order[next]] & !seen) {
                    seen |= 1 << w;
                    order.push(w);
                }
                next += 1;
            }
        }
        Graph {
            adjacent,
            colours,
            order,
        }
    }

    /// The vertices with the colour of `v`.
    fn colour_class(&self, v: usize) -> u64 {
        (0..self.colours.len())
            .filter(|&w| self.colours[w] == self.colours[v])
            .fold(0, |mask, w| mask | 1 << w)
    }

    /// An automorphism fixing the first `level` vertices of the order and sending the next
    /// one to `target`, if there is one; every candidate tried is counted in `search`.
    fn find(
        &self,
        level: usize,
        target: usize,
        search: &mut Candidates,
    ) -> Result<Option<Vec<u8>>, Error> {
        let mut map = vec![u8::MAX; self.order.len()];
        let mut used = 0u64;
        for &v in &self.order[..level] {
            map[v] = v as u8;
            used |= 1 << v;
        }
        let found = self.extend(level, 1 << target, &mut map, &mut used, search)?;
        Ok(found.then_some(map))
    }

    /// Extends the partial map on the first `depth` vertices of the order to a whole
    /// automorphism, the next vertex going to one of `candidates`.
    fn extend(
        &self,
        depth: usize,
        candidates: u64,
        map: &mut [u8],
        used: &mut u64,
        search: &mut Candidates,
    ) -> Result<bool, Error> {
        let Some(&u) = self.order.get(depth) else {
            return Ok(true);
        };
        let assigned = self.order[..depth]
            .iter()
            .fold(0u64, |mask, &v| mask | 1 << v);
        let neighbour_images =
            bits(self.adjacent[u] & assigned).fold(0u64, |mask, w| mask | 1 << map[w]);
        for v in bits(candidates & !*used & self.colour_class(u)) {
            search.tried()?;
            if self.adjacent[v] & *used != neighbour_images {
                continue;
            }
            map[u] = v as u8;
            *used |= 1 << v;
            if self.extend(depth + 1, u64::MAX, map, used, search)? {
                return Ok(true);
            }
            *used &= !(1 << v);
            map[u] = u8::MAX;
        }
        Ok(false)
    }
}

/// The candidates the search has tried, charged to its meter every [`CHARGE_STEP`].
struct Candidates<'a> {
    meter: &'a Meter,
    unpaid: u64,
}

impl Candidates<'_> {
    /// One more candidate tried.
    fn tried(&mut self) -> Result<(), Error> {
        self.unpaid += 1;
        if self.unpaid == CHARGE_STEP {
            self.meter.charge(std::mem::take(&mut self.unpaid))?;
        }
        Ok(())
    }
}

/// Colour refinement from the degrees: each round gives every vertex the rank of (its colour,
/// the sorted colours of its neighbours), until the number of colours stops growing. The
/// colours depend only on the graph's shape, so every automorphism preserves them.
fn refined_colours(adjacent: &[u64]) -> Vec<usize> {
    let mut colours: Vec<usize> = adjacent.iter().map(|a| a.count_ones() as usize).collect();
    let mut count = 0;
    loop {
        let signatures: Vec<(usize, Vec<usize>)> = adjacent
            .iter()
            .zip(&colours)
            .map(|(&a, &c)| {
                let mut around: Vec<usize> = bits(a).map(|w| colours[w]).collect();
                around.sort_unstable();
                (c, around)
            })
            .collect();
        let ranks: BTreeMap<&(usize, Vec<usize>), usize> = signatures
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .enumerate()
            .map(|(rank, s)| (s, rank))
            .collect();
        let refined: Vec<usize> = signatures.iter().map(|s| ranks[s]).collect();
        if ranks.len() == count {
            return refined;
        }
        count = ranks.len();
        colours = refined;
    }
}
