// The page in real headless Chromium against the command line: the same
// shanten, discard table and waits for every test hand, the same MCR total;
// share links, errors, clicks, the phone layout, and no request after load.

import { test, before, after } from "node:test";
import { loadavg } from "node:os";
import assert from "node:assert/strict";
import { serve, launch, open, cli } from "./harness.js";
import { testHands } from "./hands.js";

let server;
let browser;
let page;
let messages;

before(async () => {
  server = await serve();
  browser = await launch();
  ({ page, messages } = await open(browser.context, server.url));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Type a hand, pick the rules (and jokers); read what the page shows. */
async function show(hand, rules, jokers = 0) {
  await page.selectOption("[data-testid=rules]", rules);
  await page.fill("#jokers", String(jokers));
  await page.fill("[data-testid=hand-input]", hand);
  return read();
}

function read() {
  return page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    const error = q("[data-testid=error]");
    const waits = q("[data-testid=waits]");
    return {
      shanten: q("[data-testid=shanten]").textContent,
      error: error.hidden ? null : error.textContent,
      rows: [...document.querySelectorAll("[data-testid=discard-row]")].map((r) => ({
        tile: r.dataset.tile, shanten: Number(r.dataset.shanten), total: Number(r.dataset.total),
      })),
      live: waits.dataset.live ?? null,
      total: q("[data-testid=score-total]").textContent,
    };
  });
}

/** What the page must show for a hand, from `hupai shanten` and `hupai waits`. */
function expected(hand, rules, jokers = 0, joker = "") {
  const extra = jokers ? ["--jokers", String(jokers)] : [];
  if (joker) extra.push("--joker", joker);
  const [s] = cli("shanten", rules, [hand], extra);
  if (s.error) return { error: s.error };
  const want = { shanten: String(s.shanten), rows: [], live: null };
  if (s.discards) {
    want.rows = s.discards.map((d) => ({ tile: d.tile, shanten: d.shanten, total: d.total }));
  } else {
    want.live = cli("waits", rules, [hand], extra)[0].waits.join(" ");
  }
  return want;
}

test("shanten, discard table and waits equal the CLI on 60 hands of the four rule sets", async () => {
  const hands = testHands();
  assert.ok(hands.length >= 50);
  const byRules = {};
  for (const h of hands) (byRules[h.rules] ||= []).push(h.hand);
  let withRows = 0;
  let withWaits = 0;
  for (const [rules, list] of Object.entries(byRules)) {
    const shanten = cli("shanten", rules, list);
    const waits = cli("waits", rules, list);
    for (const [i, hand] of list.entries()) {
      const got = await show(hand, rules);
      const s = shanten[i];
      assert.equal(s.error, undefined, `${hand}: ${s.error}`);
      assert.equal(got.error, null, hand);
      assert.equal(got.shanten, String(s.shanten), `${rules} ${hand}`);
      if (s.discards) {
        const rows = s.discards.map((d) => ({ tile: d.tile, shanten: d.shanten, total: d.total }));
        assert.deepEqual(got.rows, rows, `${rules} ${hand}`);
        assert.equal(got.live, null);
        withRows++;
      } else {
        assert.deepEqual(got.rows, []);
        assert.equal(got.live, waits[i].waits.join(" "), `${rules} ${hand}`);
        if (waits[i].waits.length) withWaits++;
      }
    }
  }
  assert.ok(withRows >= 20 && withWaits >= 12, `${withRows} discard tables, ${withWaits} with waits`);
});

