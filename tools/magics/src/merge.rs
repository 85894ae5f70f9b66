//! Combines magics folders: per square, the best valid entry ([`better`]: the shortest
//! compact row, then the fewest index bits).
//!
//! This is how independent hunts combine: run one `wingtip magics hunt --seed N
//! --out job-N` per machine or batch job, then merge the job folders (and the
//! committed folder) into one.

use crate::format::{family_path, read_dir, Entry, FamilyEntries, FamilyNotes, ParseError};
use crate::tables::compact_row_len;
use crate::verify::{verify_entry, FileViolation};
use crate::Family;
use std::path::PathBuf;

/// One family's merge result.
#[derive(Clone, Debug)]
pub struct MergedFamily {
    /// The family.
    pub family: Family,
    /// The best entry of each square (`None` where no source has a valid one).
    pub entries: FamilyEntries,
    /// For each square, the index in the source list of the folder it came from.
    pub source: [Option<usize>; 64],
    /// Each chosen entry's note from its source file (how it was found).
    pub notes: FamilyNotes,
    /// True when at least one source has a file for this family.
    pub present: bool,
}

/// What [`merge_dirs`] found.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The merged families, in [`Family::ALL`] order.
    pub families: Vec<MergedFamily>,
    /// Entries that break their family's rule; they were skipped.
    pub skipped: Vec<FileViolation>,
}

/// Returns true when `candidate` is strictly better than `current`: a shorter
/// compact row ([`compact_row_len`]), or an equal row with fewer bits. Ties keep
/// the current entry, so the earlier source wins. Hunts, merges and the checks
/// before a file is replaced all rank entries this way.
pub fn better(family: Family, candidate: &Entry, current: Option<&Entry>) -> bool {
    current.is_none_or(|c| {
        if family.is_line() {
            return candidate.bits < c.bits;
        }
        let (a, b) = (
            compact_row_len(family, candidate),
            compact_row_len(family, c),
        );
        a < b || (a == b && candidate.bits < c.bits)
    })
}

/// Merges the folders `dirs`, in order; between equal entries the earlier folder wins.
///
/// Every entry is verified; an invalid one is skipped and listed in
/// [`Merged::skipped`]. Missing files and squares are simply absent.
///
/// # Errors
/// A [`ParseError`] for the first file that exists but cannot be read or parsed
/// (nothing is merged then).
pub fn merge_dirs(dirs: &[PathBuf]) -> Result<Merged, ParseError> {
    let sources = dirs
        .iter()
        .map(|d| read_dir(d))
        .collect::<Result<Vec<_>, _>>()?;
    let mut skipped = Vec::new();
    let families = Family::ALL
        .into_iter()
        .map(|family| {
            let mut merged = MergedFamily {
                family,
                entries: [None; 64],
                source: [None; 64],
                notes: crate::store::no_notes(),
                present: false,
            };
            for (k, files) in sources.iter().enumerate() {
                let Some(file) = &files[family.index()] else {
                    continue;
                };
                merged.present = true;
                for e in file.entries.iter().flatten() {
                    let sq = e.square as usize;
                    if !better(family, e, merged.entries[sq].as_ref()) {
                        continue;
                    }
                    match verify_entry(family, e) {
                        Ok(()) => {
                            merged.entries[sq] = Some(*e);
                            merged.source[sq] = Some(k);
                            merged.notes[sq] = file.notes[sq].clone();
                        }
                        Err(violation) => skipped.push(FileViolation {
                            family,
                            path: family_path(&dirs[k], family),
                            line: file.lines[sq],
                            square: e.square,
                            violation,
                        }),
                    }
                }
            }
            merged
        })
        .collect();
    Ok(Merged { families, skipped })
}
