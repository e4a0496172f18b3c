//! The symmetries of graph boards: the automorphism search against all n! permutations on
//! every small graph of the named families and on random graphs, the known group orders of
//! the families, the capped subgroup the solver uses, the counts up to symmetry against
//! orbits found exhaustively, and the classification by orbits against every vacancy.

use crate::boards::reachable;
use num_bigint::BigUint;
use std::collections::{BTreeMap, BTreeSet};
use unhop::Quiet;
use unhop::boards::{
    Automorphisms, Board, Goal, SYMMETRY_CAP, classify, classify_every_vacancy, exhaustive, sweep,
};
use unhop::budget::Budget;

/// A small deterministic generator (splitmix64) for random graphs.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random graph on `n` vertices with each edge present with probability `percent` / 100.
fn random_graph(random: &mut Random, n: usize, percent: usize) -> Vec<(u8, u8)> {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if random.below(100) < percent {
                edges.push((a as u8, b as u8));
            }
        }
    }
    edges
}

fn edge_set(edges: &[(u8, u8)]) -> BTreeSet<(u8, u8)> {
    edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

fn image_of_edges(perm: &[u8], edges: &BTreeSet<(u8, u8)>) -> BTreeSet<(u8, u8)> {
    let image: Vec<(u8, u8)> = edges
        .iter()
        .map(|&(a, b)| (perm[a as usize], perm[b as usize]))
        .collect();
    edge_set(&image)
}

/// Every permutation of 0..n (Heap's algorithm), n! of them.
fn all_permutations(n: usize) -> Vec<Vec<u8>> {
    fn heap(k: usize, perm: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k <= 1 {
            out.push(perm.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, perm, out);
            let j = if k % 2 == 0 { i } else { 0 };
            if i + 1 < k {
                perm.swap(j, k - 1);
            }
        }
    }
    let mut out = Vec::new();
    heap(n, &mut (0..n as u8).collect(), &mut out);
    out
}

/// The slow twin: every permutation of the vertices that maps the edges onto the edges.
fn exhaustive_automorphisms(n: usize, edges: &[(u8, u8)]) -> BTreeSet<Vec<u8>> {
    let edges = edge_set(edges);
    all_permutations(n)
        .into_iter()
        .filter(|perm| image_of_edges(perm, &edges) == edges)
        .collect()
}

/// The edges of a named graph board.
fn board_edges(name: &str) -> (Board, Vec<(u8, u8)>) {
    let board = Board::named(name).unwrap();
    let edges = board.edges().to_vec();
    (board, edges)
}

/// Every graph of the named families with at most `max` vertices.
fn family_names(max: usize) -> Vec<String> {
    let mut names = Vec::new();
    for n in 1..=max {
        names.push(format!("path:{n}"));
        names.push(format!("complete:{n}"));
        if n >= 3 {
            names.push(format!("cycle:{n}"));
        }
        if n >= 2 {
            names.push(format!("star:{}", n - 1));
        }
        for m in 1..=n / 2 {
            names.push(format!("bipartite:{m},{}", n - m));
        }
    }
    names.extend(
        (1..=3)
            .filter(|d| 1 << d <= max)
            .map(|d| format!("hypercube:{d}")),
    );
    names
}

fn factorial(n: u32) -> BigUint {
    (1..=n).fold(BigUint::from(1u8), |f, k| f * k)
}

#[test]
fn automorphisms_equal_all_adjacency_preserving_permutations_on_small_graphs() {
    // (description, vertices, edges)
    type Graph = (String, usize, Vec<(u8, u8)>);
    let mut graphs: Vec<Graph> = family_names(7)
        .into_iter()
        .map(|name| {
            let (board, edges) = board_edges(&name);
            (name, board.holes(), edges)
        })
        .collect();
    let mut random = Random(6);
    for n in 1..=7 {
        for percent in [15, 30, 50, 70, 90] {
            for _ in 0..6 {
                let edges = random_graph(&mut random, n, percent);
                graphs.push((format!("random {n} {percent}% {edges:?}"), n, edges));
            }
        }
    }
    for (name, n, edges) in graphs {
        let expected = exhaustive_automorphisms(n, &edges);
        let group = Automorphisms::of_graph(n, &edges, &Budget::default()).unwrap();
        assert_eq!(*group.order(), BigUint::from(expected.len()), "{name}");
        let elements = group.subgroup(5040);
        let listed: BTreeSet<Vec<u8>> = elements.iter().cloned().collect();
        assert_eq!(listed.len(), elements.len(), "{name}: repeated elements");
        assert_eq!(listed, expected, "{name}");
        assert_eq!(elements[0], (0..n as u8).collect::<Vec<u8>>(), "{name}");
        let orbits: Vec<usize> = (0..n)
            .map(|h| expected.iter().map(|perm| perm[h] as usize).min().unwrap())
            .collect();
        assert_eq!(group.hole_orbits(), orbits, "{name}");
    }
}

#[test]
fn group_orders_of_the_named_families_are_the_known_ones() {
    let mut expected: Vec<(String, BigUint)> = vec![("petersen".into(), BigUint::from(120u8))];
    for n in [3u32, 4, 9, 20, 64] {
        expected.push((format!("path:{n}"), BigUint::from(2u8)));
        expected.push((format!("cycle:{n}"), BigUint::from(2 * n)));
        expected.push((format!("complete:{n}"), factorial(n)));
    }
    for n in [2u32, 5, 12, 63] {
        expected.push((format!("star:{n}"), factorial(n)));
    }
    for (m, n) in [(2u32, 3u32), (3, 3), (4, 7), (10, 10), (20, 44)] {
        let swap = if m == n { 2u8 } else { 1 };
        expected.push((
            format!("bipartite:{m},{n}"),
            factorial(m) * factorial(n) * swap,
        ));
    }
    for d in 1..=6u32 {
        expected.push((
            format!("hypercube:{d}"),
            BigUint::from(1u32 << d) * factorial(d),
        ));
    }
    for (name, order) in expected {
        let board = Board::named(&name).unwrap();
        assert_eq!(*board.automorphisms().order(), order, "{name}");
        let used = board.symmetries().order();
        if order <= BigUint::from(SYMMETRY_CAP) {
            assert_eq!(
                BigUint::from(used),
                order,
                "{name}: a small group is used whole"
            );
        } else {
            assert!(used <= SYMMETRY_CAP, "{name}");
            // Lagrange: the group used is a subgroup.
            assert_eq!(&order % used, BigUint::from(0u8), "{name}");
        }
    }
    // Relabelling a graph does not change its group's order.
    let mut random = Random(64);
    for _ in 0..20 {
        let n = 20 + random.below(45);
        let percent = 5 + random.below(20);
        let edges = random_graph(&mut random, n, percent);
        let mut relabel: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            relabel.swap(i, random.below(i + 1));
        }
        let moved: Vec<(u8, u8)> = edges
            .iter()
            .map(|&(a, b)| (relabel[a as usize], relabel[b as usize]))
            .collect();
        let group = Automorphisms::of_graph(n, &edges, &Budget::default()).unwrap();
        let moved_group = Automorphisms::of_graph(n, &moved, &Budget::default()).unwrap();
        assert_eq!(group.order(), moved_group.order(), "{edges:?}");
        let edges = edge_set(&edges);
        for generator in group.generators() {
            assert_eq!(image_of_edges(generator, &edges), edges);
        }
    }
}

