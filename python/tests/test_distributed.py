"""Engines cross process boundaries: a multiprocessing pool and a Dask
LocalCluster of two worker processes answer as the local batch does."""

import multiprocessing
import os
import subprocess
import sys

import numpy as np
import pytest

import hupai
from conftest import PYTHON_DIR, wall_hands


def test_multiprocessing_pool(rng):
    e = hupai.Engine(rules="mcr", joker="7z")
    counts = wall_hands(rng, 20_000, 13)
    chunks = np.array_split(counts, 4)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        parts = pool.map(e.shanten_batch, chunks)
    assert np.array_equal(np.concatenate(parts), e.shanten_batch(counts))


def test_dask_local_cluster_example():
    pytest.importorskip("distributed")
    example = os.path.join(PYTHON_DIR, "examples", "dask_shanten.py")
    run = subprocess.run([sys.executable, example, "--hands", "40000", "--chunk", "10000"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert "40000 hands in 4 chunks on 2 worker processes" in run.stdout
    assert "agree with the local batch" in run.stdout
