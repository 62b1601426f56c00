#!/usr/bin/env python3
"""Riichi scoring speed: the Python `mahjong` package's HandCalculator (the
oracle) against hupai, on the same hands, in the same run.

    cargo build --release
    python3 scripts/riichi_bench.py                      # 20,000 fixture hands
    python3 scripts/riichi_bench.py --count 100000 --hupai target/release/hupai

The hands are the first COUNT rows of the fixture generator
(scripts/riichi_fixture.py, same seed: every yaku, melds, flags, presets).
The oracle is timed on its `estimate_hand_value` calls alone (the inputs are
built beforehand); hupai by `hupai bench --riichi-lines FILE`, which parses
the lines before timing `riichi::score` on one thread (best of repeated
passes). Prints ns per hand for both and the ratio.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import riichi_fixture  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--hupai", default="target/release/hupai")
    ap.add_argument("--install", action="store_true")
    args = ap.parse_args()
    oracle = riichi_fixture.load_oracle(args.install)
    riichi_fixture.CALLS = []
    riichi_fixture.generate(args.count, args.seed, oracle)
    calls = riichi_fixture.CALLS
    estimate = oracle[0].estimate_hand_value
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _, (tiles, win, kw) in calls:
            estimate(tiles, win, **kw)
        best = min(best, (time.perf_counter() - t0) / len(calls) * 1e9)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(line + "\n" for line, _ in calls))
        path = f.name
    try:
        r = subprocess.run([args.hupai, "bench", "--riichi-lines", path, "--json"],
                           capture_output=True, text=True, check=True)
    finally:
        os.unlink(path)
    hupai_ns = json.loads(r.stdout)["table_ns"]
    load = os.getloadavg()[0]
    print(f"{len(calls)} hands (fixture generator, seed {args.seed}); load average {load:.1f}")
    print(f"mahjong HandCalculator: {best:10.0f} ns per hand")
    print(f"hupai riichi::score:    {hupai_ns:10.1f} ns per hand")
    print(f"ratio: {best / hupai_ns:.0f}x")


if __name__ == "__main__":
    main()
