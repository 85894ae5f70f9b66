//! The `magics/*.txt` file format (docs/design.md §4): reader and writer.
//!
//! ```text
//! # wingtip magics format 1, family rook; written by: wingtip magics search --seed 7
//! # square bits magic
//! a8 12 0x0080001020400080
//! ```
//!
//! `#` starts a comment; each other non-blank line holds one square: its name, the
//! index bits `n` and the magic as `0x` plus 16 hex digits, in square order a8 … h1.
//! Squares may be missing (build.rs searches them); duplicates and disorder are errors.

use crate::geometry::{parse_square, square_name};
use crate::Family;
use std::fmt;
use std::path::{Path, PathBuf};

/// The file format this crate reads and writes, named in each file's header
/// (`# wingtip magics format 1, family rook; …`): one row of `2^n` entries per
/// square, indexed by the family's rule (docs/design.md §2). A file whose header
/// names another format, or another family than its own, is refused; a header
/// without a format is format 1.
pub const FORMAT: u32 = 1;

/// Checks a header comment (`wingtip magics [format N,] family F; …`) against the
/// family being read. Other comments pass.
fn check_header(comment: &str, family: Family) -> Result<(), String> {
    let Some(rest) = comment.strip_prefix("wingtip magics") else {
        return Ok(());
    };
    let fields: Vec<&str> = rest
        .split(';')
        .next()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .collect();
    for field in fields {
        if let Some(n) = field.strip_prefix("format ") {
            if n.trim() != FORMAT.to_string() {
                return Err(format!(
                    "the header names format {}, and this build reads format {FORMAT} (one row of 2^n entries per square)",
                    n.trim()
                ));
            }
        } else if let Some(f) = field.strip_prefix("family ") {
            if f.trim() != family.name() {
                return Err(format!(
                    "the header says family {}, and this is the {family} file (a file under the wrong name?)",
                    f.trim()
                ));
            }
        }
    }
    Ok(())
}

/// One square's committed magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The square, a8 = 0 … h1 = 63.
    pub square: u8,
    /// Index bits `n`: indices run below `2^n` (the compact row may end earlier,
    /// [`compact_row_len`](crate::tables::compact_row_len)).
    pub bits: u8,
    /// The multiplier.
    pub magic: u64,
}

/// The entries of one family, by square; `None` where a square is missing.
pub type FamilyEntries = [Option<Entry>; 64];

/// One family's file as read: its entries and the line each came from.
#[derive(Clone, Debug)]
pub struct FamilyFile {
    /// The family.
    pub family: Family,
    /// Entries by square.
    pub entries: FamilyEntries,
    /// The 1-based line number of each present entry (0 where missing).
    pub lines: [usize; 64],
    /// The comment that ends each entry's line, trimmed (`None` where there is none):
    /// the hunter records there how it found the entry (`hunt seed 8 chunk 1234`).
    pub notes: FamilyNotes,
}

/// One optional note per square, a8 … h1.
pub type FamilyNotes = [Option<String>; 64];

/// A complete set: all 64 entries of every family, in [`Family::ALL`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicSet {
    /// `families[f.index()][sq]`.
    pub families: [[Entry; 64]; Family::COUNT],
}

impl MagicSet {
    /// Returns the 64 entries of `family`.
    pub fn family(&self, family: Family) -> &[Entry; 64] {
        &self.families[family.index()]
    }

    /// Returns the compact-table entry count of `family`: the sum of its rows'
    /// [`compact_row_len`](crate::tables::compact_row_len), at most `2^n` each.
    pub fn compact_entries(&self, family: Family) -> usize {
        self.family(family)
            .iter()
            .map(|e| crate::tables::compact_row_len(family, e))
            .sum()
    }
}

