"""The Python API: names, types and answers of every call."""

import pickle

import numpy as np
import pytest

import hupai


def test_engine_contract_names():
    e = hupai.Engine(rules="riichi")
    for name in ["is_win", "shanten", "waits", "effective", "discards", "arrangements",
                 "score", "is_win_batch", "shanten_batch", "waits_batch",
                 "effective_batch", "discard_shanten_batch"]:
        assert callable(getattr(e, name)), name
    assert e.rules == "riichi" and e.tables is None and e.joker is None
    assert issubclass(hupai.ParseError, ValueError)
    assert issubclass(hupai.HandError, ValueError)


@pytest.mark.parametrize("rules", ["generic", "sichuan", "riichi", "mcr"])
def test_every_rule_set(rules):
    e = hupai.Engine(rules=rules)
    assert e.rules == rules
    assert e.is_win("123m456m789s11122s")
    assert e.shanten("123m456m789s1112s") == 0


def test_rule_sets_differ_where_the_rules_do():
    orphans = "19m19p19s1234567z"
    assert hupai.Engine(rules="riichi").waits(orphans).live == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert not hupai.Engine(rules="generic").waits(orphans)
    # Sichuan: three suits never win.
    assert not hupai.Engine(rules="sichuan").is_win("123m456p789s11122s")
    # Riichi seven pairs must be distinct; generic lets a quad be two pairs.
    assert hupai.Engine(rules="generic").is_win("1111m2233p4455s66z")
    assert not hupai.Engine(rules="riichi").is_win("1111m2233p4455s66z")
    # The generic rules' undeclared kongs.
    assert hupai.Engine(rules="generic").is_win("AAAABBBBCCCCDDDD88")


def test_hand_model():
    h = hupai.parse("[EEE][SSSS1]55pWWWNNN")
    assert isinstance(h, hupai.Hand)
    assert str(h) == "[111z][2222z1]55p333444z"
    assert h.counts.dtype == np.uint8 and h.counts.shape == (34,)
    assert h.counts.tolist() == [0] * 13 + [2] + [0] * 15 + [3, 3, 0, 0, 0]
    assert [(m.kind, m.tile, m.source) for m in h.melds] == [("pung", 27, None), ("kong", 28, 1)]
    assert h.all_counts[27] == 3 and h.all_counts[28] == 4
    assert h.size == 14 and h.last_tile == 30
    r = hupai.Hand("406m")
    assert r.red_fives == (1, 0, 0) and r.counts[4] == 1 and str(r) == "406m"
    assert hupai.Hand("[1111s]22z").melds[0].kind == "concealed_kong"


@pytest.mark.parametrize("text,notation", [
    ("123m456p789s11122z", "mpsz"),
    ("ABCeee345456DD", "mediatek"),
    ("1D1D2D2D3D3D4W4W5W5W6W6W7W8W", "chengdu"),
    ("[EEE][SSSS1]55pWWWNNN", "mcr"),
])
def test_every_notation_round_trips(text, notation):
    h = hupai.parse(text, notation=notation)
    assert hupai.parse(h.format(notation), notation=notation) == h
    assert hupai.parse(text) == h  # auto notation agrees
    assert str(hupai.Hand(str(h))) == str(hupai.Hand(h.format("mpsz"))) == str(h)


def test_aliases_and_glyphs():
    assert hupai.parse("123m 456p 789s 111z 22z") == hupai.parse("123m456p789s11122z")


def test_hand_arguments_agree():
    e = hupai.Engine(rules="riichi")
    text = "123m456p789s1112z"
    h = hupai.Hand(text)
    counts = h.counts
    for arg in [text, h, counts, counts.tolist(), tuple(counts.tolist()),
                counts.astype(np.int64), [int(x) for x in counts]]:
        assert e.shanten(arg) == 0
        assert e.waits(arg).live == [28]


def test_tiles():
    assert [hupai.tile_name(i) for i in (0, 8, 9, 18, 27, 33)] == ["1m", "9m", "1p", "1s", "1z", "7z"]
    assert all(hupai.tile_index(hupai.tile_name(i)) == i for i in range(34))
    assert hupai.tile_index("0p") == 13
    assert hupai.KINDS == 34


