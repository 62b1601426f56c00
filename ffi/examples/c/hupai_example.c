/*
 * A C program on the hupai C ABI: a small `hupai` command line in C.
 *
 *   hupai_example [--rules generic|sichuan|riichi|riichi3|mcr] [--tables DIR] [--batch]
 *                 [--self-drawn] [--profile default|tfmj|mil|chengdu|qq]
 *                 [check|waits|shanten|score] HAND...
 *   hupai_example [--profile NAME] settle ROUND_JSON...
 *
 * Prints one line per hand as the `hupai` command of the same name does:
 * check prints `good` or `bad`, waits `HAND  waits: ...`, shanten
 * `HAND: shanten N; effective 1m×3 ...` (for 3n+2 hands only that first
 * part, without the discard table), score (MCR; the
 * last concealed tile is the winning tile, won on a discard unless
 * --self-drawn) `HAND  total N (legal win): FAN POINTSxCOUNT, ...` (under
 * riichi rules `HAND  HAN han FU fu total N (legal win): YAKU HAN, ...`,
 * East seat and round, no dora; under sichuan rules `HAND  FAN fan (cap C)
 * value V  P x E = T: FAN WORTHxCOUNT, ... = LABEL` or `HAND  not a win:
 * REASON`, with the options of --profile), and a hand the query refuses
 * `error: HAND: MESSAGE`. settle prints, for each round (the JSON of `hupai
 * settle`), `net N0 N1 N2 N3: FROM->TO AMOUNT WHY, ...` or `error: MESSAGE`.
 * With --batch, check answers every hand with one parallel
 * hupai_check_batch call instead of one hupai_check call each. At the end it checks a hand built directly as a count array
 * plus a declared meld, and makes a bad call on purpose.
 *
 * Build (from the repository root, after `cargo build --release`):
 *
 *   cc -std=c99 -Wall -Wextra -pedantic -Iffi/include ffi/examples/c/hupai_example.c \
 *      target/release/libhupai.a -lpthread -ldl -lm -o hupai_example
 */
#include "hupai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, HupaiStatus status) {
    fprintf(stderr, "hupai_example: %s: %s\n", what, hupai_status_message(status));
    return 2;
}

static int profile_code(const char *name, uint32_t *code) {
    static const char *names[] = {"default", "tfmj", "mil", "chengdu", "qq"};
    static const uint32_t codes[] = {HUPAI_SICHUAN_PROFILE_DEFAULT, HUPAI_SICHUAN_PROFILE_TFMJ,
                                     HUPAI_SICHUAN_PROFILE_MIL, HUPAI_SICHUAN_PROFILE_CHENGDU,
                                     HUPAI_SICHUAN_PROFILE_QQ};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i]) == 0) {
            *code = codes[i];
            return 1;
        }
    }
    return 0;
}

static int rules_code(const char *name, uint32_t *code) {
    static const char *names[] = {"generic", "sichuan", "riichi", "riichi3", "mcr"};
    static const uint32_t codes[] = {HUPAI_RULES_GENERIC, HUPAI_RULES_SICHUAN,
                                     HUPAI_RULES_RIICHI, HUPAI_RULES_RIICHI3, HUPAI_RULES_MCR};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(name, names[i]) == 0) {
            *code = codes[i];
            return 1;
        }
    }
    return 0;
}

/* The tiles of a 34-bit set, each after a space. */
static void print_tiles(uint64_t set) {
    for (uint32_t t = 0; t < HUPAI_KINDS; t++) {
        if (set >> t & 1) {
            printf(" %s", hupai_tile_name(t));
        }
    }
}

/* One `hupai waits` line; returns the status. */
static HupaiStatus waits(const HupaiEngine *engine, const HupaiHand *hand) {
    uint64_t live = 0, exhausted = 0;
    HupaiStatus st = hupai_waits(engine, hand->counts, HUPAI_KINDS, hand->melds,
                                 hand->meld_count, &live, &exhausted);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    char text[HUPAI_FORMAT_MAX];
    st = hupai_format(hand, text, sizeof text);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    printf("%s  waits:", text);
    if (live == 0) {
        printf(" none");
    }
    print_tiles(live);
    if (exhausted != 0) {
        printf("  exhausted:");
        print_tiles(exhausted);
    }
    printf("\n");
    return HUPAI_STATUS_OK;
}

