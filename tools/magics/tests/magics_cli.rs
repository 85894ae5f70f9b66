//! `wingtip magics …` end to end: the commands, their exit codes and messages, and
//! the folder-safety rules (nothing changes on error; Ctrl-C leaves valid files).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wingtip-magics");

fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wingtip/magics")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("magics-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn magics(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run wingtip")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Writes a fresh seed-7 set into a new folder.
fn seed7(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let o = magics(&["search", "--seed", "7", "--out", p(&dir)]);
    assert!(o.status.success(), "{}", text(&o));
    dir
}

const FAMILIES: [&str; 6] = ["rook", "bishop", "rank", "file", "diag", "anti"];

#[test]
fn search_reproduces_the_committed_search_files_byte_for_byte() {
    let dir = seed7("search");
    let mut same = 0;
    for f in FAMILIES {
        let ours = std::fs::read_to_string(dir.join(format!("{f}.txt"))).unwrap();
        assert!(ours.starts_with(&format!(
            "# wingtip magics format 1, family {f}; written by: wingtip magics search --seed 7\n"
        )));
        let theirs = std::fs::read_to_string(committed().join(format!("{f}.txt"))).unwrap();
        // Files a hunt improved name the hunt; every file still naming the search is
        // exactly what the search writes.
        if theirs.starts_with("# wingtip magics format 1, family")
            && theirs.contains("magics search --seed 7\n")
        {
            assert_eq!(ours, theirs, "{f}");
            same += 1;
        }
    }
    assert!(same >= 4);
}

#[test]
fn verify_accepts_the_committed_folder() {
    let o = magics(&["verify", p(&committed())]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(out.contains("all entries hold"), "{out}");
    assert!(out.contains("rook+bishop compact:"), "{out}");
    assert!(out.contains("kindergarten 4,096"), "{out}");
}

#[test]
fn stats_counts_the_rows_that_end_early() {
    // Recount from the committed files: each row's last reached slot, by brute force
    // over the mask's subsets, against `2^bits`; bishop h1 (the table's last row) is
    // kept whole and so never counts.
    let o = magics(&["stats", p(&committed())]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    for (family, file) in [
        (wingtip_codegen::Family::Rook, "rook.txt"),
        (wingtip_codegen::Family::Bishop, "bishop.txt"),
    ] {
        let text = std::fs::read_to_string(committed().join(file)).unwrap();
        let parsed = wingtip_codegen::format::parse_file(family, Path::new(file), &text).unwrap();
        let (mut rows, mut saved) = (0, 0);
        for e in parsed.entries.iter().flatten() {
            if family == wingtip_codegen::Family::Bishop && e.square == 63 {
                continue;
            }
            let mask = family.mask(e.square);
            let (mut sub, mut top) = (0u64, 0u64);
            loop {
                top = top.max(sub.wrapping_mul(e.magic) >> (64 - e.bits as u32));
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            if top + 1 < 1 << e.bits {
                rows += 1;
                saved += (1u64 << e.bits) - (top + 1);
            }
        }
        let line = format!("{rows} row(s) end early, {saved} entries saved");
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("{family} index bits")) && l.ends_with(&line)),
            "{family}: `{line}` not in {out}"
        );
    }
}

#[test]
fn verify_rejects_each_kind_of_bad_file() {
    let good = seed7("verify-good");
    // (file, edit, expected location, expected reason)
    let replace_line = |t: &str, n: usize, with: &str| -> Vec<u8> {
        let mut lines: Vec<&str> = t.lines().collect();
        lines[n - 1] = with;
        (lines.join("\n") + "\n").into_bytes()
    };
    type Edit = Box<dyn Fn(&str) -> Vec<u8>>;
    let cases: Vec<(&str, Edit, &str, &str)> = vec![
        (
            "rook",
            Box::new(move |t| replace_line(t, 5, "c8 11")),
            "rook.txt:5:",
            "expected `square bits magic`",
        ),
        (
            "rook",
            // Truncated in the middle of line 20's magic.
            Box::new(|t: &str| {
                let cut: usize = t.lines().take(19).map(|l| l.len() + 1).sum::<usize>() + 12;
                t.as_bytes()[..cut].to_vec()
            }),
            "rook.txt:20:",
            "is not 0x and 16 hex digits",
        ),
        (
            "bishop",
            Box::new(|t: &str| [t.as_bytes(), b"\xff\xfe\n"].concat()),
            "bishop.txt",
            "not UTF-8",
        ),
        (
            "rook",
            Box::new(move |t| replace_line(t, 3, "a8 12 0x0000000000000001")),
            "rook.txt:3:",
            "collision at index",
        ),
        (
            "rook",
            Box::new(move |t| replace_line(t, 3, "a8 13 0x0080001020400080")),
            "rook.txt:3:",
            "index bits 13 out of range",
        ),
        (
            "rank",
            Box::new(move |t| replace_line(t, 3, "a8 6 0x4100000000000000")),
            "rank.txt:3:",
            "sign bit set",
        ),
        (
            "rank",
            Box::new(move |t| replace_line(t, 3, "a8 6 0x0080000000000000")),
            "rank.txt:3:",
            "not an exact gather",
        ),
        (
            "diag",
            Box::new(move |t| replace_line(t, 4, "# b8 removed")),
            "diag.txt",
            "1 square(s) missing: b8",
        ),
        (
            "file",
            Box::new(move |t| {
                let b8 = t.lines().nth(3).unwrap().to_string();
                let a8 = t.lines().nth(2).unwrap().to_string();
                let t = replace_line(t, 3, &b8);
                replace_line(std::str::from_utf8(&t).unwrap(), 4, &a8)
            }),
            "file.txt:4:",
            "out of order",
        ),
    ];
    for (i, (family, edit, location, reason)) in cases.iter().enumerate() {
        let dir = temp_dir(&format!("verify-bad-{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in FAMILIES {
            std::fs::copy(good.join(format!("{f}.txt")), dir.join(format!("{f}.txt"))).unwrap();
        }
        let path = dir.join(format!("{family}.txt"));
        let original = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, edit(&original)).unwrap();
        let o = magics(&["verify", p(&dir)]);
        let out = text(&o);
        assert!(!o.status.success(), "case {i}: {out}");
        assert!(out.contains(location), "case {i}: {location} not in {out}");
        assert!(out.contains(reason), "case {i}: {reason} not in {out}");
        assert!(out.contains("problem(s) found"), "case {i}: {out}");
    }
    // A missing file, an unreadable one (a folder in its place), a missing folder.
    let dir = temp_dir("verify-missing");
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["rook", "bishop", "rank", "file", "diag"] {
        std::fs::copy(good.join(format!("{f}.txt")), dir.join(format!("{f}.txt"))).unwrap();
    }
    let o = magics(&["verify", p(&dir)]);
    assert!(!o.status.success());
    assert!(
        text(&o).contains("anti.txt: family anti: file missing"),
        "{}",
        text(&o)
    );
    let o = magics(&["verify", "--allow-missing", p(&dir)]);
    assert!(o.status.success(), "{}", text(&o));
    std::fs::create_dir(dir.join("anti.txt")).unwrap();
    let o = magics(&["verify", "--allow-missing", p(&dir)]);
    assert!(!o.status.success());
    assert!(text(&o).contains("cannot read"), "{}", text(&o));
    let o = magics(&["verify", p(&dir.join("nope"))]);
    assert!(!o.status.success());
    assert!(text(&o).contains("not a folder"), "{}", text(&o));
}

/// Hunts bishop h2 from seed 7 (it loses a bit within the first chunk of seed 7).
fn hunt_h2(dir: &Path) -> Output {
    magics(&[
        "hunt",
        "--method",
        "classic",
        "--family",
        "bishop",
        "--squares",
        "h2",
        "--tries",
        "65536",
        "--seed",
        "7",
        "--threads",
        "1",
        "--out",
        p(dir),
        "--from",
        p(dir),
    ])
}

#[test]
fn hunt_improves_search_refuses_to_undo_and_merge_combines() {
    let dir = seed7("hunt");
    let o = hunt_h2(&dir);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("bishop h2: 5 -> 4 bits"), "{}", text(&o));
    assert!(
        text(&o).contains("compact 5,248 -> 5,232 entries"),
        "{}",
        text(&o)
    );
    let bishop = std::fs::read_to_string(dir.join("bishop.txt")).unwrap();
    assert!(bishop.starts_with(
        "# wingtip magics format 1, family bishop; written by: wingtip magics hunt --family bishop --squares h2 --tries 65536 --method classic --seed 7\n"
    ), "{bishop}");
    assert!(bishop.contains("\nh2 4 0x"));
    assert!(magics(&["verify", p(&dir)]).status.success());

    // A fresh search would make bishop.txt worse: refused, nothing written.
    let rook_before = std::fs::read(dir.join("rook.txt")).unwrap();
    let o = magics(&["search", "--seed", "8", "--out", p(&dir)]);
    assert!(!o.status.success());
    assert!(text(&o).contains("not replaced"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.join("bishop.txt")).unwrap(),
        bishop
    );
    assert_eq!(std::fs::read(dir.join("rook.txt")).unwrap(), rook_before);
    // Families that are no worse can be searched again.
    let o = magics(&[
        "search",
        "--seed",
        "8",
        "--families",
        "rook,diag",
        "--out",
        p(&dir),
    ]);
    assert!(o.status.success(), "{}", text(&o));

    // Merge a plain seed-7 folder with the hunted one into a new folder.
    let plain = seed7("hunt-plain");
    let merged = temp_dir("hunt-merged");
    let o = magics(&["merge", p(&plain), p(&dir), "--out", p(&merged)]);
    assert!(o.status.success(), "{}", text(&o));
    let m = std::fs::read_to_string(merged.join("bishop.txt")).unwrap();
    assert!(m.contains("\nh2 4 0x"), "{m}");
    assert!(magics(&["verify", p(&merged)]).status.success());
    let o = magics(&["stats", p(&merged)]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    for figure in ["294,912", "107,648", "92,864", "88,772", "87,988"] {
        assert!(out.contains(figure), "{figure} not in {out}");
    }
    assert!(out.contains("bishop 5,232"), "{out}");
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for (args, needle) in [
        (&["hunt", "--family", "rank"][..], "cannot be hunted"),
        (
            &["hunt", "--family", "rook", "--time", "10x"][..],
            "not a duration",
        ),
        (
            &["hunt", "--family", "rook", "--squares", "z9"][..],
            "not a square",
        ),
        (&["hunt", "--family", "queen"][..], "unknown family"),
        (&["search", "--families", "rook,king"][..], "unknown family"),
        (&["merge", "--out", "x"][..], "required"),
    ] {
        let o = magics(args);
        assert!(!o.status.success(), "{args:?}");
        assert!(text(&o).contains(needle), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_leaves_valid_files_and_a_rerun_resumes() {
    let dir = seed7("ctrl-c");
    let mut child = Command::new(BIN)
        .args([
            "hunt",
            "--method",
            "classic",
            "--family",
            "rook",
            "--threads",
            "2",
            "--out",
            p(&dir),
        ])
        .args(["--from", p(&dir)])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Interrupt once the hunt has saved a finished chunk: the progress file then
    // names one (it is written after the Ctrl-C handler is installed, at the start
    // and then every few seconds). A generous deadline keeps a loaded machine from
    // failing the test; a hunt that never gets there is killed and reported.
    const PATIENCE_S: u64 = 180;
    let progress_file = dir.join(".hunt-rook.progress");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(PATIENCE_S);
    loop {
        let saved = std::fs::read_to_string(&progress_file).unwrap_or_default();
        if saved.lines().any(|l| l.starts_with("rook 7 ")) {
            break;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let o = child.wait_with_output().unwrap();
            panic!(
                "no chunk saved in {} within {PATIENCE_S} s:\n{saved}\n{}",
                progress_file.display(),
                text(&o)
            );
        }
        if let Some(status) = child.try_wait().unwrap() {
            let o = child.wait_with_output().unwrap();
            panic!(
                "the hunt ended before it was interrupted: {status}\n{}",
                text(&o)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("interrupted, rerun to resume"),
        "{}",
        text(&o)
    );
    let o = magics(&["verify", p(&dir)]);
    assert!(o.status.success(), "{}", text(&o));
    let progress = std::fs::read_to_string(dir.join(".hunt-rook.progress")).unwrap();
    assert!(
        progress.lines().any(|l| l.starts_with("rook 7 ")),
        "{progress}"
    );
    // No temporary files are left behind.
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains(".tmp-"), "{name}");
    }
    // A rerun on a8 continues after the chunks already done there: a budget of one
    // chunk more than were done (the budget counts every run) runs exactly one.
    let a8_chunks = |progress: &str| -> u64 {
        progress
            .lines()
            .find(|l| l.starts_with("rook 7 a8 11 "))
            .map_or(0, |l| l.rsplit(' ').next().unwrap().parse().unwrap())
    };
    let before = a8_chunks(&progress);
    let tries = ((before + 1) * 65536).to_string();
    let o = magics(&[
        "hunt",
        "--method",
        "classic",
        "--family",
        "rook",
        "--squares",
        "a8",
        "--tries",
        &tries,
        "--threads",
        "1",
        "--out",
        p(&dir),
        "--from",
        p(&dir),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let after = std::fs::read_to_string(dir.join(".hunt-rook.progress")).unwrap();
    assert_eq!(a8_chunks(&after), before + 1, "{progress}\n{after}");
}