#[test]
fn the_symmetries_used_are_a_group_of_automorphisms_mapping_jumps_onto_jumps() {
    for name in [
        "path:6",
        "cycle:9",
        "star:4",
        "star:7",
        "complete:6",
        "complete:8",
        "bipartite:4,4",
        "bipartite:2,5",
        "hypercube:4",
        "hypercube:5",
        "hypercube:6",
        "petersen",
        "edges:a-b,b-c,c-a,c-d,d-e",
    ] {
        let (board, edges) = board_edges(name);
        let edges = edge_set(&edges);
        let jumps: BTreeSet<(u8, u8, u8)> = board
            .jumps()
            .iter()
            .map(|j| (j.from, j.over, j.to))
            .collect();
        let group = board.symmetries();
        let elements: BTreeSet<Vec<u8>> = group.permutations().iter().cloned().collect();
        assert_eq!(elements.len(), group.order(), "{name}");
        assert_eq!(
            group.permutations()[0],
            (0..board.holes() as u8).collect::<Vec<_>>()
        );
        for perm in group.permutations() {
            assert_eq!(image_of_edges(perm, &edges), edges, "{name}");
            let image: BTreeSet<(u8, u8, u8)> = jumps
                .iter()
                .map(|&(a, b, c)| (perm[a as usize], perm[b as usize], perm[c as usize]))
                .collect();
            assert_eq!(image, jumps, "{name}");
        }
        // Closed under composition (enough for a finite set of permutations to be a group).
        for a in group.permutations() {
            for b in group.permutations().iter().step_by(7) {
                let product: Vec<u8> = b.iter().map(|&i| a[i as usize]).collect();
                assert!(elements.contains(&product), "{name}");
            }
        }
        // The byte tables agree with the permutations.
        for (g, perm) in group.permutations().iter().enumerate().step_by(5) {
            for seed in 0..20u64 {
                let p = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) & board.full();
                assert_eq!(group.apply(g, p), exhaustive::permute(perm, p), "{name}");
            }
        }
    }
}

