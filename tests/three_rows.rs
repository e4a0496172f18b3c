//! Peg solitaire on three rows: the bitmap sweep against the plain search, replayed
//! solutions, symmetries, saved bitmaps and the class counts against the automata toolkit.

use unhop::automata::{Answers, learn, nerode_classes};
use unhop::budget::Budget;
use unhop::solitaire::Board;
use unhop::solitaire::three_rows::{
    Exhaustive, Grid, Hop, Languages, OnePegSet, class_count, exhaustive_count, learn_from,
    relation, replay, store,
};
use unhop::{Method, Quiet};

fn sets_up_to(n: usize) -> Vec<OnePegSet> {
    (0..=n)
        .map(|n| OnePegSet::compute(n, &Budget::default(), &Quiet).unwrap())
        .collect()
}

#[test]
fn fast_counts_equal_the_plain_search_up_to_six_columns() {
    for n in 0..=6 {
        let fast = unhop::solitaire::three_rows::count_with(
            n,
            Board::Finite,
            Method::Fast,
            &Budget::default(),
            &Quiet,
        )
        .unwrap();
        assert_eq!(
            fast,
            exhaustive_count(n, Board::Finite, &Budget::default()).unwrap(),
            "n = {n}"
        );
    }
}

#[test]
fn membership_agrees_with_the_plain_search_grid_by_grid() {
    for n in 0..=5 {
        let set = OnePegSet::compute(n, &Budget::default(), &Quiet).unwrap();
        let mut search = Exhaustive::new(Board::Finite, n, &Budget::default());
        for index in 0..1u64 << (3 * n) {
            let grid = Grid::from_index(n, index);
            assert_eq!(
                set.contains(&grid),
                search.one_peg(&grid).unwrap(),
                "{grid}"
            );
        }
    }
}

#[test]
fn every_solution_replays_to_one_peg() {
    for n in 1..=4 {
        let set = OnePegSet::compute(n, &Budget::default(), &Quiet).unwrap();
        for board in Board::ALL {
            let mut search = Exhaustive::new(board, n, &Budget::default());
            for index in 0..1u64 << (3 * n) {
                let grid = Grid::from_index(n, index);
                if let Some(hops) = search.solution(&grid).unwrap() {
                    let end = replay(&grid, board, &hops).unwrap();
                    assert_eq!(end.grid.pegs(), 1, "{grid} on the {board} board");
                }
                if board == Board::Finite {
                    match set.solution(&grid) {
                        Some(hops) => {
                            let end = replay(&grid, Board::Finite, &hops).unwrap();
                            assert_eq!((end.offset, end.grid.pegs()), (0, 1), "{grid}");
                        }
                        None => assert!(!set.contains(&grid)),
                    }
                }
            }
        }
    }
}

#[test]
fn the_replay_checker_refuses_illegal_hops() {
    let grid: Grid = "110/000/000".parse().unwrap();
    let right = Hop::Row {
        row: 0,
        from: 0,
        direction: unhop::solitaire::Direction::Right,
    };
    assert!(replay(&grid, Board::Finite, &[right]).is_ok());
    // The same hop twice: the pegs are gone.
    assert!(replay(&grid, Board::Finite, &[right, right]).is_err());
    // A hop over a hole.
    let over_hole = Hop::Column {
        column: 0,
        direction: unhop::solitaire::Direction::Right,
    };
    assert!(replay(&grid, Board::Infinite, &[over_hole]).is_err());
    // Off the finite board, legal on the infinite one.
    let grid: Grid = "11/00/00".parse().unwrap();
    assert!(replay(&grid, Board::Finite, &[right]).is_err());
    assert_eq!(
        replay(&grid, Board::Infinite, &[right]).unwrap().grid.len(),
        3
    );
}

#[test]
fn the_infinite_board_solves_at_least_the_finite_ones() {
    for n in 0..=4 {
        let mut finite = Exhaustive::new(Board::Finite, n, &Budget::default());
        let mut infinite = Exhaustive::new(Board::Infinite, n, &Budget::default());
        let mut more = 0;
        for index in 0..1u64 << (3 * n) {
            let grid = Grid::from_index(n, index);
            let (f, i) = (
                finite.one_peg(&grid).unwrap(),
                infinite.one_peg(&grid).unwrap(),
            );
            assert!(!f || i, "{grid} solved on the finite board only");
            more += u32::from(i && !f);
        }
        if n >= 2 {
            // 11/00/00 leaves the board on the infinite one only.
            assert!(more > 0, "n = {n}");
        }
    }
}

#[test]
fn mirror_and_flip_keep_the_set() {
    for set in sets_up_to(8) {
        let n = set.n();
        for index in 0..1u64 << (3 * n) {
            let grid = Grid::from_index(n, index);
            let member = set.contains_index(index);
            assert_eq!(member, set.contains(&grid.mirrored()), "{grid}");
            assert_eq!(member, set.contains(&grid.flipped()), "{grid}");
        }
    }
}

