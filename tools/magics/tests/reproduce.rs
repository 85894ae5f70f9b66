//! Every committed rook and bishop entry is reproduced by the work its note names (a
//! hunt chunk, run again) or by the full-width search from seed 7.

use std::path::Path;
use wingtip_codegen::Family;
use wingtip_magics::reproduce::{check_file, Outcome};
use wingtip_magics::store::read_existing_file;

#[test]
fn every_committed_entry_is_reproduced() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wingtip/magics");
    let mut hunted = 0;
    for family in [Family::Rook, Family::Bishop] {
        let file = read_existing_file(&dir, family).unwrap().unwrap();
        for c in check_file(&file, None) {
            assert!(c.outcome.reproduced(), "{c}");
            hunted += matches!(c.outcome, Outcome::Hunted { .. }) as u32;
        }
    }
    // The narrowed entries (rook a1, b1–e1 and 24 bishop squares) carry hunt notes.
    assert!(hunted >= 29, "{hunted} hunted entries");
}

#[test]
fn a_wrong_note_is_caught() {
    use wingtip_magics::reproduce::check_entry;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wingtip/magics");
    let file = read_existing_file(&dir, Family::Bishop).unwrap().unwrap();
    let (sq, note) = (0..64)
        .find_map(|sq| file.notes[sq].as_deref().map(|n| (sq, n)))
        .expect("a noted bishop entry");
    let entry = file.entries[sq].unwrap();
    // The right chunk reproduces the entry; the next one does not, and neither does
    // a note that does not parse or an entry with one bit of its magic changed.
    assert!(check_entry(Family::Bishop, &entry, Some(note)).reproduced());
    let (method, seed, chunk, row) = wingtip_magics::hunt::parse_hunt_note(note).unwrap();
    let next = wingtip_magics::hunt::hunt_note(method, seed, chunk + 2, row);
    assert!(matches!(
        check_entry(Family::Bishop, &entry, Some(&next)),
        Outcome::Mismatch { .. }
    ));
    assert!(matches!(
        check_entry(Family::Bishop, &entry, Some("found by hand")),
        Outcome::BadNote(_)
    ));
    let mut flipped = entry;
    flipped.magic ^= 1 << 40;
    assert!(!check_entry(Family::Bishop, &flipped, Some(note)).reproduced());
    assert_eq!(
        check_entry(Family::Bishop, &flipped, None),
        Outcome::Unrecorded
    );
}
