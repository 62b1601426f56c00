//! Regenerate the C header `include/hupai.h` from this crate (`src/lib.rs`
//! and its modules) with cbindgen (settings in `include/cbindgen.toml`).
//! tests/c_abi.rs checks that the committed header equals a fresh generation.
//!
//! ```sh
//! cargo run -p hupai-ffi --example gen_header
//! ```

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("include/cbindgen.toml"))
        .expect("include/cbindgen.toml reads");
    let out = root.join("include/hupai.h");
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .generate()
        .expect("src/lib.rs generates a header")
        .write_to_file(&out);
    println!("wrote {}", out.display());
}