/* `ready (shanten 0)`, `shanten 2`, ... as `hupai shanten` words it. */
static void print_shanten(const char *text, int8_t shanten) {
    if (shanten == -1) {
        printf("%s: complete (shanten -1)", text);
    } else if (shanten == 0) {
        printf("%s: ready (shanten 0)", text);
    } else {
        printf("%s: shanten %d", text, (int)shanten);
    }
}

/* One `hupai shanten` line; returns the status. */
static HupaiStatus shanten(const HupaiEngine *engine, const HupaiHand *hand) {
    char text[HUPAI_FORMAT_MAX];
    HupaiStatus st = hupai_format(hand, text, sizeof text);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    int8_t s = 0;
    uint64_t tiles = 0;
    uint8_t remaining[HUPAI_KINDS];
    st = hupai_effective(engine, hand->counts, HUPAI_KINDS, hand->melds, hand->meld_count, NULL,
                         &s, &tiles, remaining);
    if (st == HUPAI_STATUS_HAND_SIZE) {
        /* 3n+2 tiles: the shanten alone. */
        st = hupai_shanten(engine, hand->counts, HUPAI_KINDS, hand->melds, hand->meld_count, &s);
        if (st == HUPAI_STATUS_OK) {
            print_shanten(text, s);
            printf("\n");
        }
        return st;
    }
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    print_shanten(text, s);
    unsigned kinds = 0, total = 0;
    for (uint32_t t = 0; t < HUPAI_KINDS; t++) {
        if (tiles >> t & 1) {
            printf("%s %s\xc3\x97%u", kinds ? "" : "; effective", hupai_tile_name(t),
                   (unsigned)remaining[t]);
            kinds++;
            total += remaining[t];
        }
    }
    if (kinds == 0) {
        printf("; no effective tile\n");
    } else {
        printf(" (%u kind%s, %u tile%s)\n", kinds, kinds == 1 ? "" : "s", total,
               total == 1 ? "" : "s");
    }
    return HUPAI_STATUS_OK;
}

/* One score line; returns the status. */
static HupaiStatus score(const HupaiEngine *engine, const HupaiHand *hand, const char *input,
                         int self_drawn) {
    HupaiScoreContext context = {0}; /* East round, East seat, no flowers */
    context.winning_tile = hand->last_tile;
    context.self_drawn = (uint8_t)self_drawn;
    HupaiScore result;
    HupaiStatus st = hupai_score(engine, hand->counts, HUPAI_KINDS, hand->melds,
                                 hand->meld_count, &context, &result);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    printf("%s  total %u (%s):", input, (unsigned)result.total,
           result.legal ? "legal win" : "not a legal win");
    for (int i = 0; i < result.fan_count; i++) {
        const HupaiFan *f = &result.fans[i];
        printf("%s %s %ux%u", i ? "," : "", hupai_fan_name(f->fan), (unsigned)f->points,
               (unsigned)f->count);
    }
    printf("\n");
    return HUPAI_STATUS_OK;
}

/* One riichi score line; returns the status. */
static HupaiStatus riichi_score(const HupaiEngine *engine, const HupaiHand *hand,
                                const char *input, int self_drawn) {
    HupaiRiichiContext context;
    HupaiStatus st = hupai_riichi_context_default(&context);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    context.winning_tile = hand->last_tile;
    context.self_drawn = (uint8_t)self_drawn;
    HupaiRiichiScore result;
    st = hupai_riichi_score(engine, hand->counts, HUPAI_KINDS, hand->melds, hand->meld_count,
                            &context, &result);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    printf("%s  %u han %u fu total %u (%s):", input, (unsigned)result.han, (unsigned)result.fu,
           (unsigned)result.cost_total, result.legal ? "legal win" : "no yaku");
    for (int i = 0; i < result.yaku_count; i++) {
        const HupaiYaku *y = &result.yaku[i];
        printf("%s %s %u", i ? "," : "", hupai_yaku_name(y->yaku), (unsigned)y->han);
    }
    printf("\n");
    return HUPAI_STATUS_OK;
}

