#!/usr/bin/env python3
"""Write tests/fixtures/cli_answers.jsonl: what the Rust CLI answers on
seeded hands, for the binding's tests to compare with (test_fixtures.py).

    cargo build --release --bin hupai
    python3 python/tests/make_cli_fixture.py [--hupai target/release/hupai]

Hands (seed 20261123): per rule set, R13 / R14 (random tiles from a wall;
no honours under sichuan), C14 (four melds and a pair), T13 (C14 less one
tile), M13 / M14 (one or two declared melds, then random concealed tiles);
under generic and riichi also R13 / R14 rows with 1 or 2 jokers, and under
generic the Red-dragon game (--joker 7z). Each hand goes through
`check`, `waits`, `shanten` and (without jokers) `arrange` with --json;
one line per hand keeps the CLI's answers (compacted: tile lists as
strings) or its error messages.
"""

import argparse
import json
import os
import random
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SEED = 20261123
SUITS = "mpsz"


def name(t):
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def mpsz(tiles):
    out = ""
    for s in range(4):
        ranks = sorted(t % 9 + 1 for t in tiles if t // 9 == s)
        if ranks:
            out += "".join(map(str, ranks)) + SUITS[s]
    return out


def kinds(honours):
    return list(range(34 if honours else 27))


def wall_tiles(rng, n, honours, held=()):
    wall = [t for t in kinds(honours) for _ in range(4)]
    for t in held:
        wall.remove(t)
    rng.shuffle(wall)
    return wall[:n]


def complete(rng, honours):
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.randrange(3), rng.randrange(7)
                tiles += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            else:
                tiles += [rng.choice(kinds(honours))] * 3
        tiles += [rng.choice(kinds(honours))] * 2
        if max(tiles.count(t) for t in tiles) <= 4:
            return tiles


def melded(rng, honours, size):
    """One or two declared melds, then random concealed tiles to `size` slots."""
    while True:
        melds, held = [], []
        for _ in range(rng.choice([1, 2])):
            kind = rng.choice(["chow", "pung", "kong", "ckong"])
            if kind == "chow":
                s, r = rng.randrange(3), rng.randrange(7)
                group = [9 * s + r + i for i in range(3)]
                melds.append(f"[{mpsz(group)}]")
            else:
                t = rng.choice(kinds(honours))
                n = 3 if kind == "pung" else 4
                group = [t] * n
                digits = f"{t % 9 + 1}" * n
                src = "" if kind == "ckong" else str(rng.randrange(1, 4))
                melds.append(f"[{digits}{SUITS[t // 9]}{src}]")
            held += group
        if max(held.count(t) for t in held) > 4:
            continue
        rest = wall_tiles(rng, size - 3 * len(melds), honours, held)
        return "".join(melds) + mpsz(rest)


def hands(rng, rules):
    honours = rules != "sichuan"
    out = []
    for _ in range(150):
        out.append(mpsz(wall_tiles(rng, 13, honours)))
        out.append(mpsz(wall_tiles(rng, 14, honours)))
    for _ in range(100):
        c = complete(rng, honours)
        out.append(mpsz(c))
        c.remove(rng.choice(c))
        out.append(mpsz(c))
        out.append(melded(rng, honours, 13))
        out.append(melded(rng, honours, 14))
    return out


def cli(hupai, command, rules, lines, extra=()):
    args = [hupai, command, "--rules", rules, "--json", *extra]
    run = subprocess.run(args, input="\n".join(lines) + "\n", capture_output=True, text=True)
    answers = [json.loads(l) for l in run.stdout.splitlines()]
    assert len(answers) == len(lines), (command, rules, run.stderr[-500:])
    return answers


def effective(tiles):
    """[{"tile": "2z", "remaining": 3}, ...] as "2z:3 ..."."""
    return " ".join(f"{e['tile']}:{e['remaining']}" for e in tiles)


def compact_shanten(a):
    """The CLI's shanten answer, compact: an error message; [shanten,
    effective, total] for a 3n+1 hand; [shanten, [[tile, shanten after,
    effective, total], ...]] for a 3n+2 hand."""
    if "error" in a:
        return a["error"]
    if "discards" in a:
        return [a["shanten"], [[d["tile"], d["shanten"], effective(d["effective"]), d["total"]]
                               for d in a["discards"]]]
    return [a["shanten"], effective(a["effective"]), a["total"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hupai", default=os.path.join(REPO, "target", "release", "hupai"))
    ap.add_argument("--out", default=os.path.join(HERE, "fixtures", "cli_answers.jsonl"))
    args = ap.parse_args()
    rng = random.Random(SEED)
    cases = []  # (rules, jokers, joker tile, hands)
    for rules in ["generic", "sichuan", "riichi", "mcr"]:
        cases.append((rules, 0, None, hands(rng, rules)))
    for rules in ["generic", "riichi"]:
        for jokers in [1, 2]:
            cases.append((rules, jokers, None,
                          [mpsz(wall_tiles(rng, 14 - jokers - k, True)) for k in range(2) for _ in range(100)]))
    cases.append(("generic", 0, "7z",
                  [mpsz(wall_tiles(rng, 13 + k, True)) + "77z" * (i % 2) for k in range(2) for i in range(100)]))
    lines = []
    for rules, jokers, joker, hs in cases:
        extra = ["--jokers", str(jokers)] + (["--joker", joker] if joker else [])
        check = cli(args.hupai, "check", rules, hs, extra)
        waits = cli(args.hupai, "waits", rules, hs, extra)
        shanten = cli(args.hupai, "shanten", rules, hs, extra)
        arrange = cli(args.hupai, "arrange", rules, hs, extra) if jokers == 0 and not joker else None
        for i, h in enumerate(hs):
            row = {"rules": rules, "jokers": jokers, "joker": joker, "hand": h}
            row["win"] = check[i].get("win", check[i].get("error"))
            w = waits[i]
            row["waits"] = w["error"] if "error" in w else [" ".join(w["waits"]), " ".join(w["exhausted"])]
            row["shanten"] = compact_shanten(shanten[i])
            if arrange:
                a = arrange[i]
                row["arrange"] = a["error"] if "error" in a else [" ".join(g) for g in a["arrangements"]]
            lines.append(json.dumps(row, separators=(",", ":"), ensure_ascii=False))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} hands to {args.out}")


if __name__ == "__main__":
    main()
