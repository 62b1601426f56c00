// Hands for the browser tests, from a fixed seed: random draws from a wall,
// complete hands (four melds and a pair) and ready hands (a complete hand
// less one tile), written in mpsz. Only tiles are chosen here; every answer
// comes from the engine and the CLI.

import { KINDS } from "../static/js/tiles.js";

/** A small seeded generator (mulberry32). */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Counts (34) to mpsz: "123m456p11z". */
export function mpsz(counts) {
  let out = "";
  for (const [s, base] of [["m", 0], ["p", 9], ["s", 18], ["z", 27]]) {
    let digits = "";
    for (let i = 0; i < (s === "z" ? 7 : 9); i++) digits += String(i + 1).repeat(counts[base + i]);
    if (digits) out += digits + s;
  }
  return out;
}

const kinds = (honours) => KINDS.map((_, i) => i).filter((i) => honours || i < 27);

/** `n` random tiles from a full wall. */
export function randomHand(next, n, honours = true) {
  const wall = kinds(honours).flatMap((i) => [i, i, i, i]);
  const counts = new Array(34).fill(0);
  for (let k = 0; k < n; k++) {
    const j = Math.floor(next() * (wall.length - k));
    [wall[j], wall[wall.length - 1 - k]] = [wall[wall.length - 1 - k], wall[j]];
    counts[wall[wall.length - 1 - k]]++;
  }
  return counts;
}

/** Four random melds (chows and pungs) and a pair, each kind at most 4. */
export function completeHand(next, honours = true, suits = [0, 1, 2]) {
  for (;;) {
    const counts = new Array(34).fill(0);
    const pick = () => {
      const all = suits.flatMap((s) => [...Array(9).keys()].map((r) => 9 * s + r))
        .concat(honours ? [27, 28, 29, 30, 31, 32, 33] : []);
      return all[Math.floor(next() * all.length)];
    };
    for (let m = 0; m < 4; m++) {
      const t = pick();
      if (t < 27 && t % 9 <= 6 && next() < 0.6) [t, t + 1, t + 2].forEach((i) => counts[i]++);
      else counts[t] += 3;
    }
    counts[pick()] += 2;
    if (counts.every((c) => c <= 4)) return counts;
  }
}

/** A ready hand: a complete hand less one of its tiles. */
export function readyHand(next, honours = true, suits = [0, 1, 2]) {
  const counts = completeHand(next, honours, suits);
  const held = counts.flatMap((c, i) => Array(c).fill(i));
  counts[held[Math.floor(next() * held.length)]]--;
  return counts;
}

/** The test set: per rule set, random 13 and 14, ready 13 and complete 14. */
export function testHands(seed = 17) {
  const next = rng(seed);
  const out = [];
  for (const rules of ["generic", "sichuan", "riichi", "mcr"]) {
    const honours = rules !== "sichuan";
    const suits = rules === "sichuan" ? [0, 2] : [0, 1, 2];
    for (let k = 0; k < 4; k++) {
      out.push({ rules, hand: mpsz(randomHand(next, 14, honours)) });
      out.push({ rules, hand: mpsz(randomHand(next, 13, honours)) });
      out.push({ rules, hand: mpsz(readyHand(next, honours, suits)) });
    }
    out.push({ rules, hand: mpsz(completeHand(next, honours, suits)) });
    out.push({ rules, hand: mpsz(completeHand(next, honours, suits)) });
  }
  // Declared melds, seven pairs, all four copies of a wait held.
  out.push({ rules: "mcr", hand: "[123m][777z]456p1199s" });
  out.push({ rules: "riichi", hand: "1122m3344p5566s7z" });
  out.push({ rules: "generic", hand: "1111m234p567s888s" });
  out.push({ rules: "riichi", hand: "19m19p19s1234567z" });
  return out;
}
