#!/usr/bin/env python3
"""Differential fixture for MCR scoring: seeded random winning hands scored by
the reference calculator PyMahjongGB (PyPI `PyMahjongGB`, the C++ fan
calculator of ChineseOfficialMahjong wrapped for Python; builds with g++).

    python3 -m pip install PyMahjongGB==1.4.0           # or pass --install
    python3 scripts/mcr_fixture.py                      # writes tests/fixtures/mcr_reference.tsv
    python3 scripts/mcr_fixture.py --check              # a fresh run equals the committed file
    python3 scripts/mcr_fixture.py --count 200000 --seed 7 --out /tmp/big.tsv
    MCR_FIXTURE=/tmp/big.tsv cargo test --release --test mcr_reference

Each line of the fixture is

    HAND [FLAGS]<TAB>TOTAL<TAB>FANS

* HAND is mpsz with declared melds in brackets and the winning tile written
  last (`[1111m]` concealed kong, `[2222z1]` melded kong from the left,
  `[555p3]` pung from the right, `[123s]` chow); FLAGS are `hupai score`
  flags (`--self-drawn --last-tile --last-wall --kong --prevalent S --seat W
  --flowers 3`), so the first column can be fed to `hupai score` as is.
* TOTAL is the reference's total exactly as it returns it. PyMahjongGB adds
  the flowers to every complete hand and does not apply the 8-point minimum;
  the test converts (flowers count only on a legal win, see
  docs/validation.md, "MCR scoring").
* FANS are `NUMBER*COUNT` separated by spaces, NUMBER being the fan's number in
  docs/rules/mcr.md (1-81; the reference's fan ids are the same numbers)
  and 82 for "Concealed Kong and Melded Kong".

Conventions of the reference (checked in its source, fan_calculator.cpp and
MahjongGB/mahjong.cpp):
* tiles: W1-W9 characters, B1-B9 dots, T1-T9 bamboo, F1-F4 East South West
  North, J1 Red, J2 Green, J3 White dragon (so 5z -> J3, 6z -> J2, 7z -> J1);
* packs: ("CHI", middle tile, which tile was claimed 1-3), ("PENG", tile,
  source 1-3), ("GANG", tile, source 1-3) for a melded kong and source 0 for a
  concealed kong; `hand` is the concealed tiles without the winning tile;
* winds 0-3 = E S W N; flags isSelfDrawn, is4thTile, isAboutKong (robbing
  the kong on a discard, replacement tile when self-drawn), isWallLast.
"""

import argparse
import random
import sys

import subprocess

REFERENCE = "PyMahjongGB==1.4.0"


def load_reference(install):
    """Import PyMahjongGB, installing it with pip first when asked (it
    builds from source with g++)."""
    try:
        from MahjongGB import MahjongFanCalculator
        return MahjongFanCalculator
    except ImportError:
        if not install:
            sys.exit(f"PyMahjongGB is missing: python3 -m pip install {REFERENCE} "
                     "(or run this script with --install)")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", REFERENCE], check=True)
    from MahjongGB import MahjongFanCalculator
    return MahjongFanCalculator


MahjongFanCalculator = None

VERSION = "mcr-fixture 3"

# Tile indices 0-33 as in hupai: 0-8 m, 9-17 p, 18-26 s, 27-30 E S W N, 31 White, 32 Green, 33 Red.
REF = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)
SUITS = "mpsz"
WINDS = "ESWN"

TERMINALS = [0, 8, 9, 17, 18, 26]
HONORS = list(range(27, 34))
ORPHANS = TERMINALS + HONORS
GREEN = [19, 20, 21, 23, 25, 32]
REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
KNITTED_PERMS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def rank(t):
    return t % 9 + 1


def suit(t):
    return t // 9


def chow_ok(t):
    return t < 27 and t % 9 <= 6


def knitted_tiles(p):
    return [s * 9 + KNITTED_PERMS[p][s] + 3 * k for s in range(3) for k in range(3)]


