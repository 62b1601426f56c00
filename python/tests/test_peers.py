"""Agreement with the peers on riichi rules, 100,000+ seeded hands each.

* PyPI `mahjong` (2.x): Shanten.calculate_shanten and Agari.is_agari;
* PyPI `xiangting`: calculate_replacement_number (shanten + 1) and
  calculate_necessary_tiles (the effective tiles of a 3n+1 hand).

Hands: random walls (13 and 14 tiles), concentrated hands (few kinds, many
pairs, runs and four-copy cases), complete hands and complete hands with a
tile swapped, and short rows (3k tiles fewer: k melds beside) as the peers
read them. hupai answers through the numpy batches.
"""

import numpy as np
import pytest

import hupai
from conftest import complete_hands, concentrated_hands, wall_hands

E = hupai.Engine(rules="riichi")


def mixed(rng, n, sizes):
    """n rows: a third random walls, a third concentrated, a third near
    complete, over the given sizes."""
    parts = []
    per = n // (3 * len(sizes)) + 1
    for size in sizes:
        parts.append(wall_hands(rng, per, size))
        parts.append(concentrated_hands(rng, per, size))
        melds = (size - 2) // 3
        c = complete_hands(rng, per, melds=melds)
        if size % 3 == 1:  # one short: take a random held tile away
            for row in c:
                row[rng.choice(np.flatnonzero(row))] -= 1
        else:  # swap a tile for a random one, half of the time
            for row in c[: per // 2]:
                row[rng.choice(np.flatnonzero(row))] -= 1
                k = rng.integers(34)
                while row[k] >= 4:
                    k = rng.integers(34)
                row[k] += 1
        parts.append(c)
    rows = np.concatenate(parts)[:n]
    return np.ascontiguousarray(rows[rng.permutation(len(rows))])


def test_mahjong_shanten(rng):
    from mahjong.shanten import Shanten
    rows = mixed(rng, 100_000, [13, 14, 13, 14, 10, 11, 7, 8, 4, 5])
    ours = E.shanten_batch(rows)
    sh = Shanten()
    theirs = np.array([sh.calculate_shanten(r) for r in rows.tolist()], np.int8)
    bad = np.flatnonzero(ours != theirs)
    assert bad.size == 0, [(str(hupai.Hand(rows[i])), int(ours[i]), int(theirs[i])) for i in bad[:10]]


def test_mahjong_agari(rng):
    from mahjong.agari import Agari
    rows = mixed(rng, 100_000, [14, 14, 14, 11, 8, 5, 2])
    # Seven pairs (distinct and with a quad) and thirteen orphans too.
    extra = np.zeros((2000, 34), np.uint8)
    for i, row in enumerate(extra):
        if i % 2:
            row[rng.choice(34, 7, replace=False)] = 2
            if i % 4 == 1:
                k = np.flatnonzero(row)[:2]
                row[k] = [4, 0]
        else:
            row[[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
            row[rng.choice([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])] += 1
            if i % 4 == 2:
                row[0] -= 1
                row[1] += 1
    rows = np.concatenate([rows, extra])
    ours = E.is_win_batch(rows)
    ag = Agari()
    theirs = np.array([ag.is_agari(r) for r in rows.tolist()])
    bad = np.flatnonzero(ours != theirs)
    assert ours.sum() > 15_000  # about one in five rows is complete
    assert bad.size == 0, [(str(hupai.Hand(rows[i])), bool(ours[i])) for i in bad[:10]]


def test_xiangting_shanten(rng):
    import xiangting
    four = xiangting.PlayerCount.FOUR
    rows = mixed(rng, 120_000, [13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2])
    ours = E.shanten_batch(rows)
    theirs = np.array([xiangting.calculate_replacement_number(r, four) - 1
                       for r in rows.tolist()], np.int8)
    bad = np.flatnonzero(ours != theirs)
    assert bad.size == 0, [(str(hupai.Hand(rows[i])), int(ours[i]), int(theirs[i])) for i in bad[:10]]


def test_xiangting_necessary_tiles(rng):
    import xiangting
    four = xiangting.PlayerCount.FOUR
    rows = mixed(rng, 100_000, [13, 13, 10, 7, 4, 1])
    shanten, unseen = E.effective_batch(rows)
    # Our effective tiles as a 34-bit set; a kind with copies left is listed
    # with its unseen count, a kind the hand holds four of is never listed.
    eff_bits = np.zeros(len(rows), np.int64)
    for k in range(34):
        eff_bits |= (unseen[:, k] > 0).astype(np.int64) << k
    bad = []
    for i, r in enumerate(rows.tolist()):
        rn, nt = xiangting.calculate_necessary_tiles(r, four)
        if rn - 1 != shanten[i] or nt != int(eff_bits[i]):
            bad.append((str(hupai.Hand(rows[i])), int(shanten[i]), rn - 1, bin(nt), bin(int(eff_bits[i]))))
    assert not bad, bad[:10]


def test_single_calls_agree_with_batches_on_peer_hands(rng):
    rows = mixed(rng, 5_000, [13, 14])
    assert E.shanten_batch(rows).tolist() == [E.shanten(r) for r in rows.tolist()]
    assert E.is_win_batch(rows).tolist() == [E.is_win(r) for r in rows.tolist()]
