"""Sichuan scoring and settlement through Engine(rules="sichuan"): the fans
and values of the main patterns, presets, payments, not-a-win reasons, bad
keywords, a whole round settled by hand, bad rounds, and the JSON of every
answer equal to the command line's."""

import json
import os
import pickle
import subprocess

import pytest

import hupai
from conftest import REPO

E = hupai.Engine(rules="sichuan")


def fans(score):
    """{name: (fan, count)} of a score."""
    return {name: (fan, count) for name, _, fan, count in score.fans}


# --- scoring: one hand per main fan --------------------------------------


def test_all_pungs():
    s = E.score("222m333m444m666p99p")
    assert s.legal and s.reason is None
    assert fans(s) == {"All Pungs": (1, 1)}
    assert (s.fan, s.cap, s.value) == (1, 3, 2)
    assert s.payments == {"payers": 1, "each": 2, "total": 2}
    assert s.win_tile == "9p" and s.labels == []


def test_seven_pairs():
    s = E.score("112233m44556677p")
    assert fans(s) == {"Seven Pairs": (2, 1)}
    assert (s.fan, s.value) == (2, 4)
    assert s.arrangement == "11m 22m 33m 44p 55p 66p 77p"


def test_full_flush():
    s = E.score("123m456m789m234m55m")
    assert fans(s) == {"Full Flush": (2, 1)}
    assert (s.fan, s.value) == (2, 4)


def test_golden_hook():
    s = E.score("[111m][222m][333p][444p]5p5p")
    assert fans(s) == {"All Pungs": (1, 1), "Golden Hook": (1, 1)}
    assert (s.fan, s.value) == (2, 4)
    # Of one suit: Pure Golden Hook, 1 + 2 + 1 = 4 fan, capped at 3.
    p = E.score("[111m][222m][333m][444m]5m5m")
    assert p.labels == ["清金钩钓"]
    assert (p.fan, p.value) == (4, 8)


def test_roots():
    # Four 1m held (one root) and a declared kong of 5p (another).
    s = E.score("[5555p]111123m456m99p")
    assert fans(s) == {"Root": (1, 2)}
    assert (s.fan, s.value) == (2, 4)
    assert E.score("111123m456p789p55p").fan == 1


def test_win_after_kong_and_robbing_the_kong():
    hand = "123m456m789m123p55p"
    assert E.score(hand).fans == [("Plain Win", "平胡", 0, 1)]
    assert E.score(hand).value == 1
    after = E.score(hand, self_drawn=True, kong=True)
    assert fans(after) == {"Win after Kong": (1, 1)}
    # Self-drawn: 2 base + 1 from each of three payers.
    assert after.payments == {"payers": 3, "each": 3, "total": 9}
    robbed = E.score(hand, kong=True)
    assert fans(robbed) == {"Robbing the Kong": (1, 1)}
    assert robbed.payments == {"payers": 1, "each": 2, "total": 2}


def test_under_the_sea():
    s = E.score("123m456m789m123p55p", last_wall=True)
    assert fans(s) == {"Under the Sea": (1, 1)}
    assert s.value == 2


def test_preset_changes_the_cap_and_the_value():
    # Pure Dragon Seven Pairs: Seven Pairs 2 + Full Flush 2 + Root 1 = 5.
    hand = "11112233445566m"
    d = E.score(hand)
    assert (d.fan, d.cap, d.value) == (5, 3, 8)
    assert d.labels == ["清龙七对"]
    # chengdu: cap 4, and 门清 adds 1 (no claimed meld).
    c = E.score(hand, profile="chengdu")
    assert (c.fan, c.cap, c.value) == (6, 4, 16)
    assert fans(c)["Concealed Hand"] == (1, 1)
    # qq: 龙七对 worth one more, cap 6.
    q = E.score(hand, profile="qq")
    assert (q.fan, q.cap, q.value) == (6, 6, 64)
    # No cap: 2^5; an option given before the profile still refines it.
    assert E.score(hand, cap=None).value == 32
    assert E.score(hand, cap="none").cap is None
    assert E.score(hand, cap=5, profile="chengdu").value == 32
    # flush_stacks="max": Full Flush no longer adds to Seven Pairs.
    assert E.score(hand, flush_stacks="max").fan == 3


