//! The automata engines' estimates ([`unhop::automata::Cost`], [`Dfa::count_cost`]) held
//! against what they spend: every meter's charged work is at most its estimate's, and the
//! most bytes allocated at once at most the estimates' bytes — on every DFA of up to 3 states
//! over 2 letters, and on random larger ones, for minimisation (both methods), products
//! (of two and of many), equivalence, reading tables, expressions, counts (both methods, up
//! to lengths whose counts take FFT products, their decimal digits included), generating
//! functions and learning.

use crate::counting::{alone, each_case, measure};
use proptest::prelude::*;
use unhop::automata::{Alphabet, Dfa, Edges, NamedDfa, decimal, learn};
use unhop::budget::Budget;

/// Runs `work` under a budget without work limits and checks every account it leaves: the
/// work charged within the estimate, and the bytes allocated at once within the sum of the
/// estimates' bytes (the steps of one operation run one after another and keep their
/// results). Returns the result and the share of the estimated bytes used, for reports.
fn within<T>(what: &str, work: impl FnOnce(&Budget) -> T) -> (T, f64) {
    // The process's thread pool, made once by the first parallel step of any computation,
    // is not the computation's.
    rayon::broadcast(|_| ());
    let budget = Budget::unlimited();
    let (result, peak) = measure(|| work(&budget));
    let accounts = budget.accounts();
    assert!(!accounts.is_empty(), "{what}: no meter was admitted");
    let mut bytes = 0u128;
    for account in &accounts {
        let (estimated_work, estimated_bytes) = account
            .estimate
            .unwrap_or_else(|| panic!("{what}: {} had no estimate", account.what));
        assert!(
            u128::from(account.work) <= estimated_work,
            "{what}: {} charged {} {} against an estimate of {estimated_work}",
            account.what,
            account.work,
            account.unit
        );
        bytes += estimated_bytes;
    }
    assert!(
        u128::from(peak) <= bytes,
        "{what}: allocated {peak} bytes at once against an estimate of {bytes}"
    );
    (result, peak as f64 / bytes as f64)
}

/// `build`'s result, built while no measurement runs: the counting allocator is the process's,
/// so a large input built beside another test's measurement would be counted in it.
fn quietly<T>(build: impl FnOnce() -> T) -> T {
    measure(build).0
}

/// A DFA from a seed: `states` states over `alphabet` letters, letter 0 around a cycle
/// through every state (so all are reachable and the refinement splits slowly), the others
/// anywhere, and random accepting states.
fn seeded(states: usize, alphabet: usize, seed: &[u32]) -> Dfa {
    let next = (0..states * alphabet)
        .map(|i| {
            let (s, l) = (i / alphabet, i % alphabet);
            if l == 0 {
                ((s + 1) % states) as u32
            } else {
                seed[i % seed.len()].wrapping_mul(i as u32 + 7) % states as u32
            }
        })
        .collect();
    let accepting = (0..states)
        .map(|s| seed[(s * 3 + 1) % seed.len()] % 3 == 0)
        .collect();
    Dfa::new(alphabet, next, accepting, 0).unwrap()
}

/// The cycle of `n` states over one letter with state 0 accepting: the words of (a^n)*.
fn cycle(n: usize) -> Dfa {
    let next = (1..=n).map(|s| (s % n) as u32).collect();
    Dfa::new(1, next, (0..n).map(|s| s == 0).collect(), 0).unwrap()
}

fn named(dfa: Dfa, names: &[&str]) -> NamedDfa {
    let alphabet = Alphabet::new(&names[..dfa.alphabet()]).unwrap();
    NamedDfa::new(dfa, alphabet).unwrap()
}

#[test]
fn minimisation_and_counts_are_within_their_estimates_on_every_small_dfa() {
    let _turn = alone();
    for (states, alphabet) in [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)] {
        for dfa in Dfa::every(states, alphabet) {
            within("minimising", |b| dfa.minimized(b).unwrap());
            within("Moore", |b| dfa.minimized_by_moore(b).unwrap());
            for len in [0, 1, 5, 40] {
                within("counting", |b| {
                    decimal(&dfa.count_accepted(len, b).unwrap())
                });
                within("stepwise", |b| {
                    decimal(&dfa.count_accepted_stepwise(len, b).unwrap())
                });
            }
            within("generating function", |b| {
                dfa.generating_function(b).unwrap()
            });
        }
    }
}

#[test]
fn products_of_coprime_cycles_are_within_their_estimates() {
    let _turn = alone();
    // Every pair of states is reached: the products are as large as estimated.
    let cycles: Vec<NamedDfa> = [2, 3, 5, 7, 11, 13]
        .iter()
        .map(|&n| named(cycle(n), &["a"]))
        .collect();
    let (all, _) = within("six cycles", |b| {
        NamedDfa::product_of(&cycles, |x, y| x && y, b).unwrap()
    });
    assert_eq!(all.dfa().states(), 30030);
    let long = quietly(|| cycle(30030));
    within("minimising the long cycle", |b| long.minimized(b).unwrap());
    let (a, b) = (cycle(101), cycle(103));
    within("two cycles", |budget| a.intersection(&b, budget).unwrap());
    within("comparing", |budget| {
        a.shortest_difference(&b, budget).unwrap()
    });
}

