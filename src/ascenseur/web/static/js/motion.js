// Short animations of cards: to the trick, then to the trick's winner. They can be turned
// off (and are, by default, for people who ask their system for reduced motion).

import { sleep } from "./dom.js";

const KEY = "ascenseur.animations";

export function animationsOn() {
  const saved = localStorage.getItem(KEY);
  if (saved !== null) return saved === "on";
  return !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function setAnimations(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** Move `element` (already in its place) in from where `from` stands. */
export async function flyIn(element, from, duration = 320) {
  if (!from) return;
  const a = centre(from.getBoundingClientRect());
  const b = centre(element.getBoundingClientRect());
  const move = element.animate(
    [
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.85)`, opacity: 0.6 },
      { transform: "none", opacity: 1 },
    ],
    { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  await move.finished.catch(() => {});
}

/** Move `elements` away to where `to` stands, fading, then leave them hidden. */
export async function flyOut(elements, to, duration = 420) {
  if (!to) return;
  const b = centre(to.getBoundingClientRect());
  await Promise.all(
    elements.map((element) => {
      const a = centre(element.getBoundingClientRect());
      const move = element.animate(
        [
          { transform: "none", opacity: 1 },
          { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.4)`, opacity: 0 },
        ],
        { duration, easing: "ease-in", fill: "forwards" },
      );
      return move.finished.catch(() => {});
    }),
  );
}

export { sleep };
