#!/usr/bin/env python3
"""Time hupai's Python binding beside xiangting and mahjong on the same hands.

Not a test: a measurement. Run after `pip install ./python`:

    python3 python/bench.py [--hands 200000] [--quick]

Times are process CPU time (best of three runs), so other processes on a
shared machine count little; "all cores" rows are wall time.

Sets (seeded): R13 / R14, 13 or 14 tiles from a shuffled 136-tile wall;
C14, four random melds and a pair. Riichi rules. Single calls are timed
from a Python list of 34 counts, loop overhead included for every library
alike; batches from an (N, 34) uint8 array. Prints ns per hand and the
ratios measured in this run.
"""

import argparse
import os
import platform
import time

import sys

import numpy as np

# The installed package, not the source folder beside this script.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != HERE]
import hupai  # noqa: E402

SEED = 20261123


def wall_hands(rng, n, size):
    """n hands of `size` tiles drawn from a shuffled 136-tile wall."""
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        np.add.at(out[i], rng.permutation(wall)[:size], 1)
    return out


def complete_hands(rng, n):
    """n complete hands: four random melds (chow or pung) and a pair."""
    out = np.zeros((n, 34), np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, np.int64)
        for _ in range(4):
            if rng.random() < 0.5:
                s = rng.integers(3)
                r = rng.integers(7)
                c[9 * s + r : 9 * s + r + 3] += 1
            else:
                c[rng.integers(34)] += 3
        c[rng.integers(34)] += 2
        if c.max() <= 4:
            out[i] = c
            i += 1
    return out


def per_call(f, hands, repeat=3):
    """Process CPU ns per call, best of `repeat` runs: other processes on a
    shared machine do not count (the caches they share still do)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time_ns()
        for h in hands:
            f(h)
        best = min(best, time.process_time_ns() - t)
    return best / len(hands)


def per_row(f, arr, clock=time.process_time_ns, repeat=3):
    """ns per row, best of `repeat` runs: process CPU time for one thread,
    wall time (clock=time.perf_counter_ns) for every core."""
    best = float("inf")
    for _ in range(repeat):
        t = clock()
        f(arr)
        best = min(best, clock() - t)
    return best / len(arr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--quick", action="store_true", help="20,000 hands")
    args = ap.parse_args()
    n = 20_000 if args.quick else args.hands
    rng = np.random.default_rng(SEED)
    r13, r14, c14 = wall_hands(rng, n, 13), wall_hands(rng, n, 14), complete_hands(rng, n)
    lists = r13.tolist()
    e = hupai.Engine(rules="riichi")
    print(f"# hupai Python binding, {n} hands per set, riichi rules, seed {SEED}")
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")

    rows = []
    hupai_single = per_call(e.shanten, lists)
    rows.append(("shanten, single call from a list", "R13", "hupai", hupai_single))
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        xt = per_call(lambda h: xiangting.calculate_replacement_number(h, four), lists)
        rows.append(("shanten, single call from a list", "R13", "xiangting", xt))
        xtn = per_call(lambda h: xiangting.calculate_necessary_tiles(h, four), lists)
        rows.append(("necessary tiles, single call from a list", "R13", "xiangting", xtn))
    except ImportError:
        xt = None
    he = per_call(e.effective, lists)
    rows.append(("effective tiles, single call from a list", "R13", "hupai", he))
    try:
        from mahjong.shanten import Shanten

        sh = Shanten()
        m = min(n, 20_000)
        mj = per_call(sh.calculate_shanten, lists[:m], repeat=1)
        rows.append(("shanten, single call from a list", "R13", "mahjong", mj))
    except ImportError:
        mj = None

    for name, arr, f in [
        ("shanten_batch", r13, e.shanten_batch),
        ("is_win_batch", r14, e.is_win_batch),
        ("is_win_batch", c14, e.is_win_batch),
        ("waits_batch", r13, e.waits_batch),
        ("effective_batch", r13, e.effective_batch),
        ("discard_shanten_batch", r14, e.discard_shanten_batch),
    ]:
        set_name = "R13" if arr is r13 else "R14" if arr is r14 else "C14"
        one = per_row(lambda a: f(a, threads=1), arr)
        rows.append((f"{name}, 1 thread", set_name, "hupai", one))
        allc = per_row(f, arr, clock=time.perf_counter_ns)
        rows.append((f"{name}, all cores (wall)", set_name, "hupai", allc))

    w = max(len(r[0]) for r in rows)
    for op, s, lib, ns in rows:
        print(f"{op:<{w}}  {s}  {lib:<9} {ns:9.1f} ns/hand")
    if xt:
        print(f"single-call shanten: hupai {xt / hupai_single:.2f}x faster than xiangting", end="")
        print(f", {mj / hupai_single:.0f}x faster than mahjong" if mj else "")


if __name__ == "__main__":
    main()
