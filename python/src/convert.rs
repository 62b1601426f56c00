//! Python values to core values: hand arguments, tiles, rule sets, counts.
//!
//! A hand argument is a `hupai.Hand`, a `str` (auto notation) or a sequence of
//! 34 counts (list, tuple, ndarray). A tile argument is an index 0–33 or an
//! mpsz string ("5z").

use crate::errors::{hand_error, parse_error};
use hupai::notation::{self, parse_tile};
use hupai::{Counts, Hand, Notation, Rules, Tile, KINDS};
use numpy::{PyReadonlyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

/// The notation named by a Python string.
pub fn notation(name: &str) -> PyResult<Notation> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "auto" => Notation::Auto,
        "mpsz" => Notation::Mpsz,
        "mediatek" => Notation::Mediatek,
        "chengdu" => Notation::Chengdu,
        "mcr" => Notation::Mcr,
        _ => {
            return Err(hand_error(format!(
                "unknown notation '{name}' (expected auto, mpsz, mediatek, chengdu or mcr)"
            )))
        }
    })
}

/// The rule set named by a Python string.
pub fn rules(name: &str) -> PyResult<Rules> {
    name.parse::<Rules>().map_err(hand_error)
}

/// Parse a hand string in a notation.
pub fn parse(py: Python<'_>, text: &str, n: Notation) -> PyResult<Hand> {
    notation::parse(text, n).map_err(|e| parse_error(py, &e))
}

/// A tile argument: an index 0–33 or one tile in mpsz.
pub fn tile(obj: &Bound<'_, PyAny>) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_tile(&s.to_cow()?).map_err(|e| parse_error(obj.py(), &e));
    }
    let i: i64 = obj
        .extract()
        .map_err(|_| PyTypeError::new_err("a tile is an index 0-33 or a string such as '5z'"))?;
    tile_index(i)
}

/// The tile at a 34-index.
pub fn tile_index(i: i64) -> PyResult<Tile> {
    usize::try_from(i)
        .ok()
        .and_then(Tile::from_index)
        .ok_or_else(|| hand_error(format!("no tile has index {i} (tiles are 0-33)")))
}

/// A concealed hand from 34 counts; a fifth copy is a `HandError`.
pub fn counts_hand(c: &Counts) -> PyResult<Hand> {
    Hand::new(*c, &[]).map_err(|e| hand_error(e.to_string()))
}

/// 34 counts from a list, tuple, ndarray or other sequence of integers.
pub fn counts(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    if let Ok(list) = obj.cast_exact::<PyList>() {
        return list_counts(list);
    }
    if let Ok(arr) = obj.cast::<PyUntypedArray>() {
        if arr.ndim() != 1 || arr.shape()[0] != KINDS {
            return Err(hand_error(format!(
                "a count array has shape (34,), not {:?}",
                arr.shape()
            )));
        }
        if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, u8>>() {
            let v = a.as_array();
            let mut c = [0u8; KINDS];
            for (i, x) in v.iter().enumerate() {
                c[i] = *x;
            }
            return Ok(c);
        }
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        check_len(t.len())?;
        let mut c = [0u8; KINDS];
        for (i, item) in t.iter().enumerate() {
            c[i] = count_item(&item, i)?;
        }
        return Ok(c);
    }
    if obj.cast::<PyString>().is_err() {
        if let Ok(n) = obj.len() {
            check_len(n)?;
            let mut c = [0u8; KINDS];
            for (i, slot) in c.iter_mut().enumerate() {
                *slot = count_item(&obj.get_item(i)?, i)?;
            }
            return Ok(c);
        }
    }
    Err(PyTypeError::new_err(format!(
        "a hand is a hupai.Hand, a str or a sequence of 34 counts, not {}",
        obj.get_type().name()?
    )))
}

pub fn list_counts(list: &Bound<'_, PyList>) -> PyResult<Counts> {
    check_len(list.len())?;
    if let Some(c) = small_int_counts(list) {
        return Ok(c);
    }
    let mut c = [0u8; KINDS];
    for (i, item) in list.iter().enumerate().take(KINDS) {
        c[i] = count_item(&item, i)?;
    }
    Ok(c)
}