/* One Sichuan score line; returns the status. */
static HupaiStatus sichuan_score(const HupaiEngine *engine, const HupaiHand *hand,
                                 const char *input, int self_drawn, uint32_t profile) {
    HupaiSichuanContext context;
    HupaiStatus st = hupai_sichuan_context_default(profile, &context);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    context.self_drawn = (uint8_t)self_drawn;
    HupaiSichuanScore result;
    st = hupai_sichuan_score(engine, hand->counts, HUPAI_KINDS, hand->melds, hand->meld_count,
                             &context, &result);
    if (st != HUPAI_STATUS_OK) {
        return st;
    }
    if (!result.legal) {
        printf("%s  not a win: %s\n", input, hupai_sichuan_reason_name(result.reason));
        return HUPAI_STATUS_OK;
    }
    printf("%s  %u fan", input, (unsigned)result.fan);
    if (result.cap == HUPAI_SICHUAN_NO_CAP) {
        printf(" (no cap)");
    } else {
        printf(" (cap %u)", (unsigned)result.cap);
    }
    printf(" value %u  %u x %u = %u:", (unsigned)result.value, (unsigned)result.payers,
           (unsigned)result.each, (unsigned)result.total);
    for (int i = 0; i < result.fan_count; i++) {
        const HupaiSichuanFan *f = &result.fans[i];
        printf("%s %s %ux%u", i ? "," : "", hupai_sichuan_fan_name(f->fan, 0),
               (unsigned)f->worth, (unsigned)f->count);
    }
    for (uint32_t bit = 0; bit < 32; bit++) {
        if (result.labels >> bit & 1) {
            printf(" = %s", hupai_sichuan_label_name(bit));
        }
    }
    printf("\n");
    return HUPAI_STATUS_OK;
}

/* Settle one round: ask for the number of payments first, then fill a
   buffer of that size. Returns 0, or 1 for a round that is not valid. */
static int settle(const char *round, uint32_t profile) {
    size_t len = 0;
    int64_t net[4];
    char error[256];
    HupaiStatus st = hupai_sichuan_settle(round, profile, NULL, 0, &len, net, error, sizeof error);
    if (st == HUPAI_STATUS_BAD_ROUND) {
        printf("error: %s\n", error);
        return 1;
    }
    if (st != HUPAI_STATUS_OK && st != HUPAI_STATUS_BUFFER_TOO_SMALL) {
        printf("error: %s\n", hupai_status_message(st));
        return 1;
    }
    HupaiSichuanPayment *payments = calloc(len ? len : 1, sizeof *payments);
    if (!payments) {
        fprintf(stderr, "hupai_example: out of memory\n");
        exit(2);
    }
    st = hupai_sichuan_settle(round, profile, payments, len, &len, net, error, sizeof error);
    if (st != HUPAI_STATUS_OK) {
        printf("error: %s\n", hupai_status_message(st));
        free(payments);
        return 1;
    }
    printf("net %lld %lld %lld %lld:", (long long)net[0], (long long)net[1], (long long)net[2],
           (long long)net[3]);
    for (size_t i = 0; i < len; i++) {
        const HupaiSichuanPayment *p = &payments[i];
        printf("%s %u->%u %u %s", i ? "," : "", (unsigned)p->from, (unsigned)p->to,
               (unsigned)p->amount, hupai_sichuan_why_name(p->why));
    }
    printf("\n");
    free(payments);
    return 0;
}

