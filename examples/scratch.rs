use unhop::solitaire::*;
use unhop::Word;
use std::time::Instant;
fn main() {
    let n = 10_000_000usize;
    let mut x: u64 = 0x9E3779B97F4A7C15;
    let text: String = (0..n).map(|_| { x ^= x << 13; x ^= x >> 7; x ^= x << 17; if x & 1 == 1 {'1'} else {'0'} }).collect();
    let t = Instant::now();
    let w = Word::parse(&text).unwrap();
    let tp = t.elapsed();
    let l = Language::of(Board::Infinite);
    let t = Instant::now();
    let c = l.contains(&w);
    let tm = t.elapsed();
    println!("parse {:?} ({:.0} MB/s), member {:?} ({:.0} MB/s) {c}", tp, n as f64/tp.as_secs_f64()/1e6, tm, n as f64/tm.as_secs_f64()/1e6);
    let t = Instant::now();
    let (k, hops) = reduce::reduce_infinite(&w).unwrap();
    let tr = t.elapsed();
    let t = Instant::now();
    let s = solve(&w, Board::Infinite).unwrap();
    let ts = t.elapsed();
    println!("reduce {:?} ({:.1} Mcells/s) k={k} hops={}; solve {:?} ({:.1} Mcells/s)", tr, n as f64/tr.as_secs_f64()/1e6, hops.len(), ts, n as f64/ts.as_secs_f64()/1e6);
    let _ = s; phases(&w);
}
#[allow(dead_code)]
fn phases(w: &Word) {
    let dfa = Language::of(Board::Infinite).minimal_dfa();
    let t = Instant::now(); let done = block_costs::fewest_blocks(w, dfa); let a = t.elapsed();
    let t = Instant::now(); let blocks = reduce::cut_blocks(w, dfa, &done); let b = t.elapsed();
    let t = Instant::now(); let hops = reduce::block_hops(w, &blocks).unwrap(); let c = t.elapsed();
    let t = Instant::now(); let r = replay(w, Board::Infinite, &hops).unwrap(); let d = t.elapsed();
    println!("dp {a:?} cut {b:?} hops {c:?} replay {d:?} {}", r.final_word.pegs());
}
