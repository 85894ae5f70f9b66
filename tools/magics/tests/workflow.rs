//! The magics workflow through the library: search, write, read, merge, hunt, and
//! the safety rules of `store` (verified, no worse, atomic, nothing changed on error).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use wingtip_codegen::format::{family_path, read_dir, write_file, Entry, FamilyEntries};
use wingtip_codegen::search::{complete_family_with, search_family, search_set, FIXED_TRIES};
use wingtip_codegen::verify::{verify_entry, verify_set};
use wingtip_codegen::Family;
use wingtip_magics::hunt::{
    hunt_dir, Budget, HuntConfig, Method, Progress, CHUNK_TRIES, LOCAL_EVALS,
};
use wingtip_magics::merge_dirs;
use wingtip_magics::store::{no_notes, read_existing, replace_files, StoreError, Update};

/// A fresh, empty folder under Cargo's per-target temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("magics-workflow-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn write_family(dir: &Path, family: Family, entries: FamilyEntries, written_by: &str) {
    let update = Update {
        family,
        entries,
        written_by: written_by.into(),
        notes: no_notes(),
    };
    replace_files(dir, &[update], true).unwrap();
}

/// Asserts that every file of `dir` parses and every entry holds.
fn assert_valid(dir: &Path) {
    let files = read_dir(dir).unwrap();
    for family in Family::ALL {
        if let Some(file) = &files[family.index()] {
            let v = verify_set(file, &family_path(dir, family));
            assert!(v.is_empty(), "{v:?}");
        }
    }
}

/// FNV-1a, to pin texts without storing them twice.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

#[test]
fn committed_search_files_are_reproduced_byte_for_byte() {
    // Every committed file whose header names `wingtip magics search --seed N` must be
    // exactly what that command writes. (Files improved by a hunt name the hunt.)
    let dir = &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wingtip/magics");
    let mut checked = 0;
    for family in Family::ALL {
        let text = std::fs::read_to_string(family_path(dir, family)).unwrap();
        let header = text.lines().next().unwrap();
        let Some(args) = header
            .split_once("written by: wingtip magics search --seed ")
            .map(|(_, s)| s.trim().to_string())
        else {
            continue;
        };
        // `N` or `N --fixed-tries T` (the fixed-shift families' budget).
        let (seed, tries) = match args.split_once(" --fixed-tries ") {
            Some((seed, tries)) => (seed.parse::<u64>().unwrap(), tries.parse::<u64>().unwrap()),
            None => (args.parse::<u64>().unwrap(), FIXED_TRIES),
        };
        let written_by = format!("wingtip magics search --seed {args}");
        let entries = complete_family_with(family, &[None; 64], seed, tries).0;
        let fresh = write_file(family, &entries.map(Some), &written_by);
        assert_eq!(fresh, text, "{family}");
        checked += 1;
    }
    // The four line families never change after a hunt.
    assert!(checked >= 4, "{checked}");
}

#[test]
fn seed_7_output_is_pinned() {
    // Pins the exact text `wingtip magics search --seed 7` writes for the six
    // original families, so a change in the search or the format is deliberate. The value is
    // the FNV-1a of the six magics/*.txt as first committed (8c46a55), concatenated
    // in family order, with the header naming format 1 since (the entries unchanged).
    let set = search_set(7);
    // The FNV-1a of the files `search --seed 7` writes for `families`, concatenated.
    let pin = |families: &[Family]| {
        let text: String = families
            .iter()
            .map(|&f| {
                write_file(
                    f,
                    &set.family(f).map(Some),
                    "wingtip magics search --seed 7",
                )
            })
            .collect();
        fnv(text.as_bytes())
    };
    let six = pin(&Family::ALL[..6]);
    assert_eq!(six, PINNED_SEED_7, "{six:#018x}");
    // The two fixed-shift families (added later) at the default budget, pinned apart
    // so that the six above keep their first value.
    let fixed = pin(&[Family::RookFixed, Family::BishopFixed]);
    assert_eq!(fixed, PINNED_SEED_7_FIXED, "{fixed:#018x}");
}

