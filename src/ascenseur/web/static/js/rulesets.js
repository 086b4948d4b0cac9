// A table's rules (RULES.md §7, the house rules): in words for people ("Deals 5…1…5 · tricks
// and ten (1 point a trick, 10 more when exact) · bids with closed fists"), and the fieldset
// that chooses them — a preset or a table's own — in the create form and the score sheet. The
// presets and the scoring tables come from the server (GET /api/rules); the server checks what
// is chosen and answers a bad rule set with a sentence that names the field.

import { h, fill } from "./dom.js";
import { t, count } from "./i18n.js";

const SCORING_FIELDS = ["exact_base", "exact_per_bid", "miss_base", "miss_per_trick", "per_trick"];
const NO_CHOICES = { presets: {}, scoring_tables: {}, shapes: ["up-down", "down-up", "up", "down"], bidding: ["in-turn", "simultaneous"], max_schedule_length: 60, max_scoring_number: 100 };

// The server's answer, once it came: the names of the scoring tables for the words below.
let known = NO_CHOICES;

/** What a table may choose: {presets, scoring_tables, shapes, …} from the server. */
export async function ruleChoices() {
  try {
    const response = await fetch("/api/rules");
    if (response.ok) known = { ...NO_CHOICES, ...(await response.json()) };
  } catch {
    // no catalogue: the form offers a table's own rules only
  }
  return known;
}

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
const label = (key, fallback) => {
  const text = t(key);
  return text === key ? fallback : text;
};

/**
 * A rule set in one form whatever it came from: the table view's `rules` (schedule as hand
 * sizes, with `shape`), or a record's `rules` object (schedule a shape's name, a list, or
 * left out).
 */
export function normalRules(rules) {
  let shape;
  if ("shape" in rules) shape = rules.shape;
  else if (typeof rules.schedule === "string") shape = rules.schedule;
  else shape = Array.isArray(rules.schedule) ? null : "up-down";
  return {
    players: rules.players,
    max_cards: rules.max_cards ?? (Array.isArray(rules.schedule) ? Math.max(...rules.schedule) : Math.floor(78 / rules.players)),
    hook: Boolean(rules.hook),
    shape,
    sizes: Array.isArray(rules.schedule) ? rules.schedule : null,
    scoring: rules.scoring || null,  // null: the seed's table
    scoring_name: rules.scoring_name,
    lead_restriction: rules.lead_restriction !== false,
    bidding: rules.bidding || "in-turn",
    blind_one_card: Boolean(rules.blind_one_card),
  };
}

/** "1…5…1", "5…1…5", "1…5", "5…1", or the list itself: the deals of a schedule. */
export function dealsInWords(rules) {
  const r = normalRules(rules);
  const m = r.max_cards;
  if (r.shape === null || r.shape === undefined) {
    const sizes = r.sizes || [];
    return sizes.length > 12 ? `${sizes.slice(0, 12).join(", ")}, …` : sizes.join(", ");
  }
  if (m === 1) return "1";
  return { "up-down": `1…${m}…1`, "down-up": `${m}…1…${m}`, up: `1…${m}`, down: `${m}…1` }[r.shape] || r.shape;
}

/** The name of the scoring table `scoring` is, among `tables` (null: none of them). */
export function scoringName(scoring, tables) {
  for (const [name, table] of Object.entries(tables || {})) {
    if (SCORING_FIELDS.every((field) => table[field] === scoring[field])) return name;
  }
  return null;
}

/** "10 + bid when exact, else lose 10 + the gap": what a scoring table pays, in words. */
export function scoringHow(scoring) {
  const [a, b, c, d, p] = SCORING_FIELDS.map((field) => Number(scoring[field]) || 0);
  const parts = [];
  if (p) parts.push(t("how_per_trick", { points: count(p, "point") }));
  const exact = [a ? String(a) : null, b ? (b === 1 ? t("words_bid") : `${b} × ${t("words_bid")}`) : null].filter(Boolean).join(" + ");
  if (exact) parts.push(t(p ? "how_exact_more" : "how_exact", { value: exact }));
  let miss = null;
  if (c && d) miss = t("how_lose_base_gap", { base: c, per: d === 1 ? "" : `${d} × ` });
  else if (d) miss = t("how_lose_gap", { per: d });
  else if (c) miss = t("how_lose", { base: c });
  if (miss) parts.push(exact ? t("how_else", { value: miss }) : miss);
  return parts.length ? parts.join(", ") : t("how_nothing");
}

