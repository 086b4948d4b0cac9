// The table: seats around it, the trick in the middle, your hand below, the bids, the score
// sheet, hints and the end. It shows what the server sends — our seat's view and the public
// events — and sends our choices; the server decides what is legal and says why not.

import { h, fill, sleep, SEAT_COLOURS } from "./dom.js";
import { t, count, cardName, typeset, colon } from "./i18n.js";
import { cardFace, cardBack } from "./cards.js";
import { GameSocket, newCid } from "./net.js";
import { downloadRecord, botLevel, rematchMessage } from "./home.js";
import { bidSumText, hintAdvice, seatLabel, signedPoints, stillNeeded } from "./tablewords.js";
import { animationsOn, setAnimations, flyIn, flyOut } from "./motion.js";
import { scoreSheet, totalsChart } from "./sheet.js";
import { dialog } from "./dialog.js";
import { normalRules, rulesInWords } from "./rulesets.js";
import { trickLayout } from "./tricklayout.js";
import { lostPanel } from "./lost.js";

/** Where seat `seat` sits, in percent of the table: ours at the bottom, then clockwise. */
function place(seat, me, n) {
  const around = (((seat - me) % n) + n) % n;
  const angle = Math.PI / 2 + (2 * Math.PI * around) / n;
  return { x: 50 + 41 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
}

/** SHA-256 (hex) of `text`, in the browser: the page checks each revealed deal by itself. */
async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const REACTIONS = ["well_played", "oops", "thanks", "hurry"];
const NOTIFY_KEY = "ascenseur.notify";
const AUTO_KEY = "ascenseur.auto_forced";
// Errors that refuse the message opening a table: the link itself is wrong.
const BAD_LINK = ["bad-message", "bad-json", "too-large", "no-table"];

export class TableScreen {
  /** Play (or watch) the table `first` opens: a create, join, watch, resume or claim message. */
  constructor(root, first, { onRematch = null, onRefused = null } = {}) {
    this.onRematch = onRematch;
    this.onRefused = onRefused;
    this.destroyed = false;
    this.welcomed = false;
    this.typed = "";
    this.view = null;
    this.seat = null;
    this.host = false;
    this.invite = first.invite || null;
    this.online = [];
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
    this.onResize = () => this.layoutTrick();
    window.addEventListener("resize", this.onResize);
  }

  destroy() {
    this.destroyed = true;  // an animation still running stops at its next step
    clearInterval(this.ticker);
    clearTimeout(this.typedTimer);
    for (const key of ["state", "phase", "deal"]) delete this.root.dataset[key];
    this.root.classList.remove("busy");
    this.socket.close();
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
  }

  build() {
    const tool = (id, label, key, action) =>
      h("button", { id, type: "button", "aria-keyshortcuts": key, onclick: action }, label);
    this.animations = h("input", { type: "checkbox", id: "animations", checked: animationsOn(),
      onchange: () => setAnimations(this.animations.checked) });
    this.notify = h("input", { type: "checkbox", id: "notify", checked: localStorage.getItem(NOTIFY_KEY) === "on" && window.Notification?.permission === "granted",
      onchange: () => this.setNotify() });
    this.autoForced = h("input", { type: "checkbox", id: "auto-forced", checked: localStorage.getItem(AUTO_KEY) === "on",
      onchange: () => localStorage.setItem(AUTO_KEY, this.autoForced.checked ? "on" : "off") });
    this.bidSum = h("p", { class: "bid-sum", hidden: true });
    this.dealLine = h("h1", { class: "deal-line" }, t("title"));
    // The table's rules in words, for every seat and spectator; a link to their explanation.
    this.rulesLine = h("a", { class: "rules-line", id: "table-rules", target: "_blank", rel: "noopener" });
    this.blindNote = h("p", { class: "blind-note", role: "note", hidden: true });
    this.banner = h("p", { class: "banner", hidden: true, role: "status" }, t("reconnecting"));
    this.seats = h("div", { class: "seats" });
    this.trick = h("div", { class: "trick", role: "group", "aria-live": "off" });
    this.status = h("p", { class: "status", role: "status", "aria-live": "polite" });
    this.notice = h("p", { class: "notice", "aria-live": "polite", "aria-atomic": "true" });
    this.bids = h("div", { class: "bids", role: "group", "aria-label": t("bid") });
    this.hand = h("div", { class: "hand", role: "group", "aria-label": t("your_hand") });
    this.end = h("section", { class: "end panel", hidden: true });
    this.lobby = h("section", { class: "lobby panel", hidden: true });
    this.summary = h("section", { class: "summary panel", hidden: true, role: "status" });
    this.clock = h("span", { class: "clock", hidden: true, "aria-live": "off" });
    this.keys = h("p", { class: "keys muted" }, t("web_keys"));
    this.chatLog = h("ol", { class: "chat-log", "aria-live": "polite" });
    this.chatText = h("input", { id: "chat-text", type: "text", maxlength: 300, "aria-label": t("chat_label"), autocomplete: "off" });
    this.chat = h("section", { class: "chat panel", hidden: true },
      h("h2", {}, t("chat")), this.chatLog,
      h("form", { class: "chat-form", onsubmit: (event) => this.sendChat(event) }, this.chatText,
        h("button", { type: "submit" }, t("chat_send"))),
      h("p", { class: "reactions" }, REACTIONS.map((reaction) => h("button", {
        type: "button", "data-reaction": reaction, onclick: () => this.socket.send({ type: "say", reaction }),
      }, t(`reaction_${reaction}`)))));
    this.ticker = setInterval(() => this.tick(), 1000);
    fill(this.root, h("div", { class: "game-screen" },
      h("header", { class: "game-bar" }, this.dealLine,
        h("nav", { class: "tools" },
          tool("hint-button", t("hint"), "h", () => this.askHint()),
          tool("last-trick-button", t("last_trick_title"), "l", () => this.showLastTrick()),
          tool("sheet-button", t("scores_title"), "s", () => this.showSheet()),
          tool("transfer-button", t("transfer"), null, () => this.socket.send({ type: "transfer" })),
          h("a", { class: "button", id: "rules-link", href: "/#/rules", target: "_blank", rel: "noopener" }, t("how_to_play")),
          h("details", { class: "options" }, h("summary", { class: "button" }, t("options")),
            h("div", { class: "options-menu" },
              h("label", { class: "toggle" }, this.animations, " ", t("animations")),
              h("label", { class: "toggle" }, this.notify, " ", t("notify_turn")),
              h("label", { class: "toggle" }, this.autoForced, " ", t("auto_forced")))),
          h("a", { class: "button", href: "#/" }, t("home")))),
      h("p", { class: "rules-bar" }, this.rulesLine),
      this.banner, this.lobby, this.blindNote,
      h("div", { class: "felt" }, this.seats, this.trick),
      this.bidSum, this.status, this.clock, this.notice, this.summary, this.bids, this.hand, this.end, this.chat,
      this.keys));
  }

  get fast() {
    return !this.animations.checked || this.queue.length > 6;
  }

  // -- messages ------------------------------------------------------------------------------

  receive(message) {
    if (this.destroyed) return;
    switch (message.type) {
      case "welcome":
        this.welcomed = true;
        this.seat = message.seat;
        this.game = message.table;
        this.host = message.host;
        if (message.invite) this.invite = message.invite;
        if (message.seat !== null && location.hash !== `#/game/${message.table}`) {
          history.replaceState(null, "", `#/game/${message.table}`);
        }
        if (this.view) this.render(this.view);
        break;
      case "presence":
        this.online = message.connected;
        if (this.view) this.renderSeats(this.view, this.view.seats.map((seat) => seat.name));
        break;
      case "transfer_code":
        this.showTransfer(message);
        break;
      case "state":
        this.queue.push(message);
        if (!this.pumping) this.pump();
        break;
      case "ack":
        if (message.ref === this.pending) this.pending = null;
        break;
      case "error":
        if (!this.welcomed && message.code === "bad-rules" && this.onRefused) {
          this.destroy();  // the table was never opened: back to the form, which says why
          return this.onRefused(message);
        }
        if (!this.welcomed && BAD_LINK.includes(message.code)) return this.lost(t("bad_link"));
        if (message.ref === this.pending) {
          this.pending = null;
          if (this.view && !this.pumping) this.render(this.view);  // refused: our turn is back
        }
        this.say(message.message, "error", message.code);
        if (["moved", "removed", "bad-token", "bad-transfer", "no-table", "no-spectators"].includes(message.code)) {
          this.lost(message.message);
        }
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
    while (this.queue.length && !this.destroyed) {
      const message = this.queue.shift();
      try {
        if (this.view) {
          for (const event of message.events) {
            if (this.destroyed) break;
            await this.animate(event);
          }
        }
      } catch (error) {
        if (!this.destroyed) console.error(error);
      }
      this.render(message.view);
    }
    this.pumping = false;
    if (this.destroyed) return;
    this.root.classList.remove("busy");
    this.focusTurn();
    this.turnArrived();
  }

  /** It is our turn: tell us if asked to, and play a forced card if asked to. */
  turnArrived() {
    if (!this.myTurn() || this.view.state === this.turnSeen) return;
    this.turnSeen = this.view.state;
    if (this.autoForced.checked && this.view.phase === "playing" && this.view.legal_cards.length === 1) {
      this.send({ type: "play", card: this.view.legal_cards[0] });
      return;
    }
    if (this.autoForced.checked && this.view.phase === "playing" && this.view.my_card) {
      this.send({ type: "my_card" });  // a blind card is forced too: it is the only one
      return;
    }
    if (this.notify.checked && document.hidden && window.Notification?.permission === "granted") {
      new Notification(t("title"), { body: t("notify_text"), tag: "ascenseur-turn" });
    }
  }

  async setNotify() {
    if (this.notify.checked && window.Notification && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission().catch(() => "denied");
      if (answer !== "granted") this.notify.checked = false;
    }
    localStorage.setItem(NOTIFY_KEY, this.notify.checked ? "on" : "off");
  }

  async animate(event) {
    const text = event.text.join(" ");
    if (["card", "bid", "bids_shown", "trick"].includes(event.kind)) this.unsayTurn();
    if (event.kind === "card") {
      this.say(text);
      const mine = event.seat === this.seat;
      const from = mine ? this.hand.querySelector(`[data-code="${event.card}"]`) || this.hand.querySelector("#my-card") : this.seatBox(event.seat);
      const card = this.trickCard(event.seat, event.card, this.trick.children.length === 0);
      this.trick.append(card);
      this.layoutTrick();
      if (mine && from) from.classList.add("gone");
      if (!this.fast) await flyIn(card, from);
    } else if (event.kind === "trick") {
      this.lastTrick = { ...event.trick, deal: this.view.deal };
      const winner = event.trick.winner;
      this.trick.querySelector(`[data-seat="${winner}"]`)?.classList.add("winner");
      this.say(text);
      await sleep(this.fast ? (this.animations.checked ? 0 : 450) : 900);
      if (!this.fast) await flyOut([...this.trick.children], this.seatBox(winner));
      this.trick.replaceChildren();
    } else if (event.kind === "scored") {
      this.say(text);
    } else if (event.kind === "chat") {
      this.addChat(event.line);
    } else if (event.kind === "notice") {
      this.say(t(`notice_${event.code}`));
    } else if (event.kind === "reveal") {
      const fair = (await sha256(`${event.salt}:${event.deck.join(" ")}`)) === event.commitment;
      this.say(t(fair ? "deal_verified" : "deal_not_verified", { number: event.deal + 1 }), fair ? "info" : "error");
    } else if (event.kind === "bids_shown") {
      const names = this.view.seats.map((seat) => seat.name);
      this.say(t("bids_revealed", { bids: event.bids.map((bid, seat) => `${names[seat]} ${bid}`).join(", ") }));
      if (!this.fast) await sleep(600);
    } else if (event.kind === "bid" && this.closedFists() && event.seat !== this.seat) {
      // Closed fists: who has bid, never what — whatever the event carries.
      this.say(t("has_bid", { name: this.view.seats[event.seat].name }));
      if (!this.fast) await sleep(120);
    } else if (event.kind === "bid" || event.kind === "dealt") {
      this.say(text);
      if (!this.fast && event.kind === "bid") await sleep(120);
    }
  }

  // -- drawing -------------------------------------------------------------------------------

  /** Whether the table bids with closed fists (H4): no bid is shown before the last is in. */
  closedFists(view = this.view) {
    return view?.rules?.bidding === "simultaneous";
  }

  /** Whether this seat plays the current deal blind (H5): it holds a card it is not shown. */
  blind(view = this.view) {
    return view.seat !== null && view.rules.blind_one_card === true && view.hand_size === 1 &&
      view.hand.length === 0 && view.hand_counts[view.seat] > 0;
  }

  render(view) {
    if (this.destroyed) return;
    const changed = !this.view || this.view.state !== view.state;
    this.view = view;
    if (changed) this.hints = null;
    Object.assign(this.root.dataset, { state: view.state, phase: view.phase, deal: view.deal });
    const names = view.seats.map((seat) => seat.name);
    const number = Math.min(view.deal + 1, view.rules.deal_count);
    const dealer = names[view.dealer];
    const line = t("deal_header", { number, count: view.rules.deal_count, cards: count(view.hand_size, "card"), dealer });
    this.dealLine.textContent = view.phase === "lobby" ? t("lobby_title") : view.rules.hook ? `${line} · ${t("hook_on")}` : line;
    document.title = `${t("title")} — ${line}`;
    this.renderRules(view);
    this.renderSeats(view, names);
    this.renderTrick(view);
    this.renderBidSum(view);
    this.renderBids(view);
    this.renderHand(view);
    this.markHints();
    this.renderStatus(view, names);
    // A spectator holds no hand to hint at nor a seat to move; a seat ends with its game.
    this.root.querySelector("#transfer-button").hidden = view.seat === null || view.phase === "over";
    this.root.querySelector("#hint-button").hidden = view.seat === null;
    this.keys.textContent = t(view.seat === null ? "web_watch_keys" : "web_keys");
    this.renderLobby(view, names);
    this.renderSummary(view, names);
    this.renderChat(view);
    this.renderEnd(view, names);
    this.clockEnd = view.clock === null ? null : Date.now() + view.clock * 1000;
    this.tick();
  }

  /** The table's rules in words; in a blind deal, what everyone sees and does not. */
  renderRules(view) {
    const record = view.rules.record || view.rules;
    this.rulesLine.textContent = rulesInWords(view.rules);
    this.rulesLine.href = `/#/rules/${encodeURIComponent(JSON.stringify(record))}`;
    this.rulesLine.title = t("how_to_play");
    const blindDeal = normalRules(view.rules).blind_one_card && view.hand_size === 1 && ["bidding", "playing"].includes(view.phase);
    this.blindNote.hidden = !blindDeal;
    if (blindDeal) this.blindNote.textContent = t(view.seat === null ? "blind_deal_watch" : "blind_deal");
  }

  lost(text) {
    this.destroy();
    fill(this.root, lostPanel(text));
  }

  /** The clock of the seat to act — a person's: bots have none — named as whose it is. */
  tick() {
    const left = this.clockEnd ? Math.max(0, Math.ceil((this.clockEnd - Date.now()) / 1000)) : null;
    const current = this.view?.current;
    this.clock.hidden = left === null || current === null || current === undefined;
    if (this.clock.hidden) return;
    this.clock.textContent = this.myTurn() ? t("clock_yours", { seconds: left })
      : t("clock_of", { name: this.view.seats[current].name, seconds: left });
  }

  renderLobby(view, names) {
    const lobby = view.phase === "lobby";
    this.lobby.hidden = !lobby;
    this.root.querySelector(".game-screen").classList.toggle("in-lobby", lobby);
    if (!lobby) return this.lobby.replaceChildren();
    const link = this.invite ? `${location.origin}/#/join/${this.invite}` : null;
    const control = (label, message) => h("button", { type: "button", onclick: () => this.socket.send({ type: "host", ...message }) }, label);
    const open = view.seats.map((seat, i) => (seat.open ? i : null)).filter((i) => i !== null);
    fill(this.lobby,
      h("h2", {}, t("lobby_title")),
      link ? h("p", { class: "invite" }, h("label", { for: "invite-link" }, t("invite_text")), " ",
        h("input", { id: "invite-link", type: "text", readonly: true, value: link, onfocus: (e) => e.target.select() }),
        h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link) }, t("copy"))) : null,
      h("ul", { class: "lobby-seats" }, view.seats.map((seat, i) => h("li", { "data-seat": i },
        `${t("seat", { seat: i + 1 })}${colon()}`,
        seat.open ? t("seat_free") : seat.bot ? `${names[i]} (${botLevel(seat.bot)})` : names[i],
        this.host && i !== view.host ? [
          seat.open ? control(t("make_bot"), { action: "bot", seat: i, bot: "heuristic" }) : null,
          seat.bot ? control(t("make_open"), { action: "bot", seat: i, bot: null }) : null,
          !seat.open && !seat.bot ? control(t("remove"), { action: "free", seat: i }) : null,
          !seat.open && !seat.bot && open.length ? control(t("move_to", { seat: open[0] + 1 }), { action: "move", seat: i, to: open[0] }) : null,
        ] : null))),
      this.host ? h("button", { type: "button", id: "start-game", class: "primary", onclick: () => this.socket.send({ type: "host", action: "start" }) }, t("start_now"))
        : h("p", {}, t("waiting_for_host")));
  }

  renderSummary(view, names) {
    this.summary.hidden = !view.summary || view.results.length === 0;
    if (this.summary.hidden) return this.summary.replaceChildren();
    const result = view.results.at(-1);
    const ready = new Set(view.ready);
    fill(this.summary,
      h("h2", {}, t("deal_result", { number: view.results.length })),
      h("table", { class: "deal-result" },
        h("thead", {}, h("tr", {}, [t("player"), t("web_bid_taken"), t("points"), t("total")].map((head) => h("th", { scope: "col" }, head)))),
        h("tbody", {}, names.map((name, seat) => h("tr", { class: result.bids[seat] === result.tricks[seat] ? "made" : "missed" },
          h("th", { scope: "row" }, name), h("td", { class: "bid-taken" }, `${result.bids[seat]} / ${result.tricks[seat]}`),
          h("td", {}, (result.scores[seat] > 0 ? "+" : "") + result.scores[seat]), h("td", {}, view.totals[seat]))))),
      view.seat !== null && !ready.has(view.seat)
        ? h("button", { type: "button", id: "next-deal", class: "primary", onclick: () => this.socket.send({ type: "ready" }) }, t("next_deal_button"))
        : h("p", { class: "muted" }, t("waiting_for_others")));
  }

  renderChat(view) {
    // Alone with bots there is no one to talk to: the chat is for tables with people.
    const people = view.seats.filter((seat) => !seat.bot && !seat.open).length;
    this.chat.hidden = people < 2 && view.spectators === 0 && view.chat.length === 0;
    this.chat.querySelector("form").hidden = view.seat === null;
    this.chat.querySelector(".reactions").hidden = view.seat === null;
    fill(this.chatLog, view.chat.map((line) => this.chatLine(line)));
  }

  chatLine(line) {
    const words = line.reaction ? t(`reaction_${line.reaction}`) : line.text;  // text, never HTML
    return h("li", { "data-version": line.version }, h("strong", {}, `${line.name}${colon()}`), words);
  }

  addChat(line) {
    if (this.chatLog.querySelector(`[data-version="${line.version}"]`)) return;
    this.chatLog.append(this.chatLine(line));
  }

  sendChat(event) {
    event.preventDefault();
    const text = this.chatText.value.trim();
    if (!text) return;
    this.socket.send({ type: "say", text });
    this.chatText.value = "";
  }

  showTransfer(message) {
    const link = `${location.origin}/#/transfer/${message.code}`;
    dialog(t("transfer"), h("div", {},
      h("p", {}, t("transfer_text", { minutes: Math.round(message.seconds / 60) })),
      h("input", { type: "text", readonly: true, value: link, class: "transfer-link", "aria-label": t("transfer"), onfocus: (e) => e.target.select() })),
    () => this.focusTurn());
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
      const label = seatLabel(names[seat], seat === view.seat);
      const here = !info.bot && (this.online[seat] ?? info.connected);
      return h("div", {
        class: ["seat", turn && "turn", seat === view.seat && "me", seat === view.dealer && "dealer"],
        "data-seat": seat, style: { "--x": at.x.toFixed(1), "--y": at.y.toFixed(1), "--colour": SEAT_COLOURS[seat % 10] },
        "aria-current": turn ? "true" : null,
      },
      h("div", { class: "seat-name" }, h("span", { class: "swatch" }), label,
        seat === view.dealer ? h("span", { class: "badge", title: t("dealer_mark") }, t("dealer_mark")) : null,
        info.bot ? null : h("span", { class: ["presence", here ? "online" : "away"], title: t(here ? "online" : "away") }, here ? "●" : "○"),
        info.standin ? h("span", { class: "badge standin" }, t("standin_mark")) : null,
        this.host && !info.bot && !info.open && !here && !info.standin && seat !== view.seat && view.phase !== "lobby"
          ? h("button", { type: "button", class: "standin-now", onclick: () => this.socket.send({ type: "host", action: "stand_in", seat }) }, t("standin_now", { name: names[seat] }))
          : null,
        this.host && info.standin && seat !== view.seat
          ? h("button", { type: "button", class: "keep-bot", onclick: () => this.socket.send({ type: "host", action: "keep_bot", seat }) }, t("keep_bot"))
          : null),
      h("div", { class: "seat-line bid-taken", title: t("web_bid_taken") },
        h("span", { class: "label" }, `${t("web_bid_taken")} `),
        // Closed fists: a seat that has bid shows a mark, not its bid, until all are in.
        bid === null && view.has_bid?.[seat]
          ? h("strong", {}, h("span", { class: "has-bid", role: "img", title: t("web_has_bid"), "aria-label": t("web_has_bid") }, "✓"), ` / ${view.tricks_won[seat]}`)
          : h("strong", {}, `${bid ?? "—"} / ${view.tricks_won[seat]}`),
        bid === null || view.phase !== "playing" ? null : h("span", { class: "needed" }, " · ", stillNeeded(bid, view.tricks_won[seat]))),
      h("div", { class: "seat-line" }, `${t("total")} ${view.totals[seat]}`),
      seat === view.seat ? null : this.seatCards(view, seat, names));
    }));
    this.layoutTrick();  // a panel that grew or shrank moves the cards beside it
  }

  /** Another seat's cards: their backs — or, in a blind deal, their faces (H5). */
  seatCards(view, seat, names) {
    const seen = view.seen_hands?.[seat] || [];
    if (seen.length) {
      return h("div", { class: "seen", role: "img", "aria-label": t("seen_card", { name: names[seat], card: seen.map(cardName).join(", ") }) },
        seen.map((code) => h("span", { class: "seen-card", "data-code": code }, cardFace(code))));
    }
    return h("div", { class: "backs", role: "img", "aria-label": count(view.hand_counts[seat], "card") },
      Array.from({ length: Math.min(view.hand_counts[seat], 8) }, cardBack));
  }

  /** A card of the trick, with its player's name and, on the first card, the lead's mark. */
  trickCard(seat, code, led = false) {
    const n = this.view.rules.players;
    const at = place(seat, this.view.seat ?? 0, n);
    const name = this.view.seats[seat].name;
    return h("figure", {
      class: ["trick-card", led && "led"], "data-seat": seat, "data-code": code,
      style: { "--x": (50 + (at.x - 50) * 0.42).toFixed(1), "--y": (50 + (at.y - 50) * 0.36).toFixed(1), "--colour": SEAT_COLOURS[seat % 10] },
      "aria-label": `${name}: ${cardName(code)}${led ? ` (${t("led_mark")})` : ""}`,
    }, led ? h("span", { class: "badge led-mark" }, t("led_mark")) : null,
    cardFace(code), h("figcaption", { class: "trick-name" }, name));
  }

  /**
   * On a wide table, each card of the trick beside its player's panel, clear of every panel
   * and of the other cards (tricklayout.js); a phone shows the trick as a row instead.
   */
  layoutTrick() {
    const felt = this.trick.parentElement;
    if (!this.view || !felt.clientWidth || getComputedStyle(this.trick).position !== "absolute") return;
    const origin = felt.getBoundingClientRect();
    const x0 = origin.left + felt.clientLeft;
    const y0 = origin.top + felt.clientTop;
    const panels = {};
    for (const panel of this.seats.children) {
      const r = panel.getBoundingClientRect();
      panels[panel.dataset.seat] = { left: r.left - x0, right: r.right - x0, top: r.top - y0, bottom: r.bottom - y0 };
    }
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const width = parseFloat(getComputedStyle(felt).getPropertyValue("--card-w")) * rem;
    const cards = [...this.trick.children];
    const layout = trickLayout({ width: felt.clientWidth, height: felt.clientHeight }, panels,
      cards.map((card) => Number(card.dataset.seat)), { width, height: width * 1.5 });
    this.trick.style.setProperty("--trick-scale", String(layout.scale));
    layout.spots.forEach(({ x, y }, i) => {
      cards[i].style.setProperty("--left", `${x.toFixed(1)}px`);
      cards[i].style.setProperty("--top", `${y.toFixed(1)}px`);
    });
  }

  renderTrick(view) {
    this.trick.setAttribute("aria-label", t("trick_title", { number: view.tricks.length + 1 }));
    fill(this.trick, view.trick.map((played, i) => this.trickCard(played.seat, played.card, i === 0)));
    this.layoutTrick();
    // The card winning the trick so far (P9), as the server's rules say: `winning` is its seat.
    const winning = typeof view.winning === "number" ? this.trick.querySelector(`[data-seat="${view.winning}"]`) : null;
    if (winning) {
      winning.classList.add("winning");
      winning.append(h("span", { class: "badge winning-mark" }, t("winning_mark")));
      winning.setAttribute("aria-label", `${winning.getAttribute("aria-label")} (${t("winning_mark")})`);
    }
  }

  /** The sum of the bids against the tricks of the deal: the number every player watches. */
  renderBidSum(view) {
    if (this.closedFists(view) && view.phase === "bidding" && view.bids.some((bid) => bid === null)) {
      // Closed fists: how many have bid, never a sum that would tell what.
      const made = (view.has_bid || view.bids.map((bid) => bid !== null)).filter(Boolean).length;
      this.bidSum.hidden = false;
      this.bidSum.textContent = t("bids_in", { count: made, players: view.rules.players });
      return;
    }
    this.bidSum.hidden = !["bidding", "playing"].includes(view.phase) || view.bids.every((bid) => bid === null);
    if (!this.bidSum.hidden) this.bidSum.textContent = bidSumText(view.bids, view.hand_size);
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
    if (this.blind(view)) return this.renderBlindHand(view);
    fill(this.hand, view.hand.map((code, i) => h("button", {
      type: "button", class: ["card", legal.has(code) && "legal", view.phase === "playing" && this.myTurn(view) && !legal.has(code) && "illegal"],
      "data-code": code, tabindex: i === 0 ? 0 : -1,
      onclick: () => this.send({ type: "play", card: code }),
      onkeydown: (event) => this.moveInHand(event),
    },
    // The button is named by its words, not by an aria-label: the face's own marks ("10",
    // "K") are then part of no name that fails to contain them.
    h("span", { class: "visually-hidden" }, legal.has(code) ? t("legal_card", { card: cardName(code) }) :
      this.myTurn(view) && view.phase === "playing" ? t("illegal_card", { card: cardName(code) }) : cardName(code)),
    cardFace(code))));
    if (focused) this.hand.querySelector(`[data-code="${focused}"]`)?.focus();
  }

  /** A blind deal: our card shows its back, and is played by "my card" (H5). */
  renderBlindHand(view) {
    const held = view.hand_counts[view.seat] > 0;
    const ours = this.myTurn(view) && Boolean(view.my_card);
    fill(this.hand, held ? h("button", {
      type: "button", id: "my-card", class: ["card", "my-card", ours && "legal"], "aria-keyshortcuts": "m",
      "aria-label": ours ? t("my_card_label") : t("web_my_card"), "aria-disabled": ours ? null : "true",
      onclick: () => ours && this.send({ type: "my_card" }),
    }, cardBack(), h("span", { class: "my-card-label" }, t("web_my_card"))) : null);
  }

  renderStatus(view, names) {
    this.status.classList.toggle("your-turn", Boolean(this.myTurn(view)));
    if (view.phase === "over") this.status.textContent = t("game_over");
    else if (view.seat === null) this.status.textContent = t("watching");
    else if (this.myTurn(view))
      this.status.textContent = view.phase !== "bidding" ? t(view.my_card ? "your_blind_card" : "your_card")
        : view.forbidden_bid === null ? t("your_bid", { k: view.hand_size })
          : t("your_bid_hooked", { choices: view.legal_bids.join(", "), value: view.forbidden_bid });
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
        view.seat !== null ? h("button", { type: "button", class: "primary download", onclick: () => downloadRecord(view.table) }, t("download")) : null,
        h("button", { type: "button", onclick: () => this.showSheet() }, t("scores_title")),
        view.seat !== null ? h("a", { class: "button", href: `#/replay/${view.table}` }, t("replay")) : null,
        view.seat !== null ? h("a", { class: "button review-link", href: `#/review/${view.table}` }, t("web_review_button")) : null,
        view.seat !== null && this.onRematch ? h("button", { type: "button", id: "rematch", onclick: () => this.rematch() }, t("rematch")) : null,
        h("a", { class: "button", href: "#/" }, t("new_game"))));
  }

  /** A new table with this one's settings: the home form's create message. */
  rematch() {
    this.onRematch(rematchMessage(this.view));
  }

  /** Someone has just moved: "Chloé is thinking…" is no longer so, and who is next is not
   * known until the view that follows the move is drawn. */
  unsayTurn() {
    if (!this.view || this.view.seat === null || this.view.phase === "over") return;
    this.status.classList.remove("your-turn");
    this.status.textContent = "";
  }

  say(text, kind = "info", code = null) {
    this.notice.textContent = typeset(text);
    this.notice.className = `notice ${kind}`;
    if (code) this.notice.dataset.code = code;
    else delete this.notice.dataset.code;
  }

  // -- acting --------------------------------------------------------------------------------

  send(message) {
    if (!this.view || this.pumping || this.pending !== null) return;
    this.pending = this.socket.send({ ...message, state: this.view.state, cid: newCid() });
    if (this.pending !== null) {
      // Our move is made: the "your turn" line goes now, not when the next view arrives.
      this.status.classList.remove("your-turn");
      this.status.textContent = "";
      this.bids.hidden = true;
      this.hand.querySelectorAll(".card.legal").forEach((card) => card.classList.remove("legal"));
    }
  }

  askHint() {
    if (!this.myTurn() || this.pumping) return this.say(t("no_hint"));
    this.say(t("thinking_hints"));
    this.socket.send({ type: "hint", state: this.view.state });
  }

  /** The best choice plainly, with its reason; each choice's expected points on it. */
  showHints(options) {
    this.hints = options;
    const advice = hintAdvice(options);
    if (!advice) return this.say(t("no_hint"));
    this.say(advice.text, "hints");
    this.markHints();
  }

  /** Each choice's expected points on its button; again when the hand is drawn anew at the
   * same state (a presence or a chat line redraws it), for the hint still holds. */
  markHints() {
    const advice = this.hints && hintAdvice(this.hints);
    if (!advice) return;
    for (const o of this.hints) {
      const target = o.my_card ? this.hand.querySelector("#my-card")
        : o.card === null || o.card === undefined ? this.bids.querySelector(`[data-bid="${o.bid}"]`) : this.hand.querySelector(`[data-code="${o.card}"]`);
      target?.append(h("span", { class: ["hint-value", o === advice.best && "best"] }, signedPoints(o.points)));
    }
  }

  showLastTrick() {
    // The last trick of this deal, or of the deal before while this one has none yet — and
    // then the title says which deal it was.
    const current = this.view?.tricks.at(-1);
    const trick = current || (this.lastTrick?.deal < this.view?.deal ? this.lastTrick : null);
    if (!trick) return this.say(t("no_last_trick"));
    const n = this.view.rules.players;
    const title = current ? t("last_trick_title") : t("last_trick_of", { number: trick.deal + 1 });
    dialog(title, h("div", { class: "last-trick" },
      h("div", { class: "cards" }, trick.cards.map((code, i) => h("figure", { class: (trick.leader + i) % n === trick.winner ? "winner" : null },
        cardFace(code), h("figcaption", {}, this.view.seats[(trick.leader + i) % n].name)))),
      h("p", {}, `${this.view.seats[trick.winner].name} ${t("takes")}`)), () => this.focusTurn());
  }

  showSheet() {
    if (!this.view) return;
    dialog(t("scores_title"), scoreSheet(this.view.results, this.view.seats.map((s) => s.name)), () => this.focusTurn());
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
      m: () => this.view?.my_card && this.myTurn() && this.send({ type: "my_card" }),
      a: () => { this.animations.checked = !this.animations.checked; setAnimations(this.animations.checked); } };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    } else if (/^[0-9]$/.test(event.key) && this.view?.phase === "bidding" && this.myTurn()) {
      event.preventDefault();
      this.typeBid(event.key);
    } else if (event.key === "Enter" && this.typed) {
      event.preventDefault();
      this.bidTyped();
    }
  }

  /** A digit of a bid: sent at once when no longer bid starts with it (3 of 19: 30 > 19),
   * else when the next digit, Enter or a short pause completes it (1, then 2: 12). */
  typeBid(digit) {
    clearTimeout(this.typedTimer);
    this.typed = String(Number(this.typed + digit));
    if (this.typed === "0" || Number(this.typed) * 10 > this.view.hand_size) return this.bidTyped();
    this.status.textContent = t("bid_button", { value: `${this.typed}…` });
    this.typedTimer = setTimeout(() => this.bidTyped(), 1200);
  }

  bidTyped() {
    clearTimeout(this.typedTimer);
    const value = Number(this.typed);
    this.typed = "";
    if (this.view?.phase === "bidding" && this.myTurn()) this.send({ type: "bid", value });
  }
}
