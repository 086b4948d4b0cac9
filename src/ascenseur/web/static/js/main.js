// The page: home (new game, past games), a table (#/game/ID), a replay (#/replay/ID).

import { fill } from "./dom.js";
import { loadWords, t } from "./i18n.js";
import { suitSprite } from "./cards.js";
import { homePage } from "./home.js";
import { TableScreen } from "./table.js";
import { ReplayScreen } from "./replay.js";
import { VERSION, playerToken } from "./net.js";

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
  return ++generation;
}

async function startGame(settings) {
  const mine = leave();
  if (settings.lang !== language()) {
    localStorage.setItem(LANG_KEY, settings.lang);
    await loadWords(settings.lang);
  }
  if (mine !== generation) return;
  screen = new TableScreen(root, { type: "new_game", version: VERSION, ...settings, player: playerToken() });
}

async function changeLanguage(lang) {
  const mine = leave();
  localStorage.setItem(LANG_KEY, lang);
  await loadWords(lang);
  if (mine === generation) await route();
}

async function route() {
  const mine = leave();
  const [, page, id] = location.hash.split("/");
  if (page === "game" && id) {
    screen = new TableScreen(root, { type: "join", version: VERSION, game: id, player: playerToken(), lang: language() });
  } else if (page === "replay" && id) {
    const replay = await new ReplayScreen(root, id).load(() => mine === generation);
    if (mine === generation) screen = replay;
  } else {
    const home = await homePage({ onStart: startGame, onLanguage: changeLanguage });
    if (mine !== generation) return;
    fill(root, home);
    document.title = t("title");
  }
  document.body.dataset.ready = "true";
}

document.body.prepend(suitSprite());
await loadWords(language());
window.addEventListener("hashchange", route);
await route();
