// The score sheet of a game played with real cards (#/scoresheet), phone first: the players
// and the table's rules (a preset or its own: the order of the hands, the scoring table, the
// hook…, as at an online table), then each deal's bids and tricks. The rules are the server's:
// every change is sent whole to POST /api/scoresheet (ascenseur-scoresheet/1), which answers
// with the points under the sheet's scoring table, the totals and what comes next — whose bid,
// which bids the hook allows — or the fault in a sentence. The page computes no score; it
// keeps the sheet in this browser (localStorage).

import { h, fill } from "./dom.js";
import { t, lang, count, joinNames, typeset, colon } from "./i18n.js";
import { scoreSheet, totalsChart } from "./sheet.js";
import { ruleChoices, rulesFieldset, rulesInWords } from "./rulesets.js";

const KEY = "ascenseur.scoresheet";
const FORMAT = "ascenseur-scoresheet/1";

function stored() {
  try {
    const sheet = JSON.parse(localStorage.getItem(KEY));
    return sheet && sheet.format === FORMAT ? sheet : null;
  } catch {
    return null;
  }
}

/** The sheet as the rules read it: {valid, deals, totals, next, sheet, …} or {valid: false, error}. */
async function evaluate(sheet) {
  const response = await fetch(`/api/scoresheet?lang=${lang()}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sheet),
  });
  return response.json();
}

export class ScorePad {
  constructor(root) {
    this.root = root;
    this.state = null;
    this.tricks = null;
    this.alive = true;
  }

  destroy() {
    this.alive = false;
  }

  async load() {
    this.choices = await ruleChoices();
    const sheet = stored();
    if (sheet) {
      const state = await evaluate(sheet);
      if (!this.alive) return this;
      if (state.valid) return this.show(state);
    }
    if (this.alive) this.setup();
    return this;
  }

  /** Send `sheet`; keep and show it when the rules accept it, else say why and keep the old. */
  async change(sheet) {
    const state = await evaluate(sheet);
    if (!this.alive) return false;
    if (!state.valid) {
      this.say(state.error.message);
      return false;
    }
    this.show(state);
    return true;
  }

  say(text, kind = "error") {
    const notice = this.root.querySelector(".pad .notice");
    if (!notice) return;
    notice.textContent = typeset(text);
    notice.className = `notice ${kind}`;
  }

  // -- the players and options ---------------------------------------------------------------

  setup() {
    const players = h("select", { id: "pad-players" },
      [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h("option", { value: n, selected: n === 4 }, n)));
    const maxCards = h("input", { id: "pad-max-cards", type: "number", min: 1, inputmode: "numeric" });
    const names = h("ol", { class: "pad-names" });
    const first = h("select", { id: "pad-first-dealer" });
    const sync = () => {
      const n = Number(players.value);
      const top = Math.floor(78 / n);
      maxCards.max = top;
      if (!maxCards.value || Number(maxCards.value) > top || maxCards.dataset.auto) {
        maxCards.value = top;
        maxCards.dataset.auto = "1";
      }
      const old = [...names.querySelectorAll("input")].map((input) => input.value);
      fill(names, Array.from({ length: n }, (_, seat) => h("li", {},
        h("input", { type: "text", class: "pad-name", "data-seat": seat, maxlength: 40, required: true,
          "aria-label": t("pad_player", { seat: seat + 1 }), value: old[seat] ?? "" }))));
      const chosen = Number(first.value) || 0;
      fill(first, Array.from({ length: n }, (_, seat) =>
        h("option", { value: seat, selected: seat === Math.min(chosen, n - 1) }, t("pad_player", { seat: seat + 1 }))));
    };
    const rules = rulesFieldset(this.choices, { prefix: "pad-", maxCards, players: () => Number(players.value) });
    players.addEventListener("change", () => {
      sync();
      rules.sync();
    });
    maxCards.addEventListener("input", () => delete maxCards.dataset.auto);
    names.addEventListener("input", () => {
      const inputs = [...names.querySelectorAll("input")];
      [...first.options].forEach((option, seat) =>
        (option.textContent = inputs[seat].value.trim() || t("pad_player", { seat: seat + 1 })));
    });
    sync();
    const form = h("form", { id: "pad-setup", class: "panel" },
      h("h2", {}, t("score_pad")),
      h("p", { class: "muted" }, t("pad_intro")),
      h("label", { for: "pad-players" }, t("players")), players,
      h("label", { for: "pad-max-cards" }, t("max_cards")), maxCards,
      rules.element,
      h("fieldset", {}, h("legend", {}, t("pad_names")), names),
      h("label", { for: "pad-first-dealer" }, t("pad_first_dealer")),
      h("div", { class: "pad-first" }, first, " ", h("button", { type: "button", id: "pad-draw", onclick: () => {
        // D2: the first dealer of a real game is drawn at random.
        first.value = crypto.getRandomValues(new Uint32Array(1))[0] % first.options.length;
      } }, t("pad_draw"))),
      h("p", { class: "notice", "aria-live": "polite" }),
      h("button", { type: "submit", class: "primary" }, t("pad_start")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const n = Number(players.value);
      const fields = rules.read();
      const sheet = {
        format: FORMAT,
        rules: { players: n, ...(Array.isArray(fields.schedule) ? {} : { max_cards: Number(maxCards.value) }), ...fields },
        first_dealer: Number(first.value),
        seats: [...names.querySelectorAll("input")].map((input, seat) => input.value.trim() || t("pad_player", { seat: seat + 1 })),
        deals: [],
      };
      const state = await evaluate(sheet);
      if (!this.alive) return;
      if (!state.valid) {
        if (state.error.code === "bad-rules") return rules.say(typeset(state.error.message));
        form.querySelector(".notice").textContent = typeset(state.error.message);
        form.querySelector(".notice").className = "notice error";
        return;
      }
      this.show(state);
    });
    fill(this.root, h("div", { class: "pad" }, this.bar(), form));
    document.title = `${t("title")} — ${t("score_pad")}`;
  }

  bar() {
    return h("header", { class: "game-bar" }, h("h1", { class: "deal-line" }, t("score_pad")),
      h("nav", { class: "tools" },
        h("a", { class: "button", href: "#/rules" }, t("how_to_play")),
        h("a", { class: "button", href: "#/" }, t("home"))));
  }

  // -- the game ------------------------------------------------------------------------------

  show(state) {
    this.state = state;
    localStorage.setItem(KEY, JSON.stringify(state.sheet));
    const names = state.seats;
    const next = state.next;
    const results = state.deals.filter((deal) => deal.tricks !== null).map((deal) => ({
      dealer: deal.dealer, hand_size: deal.cards, bids: deal.bids, tricks: deal.tricks, scores: deal.scores,
    }));
    const line = next
      ? t("deal_header", { number: next.deal + 1, count: state.rules.deal_count, cards: count(next.cards, "card"), dealer: names[next.dealer] })
      : t("game_over");
    const head = this.bar();
    head.querySelector("h1").textContent = line;
    document.title = `${t("title")} — ${line}`;
    fill(this.root, h("div", { class: "pad" }, head,
      h("p", { class: "rules-line", id: "pad-rules" }, rulesInWords(state.rules, this.choices?.scoring_tables)),
      h("section", { class: "pad-step panel", "aria-live": "polite" }, next ? this.step(state) : this.end(state)),
      h("p", { class: "notice", role: "status" }),
      h("section", { class: "pad-sheet panel" }, h("h2", {}, t("scores_title")),
        scoreSheet(results, names, (deal) => this.correct(deal)),
        results.length ? totalsChart(results, names) : null),
      h("p", { class: "actions" },
        h("button", { type: "button", id: "pad-export", onclick: () => this.export() }, t("pad_export")),
        h("button", { type: "button", id: "pad-new", onclick: () => this.restart() }, t("pad_new")))));
  }

  /** The next entry: a bid (who, which values), or the deal's tricks. */
  step(state) {
    const { next, seats: names } = state;
    const order = next.order.map((seat) => h("li", { class: [seat === next.seat && "turn", seat === next.dealer && "dealer"] },
      names[seat], seat === next.dealer ? h("span", { class: "badge" }, t("dealer_mark")) : null,
      colon(), next.bids[seat] ?? "—"));
    const sum = h("p", { class: "bid-sum" }, t("bid_sum", { sum: next.bid_sum, tricks: count(next.cards, "trick") }));
    const undo = h("button", { type: "button", id: "pad-undo", onclick: () => this.undo() }, t("pad_undo"));
    if (next.step === "bid") {
      return [
        h("h2", {}, t("pad_who_bids", { name: names[next.seat] })),
        h("div", { class: "bids", role: "group", "aria-label": t("bid") },
          Array.from({ length: next.cards + 1 }, (_, value) => {
            const forbidden = !next.legal_bids.includes(value);
            return h("button", {
              type: "button", class: ["bid", forbidden && "forbidden"], "data-bid": value,
              "aria-label": forbidden ? t("forbidden_bid", { value }) : t("bid_button", { value }),
              onclick: () => this.bid(value),
            }, forbidden ? h("s", {}, value) : String(value), forbidden ? h("small", {}, t("hook_on")) : null);
          })),
        h("ol", { class: "pad-order" }, order), sum,
        this.hasEntries() ? undo : null,
      ];
    }
    this.tricks = next.order.map(() => 0);
    const total = h("p", { class: "pad-total" });
    const rows = next.order.map((seat) => {
      const value = h("output", { class: "pad-count", "data-seat": seat }, "0");
      const set = (delta) => {
        this.tricks[seat] = Math.max(0, Math.min(next.cards, this.tricks[seat] + delta));
        value.textContent = this.tricks[seat];
        total.textContent = t("pad_tricks_sum", { sum: this.tricks.reduce((a, b) => a + b, 0), cards: next.cards });
      };
      return h("li", { class: "pad-trick-row", "data-seat": seat },
        h("span", { class: "pad-who" }, names[seat], h("small", { class: "muted" }, ` ${t("bid_short")} ${next.bids[seat]}`)),
        h("button", { type: "button", class: "minus", "aria-label": `${names[seat]} −1`, onclick: () => set(-1) }, "−"),
        value,
        h("button", { type: "button", class: "plus", "aria-label": `${names[seat]} +1`, onclick: () => set(1) }, "+"));
    });
    total.textContent = t("pad_tricks_sum", { sum: 0, cards: next.cards });
    return [
      h("h2", {}, t("pad_tricks")),
      h("ol", { class: "pad-tricks" }, rows), total,
      h("button", { type: "button", class: "primary", id: "pad-save-tricks", onclick: () => this.saveTricks() }, t("pad_save_tricks")),
      " ", undo,
    ];
  }

  end(state) {
    const best = state.winners.map((seat) => state.seats[seat]);
    return [h("h2", {}, t("game_over")),
      h("p", { class: "verdict" }, best.length > 1 ? t("shared_win", { names: joinNames(best) }) : t("winner", { name: best[0] })),
      this.hasEntries() ? h("button", { type: "button", id: "pad-undo", onclick: () => this.undo() }, t("pad_undo")) : null];
  }

  /** The sheet as the server last wrote it, with a change to its deals. */
  edited(change) {
    const sheet = structuredClone(this.state.sheet);
    change(sheet.deals);
    return sheet;
  }

  hasEntries() {
    return this.state.sheet.deals.length > 0;
  }

  bid(value) {
    const { next } = this.state;
    return this.change(this.edited((deals) => {
      if (deals.length === next.deal) deals.push({ bids: next.order.map(() => null), tricks: null });
      deals[next.deal].bids[next.seat] = value;
    }));
  }

  saveTricks() {
    const { next } = this.state;
    const tricks = this.tricks.slice();
    return this.change(this.edited((deals) => {
      deals[next.deal].tricks = tricks;
      delete deals[next.deal].scores;
    }));
  }

  /** Take back the last thing entered: a deal's tricks, else its last bid. */
  undo() {
    return this.change(this.edited((deals) => {
      const last = deals.at(-1);
      if (last.tricks !== null) {
        last.tricks = null;
        delete last.scores;
        return;
      }
      const made = this.state.next.order.filter((seat) => last.bids[seat] !== null);
      if (made.length) last.bids[made.at(-1)] = null;
      if (made.length <= 1) deals.pop();
    }));
  }

  /** Correct finished deal `deal`: its bids and tricks, checked again like any deal. */
  correct(deal) {
    const entry = this.state.sheet.deals[deal];
    const names = this.state.seats;
    const field = (kind, seat, value) => h("input", {
      type: "number", min: 0, max: entry.cards, inputmode: "numeric", value, class: `fix-${kind}`, "data-seat": seat,
      "aria-label": `${names[seat]}: ${t(kind === "bid" ? "bid" : "tricks")}`,
    });
    const form = h("form", { class: "pad-correct" },
      h("h3", {}, t("pad_correct_title", { number: deal + 1 })),
      h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("bid")), h("th", {}, t("tricks")))),
        h("tbody", {}, names.map((name, seat) => h("tr", {}, h("th", {}, name),
          h("td", {}, field("bid", seat, entry.bids[seat])), h("td", {}, field("tricks", seat, entry.tricks[seat])))))),
      h("button", { type: "submit", class: "primary" }, t("pad_save")), " ",
      h("button", { type: "button", class: "cancel", onclick: () => form.remove() }, t("pad_cancel")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const read = (kind) => [...form.querySelectorAll(`.fix-${kind}`)].map((input) => Number(input.value));
      await this.change(this.edited((deals) => {
        deals[deal].bids = read("bid");
        deals[deal].tricks = read("tricks");
        delete deals[deal].scores;
      }));
    });
    this.root.querySelector(".pad-correct")?.remove();
    this.root.querySelector(`.pad-sheet tr[data-deal="${deal}"]`)?.closest(".sheet-wrap").after(form);
    form.querySelector("input")?.focus();
  }

  export() {
    const text = JSON.stringify(this.state.sheet, null, 1);
    const day = new Date().toISOString().slice(0, 10);
    const link = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `ascenseur-scoresheet-${day}.json` });
    document.body.append(link);
    link.click();
    link.remove();
  }

  restart() {
    if (!window.confirm(t("pad_new_confirm"))) return;
    localStorage.removeItem(KEY);
    this.setup();
  }
}
