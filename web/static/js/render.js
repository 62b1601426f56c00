// Drawing the view the engine returns: one function per panel. No rule
// here; every number comes from the engine's view.

import { KINDS, tileBack, tileHtml, tileSvg } from "./tiles.js";
import { probabilityChart, seriesColour } from "./chart.js";

const $ = (id) => document.getElementById(id);

function node(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  for (const c of children) e.append(c);
  return e;
}

function tileButton(name, label, onClick) {
  const b = node("button", { type: "button", className: "tile-button", title: label });
  b.append(tileSvg(name));
  b.addEventListener("click", onClick);
  return b;
}

/** Tiles with their copies left, e.g. 3m×4 5p×2. */
function draws(list) {
  const box = node("span", { className: "draws" });
  for (const { tile, remaining } of list) {
    box.append(node("span", { className: "draw" }, tileSvg(tile, { small: true }), `×${remaining}`));
  }
  return box;
}

/** The concealed tiles (click one to discard it) and the declared melds. */
export function renderHand(view, onRemove) {
  const box = $("tiles");
  box.onclick = (e) => {
    const b = e.target.closest("button[data-tile]");
    if (b) onRemove(b.dataset.tile);
  };
  const concealed = view.concealed || [];
  const drawn = view.size % 3 === 2 && concealed.length > 1;
  box.innerHTML = concealed.map((name, i) =>
    (drawn && i === concealed.length - 1 ? '<span class="gap"></span>' : "") +
    `<button type="button" class="tile-button" data-tile="${name}" title="discard ${name}">${tileHtml(name)}</button>`).join("");
  for (const meld of view.melds || []) {
    const m = node("span", { className: "meld", title: meld.concealed ? "concealed kong" : "declared meld" });
    meld.tiles.forEach((name, i) => {
      m.append(meld.concealed && (i === 0 || i === 3) ? tileBack() : tileSvg(name));
    });
    box.append(m);
  }
  $("size").textContent = view.size === undefined ? "" : `${view.size} tiles`;
  $("shanten").textContent = view.shanten ?? "";
  $("verdict").textContent =
    view.shanten === -1 ? "(complete)" : view.shanten === 0 ? "(ready)" : "";
}

/** The 34 kinds with their copies left; click to add. Built once, then
 * only the counts change. */
export function renderPalette(left, onPick) {
  const box = $("palette");
  if (!box.children.length) {
    for (const name of KINDS) {
      const b = tileButton(name, `add ${name}`, () => onPick(name));
      box.append(node("span", { className: "pick" }, b, node("span", { className: "left" })));
    }
  }
  KINDS.forEach((name, i) => {
    const n = left ? left[i] : 4;
    const pick = box.children[i];
    pick.className = n ? "pick" : "pick none";
    pick.lastChild.textContent = String(n);
    pick.firstChild.title = `add ${name} (${n} left)`;
  });
}

/** Draws as markup: tile ×copies. */
const drawsHtml = (list) => `<span class="draws">${list.map(({ tile, remaining }) =>
  `<span class="draw">${tileHtml(tile, { small: true })}×${remaining}</span>`).join("")}</span>`;

/** The Tenhou-style discard table of a 3n+2 hand, best first; a click on a
 * row plays its discard. Built as one string: it is redrawn on every key. */
export function renderDiscards(rows, onPlay) {
  $("discards-box").hidden = !rows;
  const body = $("discards");
  body.onclick = (e) => {
    const tr = e.target.closest("tr[data-tile]");
    if (tr) onPlay(tr.dataset.tile);
  };
  if (!rows) {
    body.replaceChildren();
    return;
  }
  const best = rows.length ? rows[0].shanten : null;
  body.innerHTML = rows.map((r) =>
    `<tr data-testid="discard-row" data-tile="${r.tile}" data-shanten="${r.shanten}" data-total="${r.total}" title="play ${r.tile}">` +
    `<td>${tileHtml(r.tile, { small: true })}</td><td${r.shanten === best ? ' class="better"' : ""}>${r.shanten}</td>` +
    `<td>${drawsHtml(r.effective)}</td><td>${r.total}</td></tr>`).join("");
}

