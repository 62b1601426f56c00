"""Bad input from Python: a clear error naming the problem, never a crash."""

import numpy as np
import pytest

import hupai

E = hupai.Engine(rules="riichi")


def ready_counts():
    return hupai.Hand("123m456p789s1112z").counts


def test_parse_error_names_position():
    with pytest.raises(hupai.ParseError, match="position 4") as err:
        hupai.parse("123x", notation="mpsz")
    assert err.value.position == 4
    assert hupai.HandError("x").row is None and hupai.ParseError("x").position is None
    assert isinstance(err.value, ValueError)
    with pytest.raises(hupai.ParseError, match="not a hand in any notation"):
        E.shanten("123m45x")
    with pytest.raises(hupai.ParseError, match="empty hand"):
        hupai.parse("")
    with pytest.raises(hupai.ParseError, match="unclosed bracket"):
        hupai.parse("[123m", notation="mpsz")
    with pytest.raises(hupai.ParseError, match="ambiguous"):
        hupai.parse("1D2D3D")


def test_fifth_copy_everywhere():
    with pytest.raises(hupai.ParseError, match="more than four copies of 1m"):
        hupai.parse("11111m")
    bad = [5] + [0] * 33
    for arg in [bad, tuple(bad), np.array(bad, np.uint8), np.array(bad, np.int64)]:
        with pytest.raises(hupai.HandError, match="more than four copies of 1m"):
            E.shanten(arg)
    with pytest.raises(hupai.ParseError, match="more than four copies of 1m: the fifth is at position 8"):
        hupai.Hand("[111m]11m")


def test_bad_count_sequences():
    with pytest.raises(hupai.HandError, match="34 entries.*not 33"):
        E.shanten([0] * 33)
    with pytest.raises(hupai.HandError, match="negative"):
        E.shanten([-1] + [0] * 33)
    with pytest.raises(hupai.HandError, match="more than four copies of 7z"):
        E.shanten([0] * 33 + [10**30])
    with pytest.raises(TypeError, match="count 3 is not an integer"):
        E.shanten([0, 0, 0, 1.5] + [0] * 30)
    with pytest.raises(TypeError, match="a hand is"):
        E.shanten(3.5)
    with pytest.raises(TypeError, match="a hand is"):
        E.shanten(None)
    with pytest.raises(hupai.HandError, match=r"shape \(34,\)"):
        E.shanten(np.zeros((2, 34), np.uint8))


def test_small_int_fast_path_and_fallback():
    # Lists of plain ints take the identity fast path; numpy integers, bools
    # and ints built at run time take the item-by-item path: same answers.
    counts = ready_counts().tolist()
    assert E.shanten(counts) == 0
    assert E.shanten([np.int64(x) for x in counts]) == 0
    assert E.shanten([bool(x) if x < 2 else x for x in counts]) == 0
    assert E.shanten([int(str(x)) for x in counts]) == 0
    # One item that is no cached int, anywhere in the list, takes the list
    # off the fast path: the answer and the errors stay the same.
    for i in (0, 17, 33):
        mixed = list(counts)
        mixed[i] = np.uint8(mixed[i])
        assert E.shanten(mixed) == 0
        mixed[i] = 5
        with pytest.raises(hupai.HandError, match=f"count {i} is 5"):
            E.shanten(mixed)
        mixed[i] = 1.0
        with pytest.raises(TypeError, match=f"count {i} is not an integer"):
            E.shanten(mixed)
    for k in range(5):
        row = [0] * 34
        row[0] = k
        assert hupai.Hand(row).counts[0] == k


def test_wrong_sizes_name_the_size():
    with pytest.raises(hupai.HandError, match="a hand of 12 tiles"):
        E.shanten("123m456p789s111z")
    with pytest.raises(hupai.HandError, match="this hand has 14"):
        E.waits("123m456p789s11122z")
    with pytest.raises(hupai.HandError, match="3n\\+1"):
        E.effective("123m456p789s11122z")
    with pytest.raises(hupai.HandError):
        E.discards("123m456p789s1112z")
    with pytest.raises(hupai.HandError, match="1 joker makes a hand of 15 tiles"):
        E.is_win("123m456p789s11122z", jokers=1)
    with pytest.raises(hupai.HandError, match="sichuan"):
        hupai.Engine(rules="sichuan", joker="7z")
    with pytest.raises(hupai.HandError, match="no tile 1z|the rule set has no tile"):
        hupai.Engine(rules="sichuan").shanten("123m456p789s1112z")
    with pytest.raises(OverflowError):
        E.shanten("123m", jokers=-1)


def test_bad_engine_and_tile_arguments():
    with pytest.raises(hupai.HandError, match="unknown rule set"):
        hupai.Engine(rules="western")
    with pytest.raises(hupai.HandError, match="unknown notation"):
        hupai.parse("123m", notation="latin")
    with pytest.raises(hupai.HandError, match="index 34"):
        hupai.tile_name(34)
    with pytest.raises(hupai.ParseError):
        hupai.tile_index("8z")
    with pytest.raises(hupai.ParseError):
        hupai.tile_index("55p")
    with pytest.raises(hupai.HandError, match="index -1"):
        hupai.Engine(joker=-1)


