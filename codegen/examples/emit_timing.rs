//! Times what `build.rs` does: `wingtip_codegen::emit` into a scratch folder.
//!
//! `cargo run -p wingtip-codegen --example emit_timing -- <magics dir> [runs]`: with the
//! committed folder this is the verify-only path; with an empty folder, the search
//! from scratch. Prints the median wall time of the runs. measure/build-times.sh runs
//! it at opt-level 0 (a downstream build script) and 3 (this workspace's profile).
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| "wingtip/magics".into()));
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let out = std::env::temp_dir().join(format!("wingtip-emit-timing-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("scratch dir");
    let target = wingtip_codegen::Target {
        little_endian: cfg!(target_endian = "little"),
        bmi2: false,
    };
    let mut times = Vec::new();
    let mut searched = 0;
    for _ in 0..runs {
        // Start from an empty output folder each time, like a clean build.
        for e in std::fs::read_dir(&out).expect("scratch dir").flatten() {
            let _ = std::fs::remove_file(e.path());
        }
        let t = Instant::now();
        let report = wingtip_codegen::emit(&out, &dir, &target).unwrap_or_else(|e| panic!("{e}"));
        times.push(t.elapsed().as_secs_f64());
        searched = report.searched.iter().map(|(_, s)| s.len()).sum::<usize>();
    }
    let _ = std::fs::remove_dir_all(&out);
    times.sort_by(f64::total_cmp);
    println!(
        "emit {}: median {:.3} s over {runs} runs (min {:.3}, max {:.3}); squares searched: {searched}",
        dir.display(),
        times[runs / 2],
        times[0],
        times[runs - 1]
    );
}
