// The score sheet (bids, tricks and points of every deal, running totals) and the chart of
// every seat's running total, deal by deal, drawn in SVG.

import { lineChart } from "./chart.js";
import { h, s, SEAT_COLOURS } from "./dom.js";
import { t, count, colon } from "./i18n.js";

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const LINE_WIDTH = 3;  // px of the chart's lines
const TIE_GAP = LINE_WIDTH + 1;  // px between the lines of seats level after a deal

/**
 * The score sheet of `results` for `names`, as a <table>; each cell reads "bid / taken",
 * the order used everywhere. `onCorrect(deal)`, when given, adds a button to each row.
 */
export function scoreSheet(results, names, onCorrect = null) {
  if (!results.length) return h("p", { class: "muted" }, t("scores_empty"));
  const running = names.map(() => 0);
  const rows = results.map((result, deal) => {
    result.scores.forEach((score, seat) => (running[seat] += score));
    return h("tr", { "data-deal": deal },
      h("th", { scope: "row" }, deal + 1),
      h("td", { class: "num" }, result.hand_size),
      names.map((_, seat) => {
        const made = result.bids[seat] === result.tricks[seat];
        return h("td", { class: ["cell", made ? "made" : "missed"] },
          h("span", { class: "bid-took" }, `${result.bids[seat]} / ${result.tricks[seat]}`), " ",
          h("span", { class: "points" }, signed(result.scores[seat])), " ",
          h("span", { class: "running" }, `(${running[seat]})`));
      }),
      onCorrect ? h("td", {}, h("button", { type: "button", class: "correct", onclick: () => onCorrect(deal) }, t("pad_correct"))) : null);
  });
  return h("div", { class: "sheet-wrap" },
    h("table", { class: "sheet" },
      h("caption", {}, t("sheet_legend")),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("deal_col")),
        h("th", { scope: "col" }, t("cards_col")),
        names.map((name) => h("th", { scope: "col" }, name, h("small", { class: "bid-taken-head" }, t("web_bid_taken")))),
        onCorrect ? h("td", {}) : null)),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {},
        h("th", { scope: "row", colspan: 2 }, t("total")),
        running.map((total) => h("td", { class: "num" }, total)),
        onCorrect ? h("td", {}) : null))));
}

/** The running totals of every seat after each deal, drawn as lines (an <svg>). */
export function totalsChart(results, names) {
  const series = names.map(() => [0]);
  for (const result of results) {
    result.scores.forEach((score, seat) => series[seat].push(series[seat].at(-1) + score));
  }
  const values = series.flat();
  let low = Math.min(0, ...values);
  let high = Math.max(1, ...values);
  const pad = Math.max(1, Math.round((high - low) * 0.05));
  low -= pad;
  high += pad;

  // Seats level after a deal would draw one line over the other: each of them is moved apart
  // by a line's width, around the true value, so every seat's line stays in sight.
  const nudge = series.map(() => []);
  for (let d = 0; d <= results.length; d++) {
    const level = new Map();
    series.forEach((points, seat) => level.set(points[d], [...(level.get(points[d]) || []), seat]));
    for (const seats of level.values()) {
      seats.forEach((seat, k) => (nudge[seat][d] = (k - (seats.length - 1) / 2) * TIE_GAP));
    }
  }
  const draw = (x, y) => series.map((points, seat) => {
    const at = (d) => y(points[d]) + nudge[seat][d];
    return s("g", { class: "series", "data-seat": seat },
      s("polyline", {
        points: points.map((_, d) => `${x(d).toFixed(1)},${at(d).toFixed(1)}`).join(" "),
        stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length],
        "stroke-width": LINE_WIDTH,
      }),
      points.map((_, d) => s("circle", { cx: x(d), cy: at(d).toFixed(1), r: 2.5, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length] })));
  });

  return lineChart({
    box: { width: 640, height: 300, left: 44, right: 16, top: 16, bottom: 36 },
    low, high,
    deals: Math.max(1, results.length),
    step: Math.max(1, Math.ceil((high - low) / 6 / 5) * 5),
    tick: (v) => v,
    xTitle: t("deal_col"),
    draw,
    label: `${t("chart_title")}${colon()}` + names.map((name, seat) => `${name} ${series[seat].at(-1)}`).join(", "),
    title: t("chart_title"),
    legend: names.map((name, seat) =>
      h("li", {}, h("span", { class: "swatch", style: { "--colour": SEAT_COLOURS[seat % SEAT_COLOURS.length] } }),
        `${name}${colon()}${count(series[seat].at(-1), "point")}`)),
    figureClass: "chart",
  });
}
