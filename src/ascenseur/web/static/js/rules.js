// How to play (#/rules): the rules as the engine applies them. The text and every example
// (the deals for each number of players, the points, the hook, the lead, the Excuse) come
// from the server, which computes them with the game's own rules (/api/rules/LANG).

import { h, fill } from "./dom.js";
import { t, lang, typeset } from "./i18n.js";

export async function rulesPage(root, current = () => true) {
  const response = await fetch(`/api/rules/${lang()}`);
  const page = await response.json();
  if (!current()) return;
  const label = page.labels;
  const section = (key, ...more) => {
    const found = page.sections.find((s) => s.key === key);
    return h("section", { class: "rule", id: `rule-${key}` }, h("h2", {}, found.title), h("p", {}, typeset(found.text)), more);
  };
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  fill(root, h("article", { class: "rules-page panel" },
    h("header", { class: "game-bar" }, h("h1", {}, t("rules_title")),
      h("nav", { class: "tools" },
        history.length > 1 ? h("button", { type: "button", id: "rules-back", onclick: () => history.back() }, "← ", t("previous")) : null,
        h("a", { class: "button", href: "#/" }, t("home")))),
    section("goal"),
    section("cards"),
    section("schedule", h("table", { class: "sheet rules-schedule" },
      h("thead", {}, h("tr", {}, h("th", {}, label.players), h("th", {}, label.max_cards), h("th", {}, label.deals))),
      h("tbody", {}, page.schedule.map((row) => h("tr", {},
        h("td", { class: "num" }, row.players), h("td", { class: "num" }, row.max_cards), h("td", { class: "num" }, row.deals)))))),
    section("bidding"),
    section("hook"),
    section("lead"),
    section("follow"),
    section("excuse"),
    section("scoring", h("table", { class: "sheet rules-scoring" },
      h("thead", {}, h("tr", {}, h("th", {}, label.bid), h("th", {}, label.taken), h("th", {}, label.points))),
      h("tbody", {}, page.scoring.map((row) => h("tr", { class: row.bid === row.tricks ? "made" : "missed" },
        h("td", { class: "num" }, row.bid), h("td", { class: "num" }, row.tricks),
        h("td", { class: "num points" }, signed(row.points)))))))));
  document.title = `${t("title")} — ${t("how_to_play")}`;
}