/** "tricks and ten (1 point a trick, 10 more when exact)": a scoring table by name and pay. */
export function scoringInWords(rules, tables = known.scoring_tables) {
  const r = normalRules(rules);
  const scoring = r.scoring || tables.ascenseur;
  const name = r.scoring_name !== undefined ? r.scoring_name : r.scoring ? scoringName(r.scoring, tables) : "ascenseur";
  const called = label(`scoring_name_${name}`, name || t("scoring_name_own"));
  return scoring ? t("words_scoring", { name: called, how: scoringHow(scoring) }) : called;
}

/** A table's rules in one line: the deals, the points, then each house rule it plays. */
export function rulesInWords(rules, tables = known.scoring_tables) {
  const r = normalRules(rules);
  const parts = [t("words_deals", { deals: dealsInWords(rules) }), scoringInWords(rules, tables)];
  if (!r.lead_restriction) parts.push(t("words_lead_free"));
  if (r.bidding === "simultaneous") parts.push(t("words_closed_fists"));
  if (r.blind_one_card) parts.push(t("words_blind"));
  if (r.hook) parts.push(t("words_hook"));
  return parts.join(" · ");
}

/** A preset's name as the menu shows it. */
function presetLabel(name, fields, choices) {
  const own = t(`preset_${name}`);
  if (own !== `preset_${name}`) return own;
  const keys = Object.keys(fields);
  if (keys.length === 1 && keys[0] === "scoring") {
    return `${capital(label(`scoring_name_${name}`, name))} — ${scoringHow(fields.scoring)}`;
  }
  return name;
}

/**
 * The fieldset that chooses a table's rules: a preset, or the table's own — the deals (a shape
 * over the most cards, or a list), the points (a table by name, or five numbers), the lead
 * restriction, closed fists, blind one-card deals and the hook. `prefix` keeps the ids of two
 * forms apart; `maxCards` is the form's own "most cards" input (unused with a list);
 * `players()` the number of players chosen; `saved` the §7 fields last chosen.
 *
 * Returns {element, read(), say(text)}: read() is the record's §7 fields (players and max
 * cards are the form's), say(text) shows the server's refusal beside the fields.
 */
