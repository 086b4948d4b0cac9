// The home page: the form that opens a table (alone with bots, or with seats for friends) and
// the list of this browser's tables — only those it holds a seat at.

import { h, fill } from "./dom.js";
import { t, joinNames, lang } from "./i18n.js";
import { heldTables, post, tokenOf } from "./net.js";
import { ruleChoices, rulesFieldset, rulesInWords } from "./rulesets.js";

const FORM_KEY = "ascenseur.form";
const FRIEND = "";  // a seat kept open for a friend

function saved() {
  try {
    return JSON.parse(localStorage.getItem(FORM_KEY)) || {};
  } catch {
    return {};
  }
}

/** A bot's level as people read it ("Heuristic (club player)"), else its name. */
export function botLevel(bot) {
  const label = t(`bot_${bot}`);
  return label === `bot_${bot}` ? bot : label;
}

/** The new-table form; `onStart(message)` gets the create message; `refusal`, the server's
 * sentence about the rules last sent, is shown beside them. */
function newTableForm(bots, choices, onStart, onLanguage, refusal) {
  const last = saved();
  const players = h("select", { id: "players", name: "players" },
    [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => h("option", { value: n, selected: n === (last.players || 4) }, n)));
  const maxCards = h("input", { id: "max-cards", name: "max_cards", type: "number", min: 1, required: true });
  const maxHelp = h("small", { id: "max-cards-help" });
  const seats = h("div", { class: "bot-seats" });
  const profile = h("select", { id: "profile", name: "profile" },
    ["relaxed", "normal", "fast"].map((p) => h("option", { value: p, selected: p === (last.profile || "relaxed") }, t(`profile_${p}`))));
  const spectators = h("input", { id: "spectators", type: "checkbox", checked: last.spectators !== false });
  const standin = h("select", { id: "standin", name: "standin" },
    bots.bots.map((bot) => h("option", { value: bot, selected: bot === (last.standin || "heuristic") }, botLevel(bot))));
  const grace = h("input", { id: "grace", type: "number", min: 0, max: 3600, value: last.grace ?? 30 });
  const summary = h("input", { id: "summary-seconds", type: "number", min: 0, max: 600, value: last.summary_seconds ?? 8 });
  const name = h("input", { id: "name", name: "name", type: "text", maxlength: 40, required: true,
                            autocomplete: "nickname", value: last.name || (lang() === "fr" ? "Vous" : "You") });
  const language = h("select", { id: "lang", name: "lang" },
    h("option", { value: "en", selected: lang() === "en" }, "English"),
    h("option", { value: "fr", selected: lang() === "fr" }, "Français"));

  const levels = (seat, chosen) =>
    h("label", { class: "bot-seat" }, t("seat", { seat }),
      h("select", { name: `bot${seat}`, "data-seat": seat },
        h("option", { value: FRIEND, selected: chosen === FRIEND }, t("seat_friend")),
        bots.bots.map((bot) => h("option", { value: bot, selected: bot === chosen }, botLevel(bot)))));

  function sync() {
    const n = Number(players.value);
    const top = Math.floor(78 / n);
    maxCards.max = top;
    if (!maxCards.value || Number(maxCards.value) > top) maxCards.value = Math.min(last.max_cards || top, top);
    maxHelp.textContent = t("max_cards_help", { max: top, players: n });
    const chosen = [...seats.querySelectorAll("select")].map((select) => select.value);
    fill(seats, Array.from({ length: n - 1 }, (_, i) =>
      levels(i + 1, chosen[i] ?? (last.seats && last.seats[i]) ?? bots.default)));
  }
  const rules = rulesFieldset(choices, {
    maxCards, players: () => Number(players.value),
    saved: last.rules || { hook: Boolean(last.hook) },
  });
  players.addEventListener("change", () => {
    sync();
    rules.sync();
  });
  sync();

  const form = h("form", { id: "new-game", class: "panel" },
    h("h2", {}, t("new_game")),
    h("label", { for: "players" }, t("players")), players,
    h("label", { for: "max-cards" }, t("max_cards")), h("div", {}, maxCards, " ", maxHelp),
    rules.element,
    h("fieldset", {}, h("legend", {}, t("bot_levels")), seats),
    h("label", { for: "profile" }, t("profile")), profile,
    h("label", { class: "check" }, spectators, " ", t("spectators_allowed")),
    h("details", { class: "more" }, h("summary", {}, t("more_settings")),
      h("label", { for: "standin" }, t("standin_level")), standin,
      h("label", { for: "grace" }, t("grace_seconds")), grace,
      h("label", { for: "summary-seconds" }, t("summary_seconds")), summary),
    h("label", { for: "name" }, t("your_name")), name,
    h("label", { for: "lang" }, t("language")), language,
    h("button", { type: "submit", class: "primary" }, t("start")));
  const chosen = () => {
    const chosen = rules.read();
    const settings = {
      players: Number(players.value),
      max_cards: Number(maxCards.value),
      rules: chosen,
      seats: [...seats.querySelectorAll("select")].map((select) => select.value),
      profile: profile.value,
      spectators: spectators.checked,
      standin: standin.value,
      grace: Math.min(3600, Math.max(0, Number(grace.value) || 0)),
      summary_seconds: Math.min(600, Math.max(0, Number(summary.value) || 0)),
      name: name.value.trim(),
      lang: language.value,
    };
    localStorage.setItem(FORM_KEY, JSON.stringify(settings));
    return settings;
  };
  language.addEventListener("change", () => language.value !== lang() && onLanguage(chosen().lang));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const settings = chosen();
    const open = settings.seats.some((seat) => seat === FRIEND);
    const { players: n, max_cards: most, rules: fields, ...rest } = settings;
    // The rule set travels whole, as a record writes it; a list of hand sizes sets its own most.
    const ruleSet = { players: n, ...(Array.isArray(fields.schedule) ? {} : { max_cards: most }), ...fields };
    onStart({ type: "create", ...rest, rules: ruleSet, seats: settings.seats.map((seat) => seat || null), start: !open });
  });
  if (refusal) queueMicrotask(() => rules.say(refusal));
  return form;
}

