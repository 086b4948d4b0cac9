// The table: seats around it, the trick in the middle, your hand below, the bids, the score
// sheet, hints and the end. It shows what the server sends — our seat's view and the public
// events — and sends our choices; the server decides what is legal and says why not.

import { h, fill, sleep, SEAT_COLOURS } from "./dom.js";
import { t, count, cardName } from "./i18n.js";
import { cardFace, cardBack } from "./cards.js";
import { GameSocket } from "./net.js";
import { animationsOn, setAnimations, flyIn, flyOut } from "./motion.js";
import { scoreSheet, totalsChart } from "./sheet.js";
import { dialog } from "./dialog.js";

/** Where seat `seat` sits, in percent of the table: ours at the bottom, then clockwise. */
function place(seat, me, n) {
  const around = (((seat - me) % n) + n) % n;
  const angle = Math.PI / 2 + (2 * Math.PI * around) / n;
  return { x: 50 + 41 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
}

export class TableScreen {
  /** Play (or watch) the game `first` opens: a join or new_game message. */
  constructor(root, first) {
    this.view = null;
    this.seat = null;
    this.lastTrick = null;
    this.queue = [];
    this.pumping = false;
    this.pending = null;
    this.hints = null;
    this.root = root;
    this.build();
    this.socket = new GameSocket(first, (m) => this.receive(m), (up) => this.connected(up));
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    for (const key of ["state", "phase", "deal"]) delete this.root.dataset[key];
    this.root.classList.remove("busy");
    this.socket.close();
    document.removeEventListener("keydown", this.onKey);
  }

  build() {
    const tool = (id, label, key, action) =>
      h("button", { id, type: "button", "aria-keyshortcuts": key, onclick: action }, label);
    this.animations = h("input", { type: "checkbox", id: "animations", checked: animationsOn(),
      onchange: () => setAnimations(this.animations.checked) });
    this.dealLine = h("h1", { class: "deal-line" }, t("title"));
    this.banner = h("p", { class: "banner", hidden: true, role: "status" }, t("reconnecting"));
    this.seats = h("div", { class: "seats" });
    this.trick = h("div", { class: "trick", "aria-live": "off" });
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite" });
    this.notice = h("p", { class: "notice", "aria-live": "polite", "aria-atomic": "true" });
    this.bids = h("div", { class: "bids", role: "group", "aria-label": t("bid") });
    this.hand = h("div", { class: "hand", role: "group", "aria-label": t("your_hand") });
    this.end = h("section", { class: "end panel", hidden: true });
    fill(this.root, h("div", { class: "game-screen" },
      h("header", { class: "game-bar" }, this.dealLine,
        h("nav", { class: "tools" },
          tool("hint-button", t("hint"), "h", () => this.askHint()),
          tool("last-trick-button", t("last_trick"), "l", () => this.showLastTrick()),
          tool("sheet-button", t("score_sheet"), "s", () => this.showSheet()),
          h("label", { class: "toggle" }, this.animations, " ", t("animations")),
          h("a", { class: "button", href: "#/" }, t("home")))),
      this.banner,
      h("div", { class: "felt" }, this.seats, this.trick),
      this.status, this.notice, this.bids, this.hand, this.end,
      h("p", { class: "keys muted" }, t("web_keys"))));
  }

  get fast() {
    return !this.animations.checked || this.queue.length > 6;
  }

  // -- messages ------------------------------------------------------------------------------

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.seat = message.seat;
        this.game = message.game;
        if (location.hash !== `#/game/${message.game}`) history.replaceState(null, "", `#/game/${message.game}`);
        break;
      case "state":
        this.queue.push(message);
        if (!this.pumping) this.pump();
        break;
      case "ack":
        if (message.ref === this.pending) this.pending = null;
        break;
      case "error":
        if (message.ref === this.pending) this.pending = null;
        this.say(message.message, "error", message.code);
        break;
      case "hints":
        if (this.view && message.state === this.view.state) this.showHints(message.options);
        break;
    }
  }

  connected(up) {
    this.banner.hidden = up;
    this.pending = null; // an answer lost with the connection will not come
  }

  async pump() {
    this.pumping = true;
    this.root.classList.add("busy");
    while (this.queue.length) {
      const message = this.queue.shift();
      try {
        if (this.view) for (const event of message.events) await this.animate(event);
      } catch (error) {
        console.error(error);
      }
      this.render(message.view);
    }
    this.pumping = false;
    this.root.classList.remove("busy");
    this.focusTurn();
  }

  async animate(event) {
    const text = event.text.join(" ");
    if (event.kind === "card") {
      this.say(text);
      const mine = event.seat === this.seat;
      const from = mine ? this.hand.querySelector(`[data-code="${event.card}"]`) : this.seatBox(event.seat);
      const card = this.trickCard(event.seat, event.card);
      this.trick.append(card);
      if (mine && from) from.classList.add("gone");
      if (!this.fast) await flyIn(card, from);
    } else if (event.kind === "trick") {
      this.lastTrick = event.trick;
      const winner = event.trick.winner;
      this.trick.querySelector(`[data-seat="${winner}"]`)?.classList.add("winner");
      this.say(text);
      await sleep(this.fast ? (this.animations.checked ? 0 : 450) : 900);
      if (!this.fast) await flyOut([...this.trick.children], this.seatBox(winner));
      this.trick.replaceChildren();
    } else if (event.kind === "scored") {
      this.say(text);
    } else if (event.kind === "bid" || event.kind === "dealt") {
      this.say(text);
      if (!this.fast && event.kind === "bid") await sleep(120);
    }
  }

  // -- drawing -------------------------------------------------------------------------------

  render(view) {
    const changed = !this.view || this.view.state !== view.state;
    this.view = view;
    if (changed) this.hints = null;
    Object.assign(this.root.dataset, { state: view.state, phase: view.phase, deal: view.deal });
    const names = view.seats.map((seat) => seat.name);
    const number = Math.min(view.deal + 1, view.rules.deal_count);
    const dealer = names[view.dealer];
    const line = t("deal_header", { number, count: view.rules.deal_count, cards: count(view.hand_size, "card"), dealer });
    this.dealLine.textContent = view.rules.hook ? `${line} · ${t("hook_on")}` : line;
    document.title = `${t("title")} — ${line}`;
    this.renderSeats(view, names);
    this.renderTrick(view);
    this.renderBids(view);
    this.renderHand(view);
    this.renderStatus(view, names);
    this.renderEnd(view, names);
  }

  seatBox(seat) {
    return this.seats.querySelector(`[data-seat="${seat}"]`);
  }

  renderSeats(view, names) {
    const n = view.rules.players;
    const me = view.seat ?? 0;
    fill(this.seats, view.seats.map((info, seat) => {
      const at = place(seat, me, n);
      const bid = view.bids[seat];
      const turn = view.current === seat;
      const label = `${names[seat]}${seat === view.seat ? ` (${t("you")})` : ""}`;
      return h("div", {
        class: ["seat", turn && "turn", seat === view.seat && "me", seat === view.dealer && "dealer"],
        "data-seat": seat, style: { "--x": at.x.toFixed(1), "--y": at.y.toFixed(1), "--colour": SEAT_COLOURS[seat % 10] },
        "aria-current": turn ? "true" : null,
      },
      h("div", { class: "seat-name" }, h("span", { class: "swatch" }), label,
        seat === view.dealer ? h("span", { class: "badge", title: t("dealer_mark") }, t("dealer_mark")) : null),
      h("div", { class: "seat-line" },
        `${t("bid")} ${bid ?? "—"} · ${t("tricks")} ${view.tricks_won[seat]}`),
      h("div", { class: "seat-line" }, `${t("total")} ${view.totals[seat]}`),
      seat === view.seat ? null : h("div", { class: "backs", "aria-label": count(view.hand_counts[seat], "card") },
        Array.from({ length: Math.min(view.hand_counts[seat], 8) }, cardBack)));
    }));
  }

  trickCard(seat, code) {
    const n = this.view.rules.players;
    const at = place(seat, this.view.seat ?? 0, n);
    return h("div", {
      class: "trick-card", "data-seat": seat, "data-code": code,
      style: { "--x": (50 + (at.x - 50) * 0.42).toFixed(1), "--y": (50 + (at.y - 50) * 0.36).toFixed(1) },
      "aria-label": `${this.view.seats[seat].name}: ${cardName(code)}`,
    }, cardFace(code));
  }

  renderTrick(view) {
    this.trick.setAttribute("aria-label", t("trick_title", { number: view.tricks.length + 1 }));
    fill(this.trick, view.trick.map((played) => this.trickCard(played.seat, played.card)));
  }

  myTurn(view = this.view) {
    return view && view.seat !== null && view.current === view.seat;
  }

  renderBids(view) {
    const bidding = view.phase === "bidding" && this.myTurn(view);
    this.bids.hidden = !bidding;
    if (!bidding) return this.bids.replaceChildren();
    fill(this.bids, Array.from({ length: view.hand_size + 1 }, (_, value) => {
      const forbidden = value === view.forbidden_bid;
      return h("button", {
        type: "button", class: ["bid", forbidden && "forbidden"], "data-bid": value,
        "aria-disabled": forbidden ? "true" : null,
        "aria-label": forbidden ? t("forbidden_bid", { value }) : t("bid_button", { value }),
        onclick: () => this.send({ type: "bid", value }),
      }, forbidden ? h("s", {}, value) : String(value), forbidden ? h("small", {}, t("hook_on")) : null);
    }));
  }

  renderHand(view) {
    const focused = document.activeElement?.dataset?.code;
    const legal = new Set(this.myTurn(view) ? view.legal_cards : []);
    this.hand.hidden = view.seat === null || view.phase === "over";
    fill(this.hand, view.hand.map((code, i) => h("button", {
      type: "button", class: ["card", legal.has(code) && "legal", view.phase === "playing" && this.myTurn(view) && !legal.has(code) && "illegal"],
      "data-code": code, tabindex: i === 0 ? 0 : -1,
      "aria-label": legal.has(code) ? t("legal_card", { card: cardName(code) }) :
        this.myTurn(view) && view.phase === "playing" ? t("illegal_card", { card: cardName(code) }) : cardName(code),
      onclick: () => this.send({ type: "play", card: code }),
      onkeydown: (event) => this.moveInHand(event),
    }, cardFace(code))));
    if (focused) this.hand.querySelector(`[data-code="${focused}"]`)?.focus();
  }

  renderStatus(view, names) {
    this.status.classList.toggle("your-turn", Boolean(this.myTurn(view)));
    if (view.phase === "over") this.status.textContent = t("game_over");
    else if (view.seat === null) this.status.textContent = t("watching");
    else if (this.myTurn(view))
      this.status.textContent = view.phase === "bidding" ? t("your_bid", { k: view.hand_size }) : t("your_card");
    else if (view.current !== null) this.status.textContent = t("waiting", { name: names[view.current] });
    else this.status.textContent = "";
  }

  renderEnd(view, names) {
    this.end.hidden = view.phase !== "over";
    this.root.querySelector(".game-screen").classList.toggle("over", !this.end.hidden);
    if (this.end.hidden) return;
    this.dealLine.textContent = t("game_over");
    const winners = new Set(view.winners);
    const lines = view.ranking.slice(0, -1);
    fill(this.end,
      h("h2", {}, t("ranking_title")),
      h("ul", { class: "ranking" }, lines.map((line, i) => {
        const seat = view.totals.map((_, s) => s).sort((a, b) => view.totals[b] - view.totals[a] || a - b)[i];
        return h("li", { class: winners.has(seat) ? "winner" : null }, line);
      })),
      h("p", { class: ["verdict", winners.size > 1 && "shared"] }, view.ranking.at(-1)),
      totalsChart(view.results, names),
      h("p", { class: "actions" },
        h("a", { class: "button primary", href: `/api/games/${view.game}/record`, download: `ascenseur-${view.game}.json` }, t("download")),
        h("button", { type: "button", onclick: () => this.showSheet() }, t("score_sheet")),
        h("a", { class: "button", href: `#/replay/${view.game}` }, t("replay")),
        h("a", { class: "button", href: "#/" }, t("new_game"))));
  }

  say(text, kind = "info", code = null) {
    this.notice.textContent = text;
    this.notice.className = `notice ${kind}`;
    if (code) this.notice.dataset.code = code;
    else delete this.notice.dataset.code;
  }

  // -- acting --------------------------------------------------------------------------------

  send(message) {
    if (!this.view || this.pumping || this.pending !== null) return;
    this.pending = this.socket.send({ ...message, state: this.view.state });
  }

  askHint() {
    if (!this.myTurn() || this.pumping) return this.say(t("no_hint"));
    this.say(t("thinking_hints"));
    this.socket.send({ type: "hint", state: this.view.state });
  }

  showHints(options) {
    this.hints = options;
    const lines = options.map((o) => o.card === null
      ? t("hint_bid", { value: o.bid, points: o.points })
      : t("hint_card", { card: cardName(o.card), points: o.points }));
    this.say(t("hints_line", { title: t("hints_title"), options: lines.join(" · ") }), "hints");
    for (const o of options) {
      const target = o.card === null ? this.bids.querySelector(`[data-bid="${o.bid}"]`) : this.hand.querySelector(`[data-code="${o.card}"]`);
      target?.append(h("span", { class: "hint-value" }, (o.points >= 0 ? "+" : "") + o.points.toFixed(1)));
    }
  }

  showLastTrick() {
    // The last trick of this deal, or of the deal before while this one has none yet.
    const trick = this.view?.tricks.at(-1) || this.lastTrick;
    if (!trick) return this.say(t("no_last_trick"));
    const n = this.view.rules.players;
    dialog(t("last_trick_title"), h("div", { class: "last-trick" },
      h("div", { class: "cards" }, trick.cards.map((code, i) => h("figure", { class: (trick.leader + i) % n === trick.winner ? "winner" : null },
        cardFace(code), h("figcaption", {}, this.view.seats[(trick.leader + i) % n].name)))),
      h("p", {}, `${this.view.seats[trick.winner].name} ${t("takes")}`)));
  }

  showSheet() {
    if (!this.view) return;
    dialog(t("scores_title"), scoreSheet(this.view.results, this.view.seats.map((s) => s.name)));
  }

  focusTurn() {
    if (!this.myTurn() || document.querySelector("dialog[open]")) return;
    if (this.hand.contains(document.activeElement) || this.bids.contains(document.activeElement)) return;
    const target = this.bids.querySelector("button:not(.forbidden)") || this.hand.querySelector(".legal");
    target?.focus();
  }

  moveInHand(event) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const cards = [...this.hand.querySelectorAll(".card")];
    const next = cards[(cards.indexOf(event.currentTarget) + step + cards.length) % cards.length];
    cards.forEach((card) => (card.tabIndex = card === next ? 0 : -1));
    next.focus();
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.target.closest?.("input, select, textarea")) return;
    const actions = { h: () => this.askHint(), l: () => this.showLastTrick(), s: () => this.showSheet(),
      a: () => { this.animations.checked = !this.animations.checked; setAnimations(this.animations.checked); } };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    } else if (/^[0-9]$/.test(event.key) && this.view?.phase === "bidding" && this.myTurn()) {
      event.preventDefault();
      this.send({ type: "bid", value: Number(event.key) });
    }
  }
}
