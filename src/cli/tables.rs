//! `hupai tables build|verify|info`.

use clap::{Args, Subcommand};
use hupai::table::{TableError, TableFile, Tables, KINDS};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Generate every table file into DIR (default: tables).
    Build {
        /// Output directory.
        #[arg(long, default_value = "tables")]
        dir: PathBuf,
    },
    /// Check the files of DIR (default: the embedded set): headers, checksums,
    /// and equality with a fresh build.
    Verify {
        /// Directory of table files.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Describe the files of DIR (default: the embedded set).
    Info {
        /// Directory of table files.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// One JSON object per file.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(args: TablesArgs) -> ExitCode {
    let result = match args.action {
        Action::Build { dir } => build(&dir),
        Action::Verify { dir } => verify(dir.as_deref()),
        Action::Info { dir, json } => info(dir.as_deref(), json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(1)
        }
    }
}

fn build(dir: &Path) -> Result<(), TableError> {
    let io = |source| TableError::Io {
        path: dir.display().to_string(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let start = Instant::now();
    let files: Vec<(&str, Vec<u8>)> = KINDS.par_iter().map(|k| (k.file, (k.generate)())).collect();
    let took = start.elapsed();
    for (name, bytes) in &files {
        // Write then rename, so a reader never maps a half-written file.
        let tmp = dir.join(format!(".{name}.tmp"));
        std::fs::write(&tmp, bytes).map_err(io)?;
        std::fs::rename(&tmp, dir.join(name)).map_err(io)?;
        println!("wrote {}  {} bytes", dir.join(name).display(), bytes.len());
    }
    println!(
        "generated {} files in {:.0} ms on {} threads",
        files.len(),
        took.as_secs_f64() * 1e3,
        rayon::current_num_threads()
    );
    Ok(())
}

fn verify(dir: Option<&Path>) -> Result<(), TableError> {
    let fresh = Tables::generate();
    let compare = |loaded: Vec<(&str, &[u8])>| -> Result<(), TableError> {
        for ((name, bytes), (_, want)) in loaded.into_iter().zip(fresh.files()) {
            if bytes != want.bytes() {
                return Err(TableError::Stale(name.to_string()));
            }
            println!("{name}: ok (header, checksum, equal to a fresh build)");
        }
        Ok(())
    };
    match dir {
        Some(d) => {
            let t = Tables::open(d)?;
            t.verify()?;
            compare(t.files().map(|(n, f)| (n, f.bytes())).collect())
        }
        None => {
            let t = Tables::embedded();
            t.verify()?;
            compare(t.files().map(|(n, f)| (n, f.bytes())).collect())
        }
    }
}

fn info(dir: Option<&Path>, json: bool) -> Result<(), TableError> {
    let describe = |name: &str, f: &TableFile<&[u8]>| {
        let sections: Vec<_> = f
            .sections()
            .map(|(n, len)| serde_json::json!({"name": n, "bytes": len}))
            .collect();
        if json {
            let v = serde_json::json!({
                "file": name, "kind": f.kind(), "bytes": f.bytes().len(),
                "checksum": format!("{:016x}", f.recorded_checksum()), "sections": sections,
            });
            println!("{v}");
        } else {
            println!(
                "{name}: kind {}, {} bytes, checksum {:016x}",
                f.kind(),
                f.bytes().len(),
                f.recorded_checksum()
            );
            for (n, len) in f.sections() {
                println!("  {n:<12} {len:>9} bytes");
            }
        }
    };
    let print_all = |files: Vec<(&str, &[u8])>| -> Result<(), TableError> {
        for (name, bytes) in files {
            describe(name, &TableFile::new(bytes)?);
        }
        Ok(())
    };
    match dir {
        Some(d) => {
            let t = Tables::open(d)?;
            print_all(t.files().map(|(n, f)| (n, f.bytes())).collect())?;
        }
        None => print_all(
            Tables::embedded()
                .files()
                .map(|(n, f)| (n, f.bytes()))
                .collect(),
        )?,
    }
    if !json {
        println!(
            "patterns: {} suit, {} honour (at most 14 tiles each)",
            hupai::table::key::SUIT_PATTERNS,
            hupai::table::key::HONOR_PATTERNS
        );
    }
    Ok(())
}