function gameRow(game) {
  const names = game.seats.map((seat) => seat.name);
  const when = new Date(game.updated * 1000).toLocaleString(lang());
  const rules = `${game.rules.players} ${t("players").toLowerCase()} · ${rulesInWords(game.rules)}`;
  let status;
  let actions;
  if (game.over) {
    const best = joinNames(game.winners.map((seat) => names[seat]));
    status = `${t("finished")} — ${game.winners.length > 1 ? t("shared_win", { names: best }) : t("winner", { name: best })}`;
    actions = [
      h("a", { class: "button", href: `#/replay/${game.id}` }, t("replay")),
      h("a", { class: "button review-link", href: `#/review/${game.id}` }, t("web_review_button")),
      h("button", { type: "button", class: "download", onclick: () => downloadRecord(game.id) }, t("download")),
    ];
  } else {
    status = game.started ? t("at_deal", { number: game.deals + 1, count: game.rules.deal_count }) : t("in_lobby");
    actions = [h("a", { class: "button primary", href: `#/game/${game.id}` }, t("resume"))];
  }
  const scores = game.totals.map((total, seat) => `${names[seat] || "—"} ${total}`).join(" · ");
  return h("li", { class: "game", "data-game": game.id, "data-over": String(game.over) },
    h("div", { class: "game-head" }, h("strong", {}, when), " · ", rules),
    h("div", {}, status),
    h("div", { class: "muted" }, scores),
    h("div", { class: "actions" }, actions));
}

/**
 * The create message of a rematch of the table `view` shows: its rules, its bots and its pace,
 * this person on the first seat, the seats that were people's open for them again; the other
 * settings as this browser's form last had them.
 */
export function rematchMessage(view) {
  const last = saved();
  const n = view.rules.players;
  const others = Array.from({ length: n - 1 }, (_, i) => view.seats[(view.seat + 1 + i) % n]);
  const seats = others.map((seat) => (seat.bot && !seat.standin ? seat.bot : null));
  const rules = view.rules.record || { players: n, max_cards: view.rules.max_cards, hook: view.rules.hook };
  const message = {
    type: "create", rules, seats,
    profile: view.profile, name: view.seats[view.seat].name, lang: last.lang || lang(),
    start: seats.every((seat) => seat !== null),
  };
  for (const key of ["spectators", "standin", "grace", "summary_seconds"]) if (key in last) message[key] = last[key];
  return message;
}

/** Download a finished table's record: the seat's token goes in the request's body. */
export async function downloadRecord(table) {
  const response = await post(`/api/tables/${table}/record`, { token: tokenOf(table) || "" });
  if (!response.ok) return;
  const link = h("a", { href: URL.createObjectURL(await response.blob()), download: `ascenseur-${table}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

async function historyList() {
  const tables = Object.entries(heldTables()).map(([table, token]) => ({ table, token }));
  const response = await post(`/api/tables/mine?lang=${lang()}`, { tables: tables.slice(-500) });
  const answer = await response.json().catch(() => ({}));
  // Refused (too many lists a minute, the storage away): the server's sentence, not "no games".
  const said = response.ok ? null : answer.message || t("no_games");
  const games = response.ok ? answer.games : [];
  return h("section", { id: "history", class: "panel" },
    h("h2", {}, t("history")),
    said ? h("p", { class: "refusal", role: "status" }, said)
      : games.length ? h("ul", { class: "games" }, games.map(gameRow)) : h("p", {}, t("no_games")));
}

/** The home page, to show once it is built. */
export async function homePage({ onStart, onLanguage, refusal = null }) {
  const [bots, choices] = await Promise.all([fetch("/api/bots").then((r) => r.json()), ruleChoices()]);
  return h("div", { class: "home" },
    h("h1", { class: "home-title" }, t("title")),
    h("nav", { class: "home-links" },
      h("a", { class: "button", id: "rules-link", href: "#/rules" }, t("how_to_play")),
      h("a", { class: "button", id: "scoresheet-link", href: "#/scoresheet" }, t("score_pad"))),
    newTableForm(bots, choices, onStart, onLanguage, refusal), await historyList());
}