const PINNED_SEED_7: u64 = 0x5D24_9E46_6B14_D83E;
const PINNED_SEED_7_FIXED: u64 = 0xB0BF_808A_B941_6B74;

#[test]
fn write_read_round_trip() {
    let dir = temp_dir("round-trip");
    let set = search_set(11);
    let updates: Vec<Update> = Family::ALL
        .into_iter()
        .map(|family| Update {
            family,
            entries: set.family(family).map(Some),
            written_by: "wingtip magics search --seed 11".into(),
            notes: no_notes(),
        })
        .collect();
    replace_files(&dir, &updates, false).unwrap();
    let files = read_dir(&dir).unwrap();
    for family in Family::ALL {
        let file = files[family.index()].as_ref().unwrap();
        assert_eq!(file.entries, set.family(family).map(Some), "{family}");
        // One line per square after the two header lines, in square order.
        for sq in 0..64 {
            assert_eq!(file.lines[sq], sq + 3);
        }
    }
    assert_valid(&dir);
    // Writing the same entries again leaves the files alone.
    let again = replace_files(&dir, &updates, false).unwrap();
    assert!(again
        .iter()
        .all(|o| matches!(o, wingtip_magics::store::Outcome::Unchanged(_))));
}

/// A bishop set from seed 7 with h2 one bit narrower, found by a seeded hunt.
fn hunted_h2(dir: &Path, threads: usize) -> [Entry; 64] {
    let config = HuntConfig {
        family: Family::Bishop,
        squares: vec![55], // h2
        budget: Budget::Tries(CHUNK_TRIES),
        threads,
        seed: 7,
        method: Method::Classic,
    };
    write_family(
        dir,
        Family::Bishop,
        search_family(Family::Bishop, 7).map(Some),
        "wingtip magics search --seed 7",
    );
    let stop = AtomicBool::new(false);
    let report = hunt_dir(&config, dir, dir, "test hunt", &stop, |_| {}).unwrap();
    assert!(!report.interrupted);
    report.entries
}

#[test]
fn seeded_hunt_finds_a_narrower_magic_deterministically() {
    let start = search_family(Family::Bishop, 7);
    assert_eq!(start[55].bits, 5);
    let (dir_a, dir_b) = (temp_dir("hunt-a"), temp_dir("hunt-b"));
    let a = hunted_h2(&dir_a, 1);
    let b = hunted_h2(&dir_b, 3);
    assert_eq!(a[55].bits, 4, "h2 should lose one bit within one chunk");
    assert_eq!(verify_entry(Family::Bishop, &a[55]), Ok(()));
    // Same seed and budget, different thread counts: the same magic.
    assert_eq!(a, b);
    // Only the hunted square changed.
    for sq in (0..64).filter(|&sq| sq != 55) {
        assert_eq!(a[sq], start[sq]);
    }
    // The file on disk holds the result.
    let disk = read_existing(&dir_a, Family::Bishop).unwrap().unwrap();
    assert_eq!(disk, a.map(Some));
}

/// Writes the seed-7 set of `family` into `dir`, then hunts `squares` there for four
/// chunks each.
fn hunt_from_seed_7(
    dir: &Path,
    family: Family,
    squares: &[u8],
    threads: usize,
    seed: u64,
    method: Method,
) -> wingtip_magics::HuntReport {
    let config = HuntConfig {
        family,
        squares: squares.to_vec(),
        budget: Budget::Tries(4 * CHUNK_TRIES),
        threads,
        seed,
        method,
    };
    write_family(
        dir,
        family,
        search_family(family, 7).map(Some),
        "wingtip magics search --seed 7",
    );
    let stop = AtomicBool::new(false);
    hunt_dir(&config, dir, dir, "test hunt", &stop, |_| {}).unwrap()
}

