//! Times `search_family` per family: `cargo run --release -p wingtip-codegen --example search_timing [seed]`.
use std::time::Instant;
use wingtip_codegen::{search_family, Family};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(wingtip_codegen::search::DEFAULT_SEED);
    let total = Instant::now();
    for family in Family::ALL {
        let t = Instant::now();
        let set = search_family(family, seed);
        std::hint::black_box(set);
        println!("{family:<7} {:>8.1} ms", t.elapsed().as_secs_f64() * 1e3);
    }
    println!("total   {:>8.1} ms", total.elapsed().as_secs_f64() * 1e3);
}
