/*
 * hupai: mahjong hand evaluation through precomputed lookup tables. C ABI.
 *
 * Generated from the hupai-ffi crate by cbindgen
 * (`cargo run -p hupai-ffi --example gen_header`); do not edit by hand.
 * Link with libhupai.a (plus -lpthread -ldl -lm) or libhupai.so. Every
 * function returns a HupaiStatus; HUPAI_STATUS_OK is 0.
 */

#ifndef HUPAI_H
#define HUPAI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * Number of tile kinds: the length of every count array.
 */
#define HUPAI_KINDS 34

/**
 * Most declared melds a hand holds.
 */
#define HUPAI_MAX_MELDS 4

/**
 * "No tile" in a tile field.
 */
#define HUPAI_NO_TILE 255

/**
 * Rule set: generic (seven pairs with quads, undeclared kongs).
 */
#define HUPAI_RULES_GENERIC 0

/**
 * Rule set: Sichuan (no honours, at most two suits, 龙七对).
 */
#define HUPAI_RULES_SICHUAN 1

/**
 * Rule set: Japanese riichi (seven distinct pairs, thirteen orphans).
 */
#define HUPAI_RULES_RIICHI 2

/**
 * Rule set: Chinese Official (MCR) forms.
 */
#define HUPAI_RULES_MCR 3

/**
 * Rule set: three-player riichi (no 2m–8m; 1m and 9m form no chow).
 */
#define HUPAI_RULES_RIICHI3 4

/**
 * Notation: whichever notation parses the text (they must agree).
 */
#define HUPAI_NOTATION_AUTO 0

/**
 * Notation: `123m456p789s11z`, `[123m]` melds.
 */
#define HUPAI_NOTATION_MPSZ 1

/**
 * Notation: mediatek `ABCeee345456DD`.
 */
#define HUPAI_NOTATION_MEDIATEK 2

/**
 * Notation: Sichuan `1D1D2D4W5T`.
 */
#define HUPAI_NOTATION_CHENGDU 3

/**
 * Notation: MCR letters `[EEE][SSSS1]55pWWWNNN`.
 */
#define HUPAI_NOTATION_MCR 4

/**
 * Meld kind: three in sequence (`tile` is the lowest).
 */
#define HUPAI_MELD_CHOW 0

/**
 * Meld kind: three of a kind.
 */
#define HUPAI_MELD_PUNG 1

/**
 * Meld kind: four of a kind, claimed or promoted (melded kong).
 */
#define HUPAI_MELD_KONG 2

/**
 * Meld kind: four of a kind declared from the concealed hand.
 */
#define HUPAI_MELD_CONCEALED_KONG 3

/**
 * Meld source: none given (required for a concealed kong).
 */
#define HUPAI_FROM_NONE 0

/**
 * Meld source: the player on the left.
 */
#define HUPAI_FROM_LEFT 1

/**
 * Meld source: the player opposite.
 */
#define HUPAI_FROM_OPPOSITE 2

/**
 * Meld source: the player on the right.
 */
#define HUPAI_FROM_RIGHT 3

/**
 * Batch result: the hand is not complete.
 */
#define HUPAI_NOT_COMPLETE 0

/**
 * Batch result: the hand is complete.
 */
#define HUPAI_COMPLETE 1

/**
 * Batch result: the hand is invalid (check it alone for the reason).
 */
#define HUPAI_INVALID 2

/**
 * Room for the text of any hand, terminating NUL included (`hupai_format`).
 */
#define HUPAI_FORMAT_MAX 192

/**
 * Most distinct fans a score lists: every entry of the MCR fan table.
 */
#define HUPAI_MAX_FANS 82

/**
 * Wind: East.
 */
#define HUPAI_WIND_EAST 0

/**
 * Wind: South.
 */
#define HUPAI_WIND_SOUTH 1

/**
 * Wind: West.
 */
#define HUPAI_WIND_WEST 2

/**
 * Wind: North.
 */
#define HUPAI_WIND_NORTH 3

/**
 * MCR variant: the 1998 rules as the common reference calculators score them.
 */
#define HUPAI_VARIANT_DEFAULT 0

/**
 * MCR variant: green book values (Two Concealed Kongs 8, Concealed Kong and
 * Melded Kong 6).
 */
#define HUPAI_VARIANT_GREEN_BOOK 1

/**
 * Most yaku a riichi score lists.
 */
#define HUPAI_MAX_YAKU 32

/**
 * Most fu details a riichi score lists.
 */
#define HUPAI_MAX_FU 12

/**
 * Most dora (or ura dora) indicators.
 */
#define HUPAI_MAX_INDICATORS 10

/**
 * Sichuan profile: the shared additive core (cap 3, self-draw +1 base).
 */
#define HUPAI_SICHUAN_PROFILE_DEFAULT 0

/**
 * Sichuan profile: T/TFMJ 01—2024 as engines implement it (flush-stacks max).
 */
#define HUPAI_SICHUAN_PROFILE_TFMJ 1

/**
 * Sichuan profile: the MIL rule book (呼叫转移 refunds the kong, no payment
 * for a postponed added kong, 查叫 counts spread roots only).
 */
