"""The binding answers what the Rust side answers, on shared fixtures.

* tests/fixtures/shanten_riichi.txt (the core's fixture, checked by
  tests/shanten.rs): 120,000 hands with their riichi shanten;
* fixtures/cli_answers.jsonl (make_cli_fixture.py, from the Rust CLI):
  3,800 hands of every rule set, with jokers and declared melds, through
  check, waits, shanten / effective / discards and arrange, error messages
  included.
"""

import json
import os

import numpy as np
import pytest

import hupai
from conftest import FIXTURES, REPO_FIXTURES


def load_shanten_fixture():
    hands, shanten = [], []
    with open(os.path.join(REPO_FIXTURES, "shanten_riichi.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            h, s = line.split()
            hands.append(h)
            shanten.append(int(s))
    return hands, np.array(shanten, np.int8)


def test_shanten_fixture_single_and_batch():
    hands, want = load_shanten_fixture()
    assert len(hands) >= 100_000
    e = hupai.Engine(rules="riichi")
    parsed = [hupai.parse(h, notation="mpsz") for h in hands]
    counts = np.stack([p.counts for p in parsed])
    assert np.array_equal(e.shanten_batch(counts), want)
    assert np.array_equal(e.shanten_batch(counts, threads=1), want)
    single = np.array([e.shanten(p) for p in parsed], np.int8)
    assert np.array_equal(single, want)
    lists = counts[:20_000].tolist()
    assert [e.shanten(c) for c in lists] == want[:20_000].tolist()


def tiles(text):
    return [hupai.tile_index(t) for t in text.split()]


def effective_text(eff):
    return " ".join(f"{hupai.tile_name(t)}:{n}" for t, n in zip(eff.tiles, eff.remaining))


def answer(f):
    """f()'s value, or the message of the ValueError it raises."""
    try:
        return f()
    except ValueError as err:
        return str(err)


CASES = [json.loads(l) for l in open(os.path.join(FIXTURES, "cli_answers.jsonl"), encoding="utf-8")]


def test_fixture_covers_every_rule_set_and_jokers():
    assert len(CASES) >= 3000
    assert {c["rules"] for c in CASES} == {"generic", "sichuan", "riichi", "mcr"}
    assert {c["jokers"] for c in CASES} == {0, 1, 2} and any(c["joker"] for c in CASES)
    assert sum(c["win"] is True for c in CASES) >= 300
    assert sum(isinstance(c["waits"], list) and c["waits"][0] != "" for c in CASES) >= 300
    assert sum("[" in c["hand"] for c in CASES) >= 500


@pytest.mark.parametrize("rules", ["generic", "sichuan", "riichi", "mcr"])
def test_cli_fixture(rules):
    engines = {}
    for c in (c for c in CASES if c["rules"] == rules):
        key = c["joker"]
        e = engines.setdefault(key, hupai.Engine(rules=rules, joker=key))
        h, j = c["hand"], c["jokers"]
        where = f"{rules} {h} jokers={j} joker={key}"
        assert answer(lambda: e.is_win(h, jokers=j)) == c["win"], where

        def waits():
            w = e.waits(h, jokers=j)
            return [" ".join(map(hupai.tile_name, w.live)), " ".join(map(hupai.tile_name, w.exhausted))]
        assert answer(waits) == c["waits"], where

        def shanten():
            if (hupai.parse(h).size + j) % 3 == 2:
                return [e.shanten(h, jokers=j),
                        [[hupai.tile_name(d.tile), d.shanten, effective_text(d), d.total]
                         for d in e.discards(h, jokers=j)]]
            eff = e.effective(h, jokers=j)
            assert eff.shanten == e.shanten(h, jokers=j)
            return [eff.shanten, effective_text(eff), eff.total]
        assert answer(shanten) == c["shanten"], where

        if "arrange" in c:
            assert answer(lambda: [" ".join(a) for a in e.arrangements(h, jokers=j)]) == c["arrange"], where
