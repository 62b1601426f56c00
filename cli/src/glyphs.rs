//! `--glyphs`: the tiles of a text answer written as Unicode mahjong tiles.

use hupai::{Suit, Tile};

/// `text` with every mpsz tile group (`123m`, `55z`, `12*3m`) written as
/// glyphs (`🀇🀈🀉`). Only whole words of groups are rewritten, so words and
/// numbers (`total 92`, `--self-drawn`) stay; a meld's digit before `]`
/// stays a digit (`[🀇🀈🀉1]`); a red five shows as a five.
pub fn rewrite(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut rest = text;
    while !rest.is_empty() {
        let word_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '*'))
            .unwrap_or(rest.len());
        if word_len == 0 {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let (word, after) = rest.split_at(word_len);
        match groups(word, after.starts_with(']')) {
            Some(glyphs) => out += &glyphs,
            None => out += word,
        }
        rest = after;
    }
    out
}

/// The glyphs of a word made only of mpsz groups, or `None`. With
/// `meld_end`, a last run of digits without suit (the meld's digit) is kept.
fn groups(word: &str, meld_end: bool) -> Option<String> {
    let mut out = String::new();
    let mut run = String::new();
    for c in word.chars() {
        if c.is_ascii_digit() || c == '*' {
            run.push(c);
            continue;
        }
        let suit = Suit::ALL.into_iter().find(|s| s.letter() == c)?;
        if run.is_empty() {
            return None;
        }
        for d in run.drain(..) {
            match d {
                '*' => out.push('*'),
                '0' if suit != Suit::Honors => out.push(Tile::new(suit, 5)?.glyph()),
                d => out.push(Tile::new(suit, d as u8 - b'0')?.glyph()),
            }
        }
    }
    if out.is_empty() || (!run.is_empty() && !meld_end) {
        return None;
    }
    Some(out + &run)
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn groups_become_glyphs_and_words_stay() {
        assert_eq!(rewrite("123m456p789s11z"), "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀");
        assert_eq!(
            rewrite("[123m1]567z  waits: 1m 4m"),
            "[🀇🀈🀉1]🀆🀅🀄  waits: 🀇 🀊"
        );
        assert_eq!(
            rewrite("total 92 (legal win), 5z 8z x1m"),
            "total 92 (legal win), 🀆 8z x1m"
        );
        assert_eq!(rewrite("12*3m 0p --self-drawn"), "🀇🀈*🀉 🀝 --self-drawn");
        assert_eq!(rewrite("123m4 56"), "123m4 56");
    }
}