#[test]
fn a_depth_first_hunt_is_deterministic_and_notes_what_found_it() {
    // Rook b1 one bit below full width within four chunks: the depth-first method
    // finds it, the same magic on one thread and on two, and the note reruns to it.
    let run = |dir: &Path, threads: usize| {
        hunt_from_seed_7(dir, Family::Rook, &[57], threads, 3, Method::DepthFirst)
    };
    let (a, b) = (temp_dir("dfs-a"), temp_dir("dfs-b"));
    let (ra, rb) = (run(&a, 1), run(&b, 2));
    assert_eq!(ra.entries, rb.entries);
    let start = search_family(Family::Rook, 7);
    let file = wingtip_magics::store::read_existing_file(&a, Family::Rook)
        .unwrap()
        .unwrap();
    let sq = 57;
    assert!(ra.entries[sq].bits < start[sq].bits, "square {sq}");
    let note = file.notes[sq].as_deref().expect("a note");
    assert!(note.starts_with("hunt dfs seed 3 chunk "), "{note}");
    let check = wingtip_magics::reproduce::check_entry(Family::Rook, &ra.entries[sq], Some(note));
    assert!(check.reproduced(), "{check:?}");
}

#[test]
fn rerunning_a_hunt_resumes_where_it_left_off() {
    // One square that does not improve within two chunks (d5's 9-bit bishop mask,
    // aiming at 8 bits): a run with a budget of one chunk, then a rerun with a budget
    // of two (budgets count every run in the folder), end with the same bookkeeping
    // as one run of two. The first chunk is a random one, the second a hill climb; a
    // third run with the same budget of two does nothing.
    let run = |dir: &Path, chunks: u64| {
        let config = HuntConfig {
            family: Family::Bishop,
            squares: vec![27],
            budget: Budget::Tries(chunks * CHUNK_TRIES),
            threads: 1,
            seed: 5,
            method: Method::Classic,
        };
        let stop = AtomicBool::new(false);
        hunt_dir(&config, dir, dir, "test hunt", &stop, |_| {}).unwrap()
    };
    let (one, two) = (temp_dir("resume-1"), temp_dir("resume-2"));
    let r1 = run(&one, 1);
    assert_eq!(r1.tries, CHUNK_TRIES);
    assert_eq!(
        Progress::load(&one, Family::Bishop).unwrap().chunks(
            Family::Bishop,
            Method::Classic,
            5,
            27,
            8
        ),
        1
    );
    let r2 = run(&one, 2);
    assert_eq!(r2.tries, LOCAL_EVALS);
    assert_eq!(run(&one, 2).tries, 0);
    let r3 = run(&two, 2);
    assert_eq!(r3.tries, CHUNK_TRIES + LOCAL_EVALS);
    let (p1, p2) = (
        Progress::load(&one, Family::Bishop).unwrap(),
        Progress::load(&two, Family::Bishop).unwrap(),
    );
    assert_eq!(p1.chunks(Family::Bishop, Method::Classic, 5, 27, 8), 2);
    assert_eq!(p1, p2);
    assert_eq!(
        read_existing(&one, Family::Bishop).unwrap(),
        read_existing(&two, Family::Bishop).unwrap()
    );
}