def test_payments_self_drawn_and_discard():
    hand = "222m333m444m666p99p"  # 2 base
    assert E.score(hand).payments == {"payers": 1, "each": 2, "total": 2}
    assert E.score(hand, self_drawn=True).payments == {"payers": 3, "each": 3, "total": 9}
    assert E.score(hand, self_drawn=True, payers=2).payments == {"payers": 2, "each": 3, "total": 6}
    assert E.score(hand, self_drawn=True, self_draw="none").payments["each"] == 2
    fan = E.score(hand, self_drawn=True, self_draw="fan")
    assert (fan.fan, fan.value, fan.payments["each"]) == (2, 4, 4)
    # 点杠花 paid by the feeder alone under dian_gang_hua="discard".
    fed = E.score(hand, self_drawn=True, kong=True, fed_kong=True, dian_gang_hua="discard")
    assert fed.payments == {"payers": 1, "each": 4, "total": 4}
    # False is the default for a situation switch.
    assert E.score(hand, self_drawn=False).payments["payers"] == 1


def test_not_a_win_reasons():
    three = E.score("123m456p789s11m22m")
    assert not three.legal and three.reason.startswith("three suits")
    assert (three.fan, three.value, three.fans, three.arrangement) == (0, 0, [], None)
    void = E.score("123m456m789m123p55p", void="p")
    assert not void.legal and void.reason == "holds the void suit p"
    incomplete = E.score("123m456m789m12p55p9p")
    assert not incomplete.legal and incomplete.reason.startswith("not complete")
    assert E.score("123m456m789m123p55p", void="s").legal


def test_bad_input():
    with pytest.raises(hupai.ParseError):
        E.score("123m 45x")
    with pytest.raises(hupai.HandError, match="honour tile 1z"):
        E.score("11223344556677z")
    with pytest.raises(hupai.HandError, match=r"unknown keyword 'riichi' \(expected self_drawn, .*zhong_zhang\)"):
        E.score("11223344556677m", riichi=True)
    with pytest.raises(hupai.HandError, match=r"cap=9: expected 2, 3, 4, 5, 6 or none"):
        E.score("11223344556677m", cap=9)
    with pytest.raises(hupai.HandError, match=r"void=x: expected m, p or s"):
        E.score("11223344556677m", void="x")
    with pytest.raises(hupai.HandError, match=r"payers=4"):
        E.score("11223344556677m", payers=4)
    with pytest.raises(hupai.HandError, match=r"profile=zz: expected default, tfmj"):
        E.score("11223344556677m", profile="zz")
    with pytest.raises(hupai.HandError, match=r"cap= needs a value"):
        E.score("11223344556677m", cap=True)
    with pytest.raises(hupai.HandError, match=r"self_drawn=yes"):
        E.score("11223344556677m", self_drawn="yes")
    with pytest.raises(hupai.HandError, match=r"jiang=False"):
        E.score("11223344556677m", jiang=False)
    with pytest.raises(hupai.HandError, match=r"after-kong"):
        E.score("11223344556677m", after_kong=True, self_drawn=True)
    with pytest.raises(hupai.HandError, match=r"joker"):
        hupai.Engine(rules="sichuan", joker="9m").score("11223344556677m")


def test_counts_hand_has_no_winning_tile():
    s = E.score([2] * 7 + [0] * 27)
    assert s.legal and s.win_tile is None and s.value == 8


def test_repr_and_json_attribute():
    s = E.score("11223344556677m")
    assert repr(s) == "SichuanScore(hand='1122334455667m7m', fan=4, value=8, legal=True)"
    assert s.json == s.to_json()
    v = json.loads(s.to_json())
    assert v["fan"] == s.fan and v["labels"] == s.labels and v["payments"] == s.payments
    assert [(f["name"], f["chinese"], f["fan"], f["count"]) for f in v["fans"]] == s.fans


def test_pickled_engine_still_scores():
    e = pickle.loads(pickle.dumps(E))
    assert e.rules == "sichuan" and repr(e) == "Engine(rules='sichuan')"
    assert e.score("11223344556677m").to_json() == E.score("11223344556677m").to_json()


# --- settlement -------------------------------------------------------------