export function rulesFieldset(choices, { prefix = "", maxCards, players, saved = {}, onChange = () => {} }) {
  const id = (name) => `${prefix}${name}`;
  const tables = choices.scoring_tables || {};
  const firstTable = Object.keys(tables)[0];
  const preset = h("select", { id: id("preset") },
    Object.entries(choices.presets || {}).map(([name, fields]) => h("option", { value: name }, presetLabel(name, fields, choices))),
    h("option", { value: "" }, t("preset_custom")));
  const shape = h("select", { id: id("schedule") },
    (choices.shapes || []).map((name) => h("option", { value: name }, label(`shape_${name}`, name))),
    h("option", { value: "list" }, t("shape_list")));
  const list = h("input", { id: id("schedule-list"), type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
  const listLabel = h("label", { for: id("schedule-list"), class: "sub" }, t("schedule_list_label"));
  const scoring = h("select", { id: id("scoring") },
    Object.keys(tables).map((name) => h("option", { value: name }, capital(label(`scoring_name_${name}`, name)))),
    h("option", { value: "" }, t("scoring_own")));
  const numbers = Object.fromEntries(SCORING_FIELDS.map((field) => [field,
    h("input", { id: id(`scoring-${field}`), type: "number", min: 0, max: choices.max_scoring_number ?? 100, step: 1, inputmode: "numeric", "data-field": field })]));
  const numbersBox = h("details", { class: "scoring-numbers" }, h("summary", {}, t("scoring_numbers")),
    h("div", { class: "numbers" }, SCORING_FIELDS.map((field) =>
      h("label", { class: "number", for: id(`scoring-${field}`) }, h("span", {}, t(`scoring_${field}`)), numbers[field]))));
  const lead = h("input", { id: id("lead-restriction"), type: "checkbox", checked: true });
  const fists = h("input", { id: id("simultaneous"), type: "checkbox" });
  const blind = h("input", { id: id("blind-one-card"), type: "checkbox" });
  const hook = h("input", { id: id("hook"), name: "hook", type: "checkbox" });
  const hookNote = h("small", { class: "hook-note", id: id("hook-note"), hidden: true }, t("hook_needs_turns"));
  const summary = h("p", { class: "rules-summary", id: id("rules-summary"), "aria-live": "polite" });
  const error = h("p", { class: "notice error rules-error", id: id("rules-error"), role: "alert", tabindex: -1, hidden: true });

  const setNumbers = (table) => SCORING_FIELDS.forEach((field) => (numbers[field].value = table ? table[field] : ""));
  const scoringValue = () => {
    const chosen = {};
    for (const field of SCORING_FIELDS) {
      const text = numbers[field].value.trim();
      if (text !== "") chosen[field] = Number.isInteger(Number(text)) ? Number(text) : text;
    }
    return Object.keys(chosen).length ? chosen : null;
  };
  const sizes = () => list.value.split(/[\s,;]+/).filter(Boolean).map((word) => (/^\d+$/.test(word) ? Number(word) : word));

  /** The §7 fields as chosen (a record's way: only what differs from the seed's rules). */
  function read() {
    const rules = { hook: hook.checked && !fists.checked };
    if (shape.value === "list") rules.schedule = sizes();
    else if (shape.value !== "up-down") rules.schedule = shape.value;
    const points = scoringValue();
    // The seed's table (the server's first) is the default: a record leaves it out.
    if (points && !(firstTable && scoringName(points, { [firstTable]: tables[firstTable] }))) rules.scoring = points;
    if (!lead.checked) rules.lead_restriction = false;
    if (fists.checked) rules.bidding = "simultaneous";
    if (blind.checked) rules.blind_one_card = true;
    return rules;
  }

  /** Set the fields to the §7 fields `fields` (a preset's, or those saved), over the seed's. */
  function apply(fields) {
    const schedule = fields.schedule ?? "up-down";
    shape.value = Array.isArray(schedule) ? "list" : schedule;
    if (Array.isArray(schedule)) list.value = schedule.join(" ");
    const table = fields.scoring ? { ...(tables[firstTable] || {}), ...fields.scoring } : tables[firstTable];
    setNumbers(table || fields.scoring);
    scoring.value = table ? scoringName(table, tables) ?? "" : firstTable ?? "";
    lead.checked = fields.lead_restriction !== false;
    fists.checked = fields.bidding === "simultaneous";
    blind.checked = Boolean(fields.blind_one_card);
    hook.checked = Boolean(fields.hook);
  }

  const same = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  function canonical(fields) {
    const f = { ...fields };
    if (f.scoring) {
      const table = { ...(tables[firstTable] || {}), ...f.scoring };
      if (scoringName(table, { [firstTable]: tables[firstTable] })) delete f.scoring;
      else f.scoring = table;
    }
    if (!f.hook) delete f.hook;
    if (f.schedule === "up-down") delete f.schedule;
    return Object.keys(f).sort().map((key) => [key, f[key]]);
  }

  function sync() {
    const listed = shape.value === "list";
    list.hidden = listLabel.hidden = !listed;
    if (maxCards) maxCards.disabled = listed;
    hook.disabled = fists.checked;
    if (fists.checked) hook.checked = false;
    hookNote.hidden = !fists.checked;
    const chosen = read();
    const match = Object.entries(choices.presets || {}).find(([, fields]) => same(fields, chosen));
    preset.value = match ? match[0] : "";
    const n = players();
    const most = listed ? null : Number(maxCards?.value) || Math.floor(78 / n);
    summary.textContent = t("rules_summary", { rules: rulesInWords({ players: n, max_cards: most, ...chosen }, tables) });
    error.hidden = true;
    onChange(chosen);
  }

  preset.addEventListener("change", () => {
    if (preset.value) apply(choices.presets[preset.value]);
    sync();
  });
  scoring.addEventListener("change", () => {
    if (scoring.value) setNumbers(tables[scoring.value]);
    else numbersBox.open = true;
    sync();
  });
  for (const input of Object.values(numbers)) {
    input.addEventListener("input", () => {
      scoring.value = scoringName(scoringValue() || {}, tables) ?? "";
      sync();
    });
  }
  for (const control of [shape, lead, fists, blind, hook]) control.addEventListener("change", sync);
  list.addEventListener("input", sync);
  maxCards?.addEventListener("input", sync);

  apply(saved);
  const element = h("fieldset", { class: "rules-choice", id: id("rules") },
    h("legend", {}, t("rules_legend")),
    h("label", { for: id("preset") }, t("rules_preset")), preset,
    h("label", { for: id("schedule") }, t("schedule_label")), shape, listLabel, list,
    h("label", { for: id("scoring") }, t("scoring_label")), scoring, numbersBox,
    h("label", { class: "check" }, lead, " ", t("lead_restriction_label")),
    h("label", { class: "check" }, fists, " ", t("simultaneous_label")),
    h("label", { class: "check" }, hook, " ", t("hook_label")), hookNote,
    h("label", { class: "check" }, blind, " ", t("blind_label")),
    summary, error);
  // Drawn once the caller has put the form together (players() may read its select).
  queueMicrotask(sync);
  return {
    element,
    read,
    sync,
    say(text) {
      fill(error, h("strong", {}, t("rules_refused")), " ", text);
      error.hidden = false;
      element.scrollIntoView?.({ block: "nearest" });
      error.focus?.();
    },
  };
}
