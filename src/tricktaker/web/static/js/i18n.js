// The UI texts: msgids are the English texts, translations come from the
// server's catalog (GET /api/i18n/<lang>). Call t() with a literal string only:
// tests/test_web_texts.py finds every msgid by reading t("...") in these files.

const STORAGE_KEY = "tricktaker.lang";
export const LANGUAGES = ["en", "ru"];

let lang = "en";
let catalog = {};
const listeners = new Set();

/** The language to start with: the one chosen before, else the browser's. */
export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null;
  }
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.language || "en").toLowerCase();
  return browser.startsWith("ru") ? "ru" : "en";
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

/** The text of msgid in the current language, {name} placeholders filled from params. */
export function t(msgid, params) {
  const text = catalog[msgid] || msgid;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