/** Live and exhausted waits and the effective draws of a 3n+1 hand. */
export function renderDraws(view) {
  $("draws-box").hidden = !view.waits;
  const waits = $("waits");
  const effective = $("effective");
  waits.replaceChildren();
  effective.replaceChildren();
  if (!view.waits) {
    delete waits.dataset.live;
    delete waits.dataset.exhausted;
    return;
  }
  const { live, exhausted } = view.waits;
  waits.dataset.live = live.join(" ");
  waits.dataset.exhausted = exhausted.join(" ");
  const left = (t) => ({ tile: t, remaining: view.left[KINDS.indexOf(t)] });
  waits.append(node("p", {}, "waits: ", live.length ? draws(live.map(left)) : "none"));
  if (exhausted.length) {
    waits.append(node("p", {}, "exhausted (all four copies in the hand): ", draws(exhausted.map(left))));
  }
  if (view.shanten > 0) {
    effective.append(node("p", {}, `draws that help (${view.total} copies): `, draws(view.effective)));
  }
}

/** Every arrangement of a complete hand. */
export function renderArrangements(list) {
  $("arrangements-box").hidden = !list;
  const box = $("arrangements");
  box.replaceChildren();
  for (const a of list || []) {
    const li = node("li");
    if (a.form !== "standard") li.append(node("em", {}, `${a.form}: `));
    for (const g of a.groups) li.append(group(g));
    box.append(li);
  }
}

/** A group as tiles: "123m" -> 1m 2m 3m; a declared meld "[2222z1]" on a
 * shaded ground; jokers ("*", "J") as text. */
function group(text) {
  const declared = /^\[(.*?)\d?\]$/.exec(text);
  const body = declared ? declared[1] : text;
  const span = node("span", { className: declared ? "group meld" : "group", title: text });
  const suit = body[body.length - 1];
  if (!"mpsz".includes(suit)) return node("code", {}, text, " ");
  for (const d of body.slice(0, -1)) {
    span.append(/[1-9]/.test(d) ? tileSvg(d + suit, { small: true }) : node("code", {}, d));
  }
  return span;
}

/** The MCR fan table with total and legality. */
export function renderScore(score) {
  $("score-box").hidden = !score;
  const body = $("fans");
  body.replaceChildren();
  $("score-total").textContent = "";
  $("legal").textContent = "";
  if (!score) return;
  if (score.error) {
    body.append(node("tr", {}, node("td", { colSpan: 4, className: "error" }, score.error)));
    return;
  }
  for (const f of score.fans) {
    body.append(node("tr", {},
      node("td", {}, f.name), node("td", { lang: "zh" }, f.chinese),
      node("td", {}, String(f.points)), node("td", {}, f.count > 1 ? `×${f.count}` : "")));
  }
  $("score-total").textContent = String(score.total);
  const legal = $("legal");
  legal.textContent = score.legal ? "(legal win)" : `(not a legal win: ${score.without_flowers} without flowers, 8 needed)`;
  legal.className = score.legal ? "" : "no";
}

/** Riichi scoring (the riichi score JSON: han, fu, yaku, cost, limit, legal), when
 * the engine's view carries it. */
export function renderRiichi(score) {
  $("riichi-box").hidden = !score;
  const body = $("yaku");
  body.replaceChildren();
  const points = $("riichi-points");
  $("riichi-total").textContent = "";
  points.textContent = "";
  if (!score) return;
  if (score.error) {
    body.append(node("tr", {}, node("td", { colSpan: 3, className: "error" }, score.error)));
    return;
  }
  for (const y of score.yaku) {
    body.append(node("tr", {}, node("td", {}, y.name), node("td", { lang: "ja" }, y.japanese),
      node("td", {}, `${y.han} han`)));
  }
  const limit = score.limit ? ` ${score.limit}` : "";
  $("riichi-total").textContent = score.legal
    ? `${score.han} han ${score.fu} fu${limit}`
    : "no yaku: not a legal win";
  points.textContent = String(score.cost.total);
}

