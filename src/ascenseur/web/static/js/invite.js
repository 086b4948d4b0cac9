// An invitation (#/join/CODE): the table's rules in words, who is at the table, a name, and
// "take a seat" — or watch.

import { h } from "./dom.js";
import { t, lang, colon } from "./i18n.js";
import { ruleChoices, rulesInWords } from "./rulesets.js";
import { lostPanel } from "./lost.js";

/** The invitation page; `onTake(message)` gets the join or watch message. */
export async function invitePage(code, { onTake }) {
  const response = await fetch(`/api/invite/${encodeURIComponent(code)}?lang=${lang()}`);
  const info = await response.json();
  await ruleChoices();  // the scoring tables' names, for the rules in words
  if (!response.ok) {
    return lostPanel(info.message);
  }
  const name = h("input", { id: "join-name", type: "text", maxlength: 40, required: true, autocomplete: "nickname" });
  const free = info.open.filter(Boolean).length;
  const form = h("form", { id: "join", class: "panel" },
    h("h1", {}, t("invited", { players: info.players, cards: info.max_cards })),
    info.rules ? h("p", { class: "rules-line", id: "invite-rules" }, rulesInWords(info.rules)) : null,
    h("ul", { class: "guests" }, info.names.map((who, seat) =>
      h("li", {}, `${t("seat", { seat: seat + 1 })}${colon()}${who ?? (info.open[seat] ? t("seat_free") : t("seat_robot"))}`))),
    info.started || !free ? h("p", { class: "notice" }, t(info.started ? "already_started" : "table_full")) : [
      h("label", { for: "join-name" }, t("your_name")), name,
      h("button", { type: "submit", class: "primary" }, t("take_seat"))],
    info.spectators ? h("button", { type: "button", id: "watch", onclick: () => onTake({ type: "watch", invite: code }) }, t("watch")) : null);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onTake({ type: "join", invite: code, name: name.value.trim() });
  });
  return form;
}
