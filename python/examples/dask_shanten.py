#!/usr/bin/env python3
"""Shanten of a hand corpus on a Dask cluster.

The engine pickles (rule set, table source, joker tile), so the same code
runs on a LocalCluster of worker processes, as here, or on a many-machine
cluster (`Client("scheduler-address:8786")`) once a log corpus outgrows one
machine: each worker answers its chunks with the numpy batch call (GIL
released, rayon inside).

    python3 python/examples/dask_shanten.py [--hands 400000] [--chunk 50000]
"""

import argparse
import time

import numpy as np
from dask.distributed import Client, LocalCluster

import hupai


def random_hands(n, seed=7):
    """n rows of 13 tiles from a shuffled 136-tile wall."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    picks = wall[np.argsort(rng.random((n, 136)), axis=1)[:, :13]]
    counts = np.zeros((n, 34), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 13), picks.ravel()), 1)
    return counts


def shanten_chunk(engine, counts):
    # One thread per worker process: the cluster already spreads the work.
    return engine.shanten_batch(counts, threads=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=400_000)
    ap.add_argument("--chunk", type=int, default=50_000)
    args = ap.parse_args()
    counts = random_hands(args.hands)
    engine = hupai.Engine(rules="riichi")
    chunks = [counts[i : i + args.chunk] for i in range(0, len(counts), args.chunk)]

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        start = time.perf_counter()
        futures = client.map(shanten_chunk, [engine] * len(chunks), chunks)
        shanten = np.concatenate(client.gather(futures))
        took = time.perf_counter() - start

    local = engine.shanten_batch(counts)
    same = np.array_equal(shanten, local)
    print(f"{len(counts)} hands in {len(chunks)} chunks on 2 worker processes: "
          f"{took:.2f} s; histogram {np.bincount(shanten + 1).tolist()}; "
          f"{'agree' if same else 'DIFFER'} with the local batch")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
