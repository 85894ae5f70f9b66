//! Safe replacement of magics files: verify, compare, then write through a temporary
//! file and an atomic rename.
//!
//! Rules:
//! - a family file is replaced only by entries that all pass their family's rule
//!   ([`verify_entry`]) and that are *no worse* than the file on disk: every square the
//!   old file had is still present, and the compact table of the family (the sum of
//!   its rows, `crate::tables::compact_row_len`) does not grow;
//! - every check of every file runs before the first byte is written, so an error
//!   (an unreadable, truncated or garbled file on disk, a worse or invalid set) changes
//!   nothing;
//! - each file is written to a temporary file in the same folder, flushed to disk,
//!   read back and parsed, then renamed over the old one: a reader (a build, a
//!   concurrent `verify`) sees either the old file or the new one, never a mix, even
//!   when the process is killed mid-write.

use crate::format::{
    family_path, parse_file, write_file_with_notes, FamilyEntries, FamilyFile, FamilyNotes,
    ParseError,
};
use crate::stats::compact_entries;
use crate::verify::{verify_entry, Violation};
use crate::Family;
use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a folder was left unchanged.
#[derive(Debug)]
pub enum StoreError {
    /// An existing file cannot be read or parsed (unless forced, it is never replaced).
    Parse(ParseError),
    /// A new entry breaks its family's rule.
    Invalid {
        /// The family.
        family: Family,
        /// The square.
        square: u8,
        /// The reason.
        violation: Violation,
    },
    /// The new set is worse than the file on disk.
    Worse {
        /// The file on disk.
        path: PathBuf,
        /// What makes it worse.
        reason: String,
    },
    /// A file or folder operation failed.
    Io {
        /// The path involved.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Parse(e) => write!(f, "{e}"),
            StoreError::Invalid {
                family,
                square,
                violation,
            } => write!(
                f,
                "new {family} entry for {} is invalid: {violation}",
                crate::geometry::square_name(*square)
            ),
            StoreError::Worse { path, reason } => {
                write!(f, "{}: not replaced: {reason}", path.display())
            }
            StoreError::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for StoreError {}

/// What happened to one family file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The file did not exist and was created.
    Created(PathBuf),
    /// The file was replaced.
    Replaced(PathBuf),
    /// The file already held exactly these entries; it was left untouched.
    Unchanged(PathBuf),
}

impl Outcome {
    /// Returns the path of the file.
    pub fn path(&self) -> &Path {
        match self {
            Outcome::Created(p) | Outcome::Replaced(p) | Outcome::Unchanged(p) => p,
        }
    }
}

/// One family file to write: the family, its entries and the command that made them.
#[derive(Clone, Debug)]
pub struct Update {
    /// The family.
    pub family: Family,
    /// The entries (missing squares are allowed; build.rs searches them).
    pub entries: FamilyEntries,
    /// The command named in the header.
    pub written_by: String,
    /// Each square's note (how the entry was found), written at the end of its line.
    pub notes: FamilyNotes,
}

/// No notes: an entry for [`Update::notes`] when nothing is recorded.
pub fn no_notes() -> FamilyNotes {
    std::array::from_fn(|_| None)
}

/// Returns why `new` is worse than `old`, or `None` when it is no worse.
///
/// Worse means: a square `old` had is missing from `new`, or the family's compact
/// table grows (a missing square counts at full width, as build.rs searches it).
pub fn worse_reason(family: Family, old: &FamilyEntries, new: &FamilyEntries) -> Option<String> {
    let lost: Vec<String> = (0..64)
        .filter(|&sq| old[sq].is_some() && new[sq].is_none())
        .map(|sq| crate::geometry::square_name(sq as u8))
        .collect();
    if !lost.is_empty() {
        return Some(format!("the new set lacks square(s) {}", lost.join(" ")));
    }
    let (a, b) = (compact_entries(family, old), compact_entries(family, new));
    (b > a).then(|| {
        format!(
            "the new set needs {b} compact entries, the file on disk {a} (use --force to replace it anyway)"
        )
    })
}

/// Reads the existing file of `family` in `dir`, if any.
///
/// # Errors
/// [`StoreError::Parse`] when the file exists but cannot be read or parsed.
pub fn read_existing_file(dir: &Path, family: Family) -> Result<Option<FamilyFile>, StoreError> {
    let path = family_path(dir, family);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(StoreError::Parse(ParseError {
                path,
                line: 0,
                reason: format!("cannot read: {e}"),
            }))
        }
    };
    let text = String::from_utf8(bytes).map_err(|_| {
        StoreError::Parse(ParseError {
            path: path.clone(),
            line: 0,
            reason: "not UTF-8 text".into(),
        })
    })?;
    parse_file(family, &path, &text)
        .map(Some)
        .map_err(StoreError::Parse)
}

