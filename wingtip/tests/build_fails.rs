//! A bad committed magic fails `cargo build` with file, line, square and reason.
//!
//! Copies the package to a scratch folder, breaks one entry, and runs a real
//! `cargo build --lib --offline` there (the target folder is kept between runs in
//! Cargo's per-package temp dir, so only the build script reruns after the first).

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &dest);
        } else {
            std::fs::copy(&path, &dest).unwrap();
        }
    }
}

/// A copy of the library package and the code generator in a workspace of their own,
/// in folder `name` (tests run in parallel; they share only the target folder, which
/// Cargo locks). Returns the library package's folder.
fn scratch_package(name: &str) -> PathBuf {
    let package = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = package.parent().unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The workspace manifest (profiles, shared package fields, lints) with only the
    // two members copied.
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find(|l| l.starts_with("members = "))
        .expect("the workspace lists its members");
    let manifest = manifest
        .replace(members, r#"members = ["wingtip", "codegen"]"#)
        .replace(
            r#"default-members = ["engine"]"#,
            r#"default-members = ["wingtip"]"#,
        );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    for f in ["Cargo.toml", "build.rs"] {
        std::fs::create_dir_all(dir.join("wingtip")).unwrap();
        std::fs::copy(package.join(f), dir.join("wingtip").join(f)).unwrap();
    }
    copy_dir(&package.join("src"), &dir.join("wingtip/src"));
    copy_dir(&package.join("magics"), &dir.join("wingtip/magics"));
    std::fs::create_dir_all(dir.join("codegen")).unwrap();
    std::fs::copy(
        root.join("codegen/Cargo.toml"),
        dir.join("codegen/Cargo.toml"),
    )
    .unwrap();
    copy_dir(&root.join("codegen/src"), &dir.join("codegen/src"));
    dir.join("wingtip")
}

fn build(dir: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO"))
        .args(["build", "--lib", "--offline", "--quiet"])
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("build-fails-target"),
        )
        .current_dir(dir)
        .output()
        .expect("cargo runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout),
    )
}

#[test]
fn a_colliding_committed_magic_fails_the_build_with_file_and_line() {
    let dir = scratch_package("build-fails-package");
    let rook = dir.join("magics/rook.txt");
    let text = std::fs::read_to_string(&rook).unwrap();
    let line = text.lines().position(|l| l.starts_with("e4 ")).unwrap() + 1;
    let bad: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with("e4 ") {
                "e4 10 0x0000000000000001"
            } else {
                l
            }
        })
        .collect();
    std::fs::write(&rook, bad.join("\n") + "\n").unwrap();

    let (ok, log) = build(&dir);
    assert!(!ok, "the build must fail:\n{log}");
    let needle = format!("magics/rook.txt:{line}: family rook, square e4: collision");
    assert!(log.contains(&needle), "expected {needle:?} in:\n{log}");
    // Nothing was replaced: the bad entry is still there for the user to fix.
    assert!(std::fs::read_to_string(&rook)
        .unwrap()
        .contains("e4 10 0x0000000000000001"));

    // A line that does not parse fails the same way, naming the line.
    std::fs::write(&rook, text.replacen("a8 12 ", "a8 twelve ", 1)).unwrap();
    let (ok, log) = build(&dir);
    assert!(!ok, "the build must fail:\n{log}");
    assert!(
        log.contains("magics/rook.txt:3: square a8: bits \"twelve\""),
        "{log}"
    );
}

#[test]
fn a_damaged_network_file_fails_the_build_with_file_and_reason() {
    let dir = scratch_package("build-fails-net-package");
    let net = dir.join("src/eval/net.bin");
    let good = std::fs::read(&net).unwrap();

    // One flipped bit in the weights: the checksum catches it.
    let mut bad = good.clone();
    bad[100] ^= 0x10;
    std::fs::write(&net, &bad).unwrap();
    let (ok, log) = build(&dir);
    assert!(!ok, "the build must fail:\n{log}");
    assert!(log.contains("src/eval/net.bin: checksum"), "{log}");
    // The file is left as it was, for the user to replace.
    assert_eq!(std::fs::read(&net).unwrap(), bad);

    // A truncated file names the size it should have.
    std::fs::write(&net, &good[..good.len() - 2]).unwrap();
    let (ok, log) = build(&dir);
    assert!(!ok, "the build must fail:\n{log}");
    // ("… net.bin: 402038 bytes, a 256-wide network with … takes 402040")
    assert!(
        log.contains(&format!("src/eval/net.bin: {} bytes", good.len() - 2))
            && log.contains(&format!("takes {}", good.len())),
        "{log}"
    );

    // A missing file is named too.
    std::fs::remove_file(&net).unwrap();
    let (ok, log) = build(&dir);
    assert!(!ok, "the build must fail:\n{log}");
    assert!(log.contains("src/eval/net.bin: cannot read"), "{log}");
}
