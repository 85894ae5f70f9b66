#!/usr/bin/env bash
# Measures wingtip's start-up against a static hello-world binary (built here with
# rustc) and Debian's stockfish, in one run. Prints medians and ratios.
#
# Usage: measure/startup.sh [path/to/wingtip] [runs]
#   (default target/release/wingtip, 300 runs; needs rustc, hyperfine, python3)
#
# 1. exec → reply (the headline): a small Rust harness built here spawns each
#    program with piped stdin/stdout, writes `uci\n` (or `uci\nisready\n`), and
#    stops the clock when the line `uciok` (`readyok`; `hello world` for the hello
#    binary) arrives; then it closes stdin and reaps the process. The programs are
#    run round-robin so machine noise hits all of them alike.
# 2. hyperfine -N: exec → exit with stdin at end of file (no shell; hyperfine 1.15
#    has no --input option and its shell-spawn correction is noisier than these
#    sub-millisecond times), as a cross-check of the process cost alone.
set -euo pipefail

BIN=$(realpath "${1:-target/release/wingtip}")
RUNS=${2:-300}
SF=$(command -v stockfish || echo /usr/games/stockfish)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

printf 'fn main() { println!("hello world"); }\n' > "$WORK/hello.rs"
rustc -O -C target-feature=+crt-static -o "$WORK/hello" "$WORK/hello.rs"

cat > "$WORK/harness.rs" <<'EOF'
// Times exec → a given reply line for several programs, round-robin; prints medians.
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

fn once(cmd: &str, input: &str, reply: &str) -> f64 {
    let t0 = Instant::now();
    let mut child = Command::new(cmd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes()); // the hello world may be gone already
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        if out.read_line(&mut line).expect("read") == 0 {
            panic!("{cmd}: no {reply:?}");
        }
        if line.trim_end() == reply {
            break;
        }
    }
    let ms = t0.elapsed().as_secs_f64() * 1e3;
    drop(stdin);
    child.wait().expect("wait");
    ms
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let runs: usize = args[1].parse().unwrap();
    // Then triples: name, command, input-with-\n, reply.
    let specs: Vec<&[String]> = args[2..].chunks(4).collect();
    let mut times = vec![Vec::new(); specs.len()];
    for round in 0..runs + 10 {
        for (i, s) in specs.iter().enumerate() {
            let ms = once(&s[1], &s[2].replace("\\n", "\n"), &s[3]);
            if round >= 10 {
                times[i].push(ms);
            }
        }
    }
    for (s, t) in specs.iter().zip(times.iter_mut()) {
        t.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("{} {:.4} {:.4} {:.4}", s[0], t[t.len() / 2], t[t.len() / 4], t[3 * t.len() / 4]);
    }
}
EOF
rustc --edition 2021 -O -o "$WORK/harness" "$WORK/harness.rs"

specs=(
  hello-static "$WORK/hello" 'uci\n' 'hello world'
  wingtip-uciok "$BIN" 'uci\n' uciok
  wingtip-readyok "$BIN" 'uci\nisready\n' readyok
)
if [ -x "$SF" ]; then
  specs+=(stockfish-uciok "$SF" 'uci\n' uciok stockfish-readyok "$SF" 'uci\nisready\n' readyok)
fi
echo "exec → reply, $RUNS runs each (median, quartiles):"
"$WORK/harness" "$RUNS" "${specs[@]}" > "$WORK/reply.txt"
python3 - "$WORK/reply.txt" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
med = {name: float(m) for name, m, _, _ in rows}
hello = med["hello-static"]
print(f"  {'program → reply':<20} {'median ms':>10} {'quartiles':>16} {'vs hello':>9} {'vs stockfish':>13}")
for name, m, q1, q3 in rows:
    m = float(m)
    sf = "stockfish-" + name.split("-", 1)[1]
    vs_sf = f"{m / med[sf]:.4f}x" if name.startswith("wingtip") and sf in med else ""
    print(f"  {name:<20} {m:>10.3f} {float(q1):>7.3f}–{float(q3):<7.3f} {m / hello:>8.2f}x {vs_sf:>13}")
EOF

echo
echo "hyperfine -N, exec → exit at end of input:"
hf=(-n hello-static "$WORK/hello" -n wingtip "$BIN")
[ -x "$SF" ] && hf+=(-n stockfish "$SF")
hyperfine -N --style none --warmup 20 --runs "$RUNS" --export-json "$WORK/exit.json" "${hf[@]}" < /dev/null > /dev/null 2>&1
python3 - "$WORK/exit.json" <<'EOF'
import json, statistics, sys
res = json.load(open(sys.argv[1]))["results"]
med = {r["command"]: statistics.median(r["times"]) * 1000 for r in res}
for name, m in med.items():
    print(f"  {name:<20} {m:>10.3f} ms {m / med['hello-static']:>8.2f}x")
EOF
