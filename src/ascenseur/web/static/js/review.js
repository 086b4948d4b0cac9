// The review of one's own seat in a finished game (#/review/ID, issue 59). The server weighs
// every bid and card of the seat from what it could see then; until it is done it answers how
// far it has got (a progress bar, the time left). Then: the game in sentences, a chart of the
// expected points lost and of the score against the score expected, the costly moments as a
// list, and the replay stepping through them with the options the expert weighed beside the
// hand.

import { lineChart } from "./chart.js";
import { h, s, fill } from "./dom.js";
import { t, lang, decimal, cardName, colon } from "./i18n.js";
import { post, tokenOf } from "./net.js";
import { ReplayScreen } from "./replay.js";

const POLL_MS = 1000;
/** The refusals that asking again will not change. */
const FINAL = new Set(["bad-token", "game-not-over", "bad-request", "bad-budget"]);
/** Labels that say a decision lost points worth a look (as the terminal's review lists them). */
const QUIET = new Set(["forced", "best"]);
const LABEL_ORDER = ["best", "good", "inaccuracy", "mistake", "blunder"];

const signed = (value) => (value > 0 ? "+" : "") + decimal(value);
const percent = (share) => `${Math.round(100 * share)}${lang() === "fr" ? "\u202f" : ""}%`;

/** An action of a review as people read it: "bid 2", "10♥", "my card". */
export function actionName(code) {
  if (code.startsWith("bid ")) return t("why_bid_name", { value: code.slice(4) });
  if (code === "my-card") return t("web_my_card");
  return cardName(code);
}

/** The label of an option that gives up `lost` expected points (the review's thresholds). */
export function labelOf(lost, thresholds) {
  const bounds = [thresholds.best, thresholds.good, thresholds.inaccuracy, thresholds.mistake];
  const found = bounds.findIndex((bound) => lost <= bound);
  return LABEL_ORDER[found === -1 ? LABEL_ORDER.length - 1 : found];
}

/** Each decision of `seat`'s, "deal:number" → the replay's step where it is to be made. */
function decisionSteps(steps, seat) {
  const found = new Map();
  const counts = new Map();
  steps.forEach((step, index) => {
    if (step.deal === null || step.current !== seat) return;
    const number = counts.get(step.deal) || 0;
    counts.set(step.deal, number + 1);
    found.set(`${step.deal}:${number}`, index);
  });
  return found;
}

/** A step of 1, 2 or 5 times a power of ten, about `span` / 5. */
function tickStep(span) {
  const raw = Math.max(span / 5, 0.1);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw);
}

/**
 * A line chart of `series` ({name, values (one per deal, from 0 before the first), kind}) over
 * `deals` deals, in SVG, with its legend; its name for screen readers says where each ends.
 */
