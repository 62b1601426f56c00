//! The hupai engine for the web page: one JSON query in, one JSON view out.
//!
//! The page (web/static) owns no rule: it sends what the player typed and
//! chose, and draws what comes back. The WebAssembly interface is four plain
//! exports and no `unsafe`: the page asks for an input buffer of `n` bytes
//! ([`hupai_input`]), writes the UTF-8 query there, calls [`hupai_query`],
//! which answers with the length of the JSON view, and reads it at
//! [`hupai_output`]. [`hupai_init`] builds the tables once, up front.

mod view;

pub use view::{query, Query};

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Build the tables (see [`view::tables`]); the first query would otherwise.
#[no_mangle]
pub extern "C" fn hupai_init() {
    view::tables();
}

/// A buffer of `len` bytes for the next query; its address in linear memory.
#[no_mangle]
pub extern "C" fn hupai_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|b| {
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Answer the query in the input buffer; the length of the JSON view now at
/// [`hupai_output`].
#[no_mangle]
pub extern "C" fn hupai_query() -> usize {
    let view = INPUT.with_borrow(|b| view::answer(b));
    OUTPUT.with_borrow_mut(|out| {
        *out = view.into_bytes();
        out.len()
    })
}

/// The address of the last JSON view.
#[no_mangle]
pub extern "C" fn hupai_output() -> *const u8 {
    OUTPUT.with_borrow(|out| out.as_ptr())
}