#define HUPAI_SICHUAN_PROFILE_MIL 2

/**
 * Sichuan profile: Chengdu tables (cap 4, 将对, 带幺九, 门清, 中张, 天胡 / 地胡).
 */
#define HUPAI_SICHUAN_PROFILE_CHENGDU 3

/**
 * Sichuan profile: the big platforms' multipliers (龙七对 4, 天胡 / 地胡 5, cap 6).
 */
#define HUPAI_SICHUAN_PROFILE_QQ 4

/**
 * "No void suit declared" in `HupaiSichuanContext::void_suit`.
 */
#define HUPAI_SICHUAN_NO_VOID 255

/**
 * "No cap" in `HupaiSichuanContext::cap` and `HupaiSichuanScore::cap`.
 */
#define HUPAI_SICHUAN_NO_CAP 255

/**
 * Sichuan reason: the hand is a win (no reason).
 */
#define HUPAI_SICHUAN_REASON_NONE 0

/**
 * Sichuan reason: tiles of all three suits (花猪).
 */
#define HUPAI_SICHUAN_REASON_THREE_SUITS 1

/**
 * Sichuan reason: tiles of the declared void suit.
 */
#define HUPAI_SICHUAN_REASON_VOID_SUIT 2

/**
 * Sichuan reason: not four sets and a pair, nor seven pairs.
 */
#define HUPAI_SICHUAN_REASON_NOT_COMPLETE 3

/**
 * Most fans a Sichuan score lists: each fan at most once.
 */
#define HUPAI_SICHUAN_MAX_FANS 18

/**
 * What a call did. Zero is success; every other value names the problem
 * and means no out-value was written (batches: see `hupai_check_batch`).
 */
typedef enum HupaiStatus {
  /**
   * Success.
   */
  HUPAI_STATUS_OK = 0,
  /**
   * A required pointer was null.
   */
  HUPAI_STATUS_NULL_POINTER = 1,
  /**
   * A length out of range: `counts_len` other than 34, more than four melds,
   * a batch too large to address.
   */
  HUPAI_STATUS_BAD_LENGTH = 2,
  /**
   * A tile count above four.
   */
  HUPAI_STATUS_BAD_COUNT = 3,
  /**
   * More than four copies of a tile, counting the melds.
   */
  HUPAI_STATUS_FIFTH_COPY = 4,
  /**
   * A meld with an unknown kind, tile or source, a chow that does not fit
   * its suit, or a concealed kong with a source.
   */
  HUPAI_STATUS_BAD_MELD = 5,
  /**
   * An unknown rule-set code.
   */
  HUPAI_STATUS_BAD_RULES = 6,
  /**
   * An unknown notation code.
   */
  HUPAI_STATUS_BAD_NOTATION = 7,
  /**
   * The text is not a hand in the notation (the message says why).
   */
  HUPAI_STATUS_PARSE_ERROR = 8,
  /**
   * The query does not take a hand of this size.
   */
  HUPAI_STATUS_HAND_SIZE = 9,
  /**
   * A batch held invalid hands (their results are `HUPAI_INVALID`).
   */
  HUPAI_STATUS_INVALID_HAND = 10,
  /**
   * Overlapping buffers or a path that is not UTF-8.
   */
  HUPAI_STATUS_BAD_ARGUMENT = 11,
  /**
   * An out-pointer not aligned for its type.
   */
  HUPAI_STATUS_MISALIGNED = 12,
  /**
   * A table file could not be read.
   */
  HUPAI_STATUS_TABLE_IO = 13,
  /**
   * A table file is truncated, corrupt or of another format.
   */
  HUPAI_STATUS_BAD_TABLES = 14,
  /**
   * The worker threads could not be started.
   */
  HUPAI_STATUS_THREADS = 15,
  /**
   * An internal error (a bug in hupai); the call had no effect.
   */
  HUPAI_STATUS_PANIC = 16,
  /**
   * The hand is not complete in any MCR form (scoring).
   */
  HUPAI_STATUS_NOT_WINNING = 17,
  /**
   * A scoring context out of range: the winning tile not among the
   * concealed tiles, a wind or variant code, more than eight flowers, a
   * Sichuan option or profile code.
   */
  HUPAI_STATUS_BAD_CONTEXT = 18,
  /**
   * The hand does not fit the rule set: a tile it lacks (honours in
   * Sichuan), or declared melds in all three suits under Sichuan.
   */
  HUPAI_STATUS_NOT_FOR_RULES = 19,
  /**
   * No complete hand can be reached (every copy a target needs is in a
   * declared meld).
   */
  HUPAI_STATUS_UNREACHABLE = 20,
  /**
   * An output buffer too small for the answer; the length it needs was
   * written (`hupai_sichuan_settle`).
   */
  HUPAI_STATUS_BUFFER_TOO_SMALL = 21,
  /**
   * A Sichuan round that is not valid: bad JSON, or an event that cannot
   * happen (the message names the event).
   */
  HUPAI_STATUS_BAD_ROUND = 22,
} HupaiStatus;

/**
 * An engine: a table set, a rule set and optionally its own worker threads.
 * Opaque to C; created by `hupai_engine_new`, released by
 * `hupai_engine_free`, shareable by any number of threads.
 */