#[test]
fn the_sweep_is_closed_under_hops() {
    for set in sets_up_to(7) {
        assert_eq!(set.check_closed(), None, "n = {}", set.n());
    }
    // A set with one grid taken out is caught.
    let set = OnePegSet::compute(3, &Budget::default(), &Quiet).unwrap();
    let mut words = set.words().to_vec();
    let victim = "110/000/000".parse::<Grid>().unwrap().index();
    words[(victim >> 6) as usize] &= !(1 << (victim & 63));
    let broken = OnePegSet::from_words(3, words).unwrap();
    assert!(broken.check_closed().is_some());
}

#[test]
fn saved_bitmaps_come_back_and_damage_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    for set in sets_up_to(5) {
        let path = store::path_in(folder.path(), set.n());
        store::save(&set, &path).unwrap();
        assert_eq!(store::load(&path, &Budget::default()).unwrap(), set);
    }
    assert_eq!(
        store::load_up_to(folder.path(), 5, &Budget::default()).unwrap(),
        sets_up_to(5)
    );
    let path = store::path_in(folder.path(), 5);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let err = store::load(&path, &Budget::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("checksum"), "{err}");
    bytes.pop();
    std::fs::write(&path, &bytes).unwrap();
    let err = store::load(&path, &Budget::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("bytes"), "{err}");
    std::fs::write(&path, b"not a bitmap at all, but long enough").unwrap();
    assert!(store::load(&path, &Budget::default()).is_err());
    assert!(store::load_up_to(folder.path(), 6, &Budget::default()).is_err());
}

/// The one-peg language's answers, asked word by word of the plain search.
fn plain_answers(max_len: usize) -> Answers {
    let mut searches: Vec<Exhaustive> = (0..=max_len)
        .map(|n| Exhaustive::new(Board::Finite, n, &Budget::default()))
        .collect();
    Answers::ask(8, max_len, &mut |w: &[u8]| {
        searches[w.len()]
            .one_peg(&Grid::from_columns(w.to_vec()).unwrap())
            .unwrap()
    })
}

#[test]
fn class_counts_equal_the_toolkits_on_the_plain_answers() {
    let answers = plain_answers(5);
    let bitmaps = Languages::one_peg(sets_up_to(5)).unwrap();
    for a in 0..=5 {
        for b in 0..=5 - a {
            assert_eq!(
                class_count(&bitmaps, a, b, &Budget::default()).unwrap(),
                nerode_classes(&answers, a, b),
                "a = {a}, b = {b}"
            );
        }
    }
}

#[test]
fn the_learner_agrees_with_the_toolkits_learner() {
    let answers = plain_answers(5);
    let bitmaps = Languages::one_peg(sets_up_to(5)).unwrap();
    for bound in 2..=5 {
        let ours = learn_from(&bitmaps, bound, &Budget::default(), &Quiet);
        let theirs = learn(8, bound, &mut |w| answers.get(w), &Budget::default());
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => {
                assert_eq!(
                    ours.dfa
                        .shortest_difference(&theirs.dfa, &unhop::budget::Budget::default())
                        .unwrap(),
                    None
                )
            }
            (Err(_), Err(_)) => {}
            (ours, theirs) => panic!("bound {bound}: {ours:?} against {theirs:?}"),
        }
    }
}

#[test]
fn the_relation_agrees_with_single_hops_replayed() {
    let r = relation::reachability(3, &Budget::default(), &Quiet).unwrap();
    for n in 0..=3 {
        let grids = 1u64 << (3 * n);
        for w in 0..grids {
            // Everything reachable from w, one replayed hop at a time.
            let mut reached = vec![false; grids as usize];
            let mut stack = vec![Grid::from_index(n, w)];
            reached[w as usize] = true;
            while let Some(g) = stack.pop() {
                for hop in Hop::all_within(n) {
                    if let Ok(next) = replay(&g, Board::Finite, &[hop]) {
                        let i = next.grid.index() as usize;
                        if !reached[i] {
                            reached[i] = true;
                            stack.push(next.grid);
                        }
                    }
                }
            }
            for f in 0..grids {
                let code = relation::pair_code(n, w, f);
                assert_eq!(r.get_code(n, code), reached[f as usize], "{w} → {f}");
            }
        }
    }
}

#[test]
fn relation_class_counts_equal_the_toolkits() {
    let r = relation::reachability(3, &Budget::default(), &Quiet).unwrap();
    let answers = Answers::ask(64, 3, &mut |w: &[u8]| r.get(w));
    for a in 0..=3 {
        for b in 0..=3 - a {
            assert_eq!(
                class_count(&r, a, b, &Budget::default()).unwrap(),
                nerode_classes(&answers, a, b)
            );
        }
    }
}
