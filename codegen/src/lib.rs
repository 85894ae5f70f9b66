//! Magic-number search, verification, file format and table emitter for
//! [wingtip](https://docs.rs/wingtip).
//!
//! This crate is wingtip's single source of truth for slider indexing. It is a
//! build-dependency of `wingtip` (its `build.rs` calls [`emit`](fn@emit)), a dependency of
//! the `wingtip` binary (`wingtip magics …` reuses the same search) and a
//! dev-dependency of wingtip's tests (which compare every lookup against
//! [`reference`](mod@reference)).
//!
//! Data flow:
//!
//! ```text
//! magics/*.txt ─► read (format) ─► verify (each family's rule) ─► search what is missing
//!              ─► build tables ─► emit $OUT_DIR/{tables.rs, *.bin}
//! ```
//!
//! Square numbering is wingtip's: a8 = 0, b8 = 1, …, h1 = 63. Square numbers here are
//! plain `u8`s because this crate cannot depend on wingtip (it builds wingtip's tables).
#![warn(missing_docs)]

pub mod emit;
pub mod family;
pub mod format;
pub mod geometry;
pub mod net;
pub mod reference;
pub mod rng;
pub mod search;
pub mod tables;
pub mod verify;

pub use emit::{emit, EmitError, Target};
pub use family::Family;
pub use format::{
    parse_file, read_dir, write_file, write_file_with_notes, Entry, FamilyNotes, MagicSet,
    ParseError,
};
pub use search::{find_magic, search_family, search_set};
pub use verify::{verify_entry, verify_set, Violation};