typedef struct HupaiEngine HupaiEngine;

/**
 * One declared meld, as C passes it. Every field is a plain byte so any
 * value is safe to read; `hupai_check` rejects the meaningless ones.
 */
typedef struct HupaiMeld {
  /**
   * `HUPAI_MELD_CHOW`, `_PUNG`, `_KONG` or `_CONCEALED_KONG`.
   */
  uint8_t kind;
  /**
   * The lowest tile, 0..33 (0–8 characters, 9–17 dots, 18–26 bamboo, 27–33 honours).
   */
  uint8_t tile;
  /**
   * The meld's notation digit: `HUPAI_FROM_NONE` (0) for none, else as
   * the MCR notation writes it: a pung's or kong's source
   * `HUPAI_FROM_LEFT`, `_OPPOSITE` or `_RIGHT` (1–3), 5–7 a kong added to
   * a pung claimed from 1–3, a chow's claimed tile 1–3 (from the left).
   */
  uint8_t from;
  /**
   * How many of the meld's fives are red (riichi's aka dora), 0 to the
   * fives it holds: `[055s]` is a pung of 5s with `red` 1.
   */
  uint8_t red;
} HupaiMeld;

/**
 * A whole hand in one value, for batches and for `hupai_parse`.
 */
typedef struct HupaiHand {
  /**
   * Concealed tile counts by tile index (0..4 each).
   */
  uint8_t counts[HUPAI_KINDS];
  /**
   * Declared melds; the first `meld_count` are used.
   */
  struct HupaiMeld melds[HUPAI_MAX_MELDS];
  /**
   * Number of declared melds, 0..4.
   */
  uint8_t meld_count;
  /**
   * The last concealed tile as written (the winning tile for scoring), or
   * `HUPAI_NO_TILE`.
   */
  uint8_t last_tile;
} HupaiHand;

/**
 * How an MCR hand was won and the table situation. Every field is a byte
 * (0 = no, anything else = yes for the flags), so any value is safe to read.
 */
typedef struct HupaiScoreContext {
  /**
   * The winning tile, 0..33; one of the concealed tiles.
   */
  uint8_t winning_tile;
  /**
   * Won by self-draw (otherwise on a discard).
   */
  uint8_t self_drawn;
  /**
   * The winning tile is the last of its kind (和绝张).
   */
  uint8_t last_tile;
  /**
   * The winning tile is the last tile of the wall (妙手回春 / 海底捞月).
   */
  uint8_t last_wall;
  /**
   * Kong-related: replacement tile when self-drawn (杠上开花), robbing a
   * kong otherwise (抢杠和).
   */
  uint8_t kong;
  /**
   * Seat wind, `HUPAI_WIND_*`.
   */
  uint8_t seat_wind;
  /**
   * Prevalent (round) wind, `HUPAI_WIND_*`.
   */
  uint8_t prevalent_wind;
  /**
   * Flower tiles, 0..8 (counted after a legal win).
   */
  uint8_t flowers;
  /**
   * `HUPAI_VARIANT_*`.
   */
  uint8_t variant;
} HupaiScoreContext;

/**
 * One counted fan.
 */
typedef struct HupaiFan {
  /**
   * The fan, 0..81 in rule-table order; `hupai_fan_name` names it.
   */
  uint8_t fan;
  /**
   * How many times it counts.
   */
  uint8_t count;
  /**
   * Points of one occurrence.
   */
  uint8_t points;
} HupaiFan;

/**
 * An MCR score.
 */
typedef struct HupaiScore {
  /**
   * Total points: the fans, plus the flowers on a legal win.
   */
  uint32_t total;
  /**
   * Whether the fans without flowers reach the 8-point minimum.
   */
  bool legal;
  /**
   * Number of entries of `fans` used.
   */
  uint8_t fan_count;
  /**
   * The counted fans in rule-table order (Flower Tiles last).
   */
  struct HupaiFan fans[HUPAI_MAX_FANS];
} HupaiScore;

/**
 * How a riichi hand was won, the table and the rule options. Every field is
 * a byte or a `u32` (flags: 0 = no, anything else = yes), so any value is
 * safe to read; out-of-range codes are `HUPAI_STATUS_BAD_CONTEXT`. The
 * options default to the Python `mahjong` package's `OptionalRules()` when
 * `defaults` is set by `hupai_riichi_context_default`.
 */
