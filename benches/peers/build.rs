//! Records the compiler version for the report's machine line.

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(
            || "rustc (unknown version)".into(),
            |s| s.trim().to_string(),
        );
    println!("cargo:rustc-env=PEERS_RUSTC={version}");
    println!("cargo:rerun-if-env-changed=RUSTC");
}
