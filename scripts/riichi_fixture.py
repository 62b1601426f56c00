#!/usr/bin/env python3
"""Differential fixture for riichi scoring: seeded random winning hands scored
by the Python `mahjong` package's HandCalculator (the oracle of hupai's
riichi scoring).

    python3 -m pip install mahjong==2.1.0              # or pass --install
    python3 scripts/riichi_fixture.py                  # writes tests/fixtures/riichi_reference.tsv.gz
    python3 scripts/riichi_fixture.py --check          # a fresh run equals the committed file
    python3 scripts/riichi_fixture.py --count 500000 --seed 9 --out /tmp/big.tsv.gz
    RIICHI_FIXTURE=/tmp/big.tsv.gz cargo test --release --test riichi_fixture

Each line of the (gzipped) fixture is

    HAND FLAGS<TAB>RESULT

* HAND is mpsz, declared melds first in brackets (`[123s]` chow, `[555p3]`
  pung from the right, `[1111m]` concealed kong, `[2222z1]` melded kong),
  then the concealed tiles with the winning tile written last; `0` is a red
  five. FLAGS are `hupai score --rules riichi` flags (situation, options,
  presets), so the first column can be fed to `hupai score --rules riichi`.
* RESULT is `no_yaku`, or `HAN;FU;MAIN,ADDITIONAL,TOTAL;YAKU;FU_DETAILS` with
  YAKU = `Name=han|...` and FU_DETAILS = `reason=fu|...`, in the package's
  order.

The hands are built to reach every yaku: four sets and a pair drawn from
profiles (any tiles, simples, terminals, one suit, honours, pungs, green,
mixed triple chows and pungs, straights, repeated chows), seven pairs,
thirteen orphans, nine gates and the big wheels; sets are declared as chows,
pungs and kongs (open and concealed) at random; the situation and the rule
options (each OptionalRules field, both presets, three-player with nuki dora)
are drawn at random. Contradictory situations that the package refuses are
not generated; hands the package rejects for another reason than `no_yaku`
are skipped (counted on stderr).
"""

import argparse
import gzip
import io
import random
import subprocess
import sys

ORACLE = "mahjong==2.1.0"

SUITS = "mpsz"
TERMINALS = [0, 8, 9, 17, 18, 26]
HONORS = list(range(27, 34))
ORPHANS = TERMINALS + HONORS
GREEN = [19, 20, 21, 23, 25, 32]
OPTION_FLAGS = [
    "has_open_tanyao", "has_aka_dora", "has_double_yakuman", "kiriage",
    "fu_for_open_pinfu", "fu_for_pinfu_tsumo", "renhou_as_yakuman",
    "has_daisharin", "has_daisharin_other_suits", "has_sashikomi_yakuman",
    "limit_to_sextuple_yakuman", "paarenchan_needs_yaku", "has_daichisei",
]
DEFAULTS = dict(
    has_open_tanyao=False, has_aka_dora=False, has_double_yakuman=True, kazoe_limit=0,
    kiriage=False, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
    renhou_as_yakuman=False, has_daisharin=False, has_daisharin_other_suits=False,
    has_sashikomi_yakuman=False, limit_to_sextuple_yakuman=True,
    paarenchan_needs_yaku=True, has_daichisei=False, is_three_player=False,
)
# The presets as hupai documents them (src/riichi/options.rs).
PRESETS = {
    "tenhou": dict(has_open_tanyao=True, has_aka_dora=True, kazoe_limit=0, kiriage=False,
                   renhou_as_yakuman=False, has_daisharin=False,
                   has_daisharin_other_suits=False, has_daichisei=False,
                   has_sashikomi_yakuman=False, has_double_yakuman=False),
    "mahjongsoul": dict(has_open_tanyao=True, has_aka_dora=True, kazoe_limit=0, kiriage=False,
                        renhou_as_yakuman=False, has_daisharin=False,
                        has_daisharin_other_suits=False, has_daichisei=False,
                        has_sashikomi_yakuman=False, has_double_yakuman=True),
}
KAZOE = ["limited", "sanbaiman", "no-limit"]
WINDS = "ESWN"
# When a list, draw() appends (line, oracle call) for each hand it makes
# (scripts/riichi_bench.py times the oracle on exactly the fixture's hands).
CALLS = None
# When true, draw() puts red fives in declared melds (and keeps only hands
# with one there) and turns aka dora on in most hands: the red-meld fixture.
RED_MELDS = False


def load_oracle(install):
    try:
        import mahjong  # noqa: F401
    except ImportError:
        if not install:
            sys.exit(f"the mahjong package is missing: python3 -m pip install {ORACLE} "
                     "(or run this script with --install)")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", ORACLE], check=True)
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld
    return HandCalculator, HandConfig, OptionalRules, Meld