typedef struct HupaiRiichiContext {
  /**
   * The winning tile, 0..33; one of the concealed tiles.
   */
  uint8_t winning_tile;
  /**
   * Concealed red fives per suit (m, p, s), counted among the fives; a
   * declared meld's red fives are its [`HupaiMeld::red`].
   */
  uint8_t red_fives[3];
  /**
   * Won by self-draw (tsumo).
   */
  uint8_t self_drawn;
  /**
   * Riichi.
   */
  uint8_t riichi;
  /**
   * Double riichi.
   */
  uint8_t double_riichi;
  /**
   * Open riichi (with riichi or double riichi).
   */
  uint8_t open_riichi;
  /**
   * Ippatsu.
   */
  uint8_t ippatsu;
  /**
   * Rinshan kaihou when self-drawn, chankan on a discard.
   */
  uint8_t kong;
  /**
   * Haitei when self-drawn, houtei on a discard.
   */
  uint8_t last_wall;
  /**
   * Tenhou / chiihou when self-drawn, renhou on a discard.
   */
  uint8_t first_turn;
  /**
   * Nagashi mangan.
   */
  uint8_t nagashi_mangan;
  /**
   * Seat wind, `HUPAI_WIND_*` (East = dealer).
   */
  uint8_t seat_wind;
  /**
   * Prevalent wind, `HUPAI_WIND_*`.
   */
  uint8_t prevalent_wind;
  /**
   * Number of dora indicators used in `dora`.
   */
  uint8_t dora_count;
  /**
   * Dora indicators (tile indices), kan dora included.
   */
  uint8_t dora[HUPAI_MAX_INDICATORS];
  /**
   * Number of ura dora indicators used in `ura`.
   */
  uint8_t ura_count;
  /**
   * Ura dora indicators.
   */
  uint8_t ura[HUPAI_MAX_INDICATORS];
  /**
   * Honba counters.
   */
  uint32_t honba;
  /**
   * Riichi sticks on the table.
   */
  uint32_t sticks;
  /**
   * Consecutive dealer wins (paarenchan), 0 = none, at most 19.
   */
  uint32_t paarenchan;
  /**
   * Nuki dora (North tiles set aside).
   */
  uint32_t nuki;
  /**
   * The `OptionalRules` booleans in the order of `Options::flags`:
   * has_open_tanyao, has_aka_dora, has_double_yakuman, kiriage,
   * fu_for_open_pinfu, fu_for_pinfu_tsumo, renhou_as_yakuman,
   * has_daisharin, has_daisharin_other_suits, has_sashikomi_yakuman,
   * limit_to_sextuple_yakuman, paarenchan_needs_yaku, has_daichisei,
   * is_three_player (also implied by a `HUPAI_RULES_RIICHI3` engine).
   */
  uint8_t options[14];
  /**
   * Kazoe limit: 0 limited (yakuman), 1 sanbaiman, 2 no limit.
   */
  uint8_t kazoe_limit;
} HupaiRiichiContext;

/**
 * One yaku of a riichi score.
 */
typedef struct HupaiYaku {
  /**
   * The yaku; `hupai_yaku_name` names it.
   */
  uint8_t yaku;
  /**
   * Its han (dora: the count).
   */
  uint8_t han;
} HupaiYaku;

/**
 * One fu detail of a riichi score.
 */
typedef struct HupaiFu {
  /**
   * The reason; `hupai_fu_reason_name` names it.
   */
  uint8_t reason;
  /**
   * Its fu.
   */
  uint8_t fu;
} HupaiFu;

/**
 * A riichi score.
 */
typedef struct HupaiRiichiScore {
  /**
   * Han, dora included (13 per yakuman); 0 when not legal.
   */
  uint32_t han;
  /**
   * Fu.
   */
  uint32_t fu;
  /**
   * False when the hand has no yaku (it may not be won).
   */
  bool legal;
  /**
   * Ron: the discarder's payment; tsumo: the dealer's (each player's when
   * the dealer wins). Honba not included.
   */
  uint32_t cost_main;
  /**
   * Tsumo: each non-dealer's payment; 0 on a ron. Honba not included.
   */
  uint32_t cost_additional;
  /**
   * Everything the winner receives (honba and riichi sticks included).
   */
  uint32_t cost_total;
  /**
   * 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 kazoe yakuman, 6 yakuman.
   */
  uint8_t limit;
  /**
   * Yakuman multiple paid (0 below yakuman).
   */
  uint32_t yakuman;
  /**
   * Entries of `yaku` used.
   */
  uint8_t yaku_count;
  /**
   * The yaku in the package's order.
   */
  struct HupaiYaku yaku[HUPAI_MAX_YAKU];
  /**
   * Entries of `fu_details` used.
   */
  uint8_t fu_count;
  /**
   * The fu details, larger first.
   */
  struct HupaiFu fu_details[HUPAI_MAX_FU];
} HupaiRiichiScore;

/**
 * One payment of a settlement.
 */
typedef struct HupaiSichuanPayment {
  /**
   * Who pays, 0–3.
   */
  uint8_t from;
  /**
   * Who receives, 0–3.
   */
  uint8_t to;
  /**
   * Why: a code `hupai_sichuan_why_name` names ("concealed-kong", …).
   */
  uint8_t why;
  /**
   * How much, in base.
   */
  uint32_t amount;
} HupaiSichuanPayment;

/**
 * How a Sichuan hand was won and the rule options. Every field is a byte
 * (flags: 0 = no, anything else = yes), so any value is safe to read;
 * out-of-range codes are `HUPAI_STATUS_BAD_CONTEXT`. Fill it with
 * `hupai_sichuan_context_default`, then change what differs.
 */