def test_waits_live_and_exhausted():
    w = hupai.Engine().waits("1111m23m456p789s11z")
    assert (w.live, w.exhausted) == ([3], [0])
    assert bool(w) and not hupai.Engine().waits("1357m2468p1357s9m")


def test_effective_and_visible():
    e = hupai.Engine(rules="riichi")
    eff = e.effective("123m456p789s1112z")
    assert (eff.shanten, eff.tiles, eff.remaining, eff.total) == (0, [28], [3], 3)
    assert e.effective("123m456p789s1112z", visible="22z").remaining == [1]
    visible = np.zeros(34, np.uint8)
    visible[28] = 3
    assert e.effective("123m456p789s1112z", visible=visible).total == 0


def test_discards_best_first():
    d = hupai.Engine(rules="riichi").discards("123m456p789s11125z")
    assert [(x.tile, x.shanten, x.tiles, x.total) for x in d] == [(28, 0, [31], 3), (31, 0, [28], 3)]
    d = hupai.Engine(rules="riichi").discards("1234m456p789s1125z")
    totals = [x.total for x in d]
    assert totals == sorted(totals, reverse=True) and len(d) >= 2


def test_arrangements():
    a = hupai.Engine().arrangements("111222333m789s55p")
    assert sorted(map(sorted, a)) == sorted(map(sorted, [["111m", "222m", "333m", "55p", "789s"],
                                                         ["123m", "123m", "123m", "55p", "789s"]]))
    assert hupai.Engine().arrangements("[123m]456m789s11122z")[0][0] == "[123m]"
    assert hupai.Engine().arrangements("123m") == []


def test_jokers_count_and_tile():
    g = hupai.Engine(rules="generic")
    assert g.is_win("123m456p789s1z", jokers=1)
    assert g.shanten("123m456p789s1z", jokers=3) == 0
    assert len(g.waits("1111m23m456p789s", jokers=1).live) == 33
    red = hupai.Engine(rules="generic", joker="7z")
    assert red.joker == 33
    assert red.is_win("123m456p789s11z777z")
    assert not red.is_win("123m456p789s11z77z")
    assert len(red.waits("123m456p789s11z77z").live) == 34
    assert red.waits("123m456p789s144z7z").live == [27, 30, 33]
    assert "123m 456p 789s 11*1*z JJ" in [" ".join(a) for a in
                                          hupai.Engine(joker=33).arrangements("123m456p789s1z7z", jokers=3)]
    assert red.effective("123m456p789s1277z").tiles == [27, 28, 33]


def test_mcr_score():
    e = hupai.Engine(rules="mcr")
    s = e.score("19m19p19s1234567z1m", self_drawn=True)
    assert (s.total, s.legal, s.win_tile) == (89, True, 0)
    assert [(f.name, f.points, f.count) for f in s.fans] == [("Thirteen Orphans", 88, 1), ("Self-Drawn", 1, 1)]
    s = e.score("[123s][123s][789s][789s]5s5s", last_tile=True, prevalent="S", seat="N")
    assert s.total == 70 and {f.number for f in s.fans} == {13, 52}
    # Flowers count after a legal win only; a counts array needs win_tile.
    counts = hupai.Hand("234m456p678s11122z").counts
    s = e.score(counts, win_tile="2z", flowers=2)
    assert (s.win_tile, s.total, s.legal) == (28, 7, False)
    assert "Flower Tiles" not in [f.name for f in s.fans]
    assert e.score("234m456p678s11122z", flowers=2).total == 7
    with pytest.raises(hupai.HandError, match="win_tile"):
        e.score(counts)
    with pytest.raises(TypeError, match="unexpected keyword"):
        e.score("19m19p19s1234567z1m", riichi=True)
    with pytest.raises(hupai.HandError):
        e.score("19m19p19s1234567z1m", flowers=9)
    assert e.score("19m19p19s1234567z1m", variant="green-book").total == 88


