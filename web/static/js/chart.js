// A line chart of probabilities by turns left (the discard EV's win and
// tenpai curves): one line per series, x = draws left 1..T,
// y = 0..1. Plain SVG, no library.

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#0b6e4f", "#c1440e", "#1f5aa6", "#8a3ea8", "#a08a00", "#555"];

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  parent?.appendChild(e);
  return e;
}

/** `series`: [{label, values}] with values[t - 1] the probability with t
 * draws left. Returns an <svg> (viewBox 320 x 180) with one polyline per
 * series (data-label on each) and labelled axes. */
export function probabilityChart(series, { title = "" } = {}) {
  const [w, h, left, bottom, top, right] = [320, 180, 34, 22, 8, 8];
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, class: "chart", role: "img", "aria-label": title });
  const turns = Math.max(1, ...series.map((s) => s.values.length));
  const x = (t) => left + ((t - 1) / Math.max(1, turns - 1)) * (w - left - right);
  const y = (p) => top + (1 - p) * (h - top - bottom);
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    el("line", { x1: left, x2: w - right, y1: y(p), y2: y(p), class: "grid" }, svg);
    el("text", { x: left - 4, y: y(p) + 3, "text-anchor": "end", class: "axis" }, svg).textContent = `${p * 100}%`;
  }
  for (let t = 1; t <= turns; t += Math.max(1, Math.round(turns / 6))) {
    el("text", { x: x(t), y: h - 6, "text-anchor": "middle", class: "axis" }, svg).textContent = String(t);
  }
  series.forEach((s, i) => {
    const points = s.values.map((p, k) => `${x(k + 1).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
    const line = el("polyline", { points, fill: "none", stroke: COLOURS[i % COLOURS.length], "stroke-width": 2 }, svg);
    line.dataset.label = s.label;
    el("title", {}, line).textContent = s.label;
  });
  return svg;
}

/** The colour of series `i` (for a legend beside the chart). */
export const seriesColour = (i) => COLOURS[i % COLOURS.length];