# ---------------------------------------------------------------------------
# Hand shapes


class Hand:
    """Declared melds [(kind, tile, source)], concealed tile list, winning tile.

    kind: 'chow' (tile = lowest), 'pung', 'kong' (melded), 'ckong' (concealed).
    """

    def __init__(self, melds, concealed, win):
        self.melds = melds
        self.concealed = concealed
        self.win = win

    def counts(self):
        c = [0] * 34
        for kind, t, _ in self.melds:
            if kind == "chow":
                for k in range(3):
                    c[t + k] += 1
            else:
                c[t] += 4 if kind in ("kong", "ckong") else 3
        for t in self.concealed:
            c[t] += 1
        return c

    def valid(self):
        return all(x <= 4 for x in self.counts()) and self.win in self.concealed

    def mpsz(self):
        out = []
        for kind, t, src in self.melds:
            if kind == "chow":
                out.append(f"[{rank(t)}{rank(t) + 1}{rank(t) + 2}{SUITS[suit(t)]}]")
            else:
                n = 4 if kind in ("kong", "ckong") else 3
                tag = "" if kind == "ckong" else str(src)
                out.append(f"[{str(rank(t)) * n}{SUITS[suit(t)]}{tag}]")
        rest = sorted(self.concealed)
        rest.remove(self.win)
        out.append(run(rest))
        out.append(f"{rank(self.win)}{SUITS[suit(self.win)]}")
        return "".join(out)

    def packs(self):
        packs = []
        for kind, t, src in self.melds:
            if kind == "chow":
                packs.append(("CHI", REF[t + 1], src))
            elif kind == "pung":
                packs.append(("PENG", REF[t], src))
            elif kind == "kong":
                packs.append(("GANG", REF[t], src))
            else:
                packs.append(("GANG", REF[t], 0))
        return tuple(packs)

    def standing(self):
        rest = list(self.concealed)
        rest.remove(self.win)
        return tuple(REF[t] for t in rest)


def run(tiles):
    """mpsz for sorted tiles, one suit letter per run."""
    out, cur = "", None
    for t in tiles:
        s = suit(t)
        if cur is not None and s != cur:
            out += SUITS[cur]
        out += str(rank(t))
        cur = s
    if cur is not None:
        out += SUITS[cur]
    return out


# Tile palettes that steer random hands towards the fans that depend on them.
def palettes():
    allt = list(range(34))
    suited = list(range(27))
    simples = [t for t in suited if 2 <= rank(t) <= 8]
    yield "random", allt, 30
    yield "suited", suited, 8
    for s in range(3):
        yield f"flush{s}", list(range(s * 9, s * 9 + 9)), 3
        yield f"half{s}", list(range(s * 9, s * 9 + 9)) + HONORS, 3
    for a, b in ((0, 1), (0, 2), (1, 2)):
        yield f"two{a}{b}", list(range(a * 9, a * 9 + 9)) + list(range(b * 9, b * 9 + 9)), 2
        yield f"two{a}{b}z", list(range(a * 9, a * 9 + 9)) + list(range(b * 9, b * 9 + 9)) + HONORS, 2
    yield "simples", simples, 5
    yield "outside", [t for t in suited if rank(t) in (1, 2, 3, 7, 8, 9)] + HONORS, 5
    yield "orphans", ORPHANS, 3
    yield "terminals", TERMINALS, 1
    yield "honors", HONORS, 2
    yield "winds", list(range(27, 31)) + [t for t in suited if rank(t) in (1, 9, 5)], 4
    yield "dragons", list(range(31, 34)) + suited, 4
    yield "green", GREEN, 2
    yield "reversible", REVERSIBLE, 3
    yield "lower", [t for t in suited if rank(t) <= 4], 3
    yield "upper", [t for t in suited if rank(t) >= 6], 3
    yield "middle", [t for t in suited if 4 <= rank(t) <= 6], 2
    yield "lower3", [t for t in suited if rank(t) <= 3], 1
    yield "upper3", [t for t in suited if rank(t) >= 7], 1
    yield "evens", [t for t in suited if rank(t) % 2 == 0], 2
    yield "fives", [t for t in suited if 3 <= rank(t) <= 7], 2


