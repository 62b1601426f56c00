"""MCR scores against the reference calculator PyMahjongGB.

* tests/fixtures/mcr_reference.tsv: 24,000 seeded winning hands with
  PyMahjongGB's totals and fans (written by scripts/mcr_fixture.py, also
  checked by tests/mcr_reference.rs);
* live: when PyMahjongGB is installed, fresh seeded hands from the same
  generator scored by both.

The one documented difference (docs/validation.md, "MCR scoring"):
PyMahjongGB adds flowers to every complete hand; the rules count them only
after a legal win (8 points without flowers).
"""

import importlib.util
import os
import random

import pytest

import hupai
from conftest import REPO, REPO_FIXTURES

E = hupai.Engine(rules="mcr")
FLOWERS = 81


def situation(words):
    """`hupai score` flag words as Engine.score keywords."""
    kw, it = {}, iter(words)
    for w in it:
        key = w[2:].replace("-", "_")
        if key in ("prevalent", "seat"):
            kw[key] = next(it)
        elif key == "flowers":
            kw[key] = int(next(it))
        else:
            kw[key] = True
    return kw




def check(line, total, fans):
    hand, _, flags = line.partition(" --")
    words = ("--" + flags).split() if flags else []
    s = E.score(hupai.parse(hand, notation="mpsz"), **situation(words))
    flowers = fans.get(FLOWERS, 0)
    base = total - flowers
    assert s.legal == (base >= 8), line
    assert s.total == (total if base >= 8 else base), (line, s, [(f.name, f.count) for f in s.fans])
    got = {(f.number or 82): f.count for f in s.fans}
    want = dict(fans)
    if not s.legal:
        want.pop(FLOWERS, None)
    assert got == want, (line, got, want)


def test_reference_fixture():
    n = 0
    with open(os.path.join(REPO_FIXTURES, "mcr_reference.tsv")) as f:
        for row in f:
            if row.startswith("#") or not row.strip():
                continue
            line, total, fans = row.rstrip("\n").split("\t")
            fans = dict(map(int, x.split("*")) for x in fans.split())
            check(line, int(total), fans)
            n += 1
    assert n >= 20_000


def test_live_pymahjonggb():
    pytest.importorskip("MahjongGB")
    spec = importlib.util.spec_from_file_location("mcr_fixture", os.path.join(REPO, "scripts", "mcr_fixture.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen.MahjongFanCalculator = gen.load_reference(False)
    rng = random.Random(20261123)
    for _ in range(3000):
        h, f = gen.random_hand(rng), gen.random_flags(rng)
        ref = gen.reference(h, f)
        total = sum(p * c for p, c, _, _ in ref)
        fans = {gen.FAN_NUMBER[en]: c for _, c, _, en in ref}
        line = h.mpsz()
        words = gen.flag_words(f)
        check(line + (" " + words if words else ""), total, fans)
