"""Riichi scoring against the committed riichi fixture (the Python mahjong
package's answers), and the discard EV against `hupai analyze --json`."""

import gzip
import json
import os

import pytest

import hupai
from conftest import FIXTURES, REPO_FIXTURES


def keywords(flags):
    """`--seat S --self-drawn --no-kiriage` as score() keywords, in order."""
    kw = {}
    words = flags.split()
    i = 0
    while i < len(words):
        name = words[i][2:]
        if i + 1 < len(words) and not words[i + 1].startswith("--"):
            kw[name.replace("-", "_")] = words[i + 1]
            i += 2
        elif name.startswith("no-"):
            kw[name[3:].replace("-", "_")] = False
            i += 1
        else:
            kw[name.replace("-", "_")] = True
            i += 1
    return kw


def expected(s):
    """A score in the fixture's column form (as tests/riichi_fixture.rs writes it)."""
    if not s.legal:
        return "no_yaku"
    yaku = "|".join(f"{name}={han}" for name, _, han in s.yaku)
    fu = "|".join(f"{reason}={f}" for reason, f in s.fu_details)
    c = s.cost
    return f"{s.han};{s.fu};{c['main']},{c['additional']},{c['total']};{yaku};{fu}"


@pytest.mark.parametrize("fixture", ["riichi_reference.tsv.gz", "riichi_red_melds.tsv.gz"])
def test_riichi_scores_equal_the_fixture(fixture):
    with gzip.open(os.path.join(REPO_FIXTURES, fixture), "rt") as f:
        lines = [next(f) for _ in range(2000)]
    four, three = hupai.Engine(rules="riichi"), hupai.Engine(rules="riichi3")
    differ = []
    for line in lines:
        given, want = line.rstrip("\n").split("\t")
        hand, _, flags = given.partition(" ")
        kw = keywords(flags)
        engine = three if kw.pop("is_three_player", False) else four
        got = expected(engine.score(hand, **kw))
        if got != want:
            differ.append((given, want, got))
    assert not differ, f"{len(differ)} of {len(lines)} differ, e.g. {differ[:3]}"


def test_red_fives_in_melds_are_kept_and_counted():
    h = hupai.parse("22m23s1s[456s][789s][055s]")
    assert str(h).startswith("[456s][789s][055s]")
    assert [m.red for m in h.melds] == [0, 0, 1]
    e = hupai.Engine(rules="riichi")
    s = e.score("22m23s1s[456s][789s][055s]", self_drawn=True, has_aka_dora=True)
    assert [name for name, _, _ in s.yaku] == ["Ittsu", "Aka Dora"]


def test_riichi_score_fields_and_errors():
    e = hupai.Engine(rules="riichi")
    s = e.score("[777z1]234m567p789s9s9s", seat="S")
    assert isinstance(s, hupai.RiichiScore)
    assert (s.han, s.fu, s.legal, s.reason, s.limit, s.yakuman) == (1, 30, True, None, None, 0)
    assert s.cost == {"main": 1000, "additional": 0, "total": 1000}
    assert s.yaku == [("Yakuhai (chun)", "役牌 中", 1)]
    # No yaku: scored, not legal, with the reason.
    s = e.score("[123m]456m789p23s55s4s", seat="S", dora="4s")
    assert not s.legal and "no yaku" in s.reason
    # The winning tile of a hand given as counts, and a limit.
    counts = hupai.parse("19m19p19s1234567z1m").counts
    s = e.score(counts, win_tile="1m", self_drawn=True)
    # Thirteen-sided wait: a double yakuman, the dealer paid 48,000 by each.
    assert s.limit == "yakuman" and s.yakuman == 2 and s.cost["total"] == 96000
    with pytest.raises(TypeError, match="unknown riichi scoring flag"):
        e.score("123m456p789s11122z", no_such_flag=True)
    with pytest.raises(hupai.HandError, match="winning tile"):
        e.score(counts)
    # Three players: riichi3 is a rule set of the engine, and refuses 2m-8m.
    t = hupai.Engine(rules="riichi3")
    assert t.rules == "riichi3"
    assert t.score("999m456p789s11122z", self_drawn=True).legal
    with pytest.raises(hupai.HandError):
        t.score("123m456p789s11122z")


def cli_answers():
    with open(os.path.join(FIXTURES, "analyze_cli.jsonl")) as f:
        return [json.loads(line) for line in f]


@pytest.mark.parametrize("want", cli_answers(), ids=lambda w: f"{w['rules']}-{w['hand']}")
def test_analyze_equals_the_cli(want):
    a = hupai.Engine(rules=want["rules"]).analyze(want["hand"], turns=want["turns"])
    assert isinstance(a, hupai.Analysis)
    assert (a.shanten, a.turns, a.states) == (want["shanten"], want["turns"], want["states"])
    assert len(a.discards) == len(want["discards"])
    for d, w in zip(a.discards, want["discards"]):
        assert hupai.tile_name(d.tile) == w["tile"] and d.shanten == w["shanten"]
        assert [(hupai.tile_name(t), n) for t, n in d.effective] == [
            (e["tile"], e["remaining"]) for e in w["effective"]
        ]
        assert d.tenpai == pytest.approx(w["tenpai"], rel=1e-12, abs=1e-15)
        assert d.win == pytest.approx(w["win"], rel=1e-12, abs=1e-15)
        if w["score"] is None:
            assert d.score is None
        else:
            assert d.score == pytest.approx(w["score"], rel=1e-12, abs=1e-12)


def test_analyze_options_and_errors():
    e = hupai.Engine(rules="generic")
    hand = "[123m][456p]1122z3478s"
    base = e.analyze(hand, turns=3).discards[0]
    assert base.score is None and len(base.win) == 3
    seen = e.analyze(hand, turns=3, visible="2569s").discards[0]
    assert seen.win[2] < base.win[2]
    assert e.analyze(hand, turns=3, no_changes=True).discards[0].win[2] <= base.win[2]
    assert e.analyze(hand, turns=3, shanten_down=True).discards[0].win[2] >= base.win[2]
    assert hupai.Engine(joker="7z").analyze("[123m][456p]1479m", turns=2, jokers=1).discards
    with pytest.raises(hupai.HandError, match="3n\\+2"):
        e.analyze("123m456p789s1145z")
    with pytest.raises(hupai.HandError):
        e.analyze(hand, turns=0)


def test_analyze_exact_and_the_state_limit():
    e = hupai.Engine(rules="riichi")
    hand, seen = "234577778p44455s", "66669999p"
    five_s = lambda **kw: next(
        d for d in e.analyze(hand, turns=3, visible=seen, **kw).discards
        if hupai.tile_name(d.tile) == "5s"
    )
    # The exhaustive search of the model: 0.0024143996, by leaving the dead
    # wait's shape at the shanten held before the draw (the same with
    # discards into a worse shanten).
    assert five_s(exact=True).win[2] == pytest.approx(0.00241439960549026, abs=1e-12)
    assert five_s(exact=True, shanten_down=True).win[2] == pytest.approx(
        0.00241439960549026, abs=1e-12
    )
    assert five_s().win[2] < five_s(exact=True).win[2]
    with pytest.raises(hupai.LimitError, match="100 states.*--turns.*--exact") as info:
        e.analyze("4688m111456p5678s", turns=2, exact=True, max_states=100)
    assert isinstance(info.value, ValueError)
    assert e.analyze("4688m111456p5678s", turns=2, extra=8).discards