test("jokers: the page equals the CLI with --jokers", async () => {
  const cases = [["123m456p789s11z", "generic", 2], ["1479m258p369s12z", "mcr", 1],
    ["1234m5678p1356s", "riichi", 2], ["123456789m123s", "sichuan", 2], ["123m456p789s1177z", "generic", 0, "7z"],
    ["1234m5678p1356s7z", "mcr", 0, "7z"]];
  for (const [hand, rules, jokers, joker] of cases) {
    await page.selectOption("#joker", joker || "");
    const got = await show(hand, rules, jokers);
    const want = expected(hand, rules, jokers, joker);
    assert.equal(got.error, null, hand);
    assert.equal(got.shanten, want.shanten, hand);
    assert.deepEqual(got.rows, want.rows, hand);
    assert.equal(got.live, want.live, hand);
  }
  await page.fill("#jokers", "0");
  await page.selectOption("#joker", "");
});

test("an MCR hand's total equals hupai score, with and without flags", async () => {
  for (const hand of ["[EEE][SSSS1]55pWWWNNN", "123m456m789m123p55s", "11223344556677m", "19m19p19s1234567z1m"]) {
    let got = await show(hand, "mcr");
    let [want] = cli("score", "mcr", [hand]);
    assert.equal(got.total, String(want.total), hand);
    await page.check("#flags input[name=self-drawn]");
    await page.fill("#flags input[name=flowers]", "2");
    got = await read();
    [want] = cli("score", "mcr", [hand], ["--self-drawn", "--flowers", "2"]);
    assert.equal(got.total, String(want.total), `${hand} self-drawn, 2 flowers`);
    await page.uncheck("#flags input[name=self-drawn]");
    await page.fill("#flags input[name=flowers]", "0");
  }
});

/** The riichi controls: [name, value] pairs; a checkbox takes true/false. */
async function riichiFlags(flags) {
  for (const [name, value] of flags) {
    const sel = `#riichi-flags [name=${name}]`;
    if (value === true || value === false) await page.setChecked(sel, value);
    else if (name === "seat" || name === "prevalent") await page.selectOption(sel, value);
    else await page.fill(sel, value);
  }
}

test("a riichi hand's points equal hupai score --rules riichi, with flags", async () => {
  const situations = [
    [[], []],
    [[["riichi", true], ["self-drawn", true], ["dora", "8s"]], ["--riichi", "--self-drawn", "--dora", "8s"]],
    [[["riichi", true], ["ippatsu", true], ["seat", "S"], ["prevalent", "E"], ["dora", "1p 4m"], ["ura", "2s"]],
      ["--riichi", "--ippatsu", "--seat", "S", "--dora", "1p4m", "--ura", "2s"]],
    [[["seat", "W"], ["prevalent", "S"]], ["--seat", "W", "--prevalent", "S"]],
  ];
  const hands = ["234m567m99s345p23p1p", "111m234p567s77z666z", "11223344556677z", "19m19p19s1234567z1m", "123m123p123s11z222z"];
  let scored = 0;
  for (const hand of hands) {
    for (const [controls, words] of situations) {
      await show(hand, "riichi");
      await riichiFlags(controls);
      const got = await read();
      const [want] = cli("score", "riichi", [hand], words);
      assert.equal(want.error, undefined, `${hand}: ${want.error}`);
      assert.equal(got.error, null, hand);
      assert.equal(got.total, String(want.cost.total), `${hand} ${words.join(" ")}`);
      const text = await page.textContent("#riichi-total");
      assert.ok(want.legal ? text.startsWith(`${want.han} han ${want.fu} fu`) : /no yaku/.test(text), `${hand}: ${text}`);
      const yaku = await page.$$eval("#yaku tr td:first-child", (tds) => tds.map((td) => td.textContent));
      assert.deepEqual(yaku, want.legal ? want.yaku.map((y) => y.name) : [], hand);
      if (want.legal && words.length) scored++;
      await riichiFlags([["riichi", false], ["self-drawn", false], ["ippatsu", false], ["seat", "E"], ["prevalent", "E"],
        ["dora", ""], ["ura", ""]]);
    }
  }
  assert.ok(scored >= 8, `${scored} legal hands with flags`);
  assert.equal(await page.isHidden("#score-box"), true, "no MCR panel under riichi");
});

