#!/usr/bin/env python3
"""Time the Python `mahjong` package (PyPI) on the hands hupai-peers wrote.

The Python baseline of docs/peers.md: the same benchmark hands the Rust
comparison uses, written by

    cargo run --profile bench -p hupai-peers -- --write-hands /tmp/hands.txt

then, with `pip install mahjong` (2.1.0 measured):

    python3 scripts/peers_python.py /tmp/hands.txt [--quick] [--limit N] [--runs R] [--markdown]

Each hand line is `SET <34 tile counts> agari=0|1` (C14, R14) or
`SET <34 tile counts> shanten=N` (R13), the answer every Rust engine agreed
on. The script first checks that `mahjong` gives the same answer on every hand
it times (a disagreement is printed with the hand and the script exits 1,
reporting no times), then times `Agari.is_agari` and
`Shanten.calculate_shanten` per hand (input: a list of 34 counts, built
before timing), best of several runs of thread CPU time (as the Rust side:
other processes on a shared machine do not count), and prints ns per hand with
the ratio to hupai's time that the hands file records.
"""

import argparse
import importlib.metadata
import math
import platform
import sys
import time

try:
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten
except ImportError:
    sys.exit("peers_python.py: the `mahjong` package is missing: pip install mahjong")


def mpsz(counts):
    """Canonical mpsz of 34 counts, e.g. 123m456p789s11122z."""
    out = []
    for suit, letter in enumerate("mpsz"):
        size = 7 if suit == 3 else 9
        digits = "".join(str(r + 1) * counts[suit * 9 + r] for r in range(size))
        if digits:
            out.append(digits + letter)
    return "".join(out)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load_average():
    try:
        with open("/proc/loadavg", encoding="utf-8") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def read_hands(path):
    """(groups, hupai_ns): groups[(op, set)] = [(counts, expected)], and the
    Rust times recorded in the header, hupai_ns[(op, set, engine)] = ns."""
    groups = {}
    hupai_ns = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                parts = line[1:].split()
                if len(parts) == 5 and parts[0] == "ns":
                    _, op, set_name, engine, ns = parts
                    hupai_ns[(op, set_name, engine)] = float(ns)
                continue
            try:
                set_name, digits, answer = line.split()
                op, value = answer.split("=")
                counts = [int(c) for c in digits]
                if len(counts) != 34 or op not in ("agari", "shanten"):
                    raise ValueError
                expected = int(value)
            except ValueError:
                sys.exit(f"peers_python.py: {path}:{number}: not a hand line: {line!r}")
            groups.setdefault((op, set_name), []).append((counts, expected))
    return groups, hupai_ns


def agari(counts):
    return Agari.is_agari(counts)


def shanten(counts):
    return Shanten.calculate_shanten(counts)


CALLS = {
    "agari": (agari, "Agari.is_agari(tiles_34)", lambda got: int(bool(got))),
    "shanten": (shanten, "Shanten.calculate_shanten(tiles_34)", int),
}


def ratio(ns, base):
    """ns / base with two significant digits at least, as hupai-peers prints it."""
    if not base:
        return "-"
    r = ns / base
    digits = min(max(2, 1 - math.floor(math.log10(r))), 8)
    return f"{r:.{digits}f}x"


def best_ns(fn, hands, runs):
    best = float("inf")
    for _ in range(runs):
        start = time.thread_time_ns()
        for h in hands:
            fn(h)
        best = min(best, (time.thread_time_ns() - start) / len(hands))
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("hands", help="file written by hupai-peers --write-hands")
    p.add_argument("--limit", type=int, default=None, help="hands per set (default: all)")
    p.add_argument("--runs", type=int, default=5, help="timed runs, best reported (default 5)")
    p.add_argument("--quick", action="store_true", help="2,000 hands per set, 2 runs")
    p.add_argument("--markdown", action="store_true", help="also print a markdown table")
    a = p.parse_args()
    if a.quick:
        a.limit = a.limit or 2000
        a.runs = 2
    if a.runs < 1 or (a.limit is not None and a.limit < 1):
        sys.exit("peers_python.py: --runs and --limit must be positive")

    groups, rust_ns = read_hands(a.hands)
    version = importlib.metadata.version("mahjong")
    engine = f"mahjong {version} (Python {platform.python_version()})"
    print("peers_python.py: the Python `mahjong` package on hupai-peers' hands")
    print(f"machine:  {cpu_model()}, load average {load_average()}; {platform.python_implementation()} {platform.python_version()}")
    print(f"command:  python3 {' '.join(sys.argv)}")

    # 1. Same answers as the Rust engines on every hand timed.
    bad = 0
    for (op, set_name), hands in sorted(groups.items()):
        hands = hands[: a.limit]
        fn, _, norm = CALLS[op]
        wrong = [(c, e, norm(fn(c))) for c, e in hands if norm(fn(c)) != e]
        for c, e, got in wrong[:10]:
            print(f"DISAGREE {op} {set_name}: {mpsz(c)}  hupai-peers: {e}  mahjong: {got}")
        if wrong:
            print(f"DISAGREE {op} {set_name}: mahjong differs on {len(wrong)} of {len(hands)} hands")
        bad += len(wrong)
    if bad:
        print(f"FAILED: {bad} disagreement(s); no times reported")
        return 1
    print("check:    mahjong agrees with the Rust engines on every hand\n")

    # 2. Time.
    rows = []
    order = {"agari": 0, "shanten": 1}
    for (op, set_name), hands in sorted(groups.items(), key=lambda kv: (order[kv[0][0]], kv[0][1])):
        hands = [c for c, _ in hands[: a.limit]]
        fn, call, _ = CALLS[op]
        fn(hands[0])  # warm-up
        ns = best_ns(fn, hands, a.runs)
        hupai = rust_ns.get((op, set_name, "hupai_tables"))
        reference = rust_ns.get((op, set_name, "hupai_reference"))
        rows.append(
            (
                "hu" if op == "agari" else op,
                set_name,
                engine,
                f"{ns:.0f}",
                ratio(ns, hupai),
                ratio(ns, reference),
                call,
                len(hands),
            )
        )

    head = ("op", "set", "engine", "ns/hand", "vs hupai", "vs reference", "call", "hands")
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    for r in [head] + rows:
        print("  ".join(str(c).rjust(w) if 3 <= i <= 5 or i == 7 else str(c).ljust(w)
                        for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    if a.markdown:
        print()
        print("| " + " | ".join(head[:6] + head[7:] + head[6:7]) + " |")
        print("|---|---|---|---:|---:|---:|---:|---|")
        for r in rows:
            print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {r[7]} | `{r[6]}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