def test_batches_shapes_and_types():
    e = hupai.Engine(rules="riichi")
    c = np.zeros((3, 34), np.uint8)
    c[:, :9] = 1
    c[:, 27] = 2
    c[:, 28] = [3, 3, 2]
    c[2, 29] = 1
    assert e.is_win_batch(c).dtype == np.bool_
    assert e.is_win_batch(c).tolist() == [True, True, False]
    assert e.shanten_batch(c).dtype == np.int8
    assert e.shanten_batch(c).tolist() == [-1, -1, 0]
    w = e.waits_batch(c[2:] * 0 + hupai.Hand("123456789m1122z").counts)
    assert w.shape == (1, 34) and w.dtype == np.bool_ and np.flatnonzero(w[0]).tolist() == [27, 28]
    s, eff = e.effective_batch(np.stack([hupai.Hand("123456789m1122z").counts]))
    assert s.dtype == np.int8 and eff.dtype == np.uint8 and eff.shape == (1, 34)
    assert s.tolist() == [0] and eff[0, 27] == 2 and eff[0, 28] == 2 and eff.sum() == 4
    d = e.discard_shanten_batch(c[:1])
    assert d.shape == (1, 34) and d.dtype == np.int8
    assert d[0, 9] == 127 and d[0, 27] == 0 and d[0, 0] == 0
    empty = np.zeros((0, 34), np.uint8)
    assert e.shanten_batch(empty).shape == (0,)
    assert e.discard_shanten_batch(empty).shape == (0, 34)


def test_batches_equal_single_calls(rng):
    from conftest import complete_hands, wall_hands
    for rules in ["generic", "sichuan", "riichi", "mcr"]:
        e = hupai.Engine(rules=rules)
        r13 = wall_hands(rng, 300, 13)
        r14 = np.concatenate([wall_hands(rng, 150, 14), complete_hands(rng, 150)])
        if rules == "sichuan":
            r13[:, 27:] = 0
            r14 = r14[r14[:, 27:].sum(1) == 0]
            r13 = r13[r13.sum(1) % 3 == 1]
        for threads in [None, 1, 2]:
            win = e.is_win_batch(r14, threads=threads)
            assert win.tolist() == [e.is_win(r) for r in r14]
        shanten = e.shanten_batch(r13)
        assert shanten.tolist() == [e.shanten(r) for r in r13]
        waits = e.waits_batch(r13)
        for row, w in zip(r13, waits):
            assert np.flatnonzero(w).tolist() == e.waits(row).live
        s, tiles = e.effective_batch(r13, visible=r13[::-1].copy() * 0)
        for row, si, t in zip(r13, s, tiles):
            eff = e.effective(row)
            assert si == eff.shanten
            assert np.flatnonzero(t).tolist() == [x for x, n in zip(eff.tiles, eff.remaining) if n]
            assert t[eff.tiles].tolist() == eff.remaining
        d = e.discard_shanten_batch(r14)
        for row, out in zip(r14, d):
            for k in range(34):
                want = e.shanten(hupai.Hand(row).without_tile(k)) if row[k] else 127
                assert out[k] == want


def test_batches_on_every_thread_count_match_the_core(rng):
    # Each batch gives the same arrays on 1, 2 and every thread, and the
    # checksum of the core's own answers to the same hands
    # (Engine._core_batch, the loop bench.py times beside the batches).
    from conftest import wall_hands
    r13, r14 = wall_hands(rng, 3000, 13), wall_hands(rng, 3000, 14)
    mask = (1 << 64) - 1
    for rules in ["riichi", "generic", "mcr"]:
        e = hupai.Engine(rules=rules)
        h13, h14 = hupai._hupai._core_hands(r13), hupai._hupai._core_hands(r14)
        assert len(h13) == 3000
        win = [e.is_win_batch(r14, threads=t) for t in [1, 2, None]]
        assert all((w == win[0]).all() for w in win)
        assert int(win[0].sum()) == e._core_batch("is_win", h14)
        sh = [e.shanten_batch(r13, threads=t) for t in [1, 2, None]]
        assert all((s == sh[0]).all() for s in sh)
        assert int(sh[0].astype(np.int64).sum()) & mask == e._core_batch("shanten", h13)
        w = [e.waits_batch(r13, threads=t) for t in [1, 2, None]]
        assert all((x == w[0]).all() for x in w)
        bits = (w[0].astype(np.uint64) << np.arange(34, dtype=np.uint64)).sum(1, dtype=np.uint64)
        assert int(bits.sum(dtype=np.uint64)) == e._core_batch("waits", h13)
        eff = [e.effective_batch(r13, threads=t) for t in [1, 2, None]]
        assert all((s == eff[0][0]).all() and (t == eff[0][1]).all() for s, t in eff)
        total = int(eff[0][0].astype(np.int64).sum()) + int(eff[0][1].astype(np.int64).sum())
        assert total & mask == e._core_batch("effective", h13)
        d = [e.discard_shanten_batch(r14, threads=t) for t in [1, 2, None]]
        assert all((x == d[0]).all() for x in d)
        assert int(d[0][d[0] != 127].astype(np.int64).sum()) & mask == e._core_batch(
            "discard_shanten", h14
        )
    with pytest.raises(hupai.HandError, match="unknown operation"):
        e._core_batch("hu", h13)