/** The Sichuan controls: [name, value] pairs; a checkbox takes true/false. */
async function sichuanFlags(flags) {
  for (const [name, value] of flags) {
    const sel = `#sichuan-flags [name=${name}]`;
    if (value === true || value === false) await page.setChecked(sel, value);
    else await page.selectOption(sel, value);
  }
}

const SICHUAN_RESET = [["self-drawn", false], ["kong", false], ["after-kong", false], ["last-wall", false],
  ["first-turn", false], ["dealer", false], ["void", ""], ["payers", "3"], ["profile", "default"]];

/** The Sichuan panel as shown: fans (English, Chinese, fan, count), labels, sums. */
function readSichuan() {
  return page.evaluate(() => {
    const text = (id) => document.getElementById(id).textContent;
    return {
      fans: [...document.querySelectorAll("#sichuan-fans tr")].map((tr) => [...tr.cells].map((td) => td.textContent)),
      labels: text("sichuan-labels"), fan: text("sichuan-fan"), value: text("sichuan-value"),
      payments: text("sichuan-payments"), cap: text("sichuan-cap"),
    };
  });
}

test("a Sichuan hand's fans and payments equal hupai score --rules sichuan, with flags and profiles", async () => {
  const situations = [
    [[], []],
    [[["self-drawn", true]], ["--self-drawn"]],
    [[["self-drawn", true], ["kong", true], ["payers", "2"], ["profile", "chengdu"]],
      ["--self-drawn", "--kong", "--payers", "2", "--profile", "chengdu"]],
    [[["last-wall", true], ["first-turn", true], ["void", "p"], ["profile", "qq"]],
      ["--last-wall", "--first-turn", "--void", "p", "--profile", "qq"]],
    [[["after-kong", true], ["dealer", true], ["profile", "tfmj"]], ["--after-kong", "--dealer", "--profile", "tfmj"]],
  ];
  const hands = ["[2222m][555m2]888m333m99m", "1111m2233p445665p", "123m456m789m123s55s", "222m555m888m222p88p"];
  let wins = 0;
  for (const hand of hands) {
    for (const [controls, words] of situations) {
      await show(hand, "sichuan");
      await sichuanFlags(controls);
      const got = await read();
      const shown = await readSichuan();
      const [want] = cli("score", "sichuan", [hand], words);
      const what = `${hand} ${words.join(" ")}`;
      assert.equal(want.error, undefined, `${what}: ${want.error}`);
      assert.equal(got.error, null, what);
      assert.equal(got.total, String(want.payments.total), what);
      if (want.legal) {
        wins++;
        assert.deepEqual(shown.fans, want.fans.map((f) => [f.name, f.chinese, String(f.fan), f.count > 1 ? `×${f.count}` : ""]), what);
        assert.equal(shown.labels, want.labels.join(" · "), what);
        assert.deepEqual([shown.fan, shown.value, shown.cap], [String(want.fan), String(want.value), `(cap ${want.cap})`], what);
        const { payers, each } = want.payments;
        assert.equal(shown.payments, `paid by ${payers} ${payers === 1 ? "player" : "players"}, ${each} each`, what);
      } else {
        assert.deepEqual(shown.fans, [[`not a win: ${want.reason}`]], what);
      }
      await sichuanFlags(SICHUAN_RESET);
    }
  }
  assert.ok(wins >= 16, `${wins} wins`);
  assert.equal(await page.isHidden("#score-box"), true, "no MCR panel under sichuan");
  assert.equal(await page.isHidden("#riichi-box"), true, "no riichi panel under sichuan");
});