#[test]
fn large_counts_are_within_their_estimates() {
    let _turn = alone();
    // (a|b)*: one state, the count 2^n, squarings into the FFT's range; a 6-state DFA whose
    // counts grow like 2^n, by the recurrence of order 6 and step by step.
    let all = Dfa::new(2, vec![0, 0], vec![true], 0).unwrap();
    for len in [1_000, 100_000, 3_000_000, 20_000_000] {
        let (_, share) = within("2^n", |b| decimal(&all.count_accepted(len, b).unwrap()));
        eprintln!("(a|b)* at {len}: {share:.3} of the estimated bytes");
    }
    let six = seeded(6, 2, &[5, 17, 2, 9, 31, 4]);
    for len in [1_000, 100_000, 1_000_000] {
        let (_, share) = within("six states", |b| {
            decimal(&six.count_accepted(len, b).unwrap())
        });
        eprintln!("6 states at {len}: {share:.3} of the estimated bytes");
    }
    // Six states, both letters permuting them, all accepting: 2^n words counted through a
    // recurrence of order 6 whose coefficients are as large as the count allows.
    let permutations = Dfa::new(
        2,
        (0..6).flat_map(|s| [(s + 1) % 6, 5 - s]).collect(),
        vec![true; 6],
        0,
    )
    .unwrap();
    for len in [100_000, 3_000_000] {
        let (_, share) = within("six permuted states", |b| {
            decimal(&permutations.count_accepted(len, b).unwrap())
        });
        eprintln!("6 permuted states at {len}: {share:.3} of the estimated bytes");
    }
    within("six states step by step", |b| {
        decimal(&six.count_accepted_stepwise(3_000, b).unwrap())
    });
}

#[test]
fn reading_tables_expressions_and_learning_are_within_their_estimates() {
    let _turn = alone();
    let edges = quietly(|| Edges {
        states: 500,
        alphabet: 3,
        starts: vec![0],
        accepting: (0..500).map(|s| s % 7 == 0).collect(),
        transitions: (0..500u32)
            .flat_map(|s| [(s, Some(0), (s + 1) % 500), (s, Some(2), s / 2)])
            .collect(),
    });
    within("completing a table", |b| edges.to_dfa(b).unwrap());
    for pattern in ["(a|b)*a(a|b){9}", "(ab|c)*d", "[a-z]{3}", "(a{30})*"] {
        within("an expression", |b| {
            NamedDfa::from_regex(pattern, None, b).unwrap()
        });
        within("an expression over 01ab", |b| {
            NamedDfa::from_regex(pattern, Some("01ab"), b).unwrap()
        });
    }
    for (alphabet, len) in [(1, 12), (2, 8), (2, 14), (3, 9)] {
        within("learning", |b| {
            learn(alphabet, len, &mut |w| w.len() % 3 != 1, b)
                .unwrap()
                .dfa
        });
    }
}

/// Random DFAs of up to 2,000 states: minimisation by both methods, the product and
/// equivalence with another, and counts by both methods.
#[test]
fn random_automata_are_within_their_estimates() {
    let drawn = (
        1usize..2000,
        1usize..60,
        1usize..5,
        proptest::collection::vec(any::<u32>(), 1..64),
        0u64..3000,
    );
    each_case(48, drawn, |(states, other, alphabet, seed, len)| {
        let dfa = quietly(|| seeded(states, alphabet, &seed));
        let small = seeded(other, alphabet, &seed[seed.len() / 2..]);
        within("minimising", |b| dfa.minimized(b).unwrap());
        if states <= 300 {
            within("Moore", |b| dfa.minimized_by_moore(b).unwrap());
        }
        within("product", |b| dfa.union(&small, b).unwrap());
        within("comparing", |b| dfa.shortest_difference(&small, b).unwrap());
        let names = ["a", "b", "c", "d"];
        let many = quietly(|| [&small, &dfa, &small].map(|d| named(d.clone(), &names)));
        within("product of three", |b| {
            NamedDfa::product_of(&many, |x, y| x || y, b).unwrap()
        });
        within("counting", |b| {
            decimal(&small.count_accepted(len, b).unwrap())
        });
        within("stepwise", |b| {
            decimal(&small.count_accepted_stepwise(len.min(500), b).unwrap())
        });
        if other <= 24 {
            within("generating function", |b| {
                small.generating_function(b).unwrap()
            });
        }
        Ok(())
    });
}
