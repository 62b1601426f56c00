//! `hupai tables build|verify|info`.

use clap::{Args, Subcommand};
use hupai::answer::TableInfo;
use hupai::table::{generate, TableError, Tables, FILES};
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
        Action::Build { dir } => return build(&dir),
        Action::Verify { dir } => verify(dir.as_deref()).map_err(|e| e.to_string()),
        Action::Info { dir, json } => info(dir.as_deref(), json).map_err(|e| e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(1)
        }
    }
}

/// Write every file; a directory that cannot be created or written is a
/// usage error (exit 2) naming the path.
fn build(dir: &Path) -> ExitCode {
    let start = Instant::now();
    match generate::write_dir(dir) {
        Ok(files) => {
            for (path, len) in &files {
                println!("wrote {}  {len} bytes", path.display());
            }
            println!(
                "generated {} files in {:.0} ms on {} threads",
                files.len(),
                start.elapsed().as_secs_f64() * 1e3,
                rayon::current_num_threads()
            );
            ExitCode::SUCCESS
        }
        Err(TableError::Io { path, source }) => {
            eprintln!("hupai: cannot write the tables to {path}: {source}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(2)
        }
    }
}

/// Check every file on its own (header, kind, checksum) and against a fresh
/// build, naming each bad one; an error when any is.
fn verify(dir: Option<&Path>) -> Result<(), String> {
    let fresh = generate::tables();
    let same = |name: &str, bytes: &[u8]| fresh.files().any(|(n, b)| n == name && b == bytes);
    let Some(dir) = dir else {
        let t = Tables::embedded();
        t.verify().map_err(|e| e.to_string())?;
        for (name, bytes) in t.files() {
            if !same(name, bytes) {
                return Err(TableError::Stale(name.to_string()).to_string());
            }
            println!("{name}: ok (header, checksum, equal to a fresh build)");
        }
        return Ok(());
    };
    let mut bad = Vec::new();
    for (path, result) in hupai::table::verify_dir(dir) {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let result = result.and_then(|()| {
            let bytes = std::fs::read(&path).map_err(|source| TableError::Io {
                path: path.display().to_string(),
                source,
            })?;
            if same(&name, &bytes) {
                Ok(())
            } else {
                Err(TableError::Stale(path.display().to_string()))
            }
        });
        match result {
            Ok(()) => println!(
                "{}: ok (header, checksum, equal to a fresh build)",
                path.display()
            ),
            Err(e) => {
                eprintln!("hupai: {}: {e}", path.display());
                bad.push(path.display().to_string());
            }
        }
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} of {} table files failed verification: {}",
            bad.len(),
            FILES.len(),
            bad.join(", ")
        ))
    }
}

fn info(dir: Option<&Path>, json: bool) -> Result<(), TableError> {
    let files = match dir {
        Some(d) => Tables::open(d)?.info(),
        None => Tables::embedded().info(),
    };
    for info in &files {
        describe(info, json);
    }
    if !json {
        println!(
            "patterns: {} suit, {} honour (at most 14 tiles each)",
            hupai::table::SUIT_PATTERNS,
            hupai::table::HONOR_PATTERNS
        );
    }
    Ok(())
}

/// One file of `hupai tables info`: a JSON object, or a line and a line
/// per section.
fn describe(info: &TableInfo, json: bool) {
    if json {
        println!(
            "{}",
            serde_json::to_string(info).expect("a table description serialises")
        );
    } else {
        println!(
            "{}: kind {}, {} bytes, checksum {}",
            info.file, info.kind, info.bytes, info.checksum
        );
        for s in &info.sections {
            println!("  {:<12} {:>9} bytes", s.name, s.bytes);
        }
    }
}