test("a Sichuan flag changes the total; a hand that is no win says why", async () => {
  const hand = "[2222m][555m2]888m333m99m";
  // 清对 with a root: 4 fan, capped at 3: 8 from the discarder; self-drawn,
  // 8 + 1 from each of the three others.
  assert.equal((await show(hand, "sichuan")).total, "8");
  assert.equal(await page.textContent("#sichuan-labels"), "清对");
  await sichuanFlags([["self-drawn", true]]);
  assert.equal((await read()).total, "27");
  await sichuanFlags([["payers", "1"]]);
  assert.equal((await read()).total, "9");
  // A situation that cannot happen is the panel's error, in words.
  await sichuanFlags([["after-kong", true]]);
  assert.match(await page.textContent("#sichuan-fans"), /does not go with --self-drawn/);
  assert.equal((await read()).total, "");
  await sichuanFlags(SICHUAN_RESET);
  // Three suits (花猪) and the void suit: scored as no win, with the reason.
  for (const [h, controls, reason] of [["123m234m456p789s11m", [], /three suits/],
    ["1111m2233p445665p", [["void", "m"]], /void suit m/]]) {
    await show(h, "sichuan");
    await sichuanFlags(controls);
    const [want] = cli("score", "sichuan", [h], controls.length ? ["--void", "m"] : []);
    assert.equal(want.legal, false);
    assert.match(want.reason, reason);
    assert.equal(await page.textContent("#sichuan-fans"), `not a win: ${want.reason}`);
    assert.equal((await read()).total, "0");
    await sichuanFlags(SICHUAN_RESET);
  }
  // Not complete: no panel; the share link reproduces the scored view.
  await show("123m456m789m123s56s", "sichuan");
  assert.equal(await page.isHidden("#sichuan-box"), true);
  await show(hand, "sichuan");
  const share = await page.getAttribute("#share", "href");
  const other = await browser.context.newPage();
  await other.goto(new URL(share, server.url).href);
  await other.waitForFunction(() => window.hupaiStats?.firstAnswerMs !== null);
  assert.equal(await other.textContent("[data-testid=score-total]"), "8");
  assert.equal(await other.isVisible("#sichuan-box"), true);
  await other.close();
});

test("riichi3 refuses 2m-8m with the command line's error", async () => {
  const got = await show("234m567m99s345p23p1p", "riichi3");
  const [want] = cli("score", "riichi3", ["234m567m99s345p23p1p"]);
  assert.match(want.error, /2m/);
  assert.equal(got.error, want.error);
  const ok = await show("111m999m111p56s77z7s", "riichi3");
  assert.equal(ok.error, null);
  const [scored] = cli("score", "riichi3", ["111m999m111p56s77z7s"]);
  assert.equal(ok.total, String(scored.cost.total));
});

test("the EV panel's win chances equal hupai analyze, on request", async () => {
  for (const [hand, rules, turns] of [["2345m66p345678s17z", "riichi", 17], ["12m456p789s1122z67s", "generic", 9]]) {
    await show(hand, rules);
    assert.equal(await page.isHidden("#ev-box"), true, "no EV before it is asked");
    await page.fill("#turns", String(turns));
    await page.click("#ev-button");
    const [want] = cli("analyze", rules, [hand], ["--turns", String(turns)]);
    assert.equal(want.shanten, 1, hand);
    const rows = await page.$$eval("[data-testid=ev-row]", (rs) => rs.map((r) => ({
      tile: r.dataset.tile, win: r.dataset.win.split(" ").map(Number) })));
    assert.deepEqual(rows, want.discards.map((d) => ({ tile: d.tile, win: d.win })), hand);
    const lines = await page.$$eval("#ev polyline", (ls) => ls.map((l) => l.dataset.label));
    assert.deepEqual(lines, want.discards.slice(0, 5).map((d) => d.tile));
    // Another edit forgets the analysis until it is asked again.
    await page.fill("[data-testid=hand-input]", hand + " ");
    assert.equal(await page.isHidden("#ev-box"), true);
  }
  await page.fill("#turns", "17");
});

