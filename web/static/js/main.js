// The page: state in the URL (?q=<hand>&rules=<rules>), one engine query per
// change, every panel redrawn from the answer.

import { loadEngine } from "./engine.js";
import { KINDS } from "./tiles.js";
import * as render from "./render.js";

const $ = (id) => document.getElementById(id);
const ui = {
  hand: $("hand"), rules: $("rules"), jokers: $("jokers"), joker: $("joker"),
  mode: $("mode"), flags: $("flags"), riichiFlags: $("riichi-flags"), sichuanFlags: $("sichuan-flags"),
  error: $("error"),
  share: $("share"), turns: $("turns"),
};
// Timings the browser test reads (milliseconds).
const stats = { firstAnswerMs: null, engineMs: null, lastQueryMs: null, lastUpdateMs: null };
window.hupaiStats = stats;

let query = null;
let urlTimer = 0;

// The Sichuan situation switches, named as `hupai score --rules sichuan` names them.
const SICHUAN_SWITCHES = ["self-drawn", "kong", "after-kong", "last-wall", "first-turn", "dealer"];

/** The scoring situation of the active rule family as command-line words:
 * MCR's "--self-drawn --seat S", riichi's "--riichi --dora 3m", Sichuan's
 * "--self-drawn --void p --payers 3 --profile default". */
function flagWords() {
  if (ui.rules.value === "sichuan") {
    const f = new FormData(ui.sichuanFlags);
    const words = SICHUAN_SWITCHES.filter((k) => f.get(k)).map((k) => `--${k}`);
    if (f.get("void")) words.push("--void", f.get("void"));
    words.push("--payers", f.get("payers"), "--profile", f.get("profile"));
    return words.join(" ");
  }
  const riichi = ui.rules.value.startsWith("riichi");
  const f = new FormData(riichi ? ui.riichiFlags : ui.flags);
  const switches = riichi ? ["riichi", "self-drawn", "ippatsu"] : ["self-drawn", "last-tile", "last-wall", "kong"];
  const words = switches.filter((k) => f.get(k)).map((k) => `--${k}`);
  for (const k of riichi ? ["prevalent", "seat"] : ["prevalent", "seat", "flowers"]) {
    words.push(`--${k}`, String(f.get(k) || 0));
  }
  if (riichi) {
    for (const k of ["dora", "ura"]) {
      const tiles = String(f.get(k) || "").replace(/\s+/g, "");
      if (tiles) words.push(`--${k}`, tiles);
    }
  }
  return words.join(" ");
}

function shareUrl() {
  const p = new URLSearchParams({ q: ui.hand.value, rules: ui.rules.value });
  if (Number(ui.jokers.value)) p.set("jokers", ui.jokers.value);
  if (ui.joker.value) p.set("joker", ui.joker.value);
  return `${location.pathname}?${p}`;
}

/** Ask the engine about the hand (after `edit`, if any) and draw the answer. */
function update(edit = {}) {
  const start = performance.now();
  const empty = !ui.hand.value.trim() && !Number(ui.jokers.value) && !edit.add;
  const ask = (e) => query({
    hand: ui.hand.value, rules: ui.rules.value, jokers: Number(ui.jokers.value) || 0,
    joker: ui.joker.value, flags: flagWords(), ...e,
  });
  let view = empty ? {} : ask(edit);
  const edited = edit.add || edit.remove || edit.meld;
  // An edit the hand refuses (a fifth copy) leaves the hand as it was.
  if (edited && view.error) view = { ...ask({}), error: view.error };
  else if (edited) ui.hand.value = view.hand;
  stats.lastQueryMs = performance.now() - start;
  ui.error.hidden = !view.error;
  ui.error.textContent = view.error || "";
  render.renderHand(view, (tile) => update({ remove: tile }));
  render.renderPalette(view.left, pick);
  render.renderDiscards(view.discards, (tile) => update({ remove: tile }));
  render.renderDraws(view);
  render.renderArrangements(view.arrangements);
  render.renderScore(view.score);
  render.renderRiichi(view.riichi);
  render.renderSichuan(view.sichuan);
  render.markTotal(view);
  render.renderEv(view.ev);
  const url = shareUrl();
  ui.share.href = url;
  // The address bar follows once typing pauses (browsers throttle
  // history updates, and a keystroke need not wait for one).
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => history.replaceState(null, "", url), 150);
  stats.lastUpdateMs = performance.now() - start;
}

/** A palette click: add the tile, or declare a meld on it. */
function pick(tile) {
  const meld = ui.mode.value;
  update(meld ? { meld, tile } : { add: tile });
}

async function start() {
  for (const name of KINDS) ui.joker.append(new Option(name, name));
  const params = new URLSearchParams(location.search);
  ui.hand.value = params.get("q") || "";
  if (params.has("rules")) ui.rules.value = params.get("rules");
  if (!ui.rules.value) ui.rules.value = "generic"; // a rule set this page does not offer
  ui.jokers.value = params.get("jokers") || "0";
  ui.joker.value = params.get("joker") || "";
  const loading = performance.now();
  query = await loadEngine();
  stats.engineMs = performance.now() - loading;
  update();
  stats.firstAnswerMs = performance.now();
  ui.hand.addEventListener("input", () => update());
  for (const e of [ui.rules, ui.jokers, ui.joker, ui.flags, ui.riichiFlags, ui.sichuanFlags]) {
    e.addEventListener("input", () => update());
  }
  // The discard EV only on request: from 3-shanten it takes a while.
  $("ev-button").addEventListener("click", () => update({ analyze: true, turns: Number(ui.turns.value) || 17 }));
  $("clear").addEventListener("click", () => { ui.hand.value = ""; update(); ui.hand.focus(); });
}

start().catch((e) => {
  ui.error.hidden = false;
  ui.error.textContent = `The engine could not start: ${e.message}`;
});
