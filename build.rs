//! Embeds the table files of `tables/` so the library needs no file at run time.
use std::{env, fs, path::Path};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("tables");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "tbl"));
    files.sort();
    let mut out = String::from(
        "/// Table files embedded at build time.\npub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for p in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        let name = p.file_name().unwrap().to_string_lossy();
        out += &format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            p.display().to_string()
        );
    }
    out += "];\n";
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("embedded_tables.rs"),
        out,
    )
    .unwrap();
}