typedef struct HupaiSichuanContext {
  /**
   * Won by self-draw (otherwise on a discard).
   */
  uint8_t self_drawn;
  /**
   * Self-drawn: on the replacement tile after one's own kong (杠上花); on
   * a discard: robbing the kong (抢杠胡).
   */
  uint8_t kong;
  /**
   * Won on a discard made right after the discarder's kong (杠上炮).
   */
  uint8_t after_kong;
  /**
   * The last wall tile, or the discard after it (海底).
   */
  uint8_t last_wall;
  /**
   * First go-round (天胡 for the dealer, 地胡 otherwise, where counted).
   */
  uint8_t first_turn;
  /**
   * The winner is the dealer.
   */
  uint8_t dealer;
  /**
   * With `kong` and `self_drawn`: the kong was claimed from a discard (点杠花).
   */
  uint8_t fed_kong;
  /**
   * The declared void suit: 0 characters (m), 1 dots (p), 2 bamboo (s),
   * or `HUPAI_SICHUAN_NO_VOID`.
   */
  uint8_t void_suit;
  /**
   * Players who pay a self-drawn win (still in the hand), 1–3.
   */
  uint8_t payers;
  /**
   * The `HUPAI_SICHUAN_PROFILE_*` the options below were filled from. The
   * score reads the option fields, not this code; it is checked to be a
   * known profile.
   */
  uint8_t profile;
  /**
   * Most fan counted, 2–6, or `HUPAI_SICHUAN_NO_CAP`.
   */
  uint8_t cap;
  /**
   * Full Flush with All Pungs or Seven Pairs: 0 additive, 1 max (the
   * highest base pattern only).
   */
  uint8_t flush_stacks;
  /**
   * What a self-drawn win adds: 0 +1 base from each payer, 1 +1 fan, 2 nothing.
   */
  uint8_t self_draw;
  /**
   * Who pays 点杠花: 0 every player still in (as self-drawn), 1 the
   * discarder of the kong's tile alone.
   */
  uint8_t dian_gang_hua;
  /**
   * 将对: +2 fan when All Pungs or Seven Pairs holds only 2, 5 and 8.
   */
  uint8_t jiang;
  /**
   * 带幺九: its fan, 0–6 (0 = not counted).
   */
  uint8_t yao_jiu;
  /**
   * 门清: +1 fan with no claimed meld.
   */
  uint8_t men_qing;
  /**
   * 中张: +1 fan with no 1 or 9.
   */
  uint8_t zhong_zhang;
  /**
   * 天胡 / 地胡: 0 not counted, 1 worth the cap, 2 the fan of `tian_fan` / `di_fan`.
   */
  uint8_t tian_di_hu;
  /**
   * Fan of 天胡 when `tian_di_hu` is 2, 0–13.
   */
  uint8_t tian_fan;
  /**
   * Fan of 地胡 when `tian_di_hu` is 2, 0–13.
   */
  uint8_t di_fan;
  /**
   * Fan of 龙七对 (Seven Pairs with a root): 3 or 4.
   */
  uint8_t long_qi_dui;
  /**
   * 呼叫转移 (settlement): 0 chain, 1 last kong only, 2 refund.
   */
  uint8_t kong_on_shoot;
  /**
   * Whether an added kong of a pung whose fourth tile was held earlier pays.
   */
  uint8_t postponed_added_kong;
  /**
   * Roots counted by 查叫: 0 all, 1 no root for a declared kong.
   */
  uint8_t cha_jiao_roots;
} HupaiSichuanContext;

/**
 * One counted Sichuan fan.
 */
typedef struct HupaiSichuanFan {
  /**
   * The fan, 0..17; `hupai_sichuan_fan_name` names it.
   */
  uint8_t fan;
  /**
   * How many times it counts (roots: one per kind held four times).
   */
  uint8_t count;
  /**
   * Fan of one count under the options.
   */
  uint8_t worth;
} HupaiSichuanFan;

/**
 * A Sichuan score.
 */
typedef struct HupaiSichuanScore {
  /**
   * Whether the hand is a win.
   */
  bool legal;
  /**
   * Why not: `HUPAI_SICHUAN_REASON_*` (`_NONE` for a win);
   * `hupai_sichuan_reason_name` describes it.
   */
  uint8_t reason;
  /**
   * Entries of `fans` used.
   */
  uint8_t fan_count;
  /**
   * The fans of the best reading.
   */
  struct HupaiSichuanFan fans[HUPAI_SICHUAN_MAX_FANS];
  /**
   * Traditional names of the sum: bit `i` set for label `i`
   * (`hupai_sichuan_label_name`).
   */
  uint32_t labels;
  /**
   * The fan, uncapped.
   */
  uint32_t fan;
  /**
   * The cap, or `HUPAI_SICHUAN_NO_CAP`.
   */
  uint8_t cap;
  /**
   * 2^min(fan, cap) base; 0 when not a win.
   */
  uint32_t value;
  /**
   * How many players pay.
   */
  uint8_t payers;
  /**
   * What each pays, in base.
   */
  uint32_t each;
  /**
   * payers × each.
   */
  uint32_t total;
} HupaiSichuanScore;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * Create an engine: the rule set `rules` (`HUPAI_RULES_*`), the tables
 * memory-mapped from the directory `tables_dir` (or the tables built into
 * the library when it is null), and `threads` worker threads of its own for
 * batches (0: a pool shared by the whole process, one thread per core).
 *
 * On success `*out` is the engine, to release with `hupai_engine_free`; on
 * failure `*out` is null.
 *
 * # Safety
 *
 * `out` is null or valid for writing one pointer; `tables_dir` is null or a
 * NUL-terminated string readable for the duration of the call.
 */
