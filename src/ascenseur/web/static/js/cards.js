// Card faces, drawn here in SVG: the four suits, the 21 trumps with their numbers, the
// Excuse, and a back. Nothing is copied from any published deck.

import { s } from "./dom.js";
import { cardName, lang } from "./i18n.js";

// Suit symbols in a 100 × 100 box.
const SUIT_PATHS = {
  H: "M50 90C22 68 3 50 3 29 3 13 15 3 29 3c10 0 17 6 21 14C54 9 61 3 71 3c14 0 26 10 26 26 0 21-19 39-47 61Z",
  D: "M50 2 90 50 50 98 10 50Z",
  S: "M50 3C36 24 5 39 5 60c0 13 10 22 22 22 9 0 16-4 20-11-1 11-5 19-13 25h32c-8-6-12-14-13-25 4 7 11 11 20 11 12 0 22-9 22-22C95 39 64 24 50 3Z",
  C: "M50 8a20 20 0 0 0-17 31A20 20 0 1 0 46 64c-1 12-5 22-13 30h34c-8-8-12-18-13-30a20 20 0 1 0 13-25A20 20 0 0 0 50 8Z",
};
const RED = new Set(["H", "D"]);

/** The SVG sprite of the suit symbols; put once in the page. */
export function suitSprite() {
  return s(
    "svg",
    { class: "sprite", "aria-hidden": "true", width: 0, height: 0 },
    s("defs", {}, Object.entries(SUIT_PATHS).map(([suit, d]) =>
      s("symbol", { id: `suit-${suit}`, viewBox: "0 0 100 100" }, s("path", { d })))),
  );
}

function pip(suit, x, y, size) {
  return s("use", { href: `#suit-${suit}`, x, y, width: size, height: size });
}

/** The rank as the language shows it: 1…10, V C D R (fr) or J N Q K (en). */
function rankText(code) {
  const name = cardName(code);
  return name.slice(0, -1);
}

function suitFace(code) {
  const suit = code[0];
  const rank = rankText(code);
  const court = Number.isNaN(Number(code.slice(1)));
  const colour = RED.has(suit) ? "red" : "black";
  const corner = (flip) =>
    s("g", { transform: flip ? "rotate(180 30 45)" : null },
      s("text", { x: 8, y: 15, class: rank.length > 1 ? "rank narrow" : "rank" }, rank),
      pip(suit, 3.5, 18, 9));
  const middle = court
    ? [
        s("rect", { x: 14, y: 20, width: 32, height: 50, rx: 3, class: "court" }),
        pip(suit, 20, 24, 20),
        s("text", { x: 30, y: 64, class: "court-letter" }, rank),
      ]
    : [pip(suit, 13, 24, 34), s("text", { x: 30, y: 74, class: "pips" }, rank)];
  return s("g", { class: `face ${colour}` }, corner(false), corner(true), middle);
}

function trumpFace(code) {
  const number = code.slice(1);
  const label = lang() === "fr" ? "atout" : "trump";
  return s("g", { class: "face trump" },
    s("rect", { x: 4, y: 4, width: 52, height: 82, rx: 4, class: "trump-band" }),
    s("text", { x: 8, y: 15, class: "rank small" }, number),
    s("text", { x: 30, y: 53, class: "trump-number" }, number),
    s("text", { x: 30, y: 71, class: "trump-label" }, label),
    s("text", { x: 52, y: 82, class: "rank small far" }, number));
}

function excuseFace() {
  const star = "M30 22l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z";
  return s("g", { class: "face excuse" },
    s("rect", { x: 4, y: 4, width: 52, height: 82, rx: 4, class: "excuse-band" }),
    s("path", { d: star, class: "excuse-star" }),
    s("text", { x: 30, y: 72, class: "excuse-label" }, "Excuse"));
}

/** The face of the card of code `code` (S1…SK, H…, D…, C…, T1…T21, EX), as an <svg>. */
export function cardFace(code) {
  const face = code === "EX" ? excuseFace() : code[0] === "T" ? trumpFace(code) : suitFace(code);
  return s("svg", { viewBox: "0 0 60 90", class: "card-face", "aria-hidden": "true" },
    s("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, class: "card-edge" }),
    face);
}

/** The back of a card (another seat's hand). */
export function cardBack() {
  return s("svg", { viewBox: "0 0 60 90", class: "card-back", "aria-hidden": "true" },
    s("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 5, class: "back-edge" }),
    s("rect", { x: 5, y: 5, width: 50, height: 80, rx: 3, class: "back-pattern" }));
}