ROUND = {
    "dealer": 0,
    "void": ["s", "s", "s", "m"],
    "events": [
        {"kong": {"player": 1, "kind": "concealed", "tile": "5p"}},
        {"win": [{"player": 0, "hand": "222m333m444m666p99p"}]},
        {"kong": {"player": 2, "kind": "melded", "from": 3, "tile": "8p"}},
        {"wall_end": {"hands": {
            "1": "[5555p]123m456m789m1m",   # ready: 1m, 4m, 7m, each a root = 2 base
            "2": "[8888p]579m1236799p",      # not ready
            "3": "123456789s12p56m",         # three suits (花猪)
        }}},
    ],
}


def test_settlement_by_hand():
    assert E.shanten("123m456m789m1m") == 0
    assert E.shanten("579m1236799p") > 0
    s = E.settle(ROUND)
    got = [(p.payer, p.payee, p.amount, p.why) for p in s.payments]
    assert got == [
        # the concealed kong: 2 from each other player
        (0, 1, 2, "concealed-kong"), (2, 1, 2, "concealed-kong"), (3, 1, 2, "concealed-kong"),
        # All Pungs self-drawn: 2 base + 1 from each of three
        (1, 0, 3, "self-drawn"), (2, 0, 3, "self-drawn"), (3, 0, 3, "self-drawn"),
        # the melded kong: 2 from the discarder
        (3, 2, 2, "melded-kong"),
        # wall end: the pig pays the cap (8) to each other player still in
        (3, 1, 8, "cha-hua-zhu"), (3, 2, 8, "cha-hua-zhu"),
        # 查叫: the not-ready player and the pig pay the ready one its value
        (2, 1, 2, "cha-jiao"), (3, 1, 2, "cha-jiao"),
        # 退税: the not-ready player returns its kong income
        (2, 3, 2, "tui-shui"),
    ]
    assert s.net == [7, 15, 1, -23]
    assert sum(s.net) == 0
    assert s.payments[0] == s.payments[0] and s.payments[0] != s.payments[1]
    assert repr(s.payments[0]) == "Payment(payer=0, payee=1, amount=2, why='concealed-kong')"
    assert repr(s) == "Settlement(net=[7, 15, 1, -23], payments=12)"
    # The same round as JSON text gives the same settlement.
    assert E.settle(json.dumps(ROUND)).to_json() == s.to_json() == s.json


def test_settlement_options():
    r = {"events": [{"kong": {"player": 2, "kind": "added", "postponed": True}}]}
    assert E.settle(r).net == [-1, -1, 3, -1]
    assert E.settle(r, profile="mil").net == [0, 0, 0, 0]
    assert E.settle(r, postponed_added_kong="nothing").net == [0, 0, 0, 0]
    # A higher cap makes the pig pay more.
    assert E.settle(ROUND, cap=4).net == [7, 23, 9, -39]
    assert E.settle(ROUND, cap=None).net[3] == -2 - 3 - 2 - 64 - 64 - 2 + 2


def test_bad_rounds():
    cases = [
        ({"events": [{"win": [{"player": 5, "hand": "11223344556677m"}]}]},
         "event 1: player 5 does not exist"),
        ({"events": [{"kong": {"player": 0, "kind": "concealed"}},
                     {"win": [{"player": 1, "hand": "123m456m789m12p55p9p", "from": 0}]}]},
         "event 2: hand 123m456m789m12p55p9p is not a win: not complete"),
        ({"events": [{"kong": {"player": 0, "kind": "melded"}}]},
         "event 1: a kong on a discard needs \"from\""),
        ({"events": [{"wall_end": {"hands": {"0": "123m"}}}]}, "event 1: player 0's hand 123m holds 3 tiles"),
        ({"events": [{"bet": 1}]}, "not a round"),
        ('{"events": [', "not a round"),
        ({"dealer": 0, "void": ["x"], "events": []}, "void suit 'x'"),
    ]
    for round, message in cases:
        with pytest.raises(hupai.HandError) as e:
            E.settle(round)
        assert message in str(e.value), (round, str(e.value))
    with pytest.raises(hupai.HandError, match=r"'self_drawn' \(a situation of one win"):
        E.settle(ROUND, self_drawn=True)
    with pytest.raises(hupai.HandError, match=r"'riichi' \(no Sichuan option"):
        E.settle(ROUND, riichi=True)
    with pytest.raises(hupai.HandError, match=r"kong_on_shoot=sometimes: expected chain, last or refund"):
        E.settle(ROUND, kong_on_shoot="sometimes")
    with pytest.raises(hupai.HandError, match=r"profile=zz"):
        E.settle(ROUND, profile="zz")
    with pytest.raises(TypeError):
        E.settle({"events": [object()]})
    with pytest.raises(hupai.HandError, match=r"settle\(\) needs Engine\(rules='sichuan'\).*'mcr'"):
        hupai.Engine(rules="mcr").settle(ROUND)


