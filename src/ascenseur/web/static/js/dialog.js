// One modal dialog for the score sheet and the last trick: Escape or the button closes it,
// and the focus goes back where it was — or, when that element was drawn anew meanwhile (a
// card of a hand redrawn), wherever `onClose` puts it.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

export function dialog(title, body, onClose = null) {
  let box = document.getElementById("dialog");
  if (!box) {
    box = h("dialog", { id: "dialog", "aria-labelledby": "dialog-title" });
    document.body.append(box);
  }
  if (box.open) box.close();
  const back = document.activeElement;
  fill(box,
    h("h2", { id: "dialog-title" }, title),
    h("div", { class: "dialog-body" }, body),
    h("form", { method: "dialog" }, h("button", { class: "primary", autofocus: true }, t("close"))));
  box.addEventListener("close", () => (back?.isConnected ? back.focus() : onClose?.()), { once: true });
  box.showModal();
  return box;
}
