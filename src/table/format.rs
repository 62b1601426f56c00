//! The table file format: a small bincode header, then arrays used in place.
//!
//! ```text
//! u32 LE      header length H (at most 64 KiB)
//! H bytes     bincode Header { magic, version, kind, sections, payload_len, checksum }
//! padding     to a multiple of 16
//! payload     sections, each 16-aligned, little-endian arrays
//! ```
//!
//! [`TableFile::new`] is the cheap check done on every open (magic, version,
//! lengths; no pass over the payload). [`TableFile::verify`] is the opt-in full
//! check: an FNV-1a 64 checksum over every byte of the file but the checksum
//! field itself (the last eight bytes of the header).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Range;

/// First bytes of the header.
pub(crate) const MAGIC: [u8; 8] = *b"HUPAITBL";
/// Bumped whenever the layout or the meaning of a section changes.
pub(crate) const FORMAT_VERSION: u32 = 6;
const MAX_HEADER: usize = 64 * 1024;
const ALIGN: usize = 16;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Header {
    magic: [u8; 8],
    version: u32,
    kind: String,
    sections: Vec<Section>,
    payload_len: u64,
    checksum: u64,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Section {
    name: String,
    offset: u64,
    len: u64,
}

/// Why a table file was rejected.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be read or mapped.
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Shorter than its header says.
    Truncated {
        /// Bytes the header calls for.
        needed: usize,
        /// Bytes present.
        found: usize,
    },
    /// Not a hupai table file.
    BadMagic,
    /// Written by another format version.
    Version {
        /// Version in the file.
        found: u32,
    },
    /// A header that does not decode or does not add up.
    Corrupt(String),
    /// The payload checksum does not match the header.
    Checksum {
        /// Checksum in the header.
        expected: u64,
        /// Checksum of the payload.
        found: u64,
    },
    /// A table kind or section the engine needs is absent.
    Missing(String),
    /// A file differs from a fresh build (`hupai tables verify`).
    Stale(String),
    /// An error in the named file of a directory.
    File {
        /// The file.
        path: String,
        /// What is wrong with it.
        error: Box<TableError>,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, source } => write!(f, "cannot read table file {path}: {source}"),
            TableError::Truncated { needed, found } => {
                write!(f, "table file is truncated: {found} bytes, header needs {needed}")
            }
            TableError::BadMagic => write!(f, "not a hupai table file (bad magic bytes)"),
            TableError::Version { found } => write!(
                f,
                "table file has format version {found}, this build reads version {FORMAT_VERSION}; rebuild with `hupai tables build`"
            ),
            TableError::Corrupt(why) => write!(f, "table file is corrupt: {why}"),
            TableError::Checksum { expected, found } => write!(
                f,
                "table file checksum mismatch: header says {expected:016x}, contents are {found:016x}"
            ),
            TableError::Missing(what) => write!(f, "table {what} is missing"),
            TableError::Stale(what) => write!(f, "table file {what} differs from a fresh build"),
            TableError::File { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io { source, .. } => Some(source),
            TableError::File { error, .. } => Some(&**error),
            _ => None,
        }
    }
}

/// FNV-1a, 64 bits: simple, dependency-free, deterministic across platforms.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    fnv(0xcbf2_9ce4_8422_2325, bytes)
}

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The checksum of a whole file whose header is `head_len` bytes long:
/// everything except the checksum field, the header's last eight bytes.
fn file_checksum(bytes: &[u8], head_len: usize) -> u64 {
    let field = 4 + head_len - 8;
    fnv(checksum(&bytes[..field]), &bytes[field + 8..])
}

fn bincode_opts() -> impl bincode::Options {
    use bincode::Options;
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .with_limit(MAX_HEADER as u64)
}

/// Serialise a table file of `kind` holding the named sections.
#[cfg(any(test, feature = "generate"))]
pub(crate) fn write(kind: &str, sections: &[(&str, Vec<u8>)]) -> Vec<u8> {
    use bincode::Options;
    let mut payload = Vec::new();
    let mut headers = Vec::new();
    for (name, bytes) in sections {
        payload.resize(payload.len().next_multiple_of(ALIGN), 0);
        headers.push(Section {
            name: name.to_string(),
            offset: payload.len() as u64,
            len: bytes.len() as u64,
        });
        payload.extend_from_slice(bytes);
    }
    let header = Header {
        magic: MAGIC,
        version: FORMAT_VERSION,
        kind: kind.to_string(),
        sections: headers,
        payload_len: payload.len() as u64,
        checksum: 0,
    };
    let head = bincode_opts()
        .serialize(&header)
        .expect("header fits the limit");
    let mut out = Vec::with_capacity(payload.len() + head.len() + 2 * ALIGN);
    out.extend_from_slice(&(head.len() as u32).to_le_bytes());
    out.extend_from_slice(&head);
    out.resize(out.len().next_multiple_of(ALIGN), 0);
    out.extend_from_slice(&payload);
    // The checksum is the header's last field: fill it in over the rest.
    let sum = file_checksum(&out, head.len());
    out[4 + head.len() - 8..4 + head.len()].copy_from_slice(&sum.to_le_bytes());
    out
}