int main(int argc, char **argv) {
    uint32_t rules = HUPAI_RULES_GENERIC;
    const char *tables = NULL; /* NULL: the tables built into the library */
    int batch = 0;
    int self_drawn = 0;
    uint32_t profile = HUPAI_SICHUAN_PROFILE_DEFAULT;
    int first = 1;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--batch") == 0) {
            batch = 1;
        } else if (strcmp(argv[first], "--self-drawn") == 0) {
            self_drawn = 1;
        } else if (strcmp(argv[first], "--rules") == 0 && first + 1 < argc &&
                   rules_code(argv[first + 1], &rules)) {
            first++;
        } else if (strcmp(argv[first], "--profile") == 0 && first + 1 < argc &&
                   profile_code(argv[first + 1], &profile)) {
            first++;
        } else if (strcmp(argv[first], "--tables") == 0 && first + 1 < argc) {
            tables = argv[++first];
        } else {
            fprintf(stderr, "hupai_example: bad option %s\n", argv[first]);
            return 2;
        }
    }
    if (first < argc && strcmp(argv[first], "settle") == 0) {
        /* Settlement needs no engine: it scores on the built-in tables. */
        int exit_code = 0;
        for (int i = first + 1; i < argc; i++) {
            exit_code |= settle(argv[i], profile);
        }
        return exit_code;
    }
    const char *command = "check";
    if (first < argc && (strcmp(argv[first], "check") == 0 || strcmp(argv[first], "waits") == 0 ||
                         strcmp(argv[first], "shanten") == 0 ||
                         strcmp(argv[first], "score") == 0)) {
        command = argv[first++];
    }

    HupaiEngine *engine = NULL;
    HupaiStatus st = hupai_engine_new(rules, tables, 0, &engine);
    if (st != HUPAI_STATUS_OK) {
        return fail("cannot create the engine", st);
    }

    size_t n = (size_t)(argc - first);
    HupaiHand *hands = calloc(n ? n : 1, sizeof *hands);
    HupaiStatus *parsed = calloc(n ? n : 1, sizeof *parsed);
    char (*errors)[256] = calloc(n ? n : 1, sizeof *errors);
    uint8_t *results = calloc(n ? n : 1, 1);
    if (!hands || !parsed || !errors || !results) {
        fprintf(stderr, "hupai_example: out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < n; i++) {
        parsed[i] = hupai_parse(argv[first + i], HUPAI_NOTATION_AUTO, &hands[i], errors[i],
                                sizeof errors[i]);
    }

    if (batch && strcmp(command, "check") == 0) {
        /* Unparsed hands stay all-zero (empty, valid, not complete); their
           lines print the parse error instead. */
        size_t bad = 0;
        st = hupai_check_batch(engine, hands, n, results, &bad);
        if (st != HUPAI_STATUS_OK) {
            return fail("batch", st);
        }
    }

    int exit_code = 0;
    for (size_t i = 0; i < n; i++) {
        const char *input = argv[first + i];
        if (parsed[i] != HUPAI_STATUS_OK) {
            printf("error: %s: %s\n", input,
                   parsed[i] == HUPAI_STATUS_PARSE_ERROR ? errors[i]
                                                         : hupai_status_message(parsed[i]));
            exit_code = 1;
            continue;
        }
        if (strcmp(command, "waits") == 0) {
            st = waits(engine, &hands[i]);
        } else if (strcmp(command, "shanten") == 0) {
            st = shanten(engine, &hands[i]);
        } else if (strcmp(command, "score") == 0 && rules == HUPAI_RULES_SICHUAN) {
            st = sichuan_score(engine, &hands[i], input, self_drawn, profile);
        } else if (strcmp(command, "score") == 0 &&
                   (rules == HUPAI_RULES_RIICHI || rules == HUPAI_RULES_RIICHI3)) {
            st = riichi_score(engine, &hands[i], input, self_drawn);
        } else if (strcmp(command, "score") == 0) {
            st = score(engine, &hands[i], input, self_drawn);
        } else if (batch) {
            puts(results[i] == HUPAI_COMPLETE ? "good" : "bad");
        } else {
            bool win = false;
            st = hupai_check(engine, hands[i].counts, HUPAI_KINDS, hands[i].melds,
                             hands[i].meld_count, &win);
            if (st == HUPAI_STATUS_OK) {
                puts(win ? "good" : "bad");
            }
        }
        if (st != HUPAI_STATUS_OK) {
            printf("error: %s: %s\n", input, hupai_status_message(st));
            exit_code = 1;
        }
    }

    /* A hand straight from a count array and a declared meld, complete
       under every rule set: 123456789m 77p concealed, a pung of 1p claimed
       from the left ([111p1]). */
    uint8_t counts[HUPAI_KINDS] = {0};
    for (int i = 0; i < 9; i++) {
        counts[i] = 1; /* 1m .. 9m */
    }
    counts[15] = 2;                                         /* 7p 7p */
    HupaiMeld pung = {HUPAI_MELD_PUNG, 9, HUPAI_FROM_LEFT, 0}; /* [111p1], no red five */
    bool win = false;
    st = hupai_check(engine, counts, HUPAI_KINDS, &pung, 1, &win);
    if (st != HUPAI_STATUS_OK || !win) {
        return fail("the count-array hand", st);
    }
    /* And the error path: a count array of the wrong length. */
    st = hupai_check(engine, counts, 33, &pung, 1, &win);
    if (st != HUPAI_STATUS_BAD_LENGTH) {
        return fail("the short count array was not refused", st);
    }

    free(results);
    free(errors);
    free(parsed);
    free(hands);
    hupai_engine_free(engine);
    return exit_code;
}
