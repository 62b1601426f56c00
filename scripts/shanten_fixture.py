#!/usr/bin/env python3
"""Riichi shanten fixture from the Python `mahjong` package (PyPI).

Writes tests/fixtures/shanten_riichi.txt: seeded random hands of 13 and 14
tiles, one per line as `<mpsz hand> <shanten>`, where the shanten is
`mahjong.shanten.Shanten.calculate_shanten(tiles_34)` (standard form, seven
pairs and thirteen orphans, as riichi plays). tests/shanten.rs checks that
hupai's table engine gives the same number for every line.

The hands are drawn from a fixed seed in five kinds, so that the rare shapes
are well represented, not just what a shuffled wall deals:

* wall:      13 or 14 tiles from a shuffled 136-tile wall;
* quads:     one to three kinds held four times, the rest from the wall;
* narrow:    tiles from one or two suits only (long runs, many copies),
             with or without quads;
* honours:   half or more honours (pairs, pungs, quads of honours);
* near:      a complete hand (four melds and a pair, or seven pairs, or
             thirteen orphans) with one to four tiles replaced, so that low
             shanten values (-1, 0, 1) are common.

Every hand holds at most four copies of a kind. Usage:

    pip install mahjong==2.1.0
    python3 scripts/shanten_fixture.py [--count N] [--seed S] [--out PATH]

The defaults reproduce the committed fixture.
"""

import argparse
import random
import sys

from mahjong.shanten import Shanten

SUITS = "mpsz"
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def mpsz(counts):
    """Canonical mpsz: digits grouped by suit, suits in m p s z order."""
    out = []
    for s in range(4):
        digits = "".join(
            str(r + 1) * counts[s * 9 + r] for r in range(9 if s < 3 else 7)
        )
        if digits:
            out.append(digits + SUITS[s])
    return "".join(out)


def from_wall(rng, counts, n, kinds=range(34)):
    """Add n tiles drawn from what the wall still holds of `kinds`."""
    wall = [t for t in kinds for _ in range(4 - counts[t])]
    for t in rng.sample(wall, n):
        counts[t] += 1
    return counts


def wall_hand(rng, size):
    return from_wall(rng, [0] * 34, size)


def quads_hand(rng, size):
    counts = [0] * 34
    for t in rng.sample(range(34), rng.randint(1, 3 if size >= 12 else 2)):
        counts[t] = 4
    return from_wall(rng, counts, size - sum(counts))


def narrow_hand(rng, size):
    suits = rng.sample(range(3), rng.randint(1, 2))
    kinds = [s * 9 + r for s in suits for r in range(9)]
    counts = [0] * 34
    if rng.random() < 0.5:
        for t in rng.sample(kinds, rng.randint(1, 2)):
            counts[t] = 4
    return from_wall(rng, counts, size - sum(counts), kinds)


def honours_hand(rng, size):
    counts = [0] * 34
    if rng.random() < 0.5:
        counts[rng.randrange(27, 34)] = 4
    honours = rng.randint(size // 2, min(size, 20)) - sum(counts)
    from_wall(rng, counts, max(0, honours), range(27, 34))
    return from_wall(rng, counts, size - sum(counts))


def complete_hand(rng):
    """A random complete 14-tile hand of one of the three riichi forms."""
    form = rng.random()
    while True:
        counts = [0] * 34
        if form < 0.7:
            for _ in range(4):
                if rng.random() < 0.5:
                    counts[rng.randrange(34)] += 3
                else:
                    s, r = rng.randrange(3), rng.randrange(7)
                    for k in range(3):
                        counts[s * 9 + r + k] += 1
            counts[rng.randrange(34)] += 2
        elif form < 0.9:
            for t in rng.sample(range(34), 7):
                counts[t] = 2
        else:
            for t in ORPHANS:
                counts[t] = 1
            counts[rng.choice(ORPHANS)] += 1
        if max(counts) <= 4:
            return counts


def near_hand(rng, size):
    counts = complete_hand(rng)
    tiles = [t for t in range(34) for _ in range(counts[t])]
    rng.shuffle(tiles)
    keep = tiles[: size - rng.randint(0, 4 if size == 14 else 3)]
    counts = [0] * 34
    for t in keep:
        counts[t] += 1
    return from_wall(rng, counts, size - len(keep))


KINDS = [
    (wall_hand, 0.30),
    (quads_hand, 0.20),
    (narrow_hand, 0.15),
    (honours_hand, 0.10),
    (near_hand, 0.25),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=120_000)
    ap.add_argument("--seed", type=int, default=20_240_615)
    ap.add_argument("--out", default="tests/fixtures/shanten_riichi.txt")
    args = ap.parse_args()

    import mahjong

    version = getattr(mahjong, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version

        version = dist_version("mahjong")
    rng = random.Random(args.seed)
    makers, weights = zip(*KINDS)
    lines = []
    for _ in range(args.count):
        size = rng.choice((13, 14))
        counts = rng.choices(makers, weights)[0](rng, size)
        assert sum(counts) == size and max(counts) <= 4, counts
        lines.append(f"{mpsz(counts)} {Shanten.calculate_shanten(counts)}")
    with open(args.out, "w") as f:
        f.write(
            f"# Riichi shanten of {args.count} seeded random hands (seed {args.seed}),\n"
            f"# computed by the Python mahjong package {version}\n"
            "# (Shanten.calculate_shanten: standard form, seven pairs, thirteen orphans).\n"
            "# Written by scripts/shanten_fixture.py; checked by tests/shanten.rs.\n"
        )
        f.write("\n".join(lines) + "\n")
    print(f"wrote {args.out}: {args.count} hands, mahjong {version}", file=sys.stderr)


if __name__ == "__main__":
    main()