# --- the JSON equals the command line's -------------------------------------

CLI = os.environ.get("HUPAI_BIN") or os.path.join(REPO, "target", "release", "hupai")

HANDS = [
    ("222m333m444m666p99p", {}),
    ("222m333m444m666p99p", {"self_drawn": True}),
    ("112233m44556677p", {}),
    ("123m456m789m234m55m", {"self_drawn": True, "payers": 2}),
    ("[111m][222m][333p][444p]5p5p", {}),
    ("[111m][222m][333m][444m]5m5m", {"self_drawn": True, "profile": "qq"}),
    ("[5555p]111123m456m99p", {"kong": True, "self_drawn": True}),
    ("123m456m789m123p55p", {"kong": True}),
    ("123m456m789m123p55p", {"last_wall": True, "void": "s"}),
    ("11112233445566m", {"profile": "chengdu"}),
    ("11112233445566m", {"cap": None, "self_draw": "fan", "self_drawn": True}),
    ("11112233445566m", {"flush_stacks": "max"}),
    ("22558855m225588p", {"jiang": True}),
    ("123m789m123p789p99p", {"yao_jiu": 3}),
    ("234m456m678m345p55p", {"zhong_zhang": True, "men_qing": True}),
    ("123m456m789m123p55p", {"first_turn": True, "dealer": True, "self_drawn": True, "tian_di_hu": "3/2"}),
    ("123m456m789m123p55p", {"after_kong": True}),
    ("222m333m444m666p99p", {"self_drawn": True, "kong": True, "fed_kong": True, "dian_gang_hua": "discard"}),
    ("123m456p789s11m22m", {}),
    ("123m456m789m123p55p", {"void": "p"}),
    ("123m456m789m12p55p9p", {}),
]

ROUNDS = [
    (ROUND, {}),
    (ROUND, {"cap": 4}),
    (ROUND, {"profile": "mil"}),
    ({"events": [{"kong": {"player": 2, "kind": "added", "postponed": True}}]}, {"profile": "mil"}),
    ({"events": [
        {"kong": {"player": 1, "kind": "concealed"}},
        {"win": [{"player": 0, "hand": "222m555m888m333p9p9p", "from": 1, "flags": ["after-kong"]}]}]},
     {"kong_on_shoot": "refund"}),
    ({"events": [
        {"kong": {"player": 1, "kind": "concealed"}},
        {"win": [{"player": 0, "hand": "222m555m888m333p9p9p", "from": 1, "flags": ["after-kong"]},
                 {"player": 2, "hand": "123s456s789s111s9p9p", "from": 1, "flags": ["after-kong"]}]}]},
     {}),
]


def cli_flags(kw):
    words = []
    for k, v in kw.items():
        name = "--" + k.replace("_", "-")
        if v is True:
            words.append(name)
        else:
            words += [name, "none" if v is None else str(v)]
    return words


def run_cli(args, lines):
    run = subprocess.run([CLI, *args], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         timeout=120)
    out = run.stdout.splitlines()
    assert len(out) == len(lines), run.stderr
    return out


@pytest.mark.skipif(not os.path.exists(CLI), reason=f"no hupai binary at {CLI} (cargo build --release builds it)")
def test_score_json_equals_the_command_line():
    lines = [" ".join([hand, *cli_flags(kw)]) for hand, kw in HANDS]
    cli = run_cli(["score", "--rules", "sichuan", "--json"], lines)
    for (hand, kw), line in zip(HANDS, cli):
        assert E.score(hand, **kw).to_json() == line, (hand, kw)
    assert len({line for line in cli}) == len(HANDS)


@pytest.mark.skipif(not os.path.exists(CLI), reason=f"no hupai binary at {CLI} (cargo build --release builds it)")
def test_settle_json_equals_the_command_line():
    for round, kw in ROUNDS:
        text = json.dumps(round)
        [line] = run_cli(["settle", "--rules", "sichuan", *cli_flags(kw)], [text])
        s = E.settle(round, **kw)
        assert s.to_json() == line, (round, kw)
        assert sum(s.net) == 0
