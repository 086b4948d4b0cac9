// A line chart over the deals of a game, in SVG: the frame both the score sheet's chart of
// running totals and the review's charts draw their lines in — grid, deals along the bottom,
// the name screen readers hear — and the figure around it with its legend.

import { h, s } from "./dom.js";

/**
 * A <figure> holding a chart of `box` ({width, height, left, right, top, bottom}, in the
 * SVG's units) of values from `low` to `high` over `deals` deals: a grid line every `step`,
 * labelled by `tick(value)`; the deals along the bottom, `xTitle` under them; what
 * `draw(x, y)` returns (x and y: a deal and a value to the SVG's units), named `label` for
 * screen readers; then `title` and the `legend` items.
 */
export function lineChart({ box, low, high, deals, step, tick, xTitle, draw, label, title, legend, figureClass }) {
  const { width, height, left, right, top, bottom } = box;
  const x = (deal) => left + ((width - left - right) * deal) / Math.max(1, deals);
  const y = (value) => top + ((height - top - bottom) * (high - value)) / (high - low);
  const ticks = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) ticks.push(Number(v.toFixed(6)));
  const every = Math.max(1, Math.ceil(deals / 12));
  const dealTicks = [];
  for (let d = 0; d <= deals; d += every) dealTicks.push(d);
  return h("figure", { class: figureClass },
    s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chart-svg" },
      s("title", {}, label),
      ticks.map((v) => s("g", { class: "tick" },
        s("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "zero" : "grid" }),
        s("text", { x: left - 6, y: y(v) + 4, class: "y-label" }, tick(v)))),
      dealTicks.map((d) => s("text", { x: x(d), y: height - bottom + 16, class: "x-label" }, d)),
      s("text", { x: (left + width - right) / 2, y: height - 4, class: "x-title" }, xTitle),
      draw(x, y)),
    h("figcaption", {}, h("strong", {}, title), " ", h("ul", { class: "legend" }, legend)));
}
