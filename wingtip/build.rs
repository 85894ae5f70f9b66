//! Writes wingtip's tables and evaluation network to OUT_DIR. All logic lives in
//! `wingtip-magics`.
use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=magics");
    println!("cargo::rerun-if-changed=src/eval/net.bin");
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    // The target, not the host (STYLE.md §3): cross builds get the right layout.
    let target = wingtip_codegen::Target {
        little_endian: env("CARGO_CFG_TARGET_ENDIAN") != "big",
        bmi2: env("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == "bmi2"),
    };
    let out_dir = PathBuf::from(env("OUT_DIR"));
    let root = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    // The evaluation network: a damaged or wrong-sized file fails the build with its
    // path and the reason. WINGTIP_NET names another file to build in (a network under
    // test; relative paths from the crate root).
    println!("cargo::rerun-if-env-changed=WINGTIP_NET");
    let net = match env("WINGTIP_NET") {
        path if path.is_empty() => root.join("src/eval/net.bin"),
        path => {
            let path = root.join(path);
            println!("cargo::rerun-if-changed={}", path.display());
            path
        }
    };
    if let Err(e) = wingtip_codegen::net::emit_net(&out_dir, &net) {
        println!("cargo::error={e}");
        eprintln!("error: invalid network file: {e}");
        std::process::exit(1);
    }
    let magics_dir = root.join("magics");
    match wingtip_codegen::emit(&out_dir, &magics_dir, &target) {
        Ok(report) => {
            for family in report.missing_files {
                println!(
                    "cargo::warning=magics/{family}.txt is missing: searching it from seed {}",
                    wingtip_codegen::search::DEFAULT_SEED
                );
            }
            for (family, squares) in report.searched {
                println!(
                    "cargo::warning=magics/{family}.txt: {} square(s) missing, searched from seed {}; run `wingtip magics search` to commit them",
                    squares.len(),
                    wingtip_codegen::search::DEFAULT_SEED
                );
            }
        }
        Err(e) => {
            for line in e.to_string().lines() {
                println!("cargo::error={line}");
            }
            eprintln!("error: invalid magic numbers (the committed file is kept; fix or delete the entry, or run `wingtip magics search`):\n{e}");
            std::process::exit(1);
        }
    }
}
