#!/usr/bin/env python3
"""Time hupai's Python binding beside xiangting and mahjong on the same hands.

Not a test: a measurement. Run after `pip install ./python`:

    python3 python/bench.py [--hands 200000] [--quick]

Times are process CPU time (best of three runs), so other processes on a
shared machine count little; "all cores" rows are wall time.

Sets (seeded): R13 / R14, 13 or 14 tiles from a shuffled 136-tile wall;
C14, four random melds and a pair. Riichi rules, then `--rules` (default
generic) for the batches. Single calls are timed from a Python list of 34
counts, loop overhead included for every library alike; batches from an
(N, 34) uint8 array.

Each batch on one thread is printed beside the core's time on the same
hands in the same run (the two timed in turn, best of seven each): the same question asked of each hand through the
core's public calls (`Tables::is_win`, `shanten`, `waits`, `effective`;
`shanten` of each discard for discard_shanten_batch), one thread, hands
built beforehand, no array read or written (`Engine._core_batch`, which
returns a checksum of its answers; the batch's arrays must give the same
one). "ratio" is binding / core; then 2 threads and all cores, wall time.
"""

import argparse
import os
import platform
import time

import sys

# numpy's BLAS threads spin between calls and take a core from the batches'
# own threads; no BLAS is used here.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

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


def alternated(f, g, n, repeat=7):
    """ns per row of f and of g, each the best of `repeat` runs taken in
    turn (f, g, f, g, ...), process CPU time: a slow spell of the machine
    touches both alike."""
    best_f = best_g = float("inf")
    for _ in range(repeat):
        t = time.process_time_ns()
        f()
        best_f = min(best_f, time.process_time_ns() - t)
        t = time.process_time_ns()
        g()
        best_g = min(best_g, time.process_time_ns() - t)
    return best_f / n, best_g / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--quick", action="store_true", help="20,000 hands")
    ap.add_argument("--rules", default="generic",
                    help="the second rule set for the batches (default generic)")
    ap.add_argument("--batches-only", action="store_true",
                    help="skip the single calls and the peers")
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
    xt = mj = None
    hupai_single = None
    if not args.batches_only:
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
            pass
        he = per_call(e.effective, lists)
        rows.append(("effective tiles, single call from a list", "R13", "hupai", he))
        try:
            from mahjong.shanten import Shanten

            sh = Shanten()
            m = min(n, 20_000)
            mj = per_call(sh.calculate_shanten, lists[:m], repeat=1)
            rows.append(("shanten, single call from a list", "R13", "mahjong", mj))
        except ImportError:
            pass
        w = max(len(r[0]) for r in rows)
        for op, s, lib, ns in rows:
            print(f"{op:<{w}}  {s}  {lib:<9} {ns:9.1f} ns/hand")
        if xt:
            print(f"single-call shanten: hupai {xt / hupai_single:.2f}x faster than xiangting", end="")
            print(f", {mj / hupai_single:.0f}x faster than mahjong" if mj else "")
        print()

    sets = {"R13": r13, "R14": r14, "C14": c14}
    core_hands = {k: hupai._hupai._core_hands(v) for k, v in sets.items()}
    print(f"{'batch':<22} {'rules':<8} set  {'1 thread':>9} {'core':>8} {'ratio':>6}"
          f" {'2 threads':>10} {'all cores':>10}   (ns/hand)")
    for rules in dict.fromkeys(["riichi", args.rules]):
        eng = hupai.Engine(rules=rules)
        for name, set_name, op in [
            ("is_win_batch", "R14", "is_win"),
            ("is_win_batch", "C14", "is_win"),
            ("shanten_batch", "R13", "shanten"),
            ("waits_batch", "R13", "waits"),
            ("effective_batch", "R13", "effective"),
            ("discard_shanten_batch", "R14", "discard_shanten"),
        ]:
            arr, hands = sets[set_name], core_hands[set_name]
            f = getattr(eng, name)
            got = checksum(op, f(arr, threads=1))
            want = eng._core_batch(op, hands)
            if got != want:
                raise SystemExit(f"{name} {rules} {set_name}: checksum {got} != core {want}")
            one, core = alternated(lambda: f(arr, threads=1),
                                   lambda: eng._core_batch(op, hands), len(arr))
            two = per_row(lambda a: f(a, threads=2), arr, clock=time.perf_counter_ns)
            allc = per_row(f, arr, clock=time.perf_counter_ns)
            print(f"{name:<22} {rules:<8} {set_name}  {one:9.1f} {core:8.1f} {one / core:6.2f}"
                  f" {two:10.1f} {allc:10.1f}")


def checksum(op, out):
    """The batch's answers in the terms of Engine._core_batch's checksum."""
    mask = (1 << 64) - 1
    if op == "is_win":
        return int(out.sum())
    if op == "shanten":
        return int(out.astype(np.int64).sum()) & mask
    if op == "waits":
        bits = (out.astype(np.uint64) << np.arange(34, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)
        return int(bits.sum(dtype=np.uint64))
    if op == "effective":
        s, tiles = out
        return (int(s.astype(np.int64).sum()) + int(tiles.astype(np.int64).sum())) & mask
    if op == "discard_shanten":
        return int(out[out != 127].astype(np.int64).sum()) & mask
    raise ValueError(op)


if __name__ == "__main__":
    main()