def name(t):
    return f"{t % 9 + 1 if t < 27 else t - 26}{SUITS[t // 9]}"


class Builder:
    """Draws one winning hand: sets (kind, tile) and a pair, within four copies."""

    def __init__(self, rng, three):
        self.rng = rng
        self.three = three
        self.used = [0] * 34

    def exists(self, t):
        return not (self.three and 1 <= t <= 7)

    def take(self, t, n):
        if not self.exists(t) or self.used[t] + n > 4:
            return False
        self.used[t] += n
        return True

    def chow(self, start):
        if start >= 27 or start % 9 > 6:
            return False
        ts = [start, start + 1, start + 2]
        if not all(self.exists(t) and self.used[t] < 4 for t in ts):
            return False
        for t in ts:
            self.used[t] += 1
        return True


def pick_sets(rng, b, profile):
    """Four sets and a pair for a standard hand, or None."""
    sets = []
    simples = [t for t in range(27) if 1 <= t % 9 <= 7]
    suit = rng.randrange(3)
    if b.three and suit == 0:
        suit = rng.choice([1, 2])

    def any_set(pool_pung, pool_chow, p_chow=0.55):
        for _ in range(20):
            if pool_chow and rng.random() < p_chow:
                s = rng.choice(pool_chow)
                if b.chow(s):
                    return ("chow", s)
            else:
                t = rng.choice(pool_pung)
                if b.take(t, 3):
                    return ("pung", t)
        return None

    all_tiles = list(range(34))
    chow_starts = [t for t in range(27) if t % 9 <= 6]
    if profile == "any":
        pp, pc = all_tiles, chow_starts
    elif profile == "simple":
        pp, pc = simples, [t for t in chow_starts if 1 <= t % 9 <= 5]
    elif profile == "terminal":
        pp, pc = ORPHANS, [t for t in chow_starts if t % 9 in (0, 6)]
    elif profile == "onesuit":
        pp = list(range(9 * suit, 9 * suit + 9)) + (HONORS if rng.random() < 0.5 else [])
        pc = list(range(9 * suit, 9 * suit + 7))
    elif profile == "honors":
        pp, pc = HONORS + ORPHANS, chow_starts
    elif profile == "pungs":
        pp, pc = all_tiles, []
    elif profile == "green":
        pp, pc = GREEN, [19]
    elif profile == "terminal_pungs":
        pp, pc = ORPHANS, []
    elif profile == "terminals_only":
        pp, pc = TERMINALS, []
    else:
        pp, pc = all_tiles, chow_starts
    if profile == "sanshoku":
        r = rng.randrange(7)
        kind = "chow" if rng.random() < 0.7 else "pung"
        for s in range(3):
            t = 9 * s + r
            ok = b.chow(t) if kind == "chow" else b.take(t, 3)
            if not ok:
                return None
            sets.append((kind, t))
    elif profile == "ittsu":
        for r in (0, 3, 6):
            if not b.chow(9 * suit + r):
                return None
            sets.append(("chow", 9 * suit + r))
    elif profile == "peiko":
        start = rng.choice([t for t in chow_starts if b.exists(t) and b.exists(t + 1) and b.exists(t + 2)])
        for _ in range(2):
            if not b.chow(start):
                return None
            sets.append(("chow", start))
        if rng.random() < 0.4:
            start = rng.choice(chow_starts)
            for _ in range(2):
                if b.chow(start):
                    sets.append(("chow", start))
    elif profile == "dragons":
        for t in rng.sample([31, 32, 33], rng.choice([2, 3])):
            if b.take(t, 3):
                sets.append(("pung", t))
    elif profile == "winds":
        for t in rng.sample([27, 28, 29, 30], rng.choice([3, 3, 4])):
            if b.take(t, 3):
                sets.append(("pung", t))
    while len(sets) < 4:
        s = any_set(pp, pc)
        if s is None:
            return None
        sets.append(s)
    sets = sets[:4]
    pair_pool = pp if rng.random() < 0.8 else all_tiles
    if profile == "dragons":
        pair_pool = [31, 32, 33] + pp
    if profile == "winds":
        pair_pool = [27, 28, 29, 30] + pp
    for _ in range(20):
        t = rng.choice(pair_pool)
        if b.take(t, 2):
            return sets, t
    return None