/// A line of a magics file that does not parse, or a file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The file, as given by the caller.
    pub path: PathBuf,
    /// The 1-based line (0 when the whole file is at fault).
    pub line: usize,
    /// What was wrong.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path.display(), self.reason)
        } else {
            write!(f, "{}:{}: {}", self.path.display(), self.line, self.reason)
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses the text of one family's file. `path` is only used in error messages.
///
/// # Errors
/// A [`ParseError`] naming the line and what was wrong: a line without exactly three
/// fields, an unknown square name, a square out of order or repeated, bits that are
/// not a number in `1..=64`, a magic that is not `0x` and 16 hex digits. This never
/// panics.
pub fn parse_file(family: Family, path: &Path, text: &str) -> Result<FamilyFile, ParseError> {
    let err = |line: usize, reason: String| ParseError {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut entries: FamilyEntries = [None; 64];
    let mut lines = [0usize; 64];
    let mut notes: FamilyNotes = std::array::from_fn(|_| None);
    let mut last: Option<u8> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let (content, note) = match raw.split_once('#') {
            Some((content, note)) => (content.trim(), Some(note.trim())),
            None => (raw.trim(), None),
        };
        if content.is_empty() {
            if let Some(comment) = note {
                check_header(comment, family).map_err(|reason| err(n, reason))?;
            }
        }
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(err(
                n,
                format!(
                    "expected `square bits magic`, found {} field(s): {content:?}",
                    fields.len()
                ),
            ));
        }
        let sq = parse_square(fields[0])
            .ok_or_else(|| err(n, format!("{:?} is not a square name (a8 … h1)", fields[0])))?;
        let name = fields[0];
        if let Some(prev) = last {
            if sq == prev {
                return Err(err(n, format!("square {name}: repeated")));
            }
            if sq < prev {
                return Err(err(
                    n,
                    format!(
                        "square {name}: out of order (after {}; files list a8 … h1)",
                        square_name(prev)
                    ),
                ));
            }
        }
        let bits: u8 = fields[1]
            .parse()
            .ok()
            .filter(|b| (1..=64).contains(b))
            .ok_or_else(|| {
                err(
                    n,
                    format!(
                        "square {name}: bits {:?} is not a number in 1..=64",
                        fields[1]
                    ),
                )
            })?;
        let hex = fields[2]
            .strip_prefix("0x")
            .or_else(|| fields[2].strip_prefix("0X"))
            .filter(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| {
                err(
                    n,
                    format!(
                        "square {name}: magic {:?} is not 0x and 16 hex digits",
                        fields[2]
                    ),
                )
            })?;
        let magic = u64::from_str_radix(hex, 16)
            .map_err(|e| err(n, format!("square {name}: magic: {e}")))?;
        entries[sq as usize] = Some(Entry {
            square: sq,
            bits,
            magic,
        });
        lines[sq as usize] = n;
        notes[sq as usize] = note.filter(|t| !t.is_empty()).map(str::to_string);
        last = Some(sq);
    }
    Ok(FamilyFile {
        family,
        entries,
        lines,
        notes,
    })
}

/// Returns the text of one family's file: a header naming `written_by` (the command
/// that produced it), then one line per present square.
pub fn write_file(family: Family, entries: &FamilyEntries, written_by: &str) -> String {
    write_file_with_notes(family, entries, &std::array::from_fn(|_| None), written_by)
}

/// As [`write_file`], with `notes[sq]` (when present) as a comment at the end of the
/// square's line, where [`parse_file`] reads it back into [`FamilyFile::notes`]. A
/// note is one line: line breaks in it are written as spaces.
pub fn write_file_with_notes(
    family: Family,
    entries: &FamilyEntries,
    notes: &FamilyNotes,
    written_by: &str,
) -> String {
    let mut out = format!(
        "# wingtip magics format {FORMAT}, family {family}; written by: {written_by}\n# square bits magic\n"
    );
    for e in entries.iter().flatten() {
        out.push_str(&format!(
            "{} {} 0x{:016X}",
            square_name(e.square),
            e.bits,
            e.magic
        ));
        if let Some(note) = notes[e.square as usize].as_deref() {
            let note = note.replace(['\n', '\r'], " ");
            if !note.trim().is_empty() {
                out.push_str(&format!(" # {}", note.trim()));
            }
        }
        out.push('\n');
    }
    out
}

