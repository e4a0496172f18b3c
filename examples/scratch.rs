use unhop::solitaire::*;
use unhop::Word;
fn main() {
    for b in Board::ALL {
        let l = Language::of(b);
        println!("{b}: dfa {} min {} nfa {} (trans {})", l.dfa().states(), l.minimal_dfa().states(), l.nfa().states(), l.nfa().transitions());
        println!("{:?}", (1..=20).map(|n| l.count(n).to_string()).collect::<Vec<_>>());
    }
    let mut bad = 0;
    for len in 1..=14usize {
        for bits in 0..1u128<<len {
            let w = Word::from_bits(bits, len);
            let fast = solve(&w, Board::Infinite);
            let ex = exhaustive::search(&w, Board::Infinite).unwrap().min_pegs;
            match fast { Ok(s) if s.min_pegs == ex => {}, other => { bad += 1; if bad < 10 { println!("{w}: {:?} vs {ex}", other.map(|s| s.min_pegs)); } } }
        }
    }
    println!("bad {bad}");
}
