// The home page: the new-game form and the list of past games.

import { h, fill } from "./dom.js";
import { t, joinNames, lang } from "./i18n.js";
import { playerToken } from "./net.js";

const FORM_KEY = "ascenseur.form";

function saved() {
  try {
    return JSON.parse(localStorage.getItem(FORM_KEY)) || {};
  } catch {
    return {};
  }
}

/** A bot's level as people read it ("Heuristic (club player)"), else its name. */
function botLevel(bot) {
  const label = t(`bot_${bot}`);
  return label === `bot_${bot}` ? bot : label;
}

/** The new-game form; `onStart(settings)` gets what was chosen. */
function newGameForm(bots, onStart, onLanguage) {
  const last = saved();
  const players = h("select", { id: "players", name: "players" },
    [3, 4, 5, 6, 7, 8, 9, 10].map((n) => h("option", { value: n, selected: n === (last.players || 4) }, n)));
  const maxCards = h("input", { id: "max-cards", name: "max_cards", type: "number", min: 1, required: true });
  const maxHelp = h("small", { id: "max-cards-help" });
  const hook = h("input", { id: "hook", name: "hook", type: "checkbox", checked: Boolean(last.hook) });
  const seats = h("div", { class: "bot-seats" });
  const name = h("input", { id: "name", name: "name", type: "text", maxlength: 40, required: true,
                            autocomplete: "nickname", value: last.name || (lang() === "fr" ? "Vous" : "You") });
  const language = h("select", { id: "lang", name: "lang" },
    h("option", { value: "en", selected: lang() === "en" }, "English"),
    h("option", { value: "fr", selected: lang() === "fr" }, "Français"));

  const levels = (seat, chosen) =>
    h("label", { class: "bot-seat" }, t("seat_bot", { seat }),
      h("select", { name: `bot${seat}`, "data-seat": seat },
        bots.bots.map((bot) => h("option", { value: bot, selected: bot === chosen }, botLevel(bot)))));

  function sync() {
    const n = Number(players.value);
    const top = Math.floor(78 / n);
    maxCards.max = top;
    if (!maxCards.value || Number(maxCards.value) > top) maxCards.value = Math.min(last.max_cards || top, top);
    maxHelp.textContent = t("max_cards_help", { max: top, players: n });
    const chosen = [...seats.querySelectorAll("select")].map((select) => select.value);
    fill(seats, Array.from({ length: n - 1 }, (_, i) =>
      levels(i + 1, chosen[i] || (last.bots && last.bots[i]) || bots.default)));
  }
  players.addEventListener("change", sync);
  sync();

  const form = h("form", { id: "new-game", class: "panel" },
    h("h2", {}, t("new_game")),
    h("label", { for: "players" }, t("players")), players,
    h("label", { for: "max-cards" }, t("max_cards")), h("div", {}, maxCards, " ", maxHelp),
    h("label", { class: "check" }, hook, " ", t("hook_label")),
    h("fieldset", {}, h("legend", {}, t("bot_levels")), seats),
    h("label", { for: "name" }, t("your_name")), name,
    h("label", { for: "lang" }, t("language")), language,
    h("button", { type: "submit", class: "primary" }, t("start")));
  const chosen = () => {
    const settings = {
      players: Number(players.value),
      max_cards: Number(maxCards.value),
      hook: hook.checked,
      bots: [...seats.querySelectorAll("select")].map((select) => select.value),
      name: name.value.trim(),
      lang: language.value,
    };
    localStorage.setItem(FORM_KEY, JSON.stringify(settings));
    return settings;
  };
  // The page speaks the language chosen at once; what was filled in stays.
  language.addEventListener("change", () => language.value !== lang() && onLanguage(chosen().lang));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onStart(chosen());
  });
  return form;
}

function gameRow(game) {
  const names = game.seats.map((seat) => seat.name);
  const when = new Date(game.updated * 1000).toLocaleString(lang());
  const rules = `${game.rules.players} ${t("players").toLowerCase()}, ` +
    `1–${game.rules.max_cards}${game.rules.hook ? ", " + t("hook_on") : ""}`;
  let status;
  let actions;
  if (game.over) {
    const best = joinNames(game.winners.map((seat) => names[seat]));
    status = `${t("finished")} — ${game.winners.length > 1 ? t("shared_win", { names: best }) : t("winner", { name: best })}`;
    actions = [
      h("a", { class: "button", href: `#/replay/${game.id}` }, t("replay")),
      h("a", { class: "button", href: `/api/games/${game.id}/record`, download: `ascenseur-${game.id}.json` }, t("download")),
    ];
  } else {
    status = t("at_deal", { number: game.deals + 1, count: game.rules.deal_count });
    actions = [h("a", { class: "button primary", href: `#/game/${game.id}` },
      game.your_seat === null ? t("watch") : t("resume"))];
  }
  const scores = game.totals.map((total, seat) => `${names[seat]} ${total}`).join(" · ");
  return h("li", { class: "game", "data-game": game.id, "data-over": String(game.over) },
    h("div", { class: "game-head" }, h("strong", {}, when), " · ", rules),
    h("div", {}, status),
    h("div", { class: "muted" }, scores),
    h("div", { class: "actions" }, actions));
}

async function historyList() {
  const headers = playerToken() ? { "x-ascenseur-player": playerToken() } : {};
  const response = await fetch(`/api/games?lang=${lang()}`, { headers });
  const { games } = await response.json();
  return h("section", { id: "history", class: "panel" },
    h("h2", {}, t("history")),
    games.length ? h("ul", { class: "games" }, games.map(gameRow)) : h("p", {}, t("no_games")));
}

/** The home page, to show once it is built. */
export async function homePage({ onStart, onLanguage }) {
  const bots = await (await fetch("/api/bots")).json();
  return h("div", { class: "home" }, newGameForm(bots, onStart, onLanguage), await historyList());
}