enum HupaiStatus hupai_engine_new(uint32_t rules,
                                  const char *tables_dir,
                                  size_t threads,
                                  struct HupaiEngine **out);

/**
 * Release an engine made by `hupai_engine_new`. Null is ignored.
 *
 * # Safety
 *
 * `engine` is null or was returned by `hupai_engine_new`, has not been freed
 * yet, and no other thread is using it.
 */
void hupai_engine_free(struct HupaiEngine *engine);

/**
 * Parse `text` (NUL-terminated UTF-8) in the notation `notation`
 * (`HUPAI_NOTATION_*`) into `*out`. On `HUPAI_STATUS_PARSE_ERROR` the
 * message (with the position of the offending character) is written into
 * `error` — at most `error_len` bytes including the terminating NUL — when
 * `error` is non-null.
 *
 * # Safety
 *
 * `text` is null or NUL-terminated and readable; `out` is null or valid for
 * writing one `HupaiHand`; `error` is null or valid for writing `error_len`
 * bytes and does not overlap `text` or `out`.
 */
enum HupaiStatus hupai_parse(const char *text,
                             uint32_t notation,
                             struct HupaiHand *out,
                             char *error,
                             size_t error_len);

/**
 * The canonical mpsz text of a hand (`[111z1]123m456p789s22z`: declared
 * melds, then concealed tiles by suit) into `buffer`, NUL-terminated.
 * `HUPAI_STATUS_BAD_LENGTH` (nothing written) when the text and its NUL do
 * not fit in `len` bytes; `HUPAI_FORMAT_MAX` bytes always suffice.
 *
 * # Safety
 *
 * `hand` is null or valid for reading one `HupaiHand`; `buffer` is null or
 * valid for writing `len` bytes and does not overlap `hand`.
 */
enum HupaiStatus hupai_format(const struct HupaiHand *hand, char *buffer, size_t len);

/**
 * Score a complete hand under the MCR rules (whatever the engine's rule
 * set): the hand as in `hupai_check` (14 tiles, a kong counting three),
 * how it was won in `*context`, the result in `*out`.
 * `HUPAI_STATUS_HAND_SIZE` for another size, `HUPAI_STATUS_NOT_WINNING`
 * when no MCR form completes it, `HUPAI_STATUS_BAD_CONTEXT` for a context
 * out of range.
 *
 * # Safety
 *
 * As `hupai_check`; `context` is null or valid for reading one
 * `HupaiScoreContext`; `out` is null or valid for writing one `HupaiScore`.
 */
enum HupaiStatus hupai_score(const struct HupaiEngine *engine,
                             const uint8_t *counts,
                             size_t counts_len,
                             const struct HupaiMeld *melds,
                             size_t meld_count,
                             const struct HupaiScoreContext *context,
                             struct HupaiScore *out);

/**
 * The English name of fan `fan` (0..81, as in `HupaiFan`), e.g.
 * "Thirteen Orphans": a static NUL-terminated string, or null when `fan`
 * is out of range.
 */
const char *hupai_fan_name(uint32_t fan);

/**
 * The Chinese name of fan `fan` (0..81), e.g. "十三幺" (UTF-8): a static
 * NUL-terminated string, or null when `fan` is out of range.
 */
const char *hupai_fan_chinese_name(uint32_t fan);

/**
 * Is the hand complete? `counts` points to `counts_len` (= `HUPAI_KINDS`)
 * concealed tile counts, `melds` to `meld_count` (0..4) declared melds (may
 * be null when there are none). On success `*win` is the answer.
 *
 * # Safety
 *
 * `engine` is null or a live engine; non-null `counts` is readable for
 * `counts_len` bytes, non-null `melds` for `meld_count` melds; `win` is null
 * or valid for writing one `bool`.
 */
enum HupaiStatus hupai_check(const struct HupaiEngine *engine,
                             const uint8_t *counts,
                             size_t counts_len,
                             const struct HupaiMeld *melds,
                             size_t meld_count,
                             bool *win);

/**
 * Check `n` hands at once, in parallel (on the engine's threads, see
 * `hupai_engine_new`). `results[i]` becomes `HUPAI_COMPLETE`,
 * `HUPAI_NOT_COMPLETE` or `HUPAI_INVALID` for `hands[i]`. Returns
 * `HUPAI_STATUS_INVALID_HAND` when some hand is invalid (the others are
 * answered all the same) and then writes the index of the first one to
 * `*first_invalid` when that is non-null. `hands` and `results` may be null
 * when `n` is 0.
 *
 * # Safety
 *
 * `engine` is null or a live engine; non-null `hands` is readable for `n`
 * hands and non-null `results` writable for `n` bytes for the duration of
 * the call, and no other thread writes them meanwhile; `first_invalid` is
 * null or valid for writing one `size_t`.
 */
enum HupaiStatus hupai_check_batch(const struct HupaiEngine *engine,
                                   const struct HupaiHand *hands,
                                   size_t n,
                                   uint8_t *results,
                                   size_t *first_invalid);

