//! Data parallelism for the table generators: rayon with the `parallel`
//! feature (the default); without it (the WebAssembly page, which has no
//! threads) the same `par_iter` calls run sequentially and give the same bytes.

#[cfg(feature = "parallel")]
pub use rayon::prelude;

/// The sequential stand-in for the part of `rayon::prelude` the generators use.
#[cfg(not(feature = "parallel"))]
pub mod prelude {
    /// `par_iter()` as a plain slice iterator.
    pub trait IntoParallelRefIterator<T> {
        /// Iterate in order on the calling thread.
        fn par_iter(&self) -> std::slice::Iter<'_, T>;
    }

    impl<T> IntoParallelRefIterator<T> for [T] {
        fn par_iter(&self) -> std::slice::Iter<'_, T> {
            self.iter()
        }
    }
}
