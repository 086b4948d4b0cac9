// The replay of a finished game, step by step, with every hand shown.

import { h, fill, SEAT_COLOURS } from "./dom.js";
import { t, count, cardName, lang, typeset } from "./i18n.js";
import { cardFace } from "./cards.js";
import { scoreSheet, totalsChart } from "./sheet.js";
import { dialog } from "./dialog.js";
import { post, tokenOf } from "./net.js";
import { downloadRecord } from "./home.js";
import { lostPanel } from "./lost.js";

export class ReplayScreen {
  /**
   * `options` (a game review shows the replay inside its page): `level`, the heading level of
   * the deal's line (1; its parts one below); `onShow(index, step)`, called at each step
   * shown; `keys`, more keys ({key: action}).
   */
  constructor(root, game, options = {}) {
    this.root = root;
    this.game = game;
    this.index = 0;
    this.level = options.level || 1;
    this.options = options;
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
  }

  /** Fetch the replay and show it, unless `current()` says another screen took over. */
  async load(current = () => true) {
    const response = await post(`/api/tables/${this.game}/replay?lang=${lang()}`, { token: tokenOf(this.game) || "" });
    const data = await response.json();
    if (!current()) {
      this.destroy();
      return this;
    }
    if (!response.ok) {
      fill(this.root, lostPanel(data.message));
      return this;
    }
    this.data = data;
    this.names = data.seats.map((seat) => seat.name);
    const n = data.rules.players;
    this.dealStarts = data.steps.flatMap((step, i) => (i > 0 && step.deal !== data.steps[i - 1].deal ? [i] : []));
    this.trickEnds = data.steps.flatMap((step, i) => (step.trick.length === n && step.winner !== null ? [i] : []));
    this.build();
    this.show(0);
    return this;
  }

  build() {
    const button = (id, label, key, go) => h("button", { id, type: "button", "aria-keyshortcuts": key, onclick: go }, label);
    this.caption = h("p", { class: "status", role: "status", "aria-live": "polite" });
    this.dealLine = h(`h${this.level}`, { class: "deal-line" }, t("replay_title"));
    this.result = h("section", { class: "deal-summary panel", hidden: true });
    this.counter = h("span", { class: "muted" });
    this.seats = h("div", { class: "replay-seats" });
    this.trick = h("div", { class: "replay-trick" });
    this.end = h("section", { class: "end panel", hidden: true });
    fill(this.root, h("div", { class: "replay-screen" },
      h("header", { class: "game-bar" }, this.dealLine,
        h("nav", { class: "tools" },
          button("sheet-button", t("scores_title"), "s", () => this.sheet()),
          h("button", { type: "button", class: "download", onclick: () => downloadRecord(this.game) }, t("download")),
          h("a", { class: "button", href: "/#/rules", target: "_blank", rel: "noopener" }, t("how_to_play")),
          h("a", { class: "button", href: "#/" }, t("home")))),
      h("nav", { class: "replay-controls", "aria-label": t("replay_title") },
        button("first", `« ${t("first")}`, "Home", () => this.show(0)),
        button("prev-deal", `⇞ ${t("prev_deal")}`, "PageUp", () => this.jump(this.dealStarts, -1)),
        button("prev-trick", `↑ ${t("prev_trick")}`, "ArrowUp", () => this.jump(this.trickEnds.concat(this.dealStarts), -1)),
        button("prev", `← ${t("previous")}`, "ArrowLeft", () => this.show(this.index - 1)),
        button("next", `${t("next")} →`, "ArrowRight", () => this.show(this.index + 1)),
        button("next-trick", `${t("next_trick")} ↓`, "ArrowDown", () => this.jump(this.trickEnds.concat(this.dealStarts), 1)),
        button("next-deal", `${t("next_deal")} ⇟`, "PageDown", () => this.jump(this.dealStarts, 1)),
        button("last", `${t("last")} »`, "End", () => this.show(this.data.steps.length - 1)),
        this.counter),
      this.caption, this.trick, this.result, this.seats, this.end,
      h("p", { class: "keys muted" }, t("web_replay_keys"))));
  }

  jump(stops, direction) {
    const sorted = [...new Set(stops)].sort((a, b) => a - b);
    const last = this.data.steps.length - 1;
    const next = direction > 0 ? sorted.find((s) => s > this.index) ?? last : sorted.reverse().find((s) => s < this.index) ?? 0;
    this.show(next);
  }

