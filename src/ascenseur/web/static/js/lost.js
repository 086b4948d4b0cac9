// A page that cannot be shown (a wrong link, a seat this browser does not hold, a replay refused):
// the page's title, the sentence that says why, and the way home.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The panel saying `text`; `alert` when it answers something just tried (a screen reader says
 * it at once). */
export function lostPanel(text, alert = true) {
  return h("section", { class: "panel lost" },
    h("h1", {}, t("title")),
    h("p", { role: alert ? "alert" : null }, text),
    h("a", { class: "button primary", href: "#/" }, t("home")));
}