#[test]
fn merge_keeps_the_per_square_best() {
    let base = temp_dir("merge-base");
    let hunted = temp_dir("merge-hunted");
    let bad = temp_dir("merge-bad");
    let other = temp_dir("merge-other");
    let seven = search_family(Family::Bishop, 7);
    write_family(&base, Family::Bishop, seven.map(Some), "seed 7");
    let narrow = hunted_h2(&hunted, 1);
    // A third folder: a different seed for every square, and a "narrower" a8 entry
    // that is invalid (it must be skipped, not merged).
    let mut three = search_family(Family::Bishop, 99).map(Some);
    three[0] = Some(Entry {
        square: 0,
        bits: 3,
        magic: 0,
    });
    // Write the invalid entry without the store (which would refuse it).
    std::fs::create_dir_all(&bad).unwrap();
    std::fs::write(
        family_path(&bad, Family::Bishop),
        write_file(Family::Bishop, &three, "hand-edited"),
    )
    .unwrap();
    write_family(
        &other,
        Family::Diag,
        search_family(Family::Diag, 3).map(Some),
        "seed 3",
    );

    let merged = merge_dirs(&[base.clone(), bad.clone(), hunted.clone(), other.clone()]).unwrap();
    let bishop = &merged.families[Family::Bishop.index()];
    for (sq, e) in bishop.entries.iter().enumerate() {
        let e = e.unwrap();
        if sq == 55 {
            assert_eq!(e, narrow[55]);
            assert_eq!(bishop.source[sq], Some(2));
        } else {
            // Ties (every other bishop square has the same width in all folders)
            // keep the first folder's entry.
            assert_eq!(e, seven[sq]);
            assert_eq!(bishop.source[sq], Some(0));
        }
    }
    assert_eq!(merged.skipped.len(), 1);
    assert_eq!(merged.skipped[0].square, 0);
    assert_eq!(merged.skipped[0].line, 3);
    let diag = &merged.families[Family::Diag.index()];
    assert!(diag.present);
    assert_eq!(diag.entries, search_family(Family::Diag, 3).map(Some));
    assert!(!merged.families[Family::Rook.index()].present);
}

#[test]
fn store_refuses_worse_invalid_and_garbled_and_changes_nothing() {
    let dir = temp_dir("store");
    let narrow = hunted_h2(&dir, 1);
    let before = std::fs::read(family_path(&dir, Family::Bishop)).unwrap();
    let full = Update {
        family: Family::Bishop,
        entries: search_family(Family::Bishop, 7).map(Some),
        written_by: "wingtip magics search --seed 7".into(),
        notes: no_notes(),
    };
    // Worse (h2 back to 5 bits): refused, file untouched.
    let e = replace_files(&dir, std::slice::from_ref(&full), false).unwrap_err();
    assert!(matches!(e, StoreError::Worse { .. }), "{e}");
    assert!(e.to_string().contains("compact entries"), "{e}");
    assert_eq!(
        std::fs::read(family_path(&dir, Family::Bishop)).unwrap(),
        before
    );
    // Missing squares are worse too.
    let mut partial = narrow.map(Some);
    partial[5] = None;
    let e = replace_files(
        &dir,
        &[Update {
            entries: partial,
            ..full.clone()
        }],
        false,
    )
    .unwrap_err();
    assert!(e.to_string().contains("lacks square(s) f8"), "{e}");
    // Invalid: refused even with force, and the other file in the batch is not
    // written either.
    let mut invalid = narrow.map(Some);
    invalid[55] = Some(Entry {
        square: 55,
        bits: 4,
        magic: 0,
    });
    let rank = Update {
        family: Family::Rank,
        entries: search_family(Family::Rank, 7).map(Some),
        written_by: "x".into(),
        notes: no_notes(),
    };
    let e = replace_files(
        &dir,
        &[
            rank.clone(),
            Update {
                entries: invalid,
                ..full.clone()
            },
        ],
        true,
    )
    .unwrap_err();
    assert!(matches!(e, StoreError::Invalid { square: 55, .. }), "{e}");
    assert!(!family_path(&dir, Family::Rank).exists());
    // A garbled file on disk: a clear error naming the line, nothing changed.
    let garbled = b"# x\na8 5 0x0002020202020200\nb8 4 0x00000000\n";
    std::fs::write(family_path(&dir, Family::Bishop), garbled).unwrap();
    let e = replace_files(&dir, &[rank.clone(), full.clone()], false).unwrap_err();
    assert!(e.to_string().contains("bishop.txt:3:"), "{e}");
    assert_eq!(
        std::fs::read(family_path(&dir, Family::Bishop)).unwrap(),
        garbled
    );
    assert!(!family_path(&dir, Family::Rank).exists());
    // With force the garbled file is replaced by a verified one.
    replace_files(&dir, &[full], true).unwrap();
    assert_valid(&dir);
    // No temporary files are left behind.
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains(".tmp-"), "{name}");
    }
}

