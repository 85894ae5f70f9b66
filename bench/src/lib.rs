//! Nothing to link: this package exists for its benches (`bench/benches/`), which
//! compare wingtip with itself across backends and with the peer crates.