def build_hand(rng, three):
    """(concealed counts list of tiles, melds [(kind, tile, opened)], form) or None."""
    b = Builder(rng, three)
    r = rng.random()
    if r < 0.07:
        kinds = [t for t in range(34) if b.exists(t)]
        if rng.random() < 0.15:
            kinds = HONORS[:] if rng.random() < 0.5 else GREEN + [31]
        pairs = rng.sample(kinds, 7) if len(kinds) >= 7 else None
        if pairs is None:
            return None
        return sorted(pairs * 2), [], "chiitoitsu"
    if r < 0.085:
        extra = rng.choice(ORPHANS)
        return sorted(ORPHANS + [extra]), [], "kokushi"
    if r < 0.095:
        suit = rng.choice([1, 2] if three else [0, 1, 2])
        base = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
        return sorted([9 * suit + x for x in base + [rng.randrange(9)]]), [], "chuuren"
    if r < 0.10:
        suit = rng.choice([1, 2] if three else [0, 1, 2])
        return sorted([9 * suit + x for x in range(1, 8)] * 2), [], "daisharin"
    profiles = ["any"] * 6 + ["simple", "terminal", "onesuit", "onesuit", "honors", "pungs",
                              "pungs", "green", "terminal_pungs", "terminals_only", "sanshoku", "ittsu", "peiko",
                              "dragons", "winds"]
    got = pick_sets(rng, b, rng.choice(profiles))
    if got is None:
        return None
    sets, pair = got
    concealed = [pair, pair]
    melds = []
    p_open = rng.choice([0.0, 0.0, 0.15, 0.35, 0.6])
    p_kan = rng.choice([0.0, 0.1, 0.3, 0.6])
    for kind, t in sets:
        if kind == "chow":
            if not three and rng.random() < p_open:
                melds.append(("chi", t, True))
            else:
                concealed += [t, t + 1, t + 2]
            continue
        if rng.random() < p_kan and b.take(t, 1):
            melds.append(("kan", t, rng.random() < 0.5))
        elif rng.random() < p_open:
            melds.append(("pon", t, True))
        else:
            concealed += [t, t, t]
    return sorted(concealed), melds, "standard"


class Copies:
    """136-format ids: copy 0 of a five is the red one."""

    def __init__(self):
        self.next = {}

    def non_red(self, t):
        used = self.next.setdefault(t, [])
        order = [1, 2, 3, 0] if t < 27 and t % 9 == 4 else [0, 1, 2, 3]
        for c in order:
            if c not in used:
                used.append(c)
                return 4 * t + c
        raise ValueError("fifth copy")

    def red(self, t):
        used = self.next.setdefault(t, [])
        if 0 in used:
            return None
        used.append(0)
        return 4 * t