/// Per number of pegs: the positions reachable from `start`, and their orbits
/// under those of `group` that fix `start`, exhaustively (least image hole by hole).
fn exhaustive_orbits(board: &Board, start: u64, group: &[Vec<u8>]) -> BTreeMap<u32, (u64, usize)> {
    let fixing_start: Vec<&Vec<u8>> = group
        .iter()
        .filter(|p| exhaustive::permute(p, start) == start)
        .collect();
    let mut levels: BTreeMap<u32, (u64, BTreeSet<u64>)> = BTreeMap::new();
    for p in reachable(board, start) {
        let least = fixing_start
            .iter()
            .map(|perm| exhaustive::permute(perm, p))
            .min()
            .unwrap();
        let entry = levels.entry(p.count_ones()).or_default();
        entry.0 += 1;
        entry.1.insert(least);
    }
    levels
        .into_iter()
        .map(|(pegs, (raw, classes))| (pegs, (raw, classes.len())))
        .collect()
}

#[test]
fn counts_up_to_symmetry_are_the_orbits_found_exhaustively() {
    for name in family_names(7).into_iter().chain([
        "petersen".to_string(),
        "edges:1-2,2-3,3-1,3-4,4-5,5-6,6-4".into(),
    ]) {
        let (board, edges) = board_edges(&name);
        let automorphisms: Vec<Vec<u8>> = if board.holes() <= 7 {
            exhaustive_automorphisms(board.holes(), &edges)
                .into_iter()
                .collect()
        } else {
            // The Petersen graph (10 vertices): its 120 automorphisms are checked against
            // exhaustive search on smaller graphs; here only that they preserve the edges.
            board.automorphisms().subgroup(5040)
        };
        let edge_set = edge_set(&edges);
        assert!(
            automorphisms
                .iter()
                .all(|p| image_of_edges(p, &edge_set) == edge_set)
        );
        let used = board.symmetries().permutations();
        let capped = used.len() < automorphisms.len();
        for vacancy in 0..board.holes() {
            let start = board.full() & !(1 << vacancy);
            let result = sweep(&board, start, Goal::OnePeg, &Budget::default(), &Quiet).unwrap();
            let whole = exhaustive_orbits(&board, start, &automorphisms);
            let by_used = exhaustive_orbits(&board, start, used);
            let pegs: BTreeSet<u32> = result.levels.iter().map(|l| l.pegs).collect();
            assert!(
                whole.keys().all(|k| pegs.contains(k)),
                "{name} vacancy {vacancy}"
            );
            for level in &result.levels {
                let what = format!("{name} vacancy {vacancy}, {} pegs", level.pegs);
                let (raw, classes) = whole.get(&level.pegs).copied().unwrap_or((0, 0));
                assert_eq!(level.raw, raw, "{what}");
                // Orbits of the group used; of the whole group when it is not capped.
                assert_eq!(
                    level.up_to_symmetry as usize,
                    by_used.get(&level.pegs).map_or(0, |l| l.1),
                    "{what}"
                );
                if capped {
                    assert!(level.up_to_symmetry as usize >= classes, "{what}");
                } else {
                    assert_eq!(level.up_to_symmetry as usize, classes, "{what}");
                }
            }
        }
    }
}

#[test]
fn classification_by_orbits_agrees_with_every_vacancy() {
    for name in family_names(9)
        .into_iter()
        .chain(["petersen".to_string(), "hypercube:4".into()])
    {
        let board = Board::named(&name).unwrap();
        let budget = Budget::default();
        let by_orbits = classify(&board, 1_000_000, &budget).unwrap();
        let every = classify_every_vacancy(&board, 1_000_000, &budget).unwrap();
        assert_eq!(by_orbits, every, "{name}");
        assert!(every.undecided.is_empty(), "{name}");
    }
}

/// The symmetry search runs under the caller's budget: it charges every candidate image it
/// tries, finishes within exactly that many and gives up with the figures below it, also on
/// the command line.
#[test]
fn the_symmetry_search_stops_at_its_work_limit() {
    for name in ["petersen", "hypercube:6", "bipartite:20,44", "complete:64"] {
        let budget = Budget::unlimited();
        let board = Board::named_within(name, &budget).unwrap();
        let tried = budget.accounts()[0].work;
        assert!(tried > 0, "{name}");
        let exact = Budget::default().with_max_work(tried);
        let again = Board::named_within(name, &exact).unwrap();
        assert_eq!(again.automorphisms().order(), board.automorphisms().order());
        let less = Budget::default().with_max_work(tried - 1);
        let err = Board::named_within(name, &less).unwrap_err();
        assert_eq!(err.kind(), unhop::ErrorKind::GaveUp, "{name}");
        let figures = err.figures().unwrap();
        assert_eq!(
            (figures.limit, figures.unit.as_str()),
            (u128::from(tried - 1), "candidate images")
        );
    }
    let out = crate::common::unhop(
        &["board", "show", "--board", "petersen", "--max-work", "10"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8(out.stderr).unwrap();
    assert!(
        message.contains("past its limit of 10 candidate images"),
        "{message}"
    );
}