  show(index) {
    const steps = this.data.steps;
    this.index = Math.max(0, Math.min(index, steps.length - 1));
    const step = steps[this.index];
    const n = this.data.rules.players;
    this.counter.textContent = t("replay_step", { step: this.index, steps: steps.length - 1 });
    // The deal in the title, what just happened in the caption: each said once.
    this.dealLine.textContent = step.deal === null ? t("replay_title") : t("deal_header", {
      number: step.deal + 1, count: this.data.rules.deal_count, cards: count(step.hand_size, "card"), dealer: this.names[step.dealer],
    });
    this.caption.textContent = typeset(step.text);
    this.showResult(step, this.index > 0 ? steps[this.index - 1] : null);
    const played = new Set(step.played);
    fill(this.seats, this.names.map((name, seat) => h("section", {
      class: ["replay-seat", step.current === seat && "turn"], "data-seat": seat, style: { "--colour": SEAT_COLOURS[seat % 10] },
    },
    h(`h${this.level + 1}`, {}, h("span", { class: "swatch" }), name, seat === step.dealer && step.deal !== null ? h("span", { class: "badge" }, t("dealer_mark")) : null),
    h("p", { class: "seat-line" }, `${t("web_bid_taken")} ${step.bids[seat] ?? "—"} / ${step.won[seat]} · ${t("total")} ${step.totals[seat]}`),
    h("div", { class: "replay-hand", role: "group", "aria-label": `${name}: ${t("hands_dealt")}` },
      step.hands[seat].map((code) => {
        const label = cardName(code) + (played.has(code) ? ` (${t("played_mark")})` : "");
        return h("span", { class: ["mini", played.has(code) && "played"], "data-code": code, role: "img", "aria-label": label, title: label }, cardFace(code));
      })))));
    fill(this.trick, h("span", { class: "muted" }, t("trick_title", { number: step.trick_number })),
      step.trick.map((p) => h("figure", { class: p.seat === step.winner ? "winner" : null, "data-seat": p.seat },
        cardFace(p.card), h("figcaption", {}, this.names[p.seat]))));
    const finished = this.index === steps.length - 1 && this.data.ranking.length;
    this.end.hidden = !finished;
    if (finished) {
      fill(this.end, h(`h${this.level + 1}`, {}, t("ranking_title")),
        h("ul", { class: "ranking" }, this.data.ranking.slice(0, -1).map((line) => h("li", {}, line))),
        h("p", { class: "verdict" }, this.data.ranking.at(-1)),
        totalsChart(this.data.results, this.names));
    }
    this.options.onShow?.(this.index, step);
  }

  /** At the step that ends a deal, that deal's result: bid / taken, points, totals. */
  showResult(step, before) {
    const ended = before !== null && step.results > before.results;
    this.result.hidden = !ended;
    if (!ended) return this.result.replaceChildren();
    const result = this.data.results[step.results - 1];
    fill(this.result, h(`h${this.level + 1}`, {}, t("deal_result", { number: step.results })),
      h("table", { class: "deal-result" },
        h("thead", {}, h("tr", {}, [t("player"), t("web_bid_taken"), t("points"), t("total")].map((head) => h("th", { scope: "col" }, head)))),
        h("tbody", {}, this.names.map((name, seat) => h("tr", { class: result.bids[seat] === result.tricks[seat] ? "made" : "missed" },
          h("th", { scope: "row" }, name), h("td", {}, `${result.bids[seat]} / ${result.tricks[seat]}`),
          h("td", {}, (result.scores[seat] > 0 ? "+" : "") + result.scores[seat]), h("td", {}, step.totals[seat]))))));
  }

  sheet() {
    const step = this.data.steps[this.index];
    dialog(t("scores_title"), scoreSheet(this.data.results.slice(0, step.results), this.names));
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (!this.data) return;
    const n = this.data.steps.length - 1;
    const tricks = this.trickEnds.concat(this.dealStarts);
    const actions = {
      ArrowLeft: () => this.show(this.index - 1), ArrowRight: () => this.show(this.index + 1),
      ArrowUp: () => this.jump(tricks, -1), ArrowDown: () => this.jump(tricks, 1),
      PageUp: () => this.jump(this.dealStarts, -1), PageDown: () => this.jump(this.dealStarts, 1),
      Home: () => this.show(0), End: () => this.show(n), s: () => this.sheet(),
      ...this.options.keys,
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  }
}
