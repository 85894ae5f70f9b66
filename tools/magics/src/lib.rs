//! The magic hunter's library behind the `wingtip-magics` binary: hunting denser magic
//! numbers ([`hunt`]), merging the folders of independent hunts ([`merge`]), replacing
//! committed files only with verified, no-worse tables ([`store`]), measuring table
//! sizes against published ones ([`stats`]), rerunning the work that found each entry
//! ([`reproduce`]) and drawing the hunt's progress ([`plot`]).
//!
//! The file format, the validity rules and the search are [`wingtip_codegen`]'s, the
//! same code `wingtip`'s build script verifies the committed files with, so a table this
//! tool writes is one the next build accepts. The rules are in the repository's
//! `docs/design.md` §2, the file format in §4.
#![warn(missing_docs)]

pub mod dfs;
pub mod hunt;
pub mod merge;
pub mod plot;
pub mod reproduce;
pub mod stats;
pub mod store;

// The generator's modules, under the names the hunting code uses.
use wingtip_codegen::{format, geometry, reference, rng, search, tables, verify, Family};

pub use hunt::{hunt_dir, Budget, HuntConfig, HuntError, HuntReport, Method};
pub use merge::{merge_dirs, Merged};
pub use store::{replace_files, StoreError, Update};
