// Tiles drawn by the project as small SVGs: pips for dots and bamboo, a
// numeral for characters, a letter for winds, shapes for the dragons.
// Names are mpsz ("5p", "7z"); the 34 kinds in index order are KINDS.

const SVG = "http://www.w3.org/2000/svg";

export const KINDS = [
  ..."123456789".split("").map((d) => d + "m"),
  ..."123456789".split("").map((d) => d + "p"),
  ..."123456789".split("").map((d) => d + "s"),
  ..."1234567".split("").map((d) => d + "z"),
];

const HONOURS = ["East", "South", "West", "North", "White", "Green", "Red"];
const SUITS = { m: "characters", p: "dots", s: "bamboo" };

/** "5p" -> "5 of dots", "1z" -> "East". */
export function tileTitle(name) {
  const [d, s] = [Number(name[0]), name[1]];
  return s === "z" ? HONOURS[d - 1] : `${d} of ${SUITS[s]}`;
}

// Pip centres on a 30 x 40 face, per count (shared by dots and bamboo).
const PIPS = {
  1: [[15, 20]],
  2: [[15, 11], [15, 29]],
  3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[9, 9], [21, 9], [9, 20], [21, 20], [9, 31], [21, 31]],
  7: [[7, 7], [15, 11], [23, 15], [9, 24], [21, 24], [9, 33], [21, 33]],
  8: [[9, 7], [21, 7], [9, 15.7], [21, 15.7], [9, 24.3], [21, 24.3], [9, 33], [21, 33]],
  9: [[7, 9], [15, 9], [23, 9], [7, 20], [15, 20], [23, 20], [7, 31], [15, 31], [23, 31]],
};

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(g, x, y, size, fill, s, weight = "700") {
  const t = el("text", { x, y, "font-size": size, fill, "text-anchor": "middle",
    "font-weight": weight, "font-family": "system-ui, sans-serif" }, g);
  t.textContent = s;
}

function face(g, d, suit) {
  const small = d >= 7 ? 0.8 : 1;
  if (suit === "p") {
    for (const [i, [x, y]] of PIPS[d].entries()) {
      const colour = d === 1 ? "#b22" : (i + d) % 3 === 0 ? "#b22" : i % 2 ? "#173" : "#138";
      const r = (d === 1 ? 9 : d <= 4 ? 5.5 : 4.2) * small;
      el("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 2 }, g);
      el("circle", { cx: x, cy: y, r: r / 3, fill: colour }, g);
    }
  } else if (suit === "s") {
    for (const [x, y] of PIPS[d]) {
      const h = d <= 2 ? 14 : d <= 6 ? 9 : 7.4;
      el("rect", { x: x - 2.2, y: y - h / 2, width: 4.4, height: h, rx: 2,
        fill: d === 1 || (d > 4 && x === 15) ? "#b22" : "#173" }, g);
    }
  } else if (suit === "m") {
    text(g, 15, 23, 20, "#111", String(d));
    el("path", { d: "M7 30 h16 M10 34 h10 M15 27 v10", stroke: "#b22",
      "stroke-width": 2.2, "stroke-linecap": "round", fill: "none" }, g);
  } else if (d <= 4) {
    text(g, 15, 28, 21, "#123", "ESWN"[d - 1]);
  } else if (d === 5) {
    el("rect", { x: 7, y: 8, width: 16, height: 24, fill: "none", stroke: "#138", "stroke-width": 2 }, g);
    el("rect", { x: 10, y: 11, width: 10, height: 18, fill: "none", stroke: "#138", "stroke-width": 1 }, g);
  } else if (d === 6) {
    el("path", { d: "M15 7 L15 33 M7 14 Q15 22 23 14 M8 26 Q15 19 22 26",
      stroke: "#173", "stroke-width": 2.6, "stroke-linecap": "round", fill: "none" }, g);
  } else {
    el("rect", { x: 8, y: 12, width: 14, height: 12, fill: "none", stroke: "#b22", "stroke-width": 2.4 }, g);
    el("path", { d: "M15 6 V35", stroke: "#b22", "stroke-width": 2.6, "stroke-linecap": "round" }, g);
  }
}

/** Each kind is drawn once, as a symbol of a hidden sprite; a tile on the
 * page is a two-node reference to it (a discard table shows a hundred). */
function sprite() {
  const svg = el("svg", { "aria-hidden": "true", style: "position:absolute;width:0;height:0" });
  for (const name of KINDS) {
    const symbol = el("symbol", { id: `tile-${name}`, viewBox: "0 0 30 40" }, svg);
    el("rect", { x: 0.75, y: 0.75, width: 28.5, height: 38.5, rx: 4, class: "tile-bg" }, symbol);
    face(symbol, Number(name[0]), name[1]);
  }
  document.body.prepend(svg);
}

/** An SVG tile; `opts.small` for the compact size in tables. */
export function tileSvg(name, opts = {}) {
  if (!document.getElementById("tile-1m")) sprite();
  const svg = el("svg", { viewBox: "0 0 30 40", class: opts.small ? "tile small" : "tile",
    role: "img", "aria-label": `${name} · ${tileTitle(name)}` });
  el("use", { href: `#tile-${name}` }, svg);
  return svg;
}

/** The back of a tile (the outer tiles of a concealed kong). */
export function tileBack() {
  const svg = el("svg", { viewBox: "0 0 30 40", class: "tile back", role: "img", "aria-label": "face down" });
  el("rect", { x: 0.75, y: 0.75, width: 28.5, height: 38.5, rx: 4, class: "tile-bg" }, svg);
  return svg;
}

/** The markup of a tile, for tables built as one string (a discard table
 * shows a hundred tiles: one parse is faster than a hundred elements). */
export function tileHtml(name, opts = {}) {
  if (!document.getElementById("tile-1m")) sprite();
  const cls = opts.small ? "tile small" : "tile";
  return `<svg viewBox="0 0 30 40" class="${cls}" role="img" aria-label="${name} · ${tileTitle(name)}">` +
    `<use href="#tile-${name}"></use></svg>`;
}