/**
 * The tiles that complete a ready hand, as two 34-bit masks (bit `i` =
 * tile index `i`): `*live` the waits with a copy left outside the hand,
 * `*exhausted` those whose four copies the hand holds. The hand (as in
 * `hupai_check`) must be one tile short of complete: concealed tiles plus 3
 * per declared meld is 1, 4, 7, 10 or 13 (or, under the generic rules,
 * 13 + k with k concealed quads); otherwise `HUPAI_STATUS_HAND_SIZE`.
 *
 * # Safety
 *
 * As `hupai_check`; `live` and `exhausted` are null or valid for writing
 * one `uint64_t` each.
 */
enum HupaiStatus hupai_waits(const struct HupaiEngine *engine,
                             const uint8_t *counts,
                             size_t counts_len,
                             const struct HupaiMeld *melds,
                             size_t meld_count,
                             uint64_t *live,
                             uint64_t *exhausted);

/**
 * Shanten of a hand (as in `hupai_check`) of 3n+1 or 3n+2 tiles, at most
 * 14 (a declared meld counting three): −1 complete, 0 ready, n tiles from
 * ready, over every form of the engine's rule set.
 *
 * # Safety
 *
 * As `hupai_check`; `shanten` is null or valid for writing one `int8_t`.
 */
enum HupaiStatus hupai_shanten(const struct HupaiEngine *engine,
                               const uint8_t *counts,
                               size_t counts_len,
                               const struct HupaiMeld *melds,
                               size_t meld_count,
                               int8_t *shanten);

/**
 * Effective tiles of a hand of 3n+1 tiles (as in `hupai_check`): `*shanten`
 * its shanten, `*tiles` the mask of tile kinds whose draw lowers it (bit
 * `i` = tile index `i`), and, when `remaining` is non-null,
 * `remaining[i]` the copies of tile `i` not in the hand, its melds or
 * `visible` (the tiles seen elsewhere: `HUPAI_KINDS` counts, or null for
 * none).
 *
 * # Safety
 *
 * As `hupai_check`; `visible` is null or readable for `HUPAI_KINDS` bytes;
 * `shanten` and `tiles` are null or valid for writing one `int8_t` and
 * one `uint64_t`; `remaining` is null or writable for `HUPAI_KINDS` bytes.
 */
enum HupaiStatus hupai_effective(const struct HupaiEngine *engine,
                                 const uint8_t *counts,
                                 size_t counts_len,
                                 const struct HupaiMeld *melds,
                                 size_t meld_count,
                                 const uint8_t *visible,
                                 int8_t *shanten,
                                 uint64_t *tiles,
                                 uint8_t *remaining);

/**
 * Fill `*out` with the default riichi context: no flag, East seat and
 * round, no indicator, the options of `OptionalRules()`.
 *
 * # Safety
 *
 * `out` is null or valid for writing one `HupaiRiichiContext`.
 */
enum HupaiStatus hupai_riichi_context_default(struct HupaiRiichiContext *out);

/**
 * Score a winning hand under riichi rules (three-player with a
 * `HUPAI_RULES_RIICHI3` engine or the `is_three_player` option): the hand
 * as in `hupai_check` (14 tiles, a kong counting three), the situation and
 * options in `*context` (start from `hupai_riichi_context_default`), the
 * result in `*out`. A hand without yaku is scored with `legal == false`.
 * `HUPAI_STATUS_NOT_WINNING` when no riichi form completes it,
 * `HUPAI_STATUS_BAD_CONTEXT` for a context out of range or contradicting
 * itself (riichi on an open hand, …), `HUPAI_STATUS_NOT_FOR_RULES` for
 * 2m–8m in a three-player hand.
 *
 * # Safety
 *
 * As `hupai_check`; `context` is null or valid for reading one
 * `HupaiRiichiContext`; `out` is null or valid for writing one
 * `HupaiRiichiScore`.
 */
enum HupaiStatus hupai_riichi_score(const struct HupaiEngine *engine,
                                    const uint8_t *counts,
                                    size_t counts_len,
                                    const struct HupaiMeld *melds,
                                    size_t meld_count,
                                    const struct HupaiRiichiContext *context,
                                    struct HupaiRiichiScore *out);

/**
 * The English name (the Python `mahjong` package's) of riichi yaku `yaku`
 * (as in `HupaiYaku`), or null when out of range.
 */
const char *hupai_yaku_name(uint32_t yaku);

/**
 * The Japanese name of riichi yaku `yaku` (UTF-8), or null when out of range.
 */
const char *hupai_yaku_japanese_name(uint32_t yaku);

/**
 * The reason of fu detail `reason` (as in `HupaiFu`, e.g. "closed_pon"), or
 * null when out of range.
 */
const char *hupai_fu_reason_name(uint32_t reason);