/// A table file over any byte container: a `Vec`, a `&'static [u8]`, a memory map.
#[derive(Debug)]
pub(crate) struct TableFile<B> {
    data: B,
    kind: String,
    sections: Vec<(String, Range<usize>)>,
    head_len: usize,
    checksum: u64,
}

impl<B: AsRef<[u8]>> TableFile<B> {
    /// Check the header and the section bounds; no pass over the payload.
    pub(crate) fn new(data: B) -> Result<TableFile<B>, TableError> {
        use bincode::Options;
        let bytes = data.as_ref();
        let need = |needed: usize| {
            if bytes.len() < needed {
                Err(TableError::Truncated {
                    needed,
                    found: bytes.len(),
                })
            } else {
                Ok(())
            }
        };
        need(4 + MAGIC.len())?;
        if bytes[4..4 + MAGIC.len()] != MAGIC {
            return Err(TableError::BadMagic);
        }
        let head_len = u32::from_le_bytes(bytes[..4].try_into().expect("4 bytes")) as usize;
        if head_len > MAX_HEADER {
            return Err(TableError::Corrupt(format!(
                "header length {head_len} is too large"
            )));
        }
        need(4 + head_len)?;
        // The version sits right after the magic; read it before decoding the
        // rest so another version is reported as such, not as corruption.
        need(4 + MAGIC.len() + 4)?;
        let at = 4 + MAGIC.len();
        let version = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(TableError::Version { found: version });
        }
        let header: Header = bincode_opts()
            .deserialize(&bytes[4..4 + head_len])
            .map_err(|e| TableError::Corrupt(format!("header does not decode: {e}")))?;
        let start = (4 + head_len).next_multiple_of(ALIGN);
        let end = start
            .checked_add(header.payload_len as usize)
            .ok_or_else(|| TableError::Corrupt("payload length overflows".into()))?;
        need(end)?;
        if bytes.len() != end {
            return Err(TableError::Corrupt(format!(
                "{} bytes after the payload",
                bytes.len() - end
            )));
        }
        let mut sections = Vec::with_capacity(header.sections.len());
        for s in header.sections {
            let (o, l) = (s.offset as usize, s.len as usize);
            match o.checked_add(l) {
                Some(e) if e <= end - start => sections.push((s.name, start + o..start + e)),
                _ => {
                    return Err(TableError::Corrupt(format!(
                        "section {} lies outside the file",
                        s.name
                    )))
                }
            }
        }
        Ok(TableFile {
            data,
            kind: header.kind,
            sections,
            head_len,
            checksum: header.checksum,
        })
    }

    /// Full verification: the checksum of every byte matches the header's.
    pub(crate) fn verify(&self) -> Result<(), TableError> {
        let found = file_checksum(self.data.as_ref(), self.head_len);
        if found == self.checksum {
            Ok(())
        } else {
            Err(TableError::Checksum {
                expected: self.checksum,
                found,
            })
        }
    }

    /// The kind named in the header (`"hu"`, …).
    pub(crate) fn kind(&self) -> &str {
        &self.kind
    }

    /// The checksum recorded in the header.
    pub(crate) fn recorded_checksum(&self) -> u64 {
        self.checksum
    }

    /// The whole file.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.data.as_ref()
    }

    /// Names and byte lengths of the sections.
    pub(crate) fn sections(&self) -> impl Iterator<Item = (&str, usize)> {
        self.sections.iter().map(|(n, r)| (n.as_str(), r.len()))
    }

    /// Byte range of a section within [`TableFile::bytes`].
    pub(crate) fn section_range(&self, name: &str) -> Result<Range<usize>, TableError> {
        self.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.clone())
            .ok_or_else(|| TableError::Missing(format!("section '{name}' of '{}'", self.kind)))
    }

    /// The bytes of a section.
    #[cfg(test)]
    pub(crate) fn section(&self, name: &str) -> Result<&[u8], TableError> {
        Ok(&self.data.as_ref()[self.section_range(name)?])
    }
}

/// The examples of this file's items, run as unit tests.
#[cfg(test)]
mod examples {
    #[test]
    fn table_file() {
        use crate::table::format::{write, TableFile};
        let bytes = write("demo", &[("numbers", vec![1, 2, 3])]);
        let file = TableFile::new(bytes).unwrap();
        file.verify().unwrap();
        assert_eq!(file.kind(), "demo");
        assert_eq!(file.section("numbers").unwrap(), &[1, 2, 3]);
    }
}
