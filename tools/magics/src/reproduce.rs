//! Rerunning the work that found each committed entry, to show it is reproducible.
//!
//! Every rook and bishop entry comes from one of two deterministic sources:
//! - the full-width search (`wingtip magics search --seed S`, and build.rs for a
//!   missing square, seed 7): [`search_square`] with the seed gives the same magic
//!   (for the fixed-shift families, with the default budget or the committed files'
//!   [`COMMITTED_FIXED_TRIES`]);
//! - a hunt chunk: the hunt writes `# hunt seed S chunk C` (classic method) or
//!   `# hunt dfs seed S chunk C` (depth-first; `scan` likewise, and
//!   `# hunt trim seed S chunk C row R` for a shortened row) at the end of the
//!   entry's line ([`hunt_note`]); chunk `C` of `(method, S, family, square, bits)`
//!   run again ([`rerun_chunk`]) finds the same magic, on any machine and any number
//!   of threads.
//!
//! [`check_file`] checks every entry of a file that way. For entries that predate the
//! notes, [`recover`] scans the chunks of candidate seeds for the one that finds the
//! committed magic, so a note can be added without changing the entry.

use crate::format::{Entry, FamilyFile};
use crate::geometry::square_name;
use crate::hunt::{hunt_note, parse_hunt_note, rerun_chunk, ChunkResult, Method};
use crate::search::DEFAULT_SEED;
use crate::search::{search_square, search_square_with, COMMITTED_FIXED_TRIES};
use crate::Family;
use std::fmt;

/// How one entry was (or was not) reproduced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The chunk in the entry's note found exactly this magic again.
    Hunted {
        /// The hunt's method.
        method: Method,
        /// The hunt's seed.
        seed: u64,
        /// The chunk.
        chunk: u64,
        /// A trim chunk's row limit.
        row: Option<usize>,
    },
    /// The full-width search from this seed gives exactly this entry.
    Searched {
        /// The search seed.
        seed: u64,
    },
    /// The note names a chunk that finds something else (or nothing): the entry is
    /// not what that work produces.
    Mismatch {
        /// What the note says.
        note: String,
        /// What the chunk found instead (`None`: nothing).
        found: Option<u64>,
    },
    /// A note that is not `hunt seed S chunk C`.
    BadNote(String),
    /// No note, and not the search's entry for the seeds tried.
    Unrecorded,
}

impl Outcome {
    /// True when the entry was reproduced.
    pub fn reproduced(&self) -> bool {
        matches!(self, Outcome::Hunted { .. } | Outcome::Searched { .. })
    }
}

/// One checked entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The family.
    pub family: Family,
    /// The entry.
    pub entry: Entry,
    /// Its 1-based line in the file.
    pub line: usize,
    /// What rerunning showed.
    pub outcome: Outcome,
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.entry;
        write!(
            f,
            "{} {} {} bits 0x{:016X}: ",
            self.family,
            square_name(e.square),
            e.bits,
            e.magic
        )?;
        match &self.outcome {
            Outcome::Hunted {
                method,
                seed,
                chunk,
                row,
            } => write!(
                f,
                "reproduced by {}",
                hunt_note(*method, *seed, *chunk, *row)
            ),
            Outcome::Searched { seed } => write!(f, "reproduced by search seed {seed}"),
            Outcome::Mismatch { note, found } => match found {
                Some(m) => write!(f, "NOT reproduced: `{note}` finds 0x{m:016X}"),
                None => write!(f, "NOT reproduced: `{note}` finds nothing"),
            },
            Outcome::BadNote(note) => write!(
                f,
                "NOT reproduced: note `{note}` is not `hunt seed S chunk C`"
            ),
            Outcome::Unrecorded => write!(
                f,
                "NOT reproduced: no note, and not search seed {DEFAULT_SEED}'s entry"
            ),
        }
    }
}

/// Checks one entry of `family` with its note (see the module documentation).
pub fn check_entry(family: Family, entry: &Entry, note: Option<&str>) -> Outcome {
    match note {
        Some(note) => match parse_hunt_note(note) {
            Some((method, seed, chunk, row)) => {
                match rerun_chunk(method, family, entry.square, entry.bits, seed, chunk, row) {
                    ChunkResult::Found(m) if m == entry.magic => Outcome::Hunted {
                        method,
                        seed,
                        chunk,
                        row,
                    },
                    ChunkResult::Found(m) => Outcome::Mismatch {
                        note: note.to_string(),
                        found: Some(m),
                    },
                    _ => Outcome::Mismatch {
                        note: note.to_string(),
                        found: None,
                    },
                }
            }
            None => Outcome::BadNote(note.to_string()),
        },
        None if search_square(family, entry.square, DEFAULT_SEED) == *entry => {
            Outcome::Searched { seed: DEFAULT_SEED }
        }
        // The committed fixed-shift files were searched with a larger budget.
        None if family.is_fixed()
            && search_square_with(family, entry.square, DEFAULT_SEED, COMMITTED_FIXED_TRIES)
                == *entry =>
        {
            Outcome::Searched { seed: DEFAULT_SEED }
        }
        None => Outcome::Unrecorded,
    }
}

/// Checks the entries of `file` on `squares` (every present square when `None`).
pub fn check_file(file: &FamilyFile, squares: Option<&[u8]>) -> Vec<Checked> {
    file.entries
        .iter()
        .flatten()
        .filter(|e| squares.is_none_or(|s| s.contains(&e.square)))
        .map(|e| Checked {
            family: file.family,
            entry: *e,
            line: file.lines[e.square as usize],
            outcome: check_entry(file.family, e, file.notes[e.square as usize].as_deref()),
        })
        .collect()
}

/// Looks for the classic hunt chunk that found `entry`: chunks `0..max_chunks` at the
/// entry's width for each seed in turn (entries without notes all came from classic
/// hunts). Returns `(seed, chunk)`, or `None` when no
/// chunk scanned finds it.
pub fn recover(
    family: Family,
    entry: &Entry,
    seeds: &[u64],
    max_chunks: u64,
) -> Option<(u64, u64)> {
    seeds.iter().find_map(|&seed| {
        (0..max_chunks).find_map(|chunk| {
            match rerun_chunk(
                Method::Classic,
                family,
                entry.square,
                entry.bits,
                seed,
                chunk,
                None,
            ) {
                ChunkResult::Found(m) if m == entry.magic => Some((seed, chunk)),
                _ => None,
            }
        })
    })
}
