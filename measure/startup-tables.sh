#!/usr/bin/env bash
# Shows that a process using wingtip's tables pays no start-up cost.
#
# Builds three tiny programs in a scratch crate (outside the repo) and times each
# whole process with hyperfine (median of many runs):
#   hello   : prints one line (the floor: process start and exit)
#   static  : one rook + bishop lookup through wingtip's static tables, then prints
#   lazy    : the same lookup through a compact table built at start-up behind
#             once_cell::sync::Lazy (what an engine with an init() pays)
# Usage: measure/startup-tables.sh [runs]   (needs hyperfine: apt-get install hyperfine)
set -euo pipefail
runs=${1:-300}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/bin"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "startup-probe"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
wingtip = { path = "$repo/wingtip", default-features = false }
once_cell = "1"
[profile.release]
panic = "abort"
[workspace]
TOML
cat > "$work/src/bin/hello.rs" <<'RS'
fn main() { println!("{}", std::env::args().count()); }
RS
cat > "$work/src/bin/static.rs" <<'RS'
use wingtip::{attacks, Bitboard, Square};
fn main() {
    let occ = Bitboard(std::env::args().count() as u64 * 0x0010_2000_4400_8100);
    println!("{}", (attacks::rook_attacks(Square::E4, occ) | attacks::bishop_attacks(Square::E4, occ)).0);
}
RS
cat > "$work/src/bin/lazy.rs" <<'RS'
use once_cell::sync::Lazy;
use wingtip::attacks::classical;
use wingtip::tables::{MagicEntry, BISHOP_MAGICS, ROOK_MAGICS, SLIDER_ATTACKS_LEN};
use wingtip::{Bitboard, Square};
static TABLE: Lazy<Vec<u64>> = Lazy::new(|| {
    let mut t = vec![0u64; SLIDER_ATTACKS_LEN];
    for (entries, rook) in [(&ROOK_MAGICS, true), (&BISHOP_MAGICS, false)] {
        for (sq, e) in Square::ALL.into_iter().zip(entries.iter()) {
            let mut o = 0u64;
            loop {
                let a = if rook { classical::rook_attacks(sq, Bitboard(o)) } else { classical::bishop_attacks(sq, Bitboard(o)) };
                t[e.offset as usize + (o.wrapping_mul(e.magic) >> e.shift) as usize] = a.0;
                o = o.wrapping_sub(e.mask) & e.mask;
                if o == 0 { break; }
            }
        }
    }
    t
});
fn look(e: &MagicEntry, occ: u64) -> u64 { TABLE[e.offset as usize + ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize] }
fn main() {
    let occ = std::env::args().count() as u64 * 0x0010_2000_4400_8100;
    let sq = Square::E4.index();
    println!("{}", look(&ROOK_MAGICS[sq], occ) | look(&BISHOP_MAGICS[sq], occ));
}
RS
(cd "$work" && cargo build --release --quiet 2>&1)
bin="$work/target/release"
[ "$("$bin/static")" = "$("$bin/lazy")" ] || { echo "static and lazy lookups disagree" >&2; exit 1; }
hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/h.json" \
  -n hello "$bin/hello" -n static "$bin/static" -n lazy "$bin/lazy" >/dev/null 2>&1
python3 - "$work/h.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
base = r["hello"]["median"]
print(f"{'program':<8} {'median':>10} {'vs hello':>9}")
for name in ["hello", "static", "lazy"]:
    m = r[name]["median"]
    print(f"{name:<8} {m*1e3:>8.3f} ms {m/base:>8.2f}x")
PY
