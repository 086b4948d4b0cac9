// How to play (#/rules): the rules as the engine applies them. The text and every example
// (the deals for each number of players and each order of the hands, the points under each
// scoring table, the hook, the lead, the Excuse) come from the server, which computes them
// with the game's own rules (/api/rules/LANG). From a table (#/rules/RULES, its rule set as a
// record writes it), the page first says how that table plays and marks the options it uses.

import { h, fill } from "./dom.js";
import { t, lang, typeset } from "./i18n.js";
import { dealsInWords, normalRules, rulesInWords, scoringName } from "./rulesets.js";

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The options (sections) a rule set plays, as the page can tell from the rule set itself. */
function usedOptions(rules, tables) {
  const r = normalRules(rules);
  const seed = tables.find((table) => table.name === "ascenseur")?.numbers;
  const uses = [];
  if (r.shape !== "up-down") uses.push("shapes");
  if (r.scoring && !(seed && scoringName(r.scoring, { ascenseur: seed }))) uses.push("tables");
  if (!r.lead_restriction) uses.push("lead_free");
  if (r.bidding === "simultaneous") uses.push("closed_fists");
  if (r.blind_one_card) uses.push("blind");
  if (r.hook) uses.push("hook");
  return uses;
}

function pointsTable(rows, label, cls) {
  return h("table", { class: ["sheet", cls] },
    h("thead", {}, h("tr", {}, h("th", {}, label.bid), h("th", {}, label.taken), h("th", {}, label.points))),
    h("tbody", {}, rows.map((row) => h("tr", { class: row.bid === row.tricks ? "made" : "missed" },
      h("td", { class: "num" }, row.bid), h("td", { class: "num" }, row.tricks),
      h("td", { class: "num points" }, signed(row.points))))));
}

/** How the table of `rules` plays: its rules in words, its deals, its points. */
function tableSection(page, rules) {
  const label = page.labels;
  const tables = Object.fromEntries(page.scoring_tables.map((table) => [table.name, table.numbers]));
  const r = normalRules(rules);
  const named = r.scoring ? scoringName({ ...tables.ascenseur, ...r.scoring }, tables) : "ascenseur";
  // The engine's examples: for this rule set when the server computed them, else its table's.
  const examples = page.table?.scoring || page.scoring_tables.find((table) => table.name === named)?.examples;
  const deals = page.table ? page.table.schedule.join(", ") : dealsInWords(rules);
  return h("section", { class: "rule table-rules", id: "rule-table" },
    h("h2", {}, t("rules_your_table")),
    h("p", { class: "rules-line" }, rulesInWords(rules, tables)),
    h("p", { class: "table-deals" }, t("rules_table_deals", { deals })),
    examples ? [h("p", {}, t("rules_table_points")), pointsTable(examples, label, "table-scoring")] : null);
}

export async function rulesPage(root, current = () => true, tableRules = null) {
  let rules = null;
  try {
    rules = tableRules ? JSON.parse(tableRules) : null;
  } catch {
    rules = null;  // a link cut short: the general page
  }
  if (rules && (typeof rules !== "object" || !rules.players)) rules = null;
  const query = rules ? `?rules=${encodeURIComponent(JSON.stringify(rules))}` : "";
  let response = await fetch(`/api/rules/${lang()}${query}`);
  if (!response.ok && query) {
    rules = null;  // a rule set the server refuses (a link edited by hand): the general page
    response = await fetch(`/api/rules/${lang()}`);
  }
  const page = await response.json();
  if (!current()) return;
  const label = page.labels;
  const uses = new Set(rules ? page.table?.uses || usedOptions(rules, page.scoring_tables || []) : []);
  const section = (key, ...more) => {
    const found = page.sections.find((s) => s.key === key);
    if (!found) return null;
    const used = uses.has(key);
    return h("section", { class: ["rule", used && "used"], id: `rule-${key}` },
      h("h2", {}, found.title, used ? h("span", { class: "badge used-mark" }, t("rules_table_plays")) : null),
      h("p", {}, typeset(found.text)), more);
  };
  const shapes = page.shapes || [];
  const tables = page.scoring_tables || [];
  fill(root, h("article", { class: "rules-page panel" },
    h("header", { class: "game-bar" }, h("h1", {}, t("rules_title")),
      h("nav", { class: "tools" },
        history.length > 1 ? h("button", { type: "button", id: "rules-back", onclick: () => history.back() }, "← ", t("previous")) : null,
        h("a", { class: "button", href: "#/" }, t("home")))),
    rules ? tableSection(page, rules) : null,
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
    section("scoring", pointsTable(page.scoring, label, "rules-scoring")),
    h("h2", { class: "options-title" }, t("rules_options_title")),
    section("shapes", h("table", { class: "sheet rules-shapes" },
      h("thead", {}, h("tr", {}, h("th", {}, label.shape), h("th", {}, label.deals))),
      h("tbody", {}, shapes.map((row) => h("tr", { "data-shape": row.shape },
        h("th", { scope: "row" }, row.label), h("td", {}, row.deals.join(", "))))))),
    section("tables", h("div", { class: "sheet-wrap" }, h("table", { class: "sheet rules-tables" },
      h("thead", {}, h("tr", {}, h("th", {}, label.bid), h("th", {}, label.taken),
        tables.map((table) => h("th", { scope: "col", "data-table": table.name }, table.label)))),
      h("tbody", {}, page.scoring.map((row, i) => h("tr", {},
        h("td", { class: "num" }, row.bid), h("td", { class: "num" }, row.tricks),
        tables.map((table) => h("td", { class: "num points", "data-table": table.name }, signed(table.examples[i].points))))))))),
    section("lead_free"),
    section("closed_fists"),
    section("blind")));
  document.title = `${t("title")} — ${t("how_to_play")}`;
  if (rules) root.querySelector("#rule-table")?.scrollIntoView?.({ block: "start" });
}
