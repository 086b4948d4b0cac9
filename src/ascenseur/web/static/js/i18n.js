// The page's words, from the server's catalogue (/api/words/LANG): the terminal's messages,
// the browser's own, plural nouns and every card's name.

let words = { lang: "en", messages: {}, nouns: {}, cards: {} };

export async function loadWords(lang) {
  const response = await fetch(`/api/words/${lang === "fr" ? "fr" : "en"}`);
  words = await response.json();
  document.documentElement.lang = words.lang;
  return words;
}

export const lang = () => words.lang;

/** Fill a Python-style template: {name}, {name:+d}, {name:+.1f}, {name!r}. */
export function format(template, fields = {}) {
  return template.replace(/\{(\w+)(![rs])?(?::([^}]*))?\}/g, (_, name, conv, spec) => {
    const value = fields[name];
    if (spec) {
      const places = /\.(\d+)f/.exec(spec);
      let text = places ? decimal(Number(value), Number(places[1])) : String(Math.trunc(value));
      if (spec.startsWith("+") && Number(value) >= 0) text = "+" + text;
      return text;
    }
    return conv === "!r" ? `'${value}'` : String(value);
  });
}

/** `value` with `places` decimals, as the language writes them: 4.8 (en), 4,8 (fr). */
export function decimal(value, places = 1) {
  const text = Number(value).toFixed(places);
  return words.lang === "fr" ? text.replace(".", ",") : text;
}

/**
 * French typography on text the page shows: a narrow no-break space before : ; ! ? % and
 * inside « », instead of an ordinary space. English text is left as it is.
 */
export function typeset(text) {
  if (words.lang !== "fr" || typeof text !== "string") return text;
  return text
    .replace(/[ \u00a0]+([:;!?»%])/g, "\u202f$1")
    .replace(/«[ \u00a0\u202f]?/g, "«\u202f"); // the server's words may have it already
}

/** ": " as the language writes it between a label and its value ("Ada\u202f: 3" in French). */
export const colon = () => (words.lang === "fr" ? "\u202f: " : ": ");

/** The message `key` in the page's language, its fields filled. */
export function t(key, fields) {
  const template = words.messages[key];
  return template === undefined ? key : typeset(format(template, fields));
}

/** `n` and the noun, singular or plural as the language wants ("1 card", "0 point"). */
export function count(n, noun) {
  const [singular, plural] = words.nouns[noun] || [noun, noun + "s"];
  const one = words.lang === "fr" ? Math.abs(n) <= 1 : Math.abs(n) === 1;
  return `${n}\u00a0${one ? singular : plural}`;
}

/** A card as people know it: "10♥", "C♦", "atout 21", "Excuse". */
export const cardName = (code) => words.cards[code] || code;

/** "A", "A and B", "A, B and C". */
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}