PALETTES = list(palettes())


def pick_palette(rng):
    total = sum(w for _, _, w in PALETTES)
    x = rng.uniform(0, total)
    for name, tiles, w in PALETTES:
        x -= w
        if x <= 0:
            return name, tiles
    return PALETTES[0][0], PALETTES[0][1]


def random_sets(rng, tiles, chow_bias):
    """Four sets (kind, tile) and a pair tile from the palette."""
    chow_starts = [t for t in tiles if chow_ok(t) and t + 1 in tiles and t + 2 in tiles]
    style = rng.random()
    sets = []
    if chow_starts and style < 0.25:
        # Chow-rich with related ranks: exercises the chow combination fans.
        base = rng.choice(chow_starts)
        for _ in range(4):
            if rng.random() < 0.8:
                s = rng.randrange(3)
                r = min(6, max(0, base % 9 + rng.choice([-3, -2, -1, 0, 0, 1, 2, 3, 6, -6])))
                t = s * 9 + r
                if t in chow_starts or rng.random() < 0.5:
                    sets.append(("chow", t))
                    continue
            if chow_starts and rng.random() < 0.7:
                sets.append(("chow", rng.choice(chow_starts)))
            else:
                sets.append(("pung", rng.choice(tiles)))
    elif style < 0.4:
        # Pung-rich with related ranks: triple, shifted, double pungs, winds, dragons.
        base = rng.choice(tiles)
        for _ in range(4):
            if base < 27 and rng.random() < 0.6:
                r = min(8, max(0, base % 9 + rng.choice([-1, 0, 0, 1, 2])))
                sets.append(("pung", rng.randrange(3) * 9 + r))
            elif rng.random() < 0.3:
                sets.append(("pung", rng.choice(HONORS)))
            else:
                sets.append(("pung", rng.choice(tiles)))
    else:
        for _ in range(4):
            if chow_starts and rng.random() < chow_bias:
                sets.append(("chow", rng.choice(chow_starts)))
            else:
                sets.append(("pung", rng.choice(tiles)))
    pair = rng.choice(tiles)
    return sets, pair


def standard_hand(rng):
    _, tiles = pick_palette(rng)
    sets, pair = random_sets(rng, tiles, rng.choice([0.2, 0.5, 0.7, 0.9]))
    return declare(rng, sets, pair, 0.12)


def declare(rng, sets, pair, kong_rate):
    """Declare some of the sets as melds (chow, pung, melded or concealed
    kong); the rest stay concealed."""
    ndeclared = rng.choices([0, 1, 2, 3, 4], weights=[40, 18, 15, 12, 15])[0]
    order = list(range(4))
    rng.shuffle(order)
    declared = set(order[:ndeclared])
    melds, concealed = [], []
    for i, (kind, t) in enumerate(sets):
        if kind == "pung" and rng.random() < kong_rate:
            # A kong: declared, melded or concealed.
            if i in declared:
                melds.append((rng.choice(["kong", "ckong"]), t, rng.randint(1, 3)))
            else:
                melds.append(("ckong", t, 0))
            continue
        if i in declared:
            if kind == "chow":
                melds.append(("chow", t, rng.randint(1, 3)))
            else:
                melds.append(("pung", t, rng.randint(1, 3)))
        elif kind == "chow":
            concealed += [t, t + 1, t + 2]
        else:
            concealed += [t, t, t]
    concealed += [pair, pair]
    return melds, concealed