fn check_len(n: usize) -> PyResult<()> {
    if n != KINDS {
        return Err(hand_error(format!(
            "a count sequence has 34 entries (one per tile kind), not {n}"
        )));
    }
    Ok(())
}

/// One count: an integer 0–4 (5 and more are a fifth copy, named by tile).
fn count_item(item: &Bound<'_, PyAny>, i: usize) -> PyResult<u8> {
    // An int too large for i64 is still a count: far too many copies.
    let huge = || match item.cast::<PyInt>() {
        Ok(i) => Some(if i.gt(0).unwrap_or(false) {
            i64::MAX
        } else {
            i64::MIN
        }),
        Err(_) => None,
    };
    let v: i64 = item.extract().or_else(|e| huge().ok_or(e)).map_err(|_| {
        PyTypeError::new_err(format!(
            "count {i} is not an integer ({})",
            item.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    match u8::try_from(v) {
        Ok(n) if n <= 4 => Ok(n),
        _ if v > 4 => Err(hand_error(format!(
            "more than four copies of {} (count {i} is {v})",
            Tile::from_index(i).expect("i < 34")
        ))),
        _ => Err(hand_error(format!("count {i} is negative ({v})"))),
    }
}

/// The int objects 0–4 (CPython keeps one object per small int, -5..=256,
/// so the counts of a list a caller built are these very objects) and a
/// lookup from an object's address to its value: bucket `(addr >> shift) &
/// 7` holds one of the five addresses and its value. `shift` is chosen when
/// the objects are first needed so that the five land in five buckets; an
/// address that is not in its bucket is no small count.
struct SmallInts {
    _objects: [Py<PyInt>; 5],
    shift: u32,
    address: [usize; 8],
    value: [u8; 8],
}

static SMALL_INTS: PyOnceLock<Option<SmallInts>> = PyOnceLock::new();

impl SmallInts {
    /// The objects and the lookup, or None when no shift separates the five
    /// addresses (the caller then converts item by item).
    fn new(py: Python<'_>) -> Option<SmallInts> {
        let objects = [0u8, 1, 2, 3, 4].map(|n| PyInt::new(py, n).unbind());
        let addrs = objects.each_ref().map(|o| o.as_ptr() as usize);
        let (shift, address, value) = (0..usize::BITS - 3).find_map(|shift| {
            let mut address = [0usize; 8];
            let mut value = [0u8; 8];
            for (v, &a) in addrs.iter().enumerate() {
                let b = (a >> shift) & 7;
                if address[b] != 0 {
                    return None;
                }
                address[b] = a;
                value[b] = v as u8;
            }
            Some((shift, address, value))
        })?;
        Some(SmallInts {
            _objects: objects,
            shift,
            address,
            value,
        })
    }
}

/// The fast read of a list of 34 counts: look each item's address up among
/// the int objects 0–4, with no reference counting, no conversion call and
/// no branch on the count (a branch per item mispredicts at every change of
/// count along a random hand). None when some item is another object (a
/// larger int, a numpy integer, an int CPython did not cache): the caller
/// then converts item by item, so the answer never depends on the cache,
/// only the speed does.
fn small_int_counts(list: &Bound<'_, PyList>) -> Option<Counts> {
    let small = SMALL_INTS
        .get_or_init(list.py(), || SmallInts::new(list.py()))
        .as_ref()?;
    let mut c = [0u8; KINDS];
    let mut all_small = true;
    for (i, slot) in c.iter_mut().enumerate() {
        // SAFETY: `list` is a live list object and we hold the GIL (attached
        // thread, not a free-threaded build: abi3). Its length is 34
        // (checked by the caller) and no Python code runs between that check
        // and these reads, so every index is in bounds and PyList_GetItem
        // returns a valid borrowed pointer, used only as an address to look
        // up while the list keeps it alive. tests/test_errors.py exercises
        // this path with lists of every count and the fallback.
        let item = unsafe { ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t) } as usize;
        let b = (item >> small.shift) & 7;
        *slot = small.value[b];
        all_small &= small.address[b] == item;
    }
    all_small.then_some(c)
}