def test_effective_batch_visible_rows():
    e = hupai.Engine(rules="riichi")
    c = np.stack([hupai.Hand("123m456p789s1112z").counts] * 2)
    vis = np.zeros((2, 34), np.uint8)
    vis[1, 28] = 2
    s, t = e.effective_batch(c, visible=vis)
    assert t[:, 28].tolist() == [3, 1]
    s, t = e.effective_batch(c, visible=vis[1])
    assert t[:, 28].tolist() == [1, 1]


def test_short_rows_are_implied_melds():
    e = hupai.Engine(rules="riichi")
    c = np.zeros((3, 34), np.uint8)
    c[0, [0, 1, 2, 27]] = [1, 1, 1, 2]           # 5 tiles: 3 melds beside, complete
    c[1, [0, 1, 27]] = [1, 1, 2]                 # 4 tiles: ready on 3m
    c[2, [0, 27]] = [1, 1]                       # 2 tiles: 1 tile from a pair
    assert e.shanten_batch(c).tolist() == [-1, 0, 0]
    assert e.is_win_batch(c).tolist() == [True, False, False]
    assert np.flatnonzero(e.waits_batch(c[1:2])[0]).tolist() == [2]


def test_pickle_engine_and_hand(tmp_path):
    for e in [hupai.Engine(rules="mcr"), hupai.Engine(rules="generic", joker="7z")]:
        back = pickle.loads(pickle.dumps(e))
        assert (back.rules, back.tables, back.joker) == (e.rules, e.tables, e.joker)
        assert repr(back) == repr(e)
    h = hupai.parse("[567m][777z2]0p55p123s1z1z")
    back = pickle.loads(pickle.dumps(h))
    assert back == h and back.red_fives == h.red_fives and back.last_tile == h.last_tile


def test_mapped_tables():
    import os
    from conftest import REPO
    tables = os.path.join(REPO, "tables")
    e = hupai.Engine(rules="riichi", tables=tables)
    assert e.tables == tables
    assert e.shanten("123m456p789s1112z") == 0
    back = pickle.loads(pickle.dumps(e))
    assert back.tables == tables and back.shanten("123m456p789s1112z") == 0
    with pytest.raises(hupai.HandError, match="tables="):
        hupai.Engine(tables="/no/such/dir")
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        assert hupai.Engine(tables="tables").tables == tables  # stored absolute
    finally:
        os.chdir(cwd)


def test_hand_edits():
    h = hupai.Hand("123m")
    assert str(h.with_tile("4m")) == "1234m"
    assert str(h.without_tile(0)) == "23m"
    with pytest.raises(hupai.HandError):
        h.without_tile("9s")
    with pytest.raises(hupai.HandError):
        hupai.Hand("1111m").with_tile(0)


def test_batches_release_the_gil(rng):
    # A Python thread counts while the main thread is inside a batch call.
    # With a switch interval of minutes, the interpreter never takes the GIL
    # from a running thread: the counter moves during the call only if the
    # call itself lets go of the GIL (the counter thread hands it back after
    # each step with sleep(0)).
    import sys
    import threading
    import time
    from conftest import wall_hands
    e = hupai.Engine(rules="riichi")
    rows = np.tile(wall_hands(rng, 1000, 13), (1000, 1))  # 1,000,000 rows
    count, stop = [0], threading.Event()

    def spin():
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)

    old = sys.getswitchinterval()
    sys.setswitchinterval(300)
    t = threading.Thread(target=spin)
    t.start()
    try:
        while count[0] == 0:
            time.sleep(0.001)
        moved = []
        for _ in range(3):
            before = count[0]
            e.shanten_batch(rows, threads=1)
            moved.append(count[0] - before)
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    assert max(moved) > 20, moved  # measured: 0 with the GIL held, ~800 released