def pattern_hand(rng):
    """The rare big patterns, each as sets and a pair."""
    a, b, c = rng.sample(range(3), 3)
    r = rng.randrange(7)
    winds, dragons = list(range(27, 31)), list(range(31, 34))
    rw = rng.sample(winds, 4)
    rd = rng.sample(dragons, 3)
    other = lambda: rng.choice([("pung", rng.randrange(34)), ("chow", rng.randrange(3) * 9 + rng.randrange(7))])
    patterns = [
        # Three-Suited Terminal Chows, Pure Terminal Chows
        ([("chow", a * 9), ("chow", a * 9 + 6), ("chow", b * 9), ("chow", b * 9 + 6)], c * 9 + 4),
        ([("chow", a * 9), ("chow", a * 9), ("chow", a * 9 + 6), ("chow", a * 9 + 6)], a * 9 + 4),
        # Quadruple Chow, Four Pure Shifted Chows, Four Pure Shifted Pungs
        ([("chow", a * 9 + r)] * 4, rng.randrange(34)),
        ([("chow", a * 9 + k * s) for s in [rng.choice([1, 2])] for k in range(4) if r % 3 + 3 * s <= 6] or [("chow", a * 9 + k) for k in range(4)], rng.randrange(34)),
        ([("pung", a * 9 + min(r, 5) + k) for k in range(4)], rng.randrange(34)),
        # Big/Little Four Winds, Big/Little Three Dragons, Big Three Winds
        ([("pung", w) for w in winds], rng.randrange(34)),
        ([("pung", w) for w in rw[:3]] + [other()], rw[3]),
        ([("pung", w) for w in rw[:3]] + [other()], rng.randrange(34)),
        ([("pung", d) for d in dragons] + [other()], rng.randrange(34)),
        ([("pung", d) for d in rd[:2]] + [other(), other()], rd[2]),
        # Triple Pung, Mixed Shifted Pungs, Mixed Triple Chow, Mixed Shifted Chows, Mixed Straight
        ([("pung", a * 9 + r), ("pung", b * 9 + r), ("pung", c * 9 + r), other()], rng.randrange(34)),
        ([("pung", a * 9 + r), ("pung", b * 9 + r + 1), ("pung", c * 9 + r + 2), other()], rng.randrange(34)),
        ([("chow", a * 9 + r), ("chow", b * 9 + r), ("chow", c * 9 + r), other()], rng.randrange(34)),
        ([("chow", a * 9 + min(r, 4)), ("chow", b * 9 + min(r, 4) + 1), ("chow", c * 9 + min(r, 4) + 2), other()], rng.randrange(34)),
        ([("chow", a * 9), ("chow", b * 9 + 3), ("chow", c * 9 + 6), other()], rng.randrange(34)),
        # Pure Straight, All Chows with terminal pairs, chicken-like mixtures
        ([("chow", a * 9), ("chow", a * 9 + 3), ("chow", a * 9 + 6), other()], rng.randrange(34)),
        ([other(), other(), other(), other()], rng.randrange(34)),
    ]
    sets, pair = rng.choice(patterns)
    return declare(rng, sets, pair, rng.choice([0.1, 0.5, 0.9]))


def seven_pairs_hand(rng):
    _, tiles = pick_palette(rng)
    pairs = []
    while len(pairs) < 7:
        t = rng.choice(tiles)
        if pairs.count(t) < (2 if rng.random() < 0.2 else 1):
            pairs.append(t)
        elif len(set(tiles)) < 7:
            pairs.append(rng.choice(list(range(34))))
    return [], [t for t in pairs for _ in range(2)]


def shifted_pairs_hand(rng):
    s, start = rng.randrange(3), rng.randrange(3)
    return [], [s * 9 + start + k for k in range(7) for _ in range(2)]


def orphans_hand(rng):
    return [], ORPHANS + [rng.choice(ORPHANS)]


def honors_knitted_hand(rng):
    p = rng.randrange(6)
    pool = knitted_tiles(p) + HONORS
    if rng.random() < 0.3:
        numbered = rng.sample(knitted_tiles(p), 7)
        return [], numbered + HONORS
    return [], rng.sample(pool, 14)