def draw(rng, oracle):
    """One fixture row (line, result) or None when skipped."""
    HandCalculator, HandConfig, OptionalRules, Meld = oracle
    three = rng.random() < 0.12
    built = build_hand(rng, three)
    if built is None:
        return None
    concealed, melds, form = built
    copies = Copies()
    # Melds take non-red copies; a meld that needs the red copy is skipped.
    meld_ids = []
    words_melds = []
    for kind, t, opened in melds:
        n = 4 if kind == "kan" else 3
        tiles = [t + i for i in range(3)] if kind == "chi" else [t] * n
        ids = []
        for x in tiles:
            i = None
            if RED_MELDS and x < 27 and x % 9 == 4 and rng.random() < 0.8:
                i = copies.red(x)
            if i is None:
                i = copies.non_red(x)
            if not RED_MELDS and x < 27 and x % 9 == 4 and i % 4 == 0:
                return None
            ids.append(i)
        mtype = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[kind]
        meld_ids.append(Meld(meld_type=mtype, tiles=ids, opened=opened))
        digits = "".join("0" if x < 27 and x % 9 == 4 and i % 4 == 0 else str(x % 9 + 1 if x < 27 else x - 26)
                         for x, i in zip(tiles, ids))
        suffix = SUITS[t // 9]
        if kind == "chi":
            words_melds.append(f"[{digits}{suffix}]")
        elif kind == "pon" or opened:
            words_melds.append(f"[{digits}{suffix}{rng.choice('123')}]")
        else:
            words_melds.append(f"[{digits}{suffix}]")
    if RED_MELDS and not any(i % 4 == 0 and i < 108 and i // 4 % 9 == 4 for m in meld_ids for i in m.tiles):
        return None
    # Concealed ids: fives red at random (or when the red copy is the last).
    ids = []
    red_of = {}
    for t in concealed:
        i = None
        if t < 27 and t % 9 == 4 and rng.random() < 0.3:
            i = copies.red(t)
        if i is None:
            i = copies.non_red(t)
        ids.append(i)
    win_pos = rng.randrange(len(ids))
    win_id = ids[win_pos]
    win_t = concealed[win_pos]
    rest = ids[:win_pos] + ids[win_pos + 1:]
    rest_t = concealed[:win_pos] + concealed[win_pos + 1:]

    def tile_text(t, i):
        red = t < 27 and t % 9 == 4 and i % 4 == 0
        return ("0" if red else str(t % 9 + 1 if t < 27 else t - 26)), SUITS[t // 9]

    groups = []
    for t, i in zip(rest_t, rest):
        d, s = tile_text(t, i)
        if groups and groups[-1][1] == s:
            groups[-1][0].append(d)
        else:
            groups.append(([d], s))
    text = "".join(words_melds) + "".join("".join(ds) + s for ds, s in groups)
    d, s = tile_text(win_t, win_id)
    text += d + s

    # Situation.
    has_open = any(o for _, _, o in melds)
    tsumo = rng.random() < 0.5
    words = []
    cfg = {}
    if tsumo:
        words.append("--self-drawn")
    cfg["is_tsumo"] = tsumo
    riichi = double = ippatsu = open_riichi = False
    if not has_open and rng.random() < 0.45:
        if rng.random() < 0.1:
            double = True
            words.append("--double-riichi")
        else:
            riichi = True
            words.append("--riichi")
        if rng.random() < 0.3:
            ippatsu = True
            words.append("--ippatsu")
        if rng.random() < 0.06:
            open_riichi = True
            words.append("--open-riichi")
    cfg.update(is_riichi=riichi, is_daburu_riichi=double, is_ippatsu=ippatsu,
               is_open_riichi=open_riichi)
    kong = rng.random() < (0.25 if any(k == "kan" for k, _, _ in melds) and tsumo else 0.02)
    last = not kong and rng.random() < 0.05
    if kong:
        words.append("--kong")
    if last:
        words.append("--last-wall")
    cfg.update(is_rinshan=kong and tsumo, is_chankan=kong and not tsumo,
               is_haitei=last and tsumo, is_houtei=last and not tsumo)
    seat = rng.randrange(3 if three else 4) if rng.random() < 0.9 else 0
    prevalent = rng.choice([0, 0, 1, 1, 2, 3])
    if three and prevalent == 3:
        prevalent = 0
    first = not melds and rng.random() < 0.03 and (tsumo or seat != 0)
    if first:
        words.append("--first-turn")
    cfg.update(is_tenhou=first and tsumo and seat == 0, is_chiihou=first and tsumo and seat != 0,
               is_renhou=first and not tsumo)
    nagashi = rng.random() < 0.003
    if nagashi:
        words.append("--nagashi-mangan")
    cfg["is_nagashi_mangan"] = nagashi
    words += ["--seat", WINDS[seat], "--prevalent", WINDS[prevalent]]
    cfg.update(player_wind=27 + seat, round_wind=27 + prevalent)
    kinds = [t for t in range(34) if not (three and 1 <= t <= 7)]
    dora = [rng.choice(kinds) for _ in range(rng.choice([0, 1, 1, 1, 2, 3, 5]))]
    ura = [rng.choice(kinds) for _ in range(len(dora))] if (riichi or double) else []
    if rng.random() < 0.1 and ura:
        ura = []
    if dora:
        words += ["--dora", "".join(name(t) for t in dora)]
    if ura:
        words += ["--ura", "".join(name(t) for t in ura)]
    honba = rng.choice([0, 0, 0, 1, 2, 5])
    sticks = rng.choice([0, 0, 0, 1, 3])
    if honba:
        words += ["--honba", str(honba)]
    if sticks:
        words += ["--sticks", str(sticks)]
    cfg.update(tsumi_number=honba, kyoutaku_number=sticks)
    if rng.random() < 0.01:
        pc = rng.choice([1, 2])
        words += ["--paarenchan", str(pc)]
        cfg["paarenchan"] = pc
    if three and rng.random() < 0.5:
        norths = sum(1 for t in concealed if t == 30) + sum((4 if k == "kan" else 3) for k, t, _ in melds if t == 30)
        if norths < 4:
            n = rng.randrange(1, 5 - norths)
            words += ["--nuki", str(n)]
            cfg["num_nuki_dora"] = n
    # Options.
    opts = dict(DEFAULTS)
    if three:
        words.append("--is-three-player")
        opts["is_three_player"] = True
    r = rng.random()
    if r < 0.15:
        words += ["--preset", "tenhou"]
        opts.update(PRESETS["tenhou"])
    elif r < 0.3:
        words += ["--preset", "mahjongsoul"]
        opts.update(PRESETS["mahjongsoul"])
    p_flip = rng.choice([0.0, 0.1, 0.25])
    for f in OPTION_FLAGS:
        if rng.random() < p_flip:
            on = not opts[f]
            opts[f] = on
            words.append(("--" if on else "--no-") + f.replace("_", "-"))
    if form in ("daisharin",) and rng.random() < 0.7:
        for f in ("has_daisharin", "has_daisharin_other_suits"):
            if rng.random() < 0.6 and not opts[f]:
                opts[f] = True
                words.append("--" + f.replace("_", "-"))
    if form == "chiitoitsu" and rng.random() < 0.3 and not opts["has_daichisei"]:
        opts["has_daichisei"] = True
        words.append("--has-daichisei")
    if RED_MELDS and not opts["has_aka_dora"] and rng.random() < 0.85:
        opts["has_aka_dora"] = True
        words.append("--has-aka-dora")
    if rng.random() < 0.1:
        k = rng.randrange(3)
        opts["kazoe_limit"] = k
        words += ["--kazoe-limit", KAZOE[k]]
    options = OptionalRules(**opts)
    config = HandConfig(options=options, **cfg)

    all_ids = ids + [i for m in meld_ids for i in m.tiles]
    call = (all_ids, win_id, dict(melds=meld_ids or None,
                                  dora_indicators=[4 * t + 1 for t in dora] or None, config=config,
                                  ura_dora_indicators=[4 * t + 2 for t in ura] or None))
    res = HandCalculator.estimate_hand_value(call[0], call[1], **call[2])
    line = f"{text} {' '.join(words)}"
    if CALLS is not None:
        CALLS.append((line, call))
    if res.error:
        if res.error == "no_yaku":
            return line, "no_yaku"
        return ("skip", res.error)
    yaku = "|".join(f"{y.name}={y.han_open if (res.is_open_hand and y.han_open) else y.han_closed}"
                    for y in res.yaku)
    fu = "|".join(f"{d['reason']}={d['fu']}" for d in (res.fu_details or []))
    c = res.cost
    return line, f"{res.han};{res.fu};{c['main']},{c['additional']},{c['total']};{yaku};{fu}"


def generate(count, seed, oracle):
    rng = random.Random(seed)
    rows = []
    skipped = {}
    while len(rows) < count:
        r = draw(rng, oracle)
        if r is None:
            continue
        if r[0] == "skip":
            skipped[r[1]] = skipped.get(r[1], 0) + 1
            continue
        rows.append(r)
    if skipped:
        print(f"skipped: {skipped}", file=sys.stderr)
    return rows


def write(rows, path):
    data = "".join(f"{a}\t{b}\n" for a, b in rows).encode()
    buf = io.BytesIO()
    # mtime 0: the same rows give the same bytes.
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0) as g:
        g.write(data)
    return buf.getvalue()


def coverage(rows):
    seen = {}
    for _, r in rows:
        if r == "no_yaku":
            seen["(no yaku)"] = seen.get("(no yaku)", 0) + 1
            continue
        for item in r.split(";")[3].split("|"):
            n = item.rsplit("=", 1)[0]
            seen[n] = seen.get(n, 0) + 1
        for item in r.split(";")[4].split("|"):
            if item:
                n = "fu:" + item.rsplit("=", 1)[0]
                seen[n] = seen.get(n, 0) + 1
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default="tests/fixtures/riichi_reference.tsv.gz")
    ap.add_argument("--check", action="store_true", help="a fresh run equals the committed file")
    ap.add_argument("--install", action="store_true", help=f"pip install {ORACLE} first")
    ap.add_argument("--coverage", action="store_true", help="print how often each yaku and fu reason occurs")
    ap.add_argument("--red-melds", action="store_true",
                    help="red fives in declared melds, aka dora mostly on (tests/fixtures/riichi_red_melds.tsv.gz)")
    args = ap.parse_args()
    global RED_MELDS
    RED_MELDS = args.red_melds
    oracle = load_oracle(args.install)
    rows = generate(args.count, args.seed, oracle)
    data = write(rows, args.out)
    if args.coverage:
        for k, v in sorted(coverage(rows).items(), key=lambda kv: kv[1]):
            print(f"{v:8d}  {k}")
    if args.check:
        with open(args.out, "rb") as f:
            if gzip.decompress(f.read()) != gzip.decompress(data):
                sys.exit(f"{args.out} differs from a fresh run")
        print(f"{args.out}: {len(rows)} hands, equal to a fresh run")
        return
    with open(args.out, "wb") as f:
        f.write(data)
    print(f"wrote {len(rows)} hands to {args.out} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
