//! Text tables: columns padded to their display width.

/// Pad to `width` terminal columns (CJK characters take two).
pub fn pad(s: &str, width: usize) -> String {
    let cols: usize = s
        .chars()
        .map(|c| {
            if ('\u{2e80}'..='\u{9fff}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(cols)))
}