test("the share URL reproduces the view", async () => {
  const first = await show("1234m5678p1356s12z", "riichi");
  const share = await page.getAttribute("#share", "href");
  assert.match(share, /\?q=1234m5678p1356s12z&rules=riichi$/);
  await page.waitForURL(/\?q=1234m5678p1356s12z&rules=riichi$/); // the address bar follows
  const other = await browser.context.newPage();
  await other.goto(new URL(share, server.url).href);
  await other.waitForFunction(() => window.hupaiStats?.firstAnswerMs !== null);
  assert.equal(await other.inputValue("[data-testid=hand-input]"), "1234m5678p1356s12z");
  assert.equal(await other.inputValue("[data-testid=rules]"), "riichi");
  const rows = await other.$$eval("[data-testid=discard-row]", (rs) => rs.map((r) => r.dataset.tile));
  assert.deepEqual(rows, first.rows.map((r) => r.tile));
  assert.equal(await other.textContent("[data-testid=shanten]"), first.shanten);
  await other.close();
});

test("bad hands show the error in words", async () => {
  for (const [hand, words] of [["123m4x", /position/], ["11111m", /copies|five|fifth/i], ["123m[", /bracket/i]]) {
    const got = await show(hand, "generic");
    assert.ok(got.error, hand);
    assert.match(got.error, words, `${hand}: ${got.error}`);
    assert.equal(got.error, cli("shanten", "generic", [hand])[0].error);
  }
  const got = await show("123m456p789s1122z", "sichuan");
  assert.match(got.error, /honour/);
});

test("clicking a discard row plays it; the palette adds tiles and declares melds", async () => {
  await show("1234m5678p1356s12z", "riichi");
  await page.click("[data-testid=discard-row][data-tile='1z']");
  assert.equal(await page.inputValue("[data-testid=hand-input]"), "1234m5678p1356s2z");
  const got = await read();
  assert.equal(got.live, expected("1234m5678p1356s2z", "riichi").live);
  await page.click("#palette button[title^='add 7s']");
  assert.equal(await page.inputValue("[data-testid=hand-input]"), "1234m5678p1356s2z7s");
  assert.equal((await read()).shanten, expected("1234m5678p1356s2z7s", "riichi").shanten);
  await page.fill("[data-testid=hand-input]", "1111m");
  await page.click("#palette button[title^='add 1m']");
  assert.equal(await page.inputValue("[data-testid=hand-input]"), "1111m");
  const refused = await read();
  assert.match(refused.error, /1m/);
  assert.equal(await page.locator("#tiles button").count(), 4, "the hand stays shown");
  await page.fill("[data-testid=hand-input]", "456p1199s");
  await page.selectOption("#mode", "pung");
  await page.click("#palette button[title^='add 7z']");
  await page.selectOption("#mode", "chow");
  await page.click("#palette button[title^='add 1m']");
  assert.equal(await page.inputValue("[data-testid=hand-input]"), "[777z1][123m1]456p1199s");
  await page.selectOption("#mode", "");
});

test("the phone layout fits a 390 px screen", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await show("1234m5678p1356s12z", "mcr");
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(await width() <= 390, `page is ${await width()} px wide`);
  await show("234m567m99s345p23p1p", "riichi");
  assert.ok(await width() <= 390, `with the riichi panel, ${await width()} px wide`);
  await show("2345m66p345678s17z", "riichi");
  await page.click("#ev-button");
  assert.ok(await width() <= 390, `with the EV panel, ${await width()} px wide`);
  await show("1111m2233p445665p", "sichuan");
  assert.ok(await width() <= 390, `with the Sichuan panel, ${await width()} px wide`);
  await page.setViewportSize({ width: 1000, height: 900 });
});

