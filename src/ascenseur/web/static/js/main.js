// The page: home (a new table, your tables), a table (#/game/ID), an invitation (#/join/CODE),
// a seat taken to this device (#/transfer/CODE), a replay (#/replay/ID), the review of one's
// own seat (#/review/ID), how to play
// (#/rules, or #/rules/RULES for a table's own rule set) and the score sheet of a game with
// real cards (#/scoresheet).

import { fill, h } from "./dom.js";
import { count, loadWords, t } from "./i18n.js";
import { suitSprite } from "./cards.js";
import { homePage } from "./home.js";
import { lostPanel } from "./lost.js";
import { invitePage } from "./invite.js";
import { TableScreen } from "./table.js";
import { ReplayScreen } from "./replay.js";
import { ReviewScreen } from "./review.js";
import { rulesPage } from "./rules.js";
import { ScorePad } from "./scorepad.js";
import { VERSION, adopt, post, tokenOf } from "./net.js";

const LANG_KEY = "ascenseur.lang";
const root = document.getElementById("app");
let screen = null;
// Each new screen takes a number; a screen still loading when a newer one starts gives up.
let generation = 0;

function language() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved === "en" || saved === "fr") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

function leave() {
  screen?.destroy?.();
  screen = null;
  document.title = t("title");  // a screen left behind names nothing any more
  return ++generation;
}

async function openTable(first) {
  const mine = leave();
  if (first.lang && first.lang !== language()) {
    localStorage.setItem(LANG_KEY, first.lang);
    await loadWords(first.lang);
  }
  if (mine !== generation) return;
  screen = new TableScreen(root, { version: VERSION, lang: language(), ...first }, { onRematch: openTable, onRefused: refused });
}

/** The server refused the rules of a new table: the form again, its sentence beside them. */
async function refused(error) {
  const mine = leave();
  const home = await homePage({ onStart: openTable, onLanguage: changeLanguage, refusal: error.message });
  if (mine !== generation) return;
  fill(root, home);
  document.title = t("title");
}

async function changeLanguage(lang) {
  const mine = leave();
  localStorage.setItem(LANG_KEY, lang);
  await loadWords(lang);
  if (mine === generation) await route();
}

function nowhere(key) {
  fill(root, lostPanel(t(key), false));
}

async function route() {
  const mine = leave();
  const [, page, id] = location.hash.split("/");
  const lang = language();
  if (page === "game" && id) {
    const token = tokenOf(id);
    if (token) screen = new TableScreen(root, { type: "resume", version: VERSION, table: id, token, lang }, { onRematch: openTable, onRefused: refused });
    else nowhere("no_seat_here");
  } else if (page === "join" && id) {
    const invite = await invitePage(id, { onTake: openTable });
    if (mine !== generation) return;
    fill(root, invite);
  } else if (page === "watch" && id) {
    screen = new TableScreen(root, { type: "watch", version: VERSION, invite: id, lang });
  } else if (page === "transfer" && id) {
    history.replaceState(null, "", "#/");  // the code works once: keep it out of the history
    screen = new TableScreen(root, { type: "claim", version: VERSION, code: id, lang });
  } else if (page === "adopt" && id) {
    history.replaceState(null, "", "#/");  // the code works once: keep it out of the history
    const response = await post("/api/adopt", { code: id });
    const answer = await response.json();
    if (response.ok) adopt(answer.tables);
    if (mine !== generation) return;
    await route();
    const home = document.querySelector("#history");
    home?.prepend(h("p", { class: ["notice", !response.ok && "error"], role: "status" },
      response.ok ? t("adopted", { games: count(Object.keys(answer.tables).length, "game") }) : answer.message));
    return;
  } else if (page === "rules") {
    await rulesPage(root, () => mine === generation, id ? decodeURIComponent(id) : null);
  } else if (page === "scoresheet") {
    const pad = new ScorePad(root);
    screen = pad;
    await pad.load();
  } else if (page === "replay" && id) {
    const replay = await new ReplayScreen(root, id).load(() => mine === generation);
    if (mine === generation) screen = replay;
  } else if (page === "review" && id) {
    const review = new ReviewScreen(root, id);
    screen = review;  // left while it waits for the server, it stops asking
    await review.load(() => mine === generation);
  } else {
    const home = await homePage({ onStart: openTable, onLanguage: changeLanguage });
    if (mine !== generation) return;
    fill(root, home);
    document.title = t("title");
  }
  document.body.dataset.ready = "true";
}

document.body.prepend(suitSprite());
await loadWords(language());
window.addEventListener("hashchange", route);
// A link to the page's own address (home, after a code link set "#/") still opens it anew.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.("a[href^='#']");
  if (!link || link.target || event.defaultPrevented || (location.hash || "#/") !== link.getAttribute("href")) return;
  event.preventDefault();
  route();
});
await route();
