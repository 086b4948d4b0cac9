// The table's facts in words: a seat's name, what it still needs, the bids against the
// tricks, and the hint's advice. Pure functions of the view's numbers.

import { t, count, cardName, decimal } from "./i18n.js";

/** "Ada", or "Ada (you)" — but never "You (you)". */
export function seatLabel(name, mine) {
  if (!mine) return name;
  const you = t("you");
  return name.trim().toLowerCase() === you.toLowerCase() ? name : `${name} (${you})`;
}

/** "needs 1", "on target", "1 over": what a seat still needs this deal. */
export function stillNeeded(bid, taken) {
  if (taken > bid) return t("need_over", { count: taken - bid });
  return taken === bid ? t("need_none") : t("need_more", { count: bid - taken });
}

/** "Bids: 8 for 7 tricks · over by 1": the bids so far against the deal's tricks. */
export function bidSumText(bids, handSize) {
  const made = bids.filter((bid) => bid !== null);
  const sum = made.reduce((a, b) => a + b, 0);
  const gap = sum - handSize;
  const text = t("bid_sum", { sum, tricks: count(handSize, "trick") });
  if (made.length < bids.length || gap === 0) return text;
  return `${text} · ${t(gap > 0 ? "bid_sum_over" : "bid_sum_under", { count: Math.abs(gap) })}`;
}

/** "+4.8", "-0.7": points with their sign, in the language's decimals (as the catalogue's). */
export const signedPoints = (points) => (points >= 0 ? "+" : "-") + decimal(Math.abs(points));

const isBid = (option) => !option.my_card && (option.card === null || option.card === undefined);
// A blind one-card deal's card (H5) is named by no one: "your card".
const cardOf = (option) => (option.my_card ? t("your_unseen_card") : cardName(option.card));

/**
 * The hint's advice: the best choice plainly with its reason — "Bid 2 — expected +4.8 points;
 * you take exactly 2 tricks in 61% of the deals I tried" — then the others. The chance comes
 * from the server (`exact`, the share of the deals tried), when it sends one. Null: no option.
 */
export function hintAdvice(options) {
  const ranked = [...options].sort((a, b) => b.points - a.points);
  const best = ranked[0];
  if (!best) return null;
  const points = signedPoints(best.points);
  let line = isBid(best)
    ? t("web_hint_best_bid", { value: best.bid, points })
    : t("web_hint_best_card", { card: cardOf(best), points });
  if (typeof best.exact === "number") {
    const percent = Math.round(best.exact * 100);
    const reason = isBid(best) ? t("hint_exact", { value: best.bid, percent }) : t("hint_exact_card", { percent });
    line = t("hint_because", { choice: line, reason });
  }
  const others = ranked.slice(1).map((o) => (isBid(o)
    ? t("hint_bid", { value: o.bid, points: o.points })
    : t("hint_card", { card: cardOf(o), points: o.points })));
  const text = others.length ? `${line}. ${t("web_hint_others", { options: others.join(" · ") })}` : `${line}.`;
  return { text, best };
}