/// Returns the path of `family`'s file in `dir`.
pub fn family_path(dir: &Path, family: Family) -> PathBuf {
    dir.join(format!("{}.txt", family.name()))
}

/// Reads every family file of `dir`. A missing file gives `None` for that family.
///
/// # Errors
/// A [`ParseError`] for the first file that exists but cannot be read or parsed.
pub fn read_dir(dir: &Path) -> Result<[Option<FamilyFile>; Family::COUNT], ParseError> {
    let mut out: [Option<FamilyFile>; Family::COUNT] = Default::default();
    for family in Family::ALL {
        let path = family_path(dir, family);
        let text = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| ParseError {
                path: path.clone(),
                line: 0,
                reason: "not UTF-8 text".into(),
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(ParseError {
                    path: path.clone(),
                    line: 0,
                    reason: format!("cannot read: {e}"),
                })
            }
        };
        out[family.index()] = Some(parse_file(family, &path, &text)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<FamilyFile, ParseError> {
        parse_file(Family::Rook, Path::new("magics/rook.txt"), text)
    }

    #[test]
    fn round_trip() {
        let mut entries: FamilyEntries = [None; 64];
        entries[0] = Some(Entry {
            square: 0,
            bits: 12,
            magic: 0x0080_0010_2040_0080,
        });
        entries[63] = Some(Entry {
            square: 63,
            bits: 11,
            magic: u64::MAX,
        });
        let text = write_file(Family::Rook, &entries, "test");
        let back = parse(&text).unwrap();
        assert_eq!(back.entries, entries);
        assert_eq!(back.lines[0], 3);
        assert_eq!(back.lines[63], 4);
    }

    #[test]
    fn headers_and_notes() {
        // A header without a format (files written before it was named) is format 1.
        let text = "# wingtip magics, family rook; written by: x\na8 12 0x0080001020400080 # hunt seed 3 chunk 5\n";
        let file = parse(text).unwrap();
        assert_eq!(file.notes[0].as_deref(), Some("hunt seed 3 chunk 5"));
        let mut notes: FamilyNotes = std::array::from_fn(|_| None);
        notes[0] = Some("two\nlines".into());
        let written = write_file_with_notes(Family::Rook, &file.entries, &notes, "y");
        assert!(written.starts_with("# wingtip magics format 1, family rook; written by: y\n"));
        assert_eq!(
            parse(&written).unwrap().notes[0].as_deref(),
            Some("two lines")
        );
    }

    #[test]
    fn errors_name_line_and_reason() {
        let cases = [
            ("a8 12\n", 1, "field"),
            ("# c\nz9 12 0x0000000000000001\n", 2, "not a square"),
            (
                "b8 12 0x0000000000000001\na8 12 0x0000000000000001\n",
                2,
                "out of order",
            ),
            (
                "a8 12 0x0000000000000001\na8 12 0x0000000000000001\n",
                2,
                "repeated",
            ),
            ("a8 x 0x0000000000000001\n", 1, "bits"),
            ("a8 0 0x0000000000000001\n", 1, "bits"),
            ("a8 12 0x00001\n", 1, "16 hex"),
            ("a8 12 0xg000000000000001\n", 1, "16 hex"),
            (
                "# wingtip magics format 1, family bishop; written by: x\n",
                1,
                "says family bishop",
            ),
            (
                "# x\n# wingtip magics format 2, family rook; written by: x\n",
                2,
                "format 2",
            ),
        ];
        for (text, line, needle) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(needle), "{text:?}: {e}");
            assert!(
                e.to_string()
                    .starts_with(&format!("magics/rook.txt:{line}:")),
                "{e}"
            );
        }
    }
}