test("no request leaves the page after load; no console message", async (t) => {
  const seen = [];
  const context = browser.context;
  const listen = (r) => seen.push(r.url());
  context.on("request", listen);
  const before = server.requests.length;
  for (const h of testHands(99).slice(0, 20)) await show(h.hand, h.rules);
  await show("123m456m789m123p55s", "mcr");
  await page.check("#flags input[name=kong]");
  await page.uncheck("#flags input[name=kong]");
  await show("234m567m99s345p23p1p", "riichi");
  await page.check("#riichi-flags input[name=riichi]");
  await page.uncheck("#riichi-flags input[name=riichi]");
  await show("[2222m][555m2]888m333m99m", "sichuan");
  await sichuanFlags([["self-drawn", true], ["profile", "chengdu"], ["void", "p"]]);
  await sichuanFlags(SICHUAN_RESET);
  await show("2345m66p345678s17z", "generic");
  await page.click("#ev-button");
  context.off("request", listen);
  assert.deepEqual(seen, []);
  assert.equal(server.requests.length, before);
  assert.deepEqual(messages, []);
  t.diagnostic(`files served: ${[...new Set(server.requests.map((u) => u.split("?")[0]))].join(" ")}`);
});

test("timings (reported): first answer after load, discard-table update", async (t) => {
  const fresh = await browser.context.newPage();
  await fresh.goto(`${server.url}?q=1234m5678p1356s12z&rules=riichi`);
  await fresh.waitForFunction(() => window.hupaiStats?.firstAnswerMs !== null);
  const stats = await fresh.evaluate(() => window.hupaiStats);
  await fresh.close();
  const updates = {};
  for (const rules of ["generic", "riichi", "mcr"]) {
    await page.selectOption("[data-testid=rules]", rules);
    updates[rules] = await page.evaluate(() => {
      const input = document.querySelector("[data-testid=hand-input]");
      const hands = ["1234m5678p1356s12z", "1234m5678p1356s13z"];
      const [query, all] = [[], []];
      for (let i = 0; i < 100; i++) {
        input.value = hands[i % 2];
        input.dispatchEvent(new Event("input"));
        query.push(window.hupaiStats.lastQueryMs);
        all.push(window.hupaiStats.lastUpdateMs);
      }
      const median = (v) => v.sort((a, b) => a - b)[v.length >> 1];
      return `${median(all).toFixed(1)} ms, best ${all[0].toFixed(1)} ms (engine ${median(query).toFixed(1)} ms)`;
    });
  }
  const load = loadavg()[0].toFixed(1);
  const line = `load average ${load}: first answer ${stats.firstAnswerMs.toFixed(0)} ms after navigation (engine ready in ${stats.engineMs.toFixed(0)} ms); ` +
    `14-tile update (query + redraw; median of 100, best) ${Object.entries(updates).map(([r, v]) => `${r} ${v}`).join(", ")}`;
  t.diagnostic(line);
  console.log(`# ${line}`);
  assert.ok(stats.firstAnswerMs > 0);
});

test("the EV chart draws one line per discard over the draws left", async () => {
  // The chart's own test, on an analyze-shaped result made up here: curves
  // of known shape (the engine's are compared with the CLI above).
  const lines = await page.evaluate(async () => {
    const { renderEv } = await import("/js/render.js");
    const curve = (w) => Array.from({ length: 17 }, (_, t) => 1 - (1 - w) ** (t + 1));
    renderEv({ hand: "x", turns: 17, discards: [0.1, 0.05, 0.02].map((w, i) => ({
      tile: ["1m", "9p", "7z"][i], shanten: 0, effective: [], tenpai: curve(1), win: curve(w), score: curve(w),
    })) });
    const out = [...document.querySelectorAll("#ev polyline")].map((l) => [l.dataset.label, l.getAttribute("points")]);
    renderEv(undefined);
    return out;
  });
  assert.deepEqual(lines.map(([label]) => label), ["1m", "9p", "7z"]);
  for (const [, points] of lines) {
    const xy = points.split(" ").map((p) => p.split(",").map(Number));
    assert.equal(xy.length, 17);
    assert.ok(xy.every(([, y], i) => i === 0 || y <= xy[i - 1][1]), "rising probability is a falling y");
  }
  assert.equal(await page.isHidden("#ev-box"), true);
});
