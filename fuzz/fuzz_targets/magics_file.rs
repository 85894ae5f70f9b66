//! Any text → the magics file reader (`wingtip_codegen::format::parse_file`) for each
//! of the families (`Family::ALL`).
//!
//! The reader never panics; its error names a line of the text (or 0). A file that
//! parses holds each entry at its own square with bits in 1..=64 and a line number
//! pointing at a line of the text; written back with the crate's writer
//! (`write_file`) and read again it gives the same entries, and writing those gives
//! the same text.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use wingtip_codegen::format::{parse_file, write_file};
use wingtip_codegen::Family;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("magics/fuzz.txt");
    let line_count = text.lines().count();
    for family in Family::ALL {
        let file = match parse_file(family, path, text) {
            Ok(file) => file,
            Err(e) => {
                assert!(e.line >= 1 && e.line <= line_count, "{e}");
                let _ = e.to_string();
                continue;
            }
        };
        assert_eq!(file.family, family);
        for (sq, entry) in file.entries.iter().enumerate() {
            match entry {
                Some(e) => {
                    assert_eq!(usize::from(e.square), sq);
                    assert!((1..=64).contains(&e.bits), "{e:?}");
                    assert!((1..=line_count).contains(&file.lines[sq]), "{e:?}");
                }
                None => assert_eq!(file.lines[sq], 0),
            }
        }
        let written = write_file(family, &file.entries, "the magics_file fuzz target");
        let back = parse_file(family, path, &written)
            .unwrap_or_else(|e| panic!("the writer's text does not parse: {e}\n{written}"));
        assert_eq!(back.entries, file.entries, "{written}");
        assert_eq!(
            write_file(family, &back.entries, "the magics_file fuzz target"),
            written
        );
    }
});