/** Sichuan scoring (the Sichuan score JSON: fans, labels, fan, cap, value,
 * payments, legal and the reason when not a win), when the view carries it. */
export function renderSichuan(score) {
  $("sichuan-box").hidden = !score;
  const body = $("sichuan-fans");
  body.replaceChildren();
  for (const id of ["sichuan-labels", "sichuan-cap", "sichuan-fan", "sichuan-value", "sichuan-payments",
    "sichuan-total", "sichuan-reading"]) $(id).textContent = "";
  if (!score) return;
  if (score.error || !score.legal) {
    const text = score.error || `not a win: ${score.reason}`;
    body.append(node("tr", {}, node("td", { colSpan: 4, className: "error" }, text)));
    if (!score.error) $("sichuan-total").textContent = String(score.payments.total);
    return;
  }
  for (const f of score.fans) {
    body.append(node("tr", {},
      node("td", {}, f.name), node("td", { lang: "zh" }, f.chinese),
      node("td", {}, String(f.fan)), node("td", {}, f.count > 1 ? `×${f.count}` : "")));
  }
  $("sichuan-labels").textContent = score.labels.join(" · ");
  $("sichuan-cap").textContent = score.cap === null ? "(no cap)" : `(cap ${score.cap})`;
  $("sichuan-fan").textContent = String(score.fan);
  $("sichuan-value").textContent = String(score.value);
  const p = score.payments;
  $("sichuan-payments").textContent = `paid by ${p.payers} ${p.payers === 1 ? "player" : "players"}, ${p.each} each`;
  $("sichuan-total").textContent = String(p.total);
  $("sichuan-reading").textContent = `scored as ${score.arrangement}`;
}

/** The score-total hook goes to the total of the scoring panel shown:
 * riichi's points, Sichuan's payments total, the MCR total otherwise. */
export function markTotal(view) {
  const id = view.riichi ? "riichi-points" : view.sichuan ? "sichuan-total" : "score-total";
  for (const e of document.querySelectorAll("[data-testid=score-total]")) {
    if (e.id !== id) delete e.dataset.testid;
  }
  $(id).dataset.testid = "score-total";
}

/** The discard EV (the analyze JSON: per discard, tenpai / win / score by
 * draws left), the win-probability curves as a chart, when the view carries
 * it; each discard's row (data-testid=ev-row) carries its win curve. */
export function renderEv(analysis) {
  $("ev-box").hidden = !analysis;
  const box = $("ev");
  box.replaceChildren();
  if (!analysis) return;
  if (analysis.error) {
    box.append(node("p", { className: "error" }, analysis.error));
    return;
  }
  const top = analysis.discards.slice(0, 5);
  box.append(probabilityChart(top.map((d) => ({ label: d.tile, values: d.win })),
    { title: `win probability by draws left, best ${top.length} discards` }));
  const last = analysis.turns - 1;
  const legend = node("p", { className: "legend" });
  top.forEach((d, i) => {
    legend.append(node("span", { style: `border-color: ${seriesColour(i)}` }, tileSvg(d.tile, { small: true }),
      ` ${d.tile}`));
  });
  box.append(legend);
  const pct = (p) => `${(100 * p).toFixed(1)}%`;
  const rows = analysis.discards.map((d) =>
    `<tr data-testid="ev-row" data-tile="${d.tile}" data-win="${d.win.join(" ")}">` +
    `<td>${tileHtml(d.tile, { small: true })}</td><td>${d.shanten}</td><td>${pct(d.tenpai[last])}</td>` +
    `<td>${pct(d.win[last])}</td><td>${d.score ? d.score[last].toFixed(0) : "–"}</td></tr>`).join("");
  const table = node("table", { className: "discards" });
  table.innerHTML = `<thead><tr><th>discard</th><th>shanten</th><th>ready within ${analysis.turns}</th>` +
    `<th>win within ${analysis.turns}</th><th>expected score</th></tr></thead><tbody>${rows}</tbody>`;
  box.append(table);
}