function seriesChart(title, series, deals) {
  const values = series.flatMap((one) => one.values);
  let low = Math.min(0, ...values);
  let high = Math.max(1, ...values);
  const pad = (high - low) * 0.06;
  low -= pad;
  high += pad;
  const step = tickStep(high - low);
  return lineChart({
    box: { width: 640, height: 220, left: 46, right: 16, top: 14, bottom: 36 },
    low, high, deals, step,
    tick: (v) => decimal(v, step < 1 ? 1 : 0),
    xTitle: t("web_review_deal"),
    draw: (x, y) => series.map((one) => s("g", { class: ["series", one.kind], "data-series": one.kind },
      s("polyline", { points: one.values.map((v, d) => `${x(d).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }),
      one.values.map((v, d) => s("circle", { cx: x(d).toFixed(1), cy: y(v).toFixed(1), r: 3 },
        s("title", {}, `${one.name}, ${t("web_review_after_deal", { deal: d })}${colon()}${decimal(v)}`))))),
    label: `${title}${colon()}` + series.map((one) => `${one.name} ${decimal(one.values.at(-1))}`).join(", "),
    title,
    legend: series.map((one) =>
      h("li", {}, h("span", { class: ["review-key", one.kind] }), `${one.name}${colon()}${decimal(one.values.at(-1))}`)),
    figureClass: "chart review-chart",
  });
}

export class ReviewScreen {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.timer = null;
    this.said = -1;  // the tenth of the way last read out to screen readers
  }

  destroy() {
    this.gone = true;
    clearTimeout(this.timer);
    this.replay?.destroy();
  }

  /** Ask for the review and show it when it comes, unless `current()` says another screen took over. */
  async load(current = () => true) {
    this.current = () => !this.gone && current();
    this.heading = h("h1", {}, t("web_review_button"));
    this.body = h("div", { class: "review-body" });
    fill(this.root, h("div", { class: "review-screen" },
      h("header", { class: "game-bar" }, this.heading,
        h("nav", { class: "tools", "aria-label": t("web_review_button") },
          h("a", { class: "button", href: `#/replay/${this.game}` }, t("replay")),
          h("a", { class: "button", href: "#/" }, t("home")))),
      h("p", { class: "muted" }, t("web_review_intro")),
      this.body));
    this.wait();
    await this.ask();
    return this;
  }

  /** The progress bar, before the first answer and while the server works. */
  wait() {
    this.bar = h("progress", { id: "review-progress", max: 100, value: 0, "aria-label": t("web_review_progress") });
    this.heard = h("span", { class: "visually-hidden" });
    this.state = h("p", { id: "review-state", role: "status" }, t("web_review_working"), " ", this.heard);
    this.detail = h("p", { class: "muted", id: "review-detail" });
    fill(this.body, h("section", { class: "panel review-wait", "aria-label": t("web_review_progress") },
      this.state, this.bar, this.detail));
  }

  async ask() {
    let response;
    let data;
    try {
      response = await post(`/api/tables/${this.game}/review?lang=${lang()}`, { token: tokenOf(this.game) || "" });
      data = await response.json();
    } catch (error) {
      if (this.current()) this.refused({ code: "offline", message: String(error) });
      return;
    }
    if (!this.current()) return;
    if (response.status === 202) {
      this.progress(data);
      this.timer = setTimeout(() => this.ask(), POLL_MS);
    } else if (!response.ok) {
      this.refused(data);
    } else {
      await this.show(data);
    }
  }

  progress(data) {
    this.bar.value = data.percent;
    this.bar.setAttribute("aria-valuetext", `${data.percent}%`);
    const parts = [];
    if (data.ahead > 0) parts.push(t("web_review_queued", { ahead: data.ahead }));
    else parts.push(t("web_review_done_of", { done: data.done, total: data.total, percent: data.percent }));
    if (data.seconds_left !== null && data.ahead === 0) parts.push(t("web_review_left", { seconds: Math.ceil(data.seconds_left) }));
    this.detail.textContent = parts.join(" ");
    // Read out every tenth of the way, not every second.
    const tenth = Math.floor(data.percent / 10);
    if (tenth !== this.said) {
      this.said = tenth;
      this.heard.textContent = parts[0];
    }
  }

  refused(error) {
    fill(this.body, h("section", { class: "panel lost" },
      h("p", { class: "notice error", role: "alert" }, error.message),
      FINAL.has(error.code) ? null : h("button", { type: "button", class: "primary", onclick: () => this.retry() }, t("web_review_retry")),
      h("a", { class: "button", href: "#/" }, t("home"))));
  }

  retry() {
    this.wait();
    this.ask();
  }

  /** The review is there: the page around it, then the replay inside. */
  async show(data) {
    this.data = data;
    this.seat = data.seat;
    const reviewed = data.review.seats[0];
    this.reviewed = reviewed;
    this.words = new Map(data.moments.map((m) => [`${m.deal}:${m.number}`, m]));
    this.decisions = new Map(reviewed.deals.flatMap((deal) => deal.decisions.map((d) => [`${d.deal}:${d.number}`, d])));
    const costly = reviewed.summary.costliest.map((c) => `${c.deal}:${c.number}`);
    this.rank = new Map(costly.map((key, i) => [key, i + 1]));
    this.costly = [...this.decisions.entries()].filter(([, d]) => !QUIET.has(d.label)).map(([key]) => key);
    const name = reviewed.name || `${this.seat + 1}`;
    this.heading.textContent = t("web_review_heading", { name });
    document.title = `${t("web_review_heading", { name })} — ${t("title")}`;
    this.list = h("ol", { class: "review-moments-list" }, this.costly.map((key) => this.momentItem(key)));
    const replayRoot = h("div", { class: "review-replay" });
    fill(this.body,
      h("section", { class: "panel review-summary", "aria-labelledby": "review-summary-title" },
        h("h2", { id: "review-summary-title" }, t("web_review_chart")),
        data.summary.map((line) => h("p", {}, line)),
        h("p", { class: "muted" }, this.budgetLine(data.review.budget)),
        this.charts(reviewed.deals),
        this.figures(reviewed.deals)),
      h("section", { class: "panel review-moments", "aria-labelledby": "review-moments-title" },
        h("h2", { id: "review-moments-title" }, t("web_review_costly")),
        this.costly.length
          ? [h("p", { class: "muted" }, t("web_review_costly_help")), this.list,
            h("p", { class: "actions" },
              h("button", { type: "button", id: "review-prev", "aria-keyshortcuts": "[", onclick: () => this.step(-1) }, `[ ${t("web_review_prev")}`),
              h("button", { type: "button", id: "review-next", "aria-keyshortcuts": "]", onclick: () => this.step(1) }, `${t("web_review_next")} ]`)),
            h("p", { class: "keys muted" }, t("web_review_keys"))]
          : h("p", {}, t("web_review_none"))),
      h("section", { class: "review-replay-part", "aria-label": t("web_review_replay") }, replayRoot));
    this.replay = new ReplayScreen(replayRoot, this.game, {
      level: 2,
      onShow: (index, step) => this.beside(index, step),
      keys: { "[": () => this.step(-1), "]": () => this.step(1) },
    });
    await this.replay.load(this.current);
    if (!this.current() || !this.replay.data) return;
    this.steps = decisionSteps(this.replay.data.steps, this.seat);
    this.replay.show(this.replay.index);  // again, now that each step knows its decision
  }

  momentItem(key) {
    const decision = this.decisions.get(key);
    const words = this.words.get(key);
    const rank = this.rank.get(key);
    return h("li", { class: ["review-moment", `label-${decision.label}`, rank && `costliest-${rank}`], "data-moment": key, "data-lost": decision.lost },
      h("button", { type: "button", class: "moment", onclick: () => this.go(key, true) }, words ? words.line : key),
      rank ? h("span", { class: "badge costliest" }, t("web_review_rank", { rank })) : null);
  }

  /** Step the replay to the decision `key` ("deal:number"); `focus`: then to its figures. */
  go(key, focus = false) {
    const index = this.steps?.get(key);
    if (index === undefined) return;
    this.at = key;
    this.replay.show(index);
    this.mark(key);
    if (focus) {
      const panel = this.root.querySelector(".review-panel");
      panel?.focus();
      panel?.scrollIntoView({ block: "nearest" });
    }
  }

  /** Mark the costly moment shown in the list (if it is one). */
  mark(key) {
    for (const item of this.list.children) {
      const here = item.dataset.moment === key;
      item.classList.toggle("current", here);
      if (here) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  }

  /** The costly moment before or after the one shown (or the replay's step). */
  step(direction) {
    if (!this.costly.length || !this.steps) return;
    const here = this.replay.index;
    const order = this.costly.map((key) => [key, this.steps.get(key)]).filter(([, index]) => index !== undefined);
    const next = direction > 0 ? order.find(([, index]) => index > here) : order.reverse().find(([, index]) => index < here);
    if (next) this.go(next[0], true);
  }

  /** Beside the reviewed seat's hand: the decision to make at this step, with its options. */
  beside(index, step) {
    if (!this.steps) return;
    const section = this.root.querySelector(`.replay-seat[data-seat="${this.seat}"]`);
    if (!section) return;
    section.classList.add("reviewed");
    const key = [...this.steps.entries()].find(([, i]) => i === index)?.[0];
    const decision = key ? this.decisions.get(key) : null;
    if (this.at !== key) {
      this.at = key;
      this.mark(key);
    }
    const panel = h("section", { class: "review-panel", tabindex: -1, "aria-labelledby": "review-panel-title" },
      h("h4", { id: "review-panel-title" }, t("web_review_options")));
    if (!decision) {
      panel.append(h("p", { class: "muted" }, t("web_review_not_yours")));
    } else if (decision.label === "forced") {
      panel.append(h("p", {}, t("web_review_forced")));
    } else {
      this.options(panel, decision, section);
    }
    section.append(panel);
  }

  options(panel, decision, section) {
    const words = this.words.get(`${decision.deal}:${decision.number}`);
    const thresholds = this.data.review.thresholds;
    const best = decision.options[0].points;
    if (words) panel.append(h("p", { class: ["review-line", `label-${decision.label}`] }, words.line));
    panel.append(h("table", { class: "review-options" },
      h("thead", {}, h("tr", {}, [t("web_review_option"), t("web_review_points"), t("web_review_exact"), t("web_review_verdict")]
        .map((head) => h("th", { scope: "col" }, head)))),
      h("tbody", {}, decision.options.map((option) => {
        const label = labelOf(best - option.points, thresholds);
        const mine = option.action === decision.chosen;
        return h("tr", { class: [mine && "chosen", option.action === decision.best && "best", `label-${label}`], "data-action": option.action },
          h("th", { scope: "row" }, actionName(option.action), mine ? h("span", { class: "badge yours" }, t("web_review_yours")) : null),
          h("td", { class: "num" }, signed(option.points)),
          h("td", { class: "num" }, percent(option.exact)),
          h("td", {}, t(`label_${label}`)));
      }))));
    if (words?.why.length) panel.append(h("ul", { class: "review-why" }, words.why.map((line) => h("li", {}, line))));
    for (const card of section.querySelectorAll(".replay-hand .mini")) {
      card.classList.toggle("review-chosen", card.dataset.code === decision.chosen);
      card.classList.toggle("review-best", card.dataset.code === decision.best && decision.best !== decision.chosen);
    }
  }

  budgetLine(budget) {
    const fields = { name: budget.name, cards: budget.playouts, bids: budget.bid_playouts };
    return t(budget.name === null ? "review_budget_number" : "review_budget", fields);
  }

  /** The two charts: expected points lost so far; score against the score expected. */
  charts(deals) {
    const lost = [0];
    const score = [0];
    const expected = [0];
    for (const deal of deals) {
      lost.push(lost.at(-1) + deal.lost);
      score.push(score.at(-1) + (deal.score ?? 0));
      // A deal without a choice (every decision forced) was worth what it scored.
      expected.push(expected.at(-1) + (deal.expected ?? deal.score ?? 0));
    }
    return h("div", { class: "review-charts" },
      seriesChart(t("web_review_chart_lost"), [{ name: t("web_review_lost"), values: lost, kind: "lost" }], deals.length),
      seriesChart(t("web_review_chart_score"), [
        { name: t("web_review_score"), values: score, kind: "score" },
        { name: t("web_review_expected"), values: expected, kind: "expected" },
      ], deals.length));
  }

  /** The charts' figures as a table (the terminal's deal-by-deal columns). */
  figures(deals) {
    const heads = t("review_columns").split("|");
    const dash = (value) => (value === null ? "—" : value);
    const rows = deals.map((deal) => [
      deal.deal + 1, deal.hand_size, dash(deal.bid), dash(deal.tricks),
      deal.score === null ? "—" : (deal.score > 0 ? "+" : "") + deal.score,
      deal.expected === null ? "—" : signed(deal.expected),
      deal.luck === null ? "—" : signed(deal.luck),
      decimal(deal.lost), `${deal.best}/${deal.weighed}`,
    ]);
    return h("details", { class: "review-figures" }, h("summary", {}, t("web_review_figures")),
      h("table", { class: "review-deals" },
        h("thead", {}, h("tr", {}, heads.map((head) => h("th", { scope: "col" }, head.trim())))),
        h("tbody", {}, rows.map(([first, ...rest]) => h("tr", {},
          h("th", { scope: "row" }, first), rest.map((cell) => h("td", { class: "num" }, cell)))))));
  }
}
