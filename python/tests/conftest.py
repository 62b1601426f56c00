"""Shared helpers: seeded hand generators and the repository's paths."""

import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON_DIR = os.path.dirname(HERE)
REPO = os.path.dirname(PYTHON_DIR)
FIXTURES = os.path.join(HERE, "fixtures")
REPO_FIXTURES = os.path.join(REPO, "tests", "fixtures")

# The installed package, never the source folder python/hupai (it lacks the
# compiled module): drop python/ from the import path if pytest put it there.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != PYTHON_DIR]

WALL = np.repeat(np.arange(34), 4)


def wall_hands(rng, n, size):
    """n rows of `size` tiles drawn without replacement from a 136-tile wall."""
    keys = rng.random((n, 136))
    picks = WALL[np.argsort(keys, axis=1)[:, :size]]
    out = np.zeros((n, 34), np.uint8)
    np.add.at(out, (np.repeat(np.arange(n), size), picks.ravel()), 1)
    return out


def complete_hands(rng, n, melds=4):
    """n complete concealed rows: `melds` random chows or pungs and a pair."""
    out = np.zeros((n, 34), np.uint8)
    i = 0
    while i < n:
        c = np.zeros(34, np.int64)
        for _ in range(melds):
            if rng.random() < 0.6:
                s, r = rng.integers(3), rng.integers(7)
                c[9 * s + r : 9 * s + r + 3] += 1
            else:
                c[rng.integers(34)] += 3
        c[rng.integers(34)] += 2
        if c.max() <= 4:
            out[i] = c
            i += 1
    return out


def concentrated_hands(rng, n, size):
    """Rows of `size` tiles from one or two suits: many pairs, runs and
    four-copy cases that random walls rarely give."""
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        kinds = rng.choice(34, size=rng.integers(5, 12), replace=False)
        c = np.zeros(34, np.int64)
        while c.sum() < size:
            k = kinds[rng.integers(len(kinds))]
            if c[k] < 4:
                c[k] += 1
        out[i] = c
    return out


@pytest.fixture
def rng():
    return np.random.default_rng(20261123)