/// As [`read_existing_file`], the entries only.
///
/// # Errors
/// As [`read_existing_file`].
pub fn read_existing(dir: &Path, family: Family) -> Result<Option<FamilyEntries>, StoreError> {
    Ok(read_existing_file(dir, family)?.map(|f| f.entries))
}

/// Writes `updates` into `dir` (created when missing), following the module's rules.
///
/// With `force`, an existing file that is worse-than-new is not required, and an
/// unreadable existing file is overwritten; new entries are still verified.
///
/// # Errors
/// The first [`StoreError`]; when it comes from a check, no file was written.
pub fn replace_files(
    dir: &Path,
    updates: &[Update],
    force: bool,
) -> Result<Vec<Outcome>, StoreError> {
    // 1. Every new entry must pass its family's rule.
    for u in updates {
        for e in u.entries.iter().flatten() {
            verify_entry(u.family, e).map_err(|violation| StoreError::Invalid {
                family: u.family,
                square: e.square,
                violation,
            })?;
        }
    }
    // 2. Compare with what is on disk, before writing anything.
    let mut plan = Vec::with_capacity(updates.len());
    for u in updates {
        let path = family_path(dir, u.family);
        let old = match read_existing_file(dir, u.family) {
            Ok(old) => old,
            Err(_) if force => None,
            Err(e) => return Err(e),
        };
        match &old {
            Some(old) if old.entries == u.entries && old.notes == u.notes => {
                plan.push((u, Outcome::Unchanged(path)));
                continue;
            }
            Some(old) if !force => {
                if let Some(reason) = worse_reason(u.family, &old.entries, &u.entries) {
                    return Err(StoreError::Worse { path, reason });
                }
            }
            _ => {}
        }
        let outcome = if path.exists() {
            Outcome::Replaced(path)
        } else {
            Outcome::Created(path)
        };
        plan.push((u, outcome));
    }
    // 3. Write.
    std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for (u, outcome) in &plan {
        if matches!(outcome, Outcome::Unchanged(_)) {
            continue;
        }
        let text = write_file_with_notes(u.family, &u.entries, &u.notes, &u.written_by);
        // Read-back check: the text must parse to exactly the entries we verified.
        let back = parse_file(u.family, outcome.path(), &text).map_err(StoreError::Parse)?;
        assert_eq!(back.entries, u.entries, "write_file/parse_file round trip");
        write_atomic(outcome.path(), text.as_bytes())?;
    }
    Ok(plan.into_iter().map(|(_, o)| o).collect())
}

/// Writes `bytes` to `path` through a temporary file in the same folder and an
/// atomic rename; the folder must exist.
///
/// # Errors
/// [`StoreError::Io`] when the temporary file cannot be written or renamed (the
/// temporary file is removed then, and `path` is untouched).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let io = |source| StoreError::Io {
        path: tmp.clone(),
        source,
    };
    let result = (|| {
        let mut f = std::fs::File::create(&tmp).map_err(io)?;
        f.write_all(bytes).map_err(io)?;
        f.sync_all().map_err(io)?;
        drop(f);
        std::fs::rename(&tmp, path).map_err(|source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        })
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    } else if let Ok(d) = std::fs::File::open(dir) {
        // Persist the rename itself (best effort; not supported everywhere).
        let _ = d.sync_all();
    }
    result
}