def test_batch_dtype_shape_contiguity():
    c = np.stack([ready_counts()] * 4)
    with pytest.raises(TypeError, match="dtype uint8, not <i8|dtype uint8, not int64"):
        E.shanten_batch(c.astype(np.int64))
    with pytest.raises(TypeError, match="float64|<f8"):
        E.is_win_batch(c.astype(float))
    with pytest.raises(TypeError, match="numpy array"):
        E.shanten_batch(c.tolist())
    with pytest.raises(hupai.HandError, match=r"shape \(N, 34\)"):
        E.shanten_batch(c[:, :33].copy())
    with pytest.raises(hupai.HandError, match=r"shape \(N, 34\)"):
        E.shanten_batch(c[0])
    with pytest.raises(hupai.HandError, match="C-contiguous"):
        E.shanten_batch(np.asfortranarray(c))
    with pytest.raises(hupai.HandError, match="C-contiguous"):
        E.shanten_batch(np.stack([c, c], axis=1).reshape(8, 34)[::2])
    with pytest.raises(hupai.HandError, match="threads=0"):
        E.shanten_batch(c, threads=0)
    with pytest.raises(hupai.HandError, match="threads=100000"):
        E.shanten_batch(c, threads=100_000)


def test_bad_batch_row_names_its_index():
    c = np.stack([ready_counts()] * 5000)
    c[3217, 0] = 5
    c[4000, 1] = 9
    for threads in [None, 1, 2]:
        with pytest.raises(hupai.HandError, match="row 3217: more than four copies of 1m") as err:
            E.shanten_batch(c, threads=threads)
        assert err.value.row == 3217
        for f in [E.is_win_batch, E.waits_batch, E.effective_batch]:
            with pytest.raises(hupai.HandError, match="row 3217"):
                f(c, threads=threads)
    # A count of 255 and one of 128: no wrap lets either pass.
    for bad in [255, 128, 5]:
        d = np.stack([ready_counts()] * 3)
        d[2, 33] = bad
        with pytest.raises(hupai.HandError, match="row 2: more than four copies of 7z"):
            E.shanten_batch(d, threads=1)
    c14 = np.stack([hupai.Hand("123m456p789s11122z").counts] * 5000)
    c14[3217, 0] = 5
    for threads in [None, 1, 2]:
        with pytest.raises(hupai.HandError, match="row 3217"):
            E.discard_shanten_batch(c14, threads=threads)
    # A row of the wrong size for discards, after good rows.
    c14[3217, 0] = 0
    with pytest.raises(hupai.HandError, match="row 3217: a hand of 13 tiles has no discard"):
        E.discard_shanten_batch(c14, threads=1)


def test_fifteen_tile_row():
    c14 = np.stack([hupai.Hand("123m456p789s11122z").counts] * 3)
    c13 = np.stack([ready_counts()] * 3)
    for f, c in [(E.is_win_batch, c14), (E.shanten_batch, c14), (E.waits_batch, c13),
                 (E.effective_batch, c13), (E.discard_shanten_batch, c14)]:
        c = c.copy()
        c[1, 29] += 15 - int(c[1].sum())  # 15 tiles in row 1 only
        with pytest.raises(hupai.HandError, match="row 1: .*15") as err:
            f(c)
        assert err.value.row == 1
    # The generic rules' undeclared kongs: 15 tiles can win, 19 cannot.
    g = hupai.Engine(rules="generic")
    kong = hupai.Hand("1111m234m456p789s11z").counts
    assert g.is_win_batch(np.stack([kong])).tolist() == [True]
    big = np.zeros((1, 34), np.uint8)
    big[0, :5] = 4
    with pytest.raises(hupai.HandError, match="row 0: a hand of 20 tiles; a hand holds at most 18"):
        g.is_win_batch(big)


def test_batch_size_errors_name_row():
    c = np.stack([ready_counts()] * 3)
    with pytest.raises(hupai.HandError, match="row 0: .*13"):
        E.discard_shanten_batch(c)
    c14 = np.stack([hupai.Hand("123m456p789s11122z").counts] * 2)
    with pytest.raises(hupai.HandError, match="row 0"):
        E.effective_batch(c14)
    empty = np.zeros((2, 34), np.uint8)
    with pytest.raises(hupai.HandError, match="row 0: a hand of 0 tiles"):
        E.shanten_batch(empty)
    assert E.is_win_batch(empty).tolist() == [False, False]


def test_visible_errors():
    with pytest.raises(hupai.HandError, match="visible"):
        E.effective("123m456p789s1112z", visible=[0] * 28 + [4] + [0] * 5)
    c = np.stack([ready_counts()] * 3)
    with pytest.raises(hupai.HandError, match="visible has 2 rows"):
        E.effective_batch(c, visible=np.zeros((2, 34), np.uint8))


def test_errors_leave_the_engine_usable():
    c = np.stack([ready_counts()] * 2)
    c[1, 0] = 7
    with pytest.raises(hupai.HandError):
        E.shanten_batch(c)
    assert E.shanten_batch(c[:1]).tolist() == [0]
    assert E.shanten("123m456p789s1112z") == 0