#[test]
fn an_interrupted_hunt_leaves_valid_files_and_resumes() {
    let dir = temp_dir("interrupt");
    let config = HuntConfig {
        family: Family::Bishop,
        squares: (0..64).collect(),
        budget: Budget::Unlimited,
        threads: 2,
        seed: 1,
        method: Method::Classic,
    };
    // Starts from an empty folder: the bishop file is searched from seed 7 first. The
    // observer raises the stop flag (as Ctrl-C does) once three chunks' worth of
    // candidates are tried; with two threads at most two chunks are unfinished, so
    // at least one is recorded.
    let stop = AtomicBool::new(false);
    let report = hunt_dir(&config, &dir, &dir, "test hunt", &stop, |s| {
        if s.tries >= 3 * CHUNK_TRIES {
            stop.store(true, Ordering::SeqCst);
        }
    })
    .unwrap();
    assert!(report.interrupted);
    assert!(report.tries > 0);
    assert_valid(&dir);
    let disk = read_existing(&dir, Family::Bishop).unwrap().unwrap();
    assert_eq!(disk, report.entries.map(Some));
    // The bookkeeping records the chunks finished before the stop.
    let progress = Progress::load(&dir, Family::Bishop).unwrap();
    let done: u64 = (0..64u8)
        .map(|sq| {
            progress.chunks(
                Family::Bishop,
                Method::Classic,
                1,
                sq,
                report.entries[sq as usize].bits - 1,
            )
        })
        .sum();
    assert!(done > 0);
    assert!(done * LOCAL_EVALS <= report.tries);
}

#[test]
fn a_trim_hunt_shortens_rows_deterministically_and_merge_prefers_them() {
    // Bishop c8, a5 and f2 at 5 bits from seed 7, each a whole 32-entry row: four
    // trim chunks (hill climbs that count an index past the row's last slot as a
    // collision) end each row early. One thread and two give the same entries, the
    // notes rerun to them, the compact table shrinks by the slots saved, and a merge
    // with the seed-7 folder keeps the shorter rows.
    let squares = [2u8, 24, 53];
    let run = |dir: &Path, threads: usize| {
        hunt_from_seed_7(dir, Family::Bishop, &squares, threads, 5, Method::Trim)
    };
    let (a, b, seven) = (temp_dir("trim-a"), temp_dir("trim-b"), temp_dir("trim-7"));
    let (ra, rb) = (run(&a, 1), run(&b, 2));
    assert_eq!(ra.entries, rb.entries);
    assert_valid(&a);
    let start = search_family(Family::Bishop, 7);
    let row = |e: &Entry| wingtip_codegen::tables::compact_row_len(Family::Bishop, e);
    let file = wingtip_magics::store::read_existing_file(&a, Family::Bishop)
        .unwrap()
        .unwrap();
    let mut saved = 0;
    for (sq, (&old, &new)) in start.iter().zip(&ra.entries).enumerate() {
        if !squares.contains(&(sq as u8)) {
            assert_eq!(new, old, "square {sq} was not hunted");
            continue;
        }
        assert_eq!(new.bits, old.bits, "square {sq}: trimming keeps the width");
        assert!(
            row(&new) < row(&old),
            "square {sq}: row {} not shortened",
            row(&new)
        );
        saved += row(&old) - row(&new);
        let note = file.notes[sq].as_deref().expect("a note");
        assert!(note.starts_with("hunt trim seed 5 chunk "), "{note}");
        let check = wingtip_magics::reproduce::check_entry(Family::Bishop, &new, Some(note));
        assert!(check.reproduced(), "{check:?}");
    }
    assert_eq!(ra.improved().len(), squares.len());
    let size =
        |e: &[Entry; 64]| wingtip_magics::stats::compact_entries(Family::Bishop, &e.map(Some));
    assert_eq!(size(&start) - size(&ra.entries), saved as u64);
    write_family(&seven, Family::Bishop, start.map(Some), "seed 7");
    let merged = merge_dirs(&[seven.clone(), a.clone()]).unwrap();
    let bishop = &merged.families[Family::Bishop.index()];
    assert_eq!(bishop.entries, ra.entries.map(Some));
}