def knitted_straight_hand(rng):
    p = rng.randrange(6)
    _, tiles = pick_palette(rng)
    kind = "chow" if rng.random() < 0.5 else "pung"
    starts = [t for t in tiles if chow_ok(t)]
    t = rng.choice(starts) if kind == "chow" and starts else rng.choice(tiles)
    if kind == "chow" and not chow_ok(t):
        kind = "pung"
    pair = rng.choice(tiles)
    concealed = knitted_tiles(p) + [pair, pair]
    melds = []
    if rng.random() < 0.35:
        if kind == "chow":
            melds.append(("chow", t, rng.randint(1, 3)))
        else:
            melds.append((rng.choice(["pung", "pung", "kong", "ckong"]), t, rng.randint(1, 3)))
    elif kind == "chow":
        concealed += [t, t + 1, t + 2]
    else:
        concealed += [t, t, t]
    return melds, concealed


def nine_gates_hand(rng):
    s = rng.randrange(3)
    tiles = [s * 9 + r for r in [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]]
    return [], tiles + [s * 9 + rng.randrange(9)]


def dense_hand(rng):
    """Fourteen tiles from one or two suits (few honours) that happen to win:
    many arrangements, exhausted waits, seven pairs that are also standard."""
    suits = rng.sample(range(3), rng.choice([1, 1, 1, 2]))
    pool = [s * 9 + r for s in suits for r in range(9)]
    if rng.random() < 0.2:
        pool += rng.sample(HONORS, 2)
    while True:
        counts = [0] * 34
        tiles = []
        while len(tiles) < 14:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
                tiles.append(t)
        if wins(Hand([], tiles, tiles[0])):
            return [], tiles


def wins(h):
    try:
        reference(h, {"self_drawn": False, "last_tile": False, "last_wall": False, "kong": False,
                      "prevalent": 0, "seat": 0, "flowers": 0})
        return True
    except TypeError:  # ERROR_NOT_WIN
        return False


SHAPES = [
    (standard_hand, 64),
    (pattern_hand, 8),
    (dense_hand, 8),
    (seven_pairs_hand, 8),
    (knitted_straight_hand, 4),
    (honors_knitted_hand, 3),
    (orphans_hand, 1.5),
    (shifted_pairs_hand, 1.5),
    (nine_gates_hand, 2),
]


def random_hand(rng):
    while True:
        shape = rng.choices([s for s, _ in SHAPES], weights=[w for _, w in SHAPES])[0]
        melds, concealed = shape(rng)
        h = Hand(melds, concealed, rng.choice(concealed))
        if h.valid():
            return h


def random_flags(rng):
    return {
        "self_drawn": rng.random() < 0.5,
        "last_tile": rng.random() < 0.2,
        "last_wall": rng.random() < 0.1,
        "kong": rng.random() < 0.12,
        "prevalent": rng.randrange(4),
        "seat": rng.randrange(4),
        "flowers": 0 if rng.random() < 0.6 else rng.randint(1, 8),
    }


def flag_words(f):
    words = []
    for key, word in (("self_drawn", "--self-drawn"), ("last_tile", "--last-tile"),
                      ("last_wall", "--last-wall"), ("kong", "--kong")):
        if f[key]:
            words.append(word)
    if f["prevalent"]:
        words.append(f"--prevalent {WINDS[f['prevalent']]}")
    if f["seat"]:
        words.append(f"--seat {WINDS[f['seat']]}")
    if f["flowers"]:
        words.append(f"--flowers {f['flowers']}")
    return " ".join(words)


