// Where the cards of a trick lie on a wide table. Each card goes on the line from the centre of
// the felt to its player's panel, as near that panel as it can be without touching any panel;
// when the cards would then touch each other (many players, a short window) they are drawn
// smaller. A pure function of rectangles, so it can be checked without a game.

/** The card widths tried, largest first, as fractions of the hand's card width. */
export const TRICK_SCALES = [1, 0.875, 0.75, 0.65, 0.56];

const GAP = 6;  // px kept free around a card: between cards, and between a card and a panel
const BADGE = 9;  // px of the "led" and "wins so far" badges over and under a card
const STEPS = 60;

const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function box(x, y, card) {
  const w = card.width / 2 + GAP / 2;
  const h = card.height / 2 + BADGE + GAP / 2;
  return { left: x - w, right: x + w, top: y - h, bottom: y + h };
}

/**
 * The centre of each card of a trick, for `seats` (the seats that played, in any order), on a
 * felt of `felt.width` × `felt.height` whose seat panels are `panels` (seat → rectangle, in the
 * felt's coordinates), with cards of `card.width` × `card.height`. `fit` tells whether every
 * card is clear of every panel and of each other.
 */
export function trickSpots(felt, panels, seats, card) {
  const centre = { x: felt.width / 2, y: felt.height / 2 };
  const inside = (b) => b.left >= 0 && b.top >= 0 && b.right <= felt.width && b.bottom <= felt.height;
  const clear = (b) => inside(b) && Object.values(panels).every((panel) => !meets(b, panel));
  let fit = true;
  const spots = seats.map((seat) => {
    const panel = panels[seat];
    const to = panel ? { x: (panel.left + panel.right) / 2, y: (panel.top + panel.bottom) / 2 } : centre;
    // From the panel towards the centre: the first place clear of every panel.
    for (let step = STEPS; step >= 0; step--) {
      const t = step / STEPS;
      const x = centre.x + (to.x - centre.x) * t;
      const y = centre.y + (to.y - centre.y) * t;
      if (clear(box(x, y, card))) return { seat, x, y };
    }
    fit = false;
    return { seat, x: centre.x, y: centre.y };
  });
  for (let i = 0; i < spots.length && fit; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      if (meets(box(spots[i].x, spots[i].y, card), box(spots[j].x, spots[j].y, card))) {
        fit = false;
        break;
      }
    }
  }
  return { spots, fit };
}

/**
 * The largest scale of `TRICK_SCALES` at which a whole trick (a card for every seat of
 * `panels`) fits, with the spots of `seats` at that scale; the smallest scale when none fits.
 */
export function trickLayout(felt, panels, seats, handCard) {
  const everyone = Object.keys(panels).map(Number);
  for (const scale of TRICK_SCALES) {
    const card = { width: handCard.width * scale, height: handCard.height * scale };
    if (trickSpots(felt, panels, everyone, card).fit || scale === TRICK_SCALES.at(-1)) {
      return { scale, spots: trickSpots(felt, panels, seats, card).spots };
    }
  }
  return null;  // unreachable: the last scale is always taken
}
