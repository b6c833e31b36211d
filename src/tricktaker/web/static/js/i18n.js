// The UI texts: msgids are the English texts, translations come from the
// server's catalog (GET /api/i18n/<lang>). Call t() with a literal string only:
// tests/test_web_texts.py finds every msgid by reading t("...") in these files.

const STORAGE_KEY = "tricktaker.lang";
// The server's core.i18n.LANGUAGES, in its order (tests/test_web_texts.py checks that
// they agree, and that index.html has a button for each).
export const LANGUAGES = ["en", "ru", "pt", "fr", "es"];
// The languages that write a decimal comma (core.i18n.DECIMAL_COMMA).
export const DECIMAL_COMMA = ["ru", "pt", "fr", "es"];

let lang = "en";
let catalog = {};
const listeners = new Set();

/** The language of LANGUAGES a browser's tag names ("pt-BR", "fr-CA": pt, fr), else null. */
export function languageOf(tag) {
  const primary = String(tag || "").trim().toLowerCase().split(/[-_.@]/)[0];
  return LANGUAGES.includes(primary) ? primary : null;
}

/** The language to start with: the one chosen before, else the first the app speaks of
 * the browser's languages in the person's order (its Accept-Language), else English. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null;
  }
  if (LANGUAGES.includes(saved)) return saved;
  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of browser) {
    const found = languageOf(tag);
    if (found) return found;
  }
  return "en";
}

export function currentLang() {
  return lang;
}

async function loadCatalog(code) {
  if (code === "en") return {};
  const response = await fetch(`/api/i18n/${code}`);
  if (!response.ok) throw new Error(`texts for ${code}: HTTP ${response.status}`);
  return response.json();
}

/** Load a language's texts and make it current (listeners are told). */
export async function setLang(code, remember = true) {
  if (!LANGUAGES.includes(code)) code = "en";
  let texts = {};
  try {
    texts = await loadCatalog(code);
  } catch (error) {
    console.error(error);
    code = "en";
  }
  lang = code;
  catalog = texts;
  document.documentElement.lang = code;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // private mode: the choice lasts this page only
    }
  }
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number written with a point ("+1.5") as the current language writes it ("+1,5"). */
export function decimal(text) {
  return DECIMAL_COMMA.includes(lang) ? String(text).replace(".", ",") : String(text);
}

/** The text of msgid in the current language, {name} placeholders filled from params. */
export function t(msgid, params) {
  const text = catalog[msgid] || msgid;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