def reference(h, f):
    fans = MahjongFanCalculator(
        pack=h.packs(),
        hand=h.standing(),
        winTile=REF[h.win],
        flowerCount=f["flowers"],
        isSelfDrawn=f["self_drawn"],
        is4thTile=f["last_tile"],
        isAboutKong=f["kong"],
        isWallLast=f["last_wall"],
        seatWind=f["seat"],
        prevalentWind=f["prevalent"],
        verbose=True,
    )
    # verbose: (points each, count, Chinese name, English name)
    return fans


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=24000)
    ap.add_argument("--seed", type=int, default=20260)
    ap.add_argument("--out", default="tests/fixtures/mcr_reference.tsv")
    ap.add_argument("--install", action="store_true", help=f"pip install {REFERENCE} if missing")
    ap.add_argument("--check", action="store_true",
                    help="regenerate and compare with the file at --out instead of writing it")
    args = ap.parse_args()
    global MahjongFanCalculator
    MahjongFanCalculator = load_reference(args.install)

    # The reference's English names by fan id: its table order is rule-table order.
    names = {}
    rng = random.Random(args.seed)
    lines = []
    for _ in range(args.count):
        h = random_hand(rng)
        f = random_flags(rng)
        fans = reference(h, f)
        total = sum(p * c for p, c, _, _ in fans)
        parts = []
        for p, c, _, en in fans:
            names.setdefault(en, None)
            parts.append(f"{FAN_NUMBER[en]}*{c}")
        line = h.mpsz()
        words = flag_words(f)
        if words:
            line += " " + words
        lines.append(f"{line}\t{total}\t{' '.join(parts)}")
    text = f"# {VERSION} seed={args.seed} count={args.count} reference=PyMahjongGB\n"
    text += "\n".join(lines) + "\n"
    if args.check:
        with open(args.out) as f:
            committed = f.read()
        if committed != text:
            old = committed.splitlines()
            new = text.splitlines()
            diff = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            sys.exit(f"{args.out} differs from a fresh run at line {diff + 1}")
        print(f"{args.out}: {len(lines)} hands, identical to a fresh run", file=sys.stderr)
        return
    with open(args.out, "w") as out:
        out.write(text)
    print(f"wrote {len(lines)} hands to {args.out}", file=sys.stderr)


# Fan numbers of docs/rules/mcr.md by the reference's English names.
FAN_NUMBER = {
    name: i + 1
    for i, name in enumerate([
        "Big Four Winds", "Big Three Dragons", "All Green", "Nine Gates", "Four Kongs",
        "Seven Shifted Pairs", "Thirteen Orphans", "All Terminals", "Little Four Winds",
        "Little Three Dragons", "All Honors", "Four Concealed Pungs", "Pure Terminal Chows",
        "Quadruple Chow", "Four Pure Shifted Pungs", "Four Pure Shifted Chows", "Three Kongs",
        "All Terminals and Honors", "Seven Pairs", "Greater Honors and Knitted Tiles",
        "All Even Pungs", "Full Flush", "Pure Triple Chow", "Pure Shifted Pungs", "Upper Tiles",
        "Middle Tiles", "Lower Tiles", "Pure Straight", "Three-Suited Terminal Chows",
        "Pure Shifted Chows", "All Five", "Triple Pung", "Three Concealed Pungs",
        "Lesser Honors and Knitted Tiles", "Knitted Straight", "Upper Four", "Lower Four",
        "Big Three Winds", "Mixed Straight", "Reversible Tiles", "Mixed Triple Chow",
        "Mixed Shifted Pungs", "Chicken Hand", "Last Tile Draw", "Last Tile Claim",
        "Out with Replacement Tile", "Robbing The Kong", "All Pungs", "Half Flush",
        "Mixed Shifted Chows", "All Types", "Melded Hand", "Two Concealed Kongs",
        "Two Dragons Pungs", "Outside Hand", "Fully Concealed Hand", "Two Melded Kongs",
        "Last Tile", "Dragon Pung", "Prevalent Wind", "Seat Wind", "Concealed Hand",
        "All Chows", "Tile Hog", "Double Pung", "Two Concealed Pungs", "Concealed Kong",
        "All Simples", "Pure Double Chow", "Mixed Double Chow", "Short Straight",
        "Two Terminal Chows", "Pung of Terminals or Honors", "Melded Kong", "One Voided Suit",
        "No Honors", "Edge Wait", "Closed Wait", "Single Wait", "Self-Drawn", "Flower Tiles",
        "Concealed Kong and Melded Kong",
    ])
}

if __name__ == "__main__":
    main()