/**
 * Settle a Sichuan round: `round_json` is one round in the JSON of `hupai
 * settle` (`{"dealer":0,"void":["s","m","p","m"],"events":[...]}`, UTF-8,
 * NUL-terminated), scored with the options of profile `profile`
 * (`HUPAI_SICHUAN_PROFILE_*`) on the tables built into the library.
 *
 * On success the payments, in order, fill `payments[0..*len]` and
 * `net[0..4]` is each player's net (received − paid; the four sum to zero).
 * When the round has more payments than `capacity`,
 * `HUPAI_STATUS_BUFFER_TOO_SMALL` writes only `*len`, the count needed:
 * call again with a buffer that large (`payments` may be null when
 * `capacity` is 0). A round that is not valid is `HUPAI_STATUS_BAD_ROUND`,
 * with the message (naming the event, counted from 1) written into
 * `error_buf`, at most `error_cap` bytes with its NUL, when `error_buf` is
 * non-null; an unknown profile is `HUPAI_STATUS_BAD_CONTEXT`.
 *
 * # Safety
 *
 * `round_json` is null or NUL-terminated and readable; non-null `payments`
 * is valid for writing `capacity` payments; `len` is null or valid for
 * writing one `size_t`; `net` is null or valid for writing four `int64_t`;
 * `error_buf` is null or valid for writing `error_cap` bytes. The output
 * buffers do not overlap `round_json`.
 */
enum HupaiStatus hupai_sichuan_settle(const char *round_json,
                                      uint32_t profile,
                                      struct HupaiSichuanPayment *payments,
                                      size_t capacity,
                                      size_t *len,
                                      int64_t *net,
                                      char *error_buf,
                                      size_t error_cap);

/**
 * The name of payment reason `why` (as in `HupaiSichuanPayment`), as `hupai
 * settle` writes it: "concealed-kong", "melded-kong", "added-kong",
 * "discard", "self-drawn", "dian-gang-hua", "robbing-the-kong",
 * "call-transfer", "kong-refund", "cha-jiao", "cha-hua-zhu", "tui-shui". A
 * static NUL-terminated string, or null when `why` is out of range.
 */
const char *hupai_sichuan_why_name(uint32_t why);

/**
 * Fill `*out` with the situation of a win on a discard (no flag, no void
 * suit, three payers) and the options of profile `profile`
 * (`HUPAI_SICHUAN_PROFILE_*`); `HUPAI_STATUS_BAD_CONTEXT` for an unknown
 * profile.
 *
 * # Safety
 *
 * `out` is null or valid for writing one `HupaiSichuanContext`.
 */
enum HupaiStatus hupai_sichuan_context_default(uint32_t profile, struct HupaiSichuanContext *out);

/**
 * Score a hand under the Sichuan rules (whatever the engine's rule set):
 * the hand as in `hupai_check` (a kong counting three), how it was won and
 * the options in `*context` (start from `hupai_sichuan_context_default`),
 * the result in `*out`. A hand that is not a win (three suits, the void
 * suit, not complete) is scored with `legal == false` and its reason.
 * `HUPAI_STATUS_NOT_FOR_RULES` for honour tiles, `HUPAI_STATUS_BAD_CONTEXT`
 * for a code out of range or flags that contradict each other
 * (`after_kong` with `self_drawn`, `fed_kong` without a self-drawn kong
 * win, …).
 *
 * # Safety
 *
 * As `hupai_check`; `context` is null or valid for reading one
 * `HupaiSichuanContext`; `out` is null or valid for writing one
 * `HupaiSichuanScore`.
 */
enum HupaiStatus hupai_sichuan_score(const struct HupaiEngine *engine,
                                     const uint8_t *counts,
                                     size_t counts_len,
                                     const struct HupaiMeld *melds,
                                     size_t meld_count,
                                     const struct HupaiSichuanContext *context,
                                     struct HupaiSichuanScore *out);

/**
 * The name of Sichuan fan `fan` (0..17, as in `HupaiSichuanFan`): English
 * ("Golden Hook") when `chinese` is 0 (`false`), Chinese ("金钩钓", UTF-8)
 * otherwise. A static NUL-terminated string, or null when `fan` is out of
 * range. (`chinese` is an integer, like every flag C passes in.)
 */
const char *hupai_sichuan_fan_name(uint32_t fan, uint32_t chinese);

/**
 * The Chinese name of Sichuan label `label` (bit `label` of
 * `HupaiSichuanScore::labels`, 0..8), e.g. "清对" (UTF-8): a static
 * NUL-terminated string, or null when out of range.
 */
const char *hupai_sichuan_label_name(uint32_t label);

/**
 * Why a Sichuan hand is not a win, for `HupaiSichuanScore::reason`: "none"
 * for `HUPAI_SICHUAN_REASON_NONE`, else an English sentence. A static
 * NUL-terminated string, or null when `reason` is out of range.
 */
const char *hupai_sichuan_reason_name(uint32_t reason);

/**
 * The library version, e.g. `"0.1.0"`: a static NUL-terminated string.
 */
const char *hupai_version(void);

/**
 * A short English description of a status code: a static NUL-terminated
 * string, never null (unknown codes get "unknown status").
 */
const char *hupai_status_message(uint32_t status);

/**
 * The mpsz name of tile index `tile` (0 → "1m", 33 → "7z"): a static
 * NUL-terminated string, or null when `tile` is 34 or more.
 */
const char *hupai_tile_name(uint32_t tile);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* HUPAI_H */
