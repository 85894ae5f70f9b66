//! The committed header `include/wingtip.h` against the one cbindgen generates
//! from `src/` with `cbindgen.toml`. Run with `WINGTIP_BLESS=1` to rewrite it.

use std::path::Path;

#[test]
fn header_matches_the_sources() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml"))
        .expect("bindings/c/cbindgen.toml is readable cbindgen configuration");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen generates the header from bindings/c/src");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");

    let path = dir.join("include/wingtip.h");
    if std::env::var_os("WINGTIP_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).expect("include/wingtip.h is writable");
        eprintln!("wrote {}", path.display());
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "bindings/c/include/wingtip.h is out of date with bindings/c/src (first difference at line {}); \
             regenerate it with: WINGTIP_BLESS=1 cargo test -p wingtip-c --test header",
            line + 1
        );
    }
}
