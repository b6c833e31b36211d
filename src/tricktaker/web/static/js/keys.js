// The table played from the keyboard, as in the terminal (terminal/app.py's keys):
// 1–9 and 0 take the numbered actions, letters play (or choose) the cards of the
// hand, Tab or the arrow keys mark a card or an action and Enter takes it, s opens
// the score sheet, ? (or h, F1) the list of keys, Esc (or Backspace) puts back the
// card last chosen for a move of two cards, PageUp/PageDown scroll the log, Ctrl+Z
// (Cmd+Z) presses Undo where the page shows it.
// Keys do nothing while a text field, a list or a dialog has them. The table page
// calls initKeys(root, {openSheet}) once; this module reads the buttons the page
// draws (real buttons, so Tab reaches them too) and marks each with its key
// (data-key, drawn by the stylesheet, and aria-keyshortcuts), so the page's own
// drawing is unchanged.

import { fill, h } from "./dom.js";
import { onLangChange, t } from "./i18n.js";

/** The actions' keys, in order (as the terminal's). */
export const ACTION_KEYS = "1234567890";
/** The hand's keys, in order: letters, less those that name a command (h, s, q, r). */
export const CARD_KEYS = "abcdefgijklmnoptuvwxyz";

/** The enabled action buttons, in the order the page shows them. */
function actionButtons(root) {
  return [...root.querySelectorAll(".actions button.action:not(:disabled)")];
}

/** The hand's enabled card buttons (cards to play, or to choose for a two-card move),
 * then the open hands' cards on the board a seat may play (Preferans' open whist). */
function cardButtons(root) {
  return [
    ...root.querySelectorAll(".hand-slot button.hand-card:not(:disabled)"),
    ...root.querySelectorAll(".board-slot button.open-card.playable:not(:disabled)"),
  ];
}

/** Everything the arrows move among: the cards, then the actions. */
function markable(root) {
  return [...cardButtons(root), ...actionButtons(root)];
}

function typing(target) {
  if (!target || !target.tagName) return false;
  return ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || target.isContentEditable;
}

/** Each button's key, shown on it and told to assistive technology. */
function markKeys(root) {
  const mark = (buttons, keys) =>
    buttons.forEach((button, i) => {
      const key = keys[i];
      if (key === undefined) {
        if (button.dataset.key) delete button.dataset.key;
        button.removeAttribute("aria-keyshortcuts");
      } else if (button.dataset.key !== key) {
        button.dataset.key = key;
        button.setAttribute("aria-keyshortcuts", key);
      }
    });
  const actions = actionButtons(root);
  const cards = cardButtons(root);
  // A button disabled since it was marked (a move on its way) loses its key.
  const keyed = new Set([...actions.slice(0, ACTION_KEYS.length), ...cards.slice(0, CARD_KEYS.length)]);
  for (const stale of root.querySelectorAll("[data-key]")) {
    if (!keyed.has(stale)) {
      delete stale.dataset.key;
      stale.removeAttribute("aria-keyshortcuts");
    }
  }
  mark(actions, ACTION_KEYS);
  mark(cards, CARD_KEYS);
}

function helpLines() {
  return [
    t("1–9 and 0 take the numbered actions."),
    t("a, b, c… play the cards of your hand (or choose them, for a move of two cards)."),
    t("Tab or the arrow keys mark a card or an action; Enter takes it."),
    t("s: the score sheet · ? or h: these keys · Esc: close a window, or put back the card last chosen."),
    t("PageUp and PageDown scroll the log."),
    t("Ctrl+Z: take back your last move (against computers)."),
  ];
}

export function initKeys(root, { openSheet = null } = {}) {
  const help = h("details", { class: "keys-help panel", id: "keys-help" });
  const column = root.querySelector(".side-col") || root;
  column.append(help);
  function renderHelp() {
    fill(
      help,
      h("summary", { class: "panel-title" }, t("Keyboard")),
      h("ul", { class: "keys-list" }, helpLines().map((line) => h("li", {}, line))),
    );
  }
  renderHelp();
  const stopLang = onLangChange(renderHelp);

  // Every redraw of the page's buttons gets its keys marked again (attributes only:
  // the observer, watching the tree, does not wake itself).
  const observer = new MutationObserver(() => markKeys(root));
  observer.observe(root, { childList: true, subtree: true });
  markKeys(root);

  function toggleHelp() {
    help.open = !help.open;
    if (help.open) help.querySelector("summary").focus();
  }

  function moveFocus(step) {
    const buttons = markable(root);
    if (!buttons.length) return;
    const at = buttons.indexOf(document.activeElement);
    const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
    buttons[next].focus();
  }

  function onKey(e) {
    // The page drawn anew (its help panel gone): this table's keys are over.
    if (!help.isConnected) {
      stop();
      return;
    }
    if (e.defaultPrevented || e.altKey) return;
    if (typing(e.target) || document.querySelector("dialog[open]")) return;
    if (e.ctrlKey || e.metaKey) {
      // Ctrl+Z (Cmd+Z): take back the last move, where the page offers it.
      const undo = root.querySelector(".undo-button:not(:disabled)");
      if (e.key.toLowerCase() !== "z" || e.shiftKey || !undo) return;
      undo.click();
      e.preventDefault();
      return;
    }
    const key = e.key;
    const focused = document.activeElement;
    if (ACTION_KEYS.includes(key) && key.length === 1) {
      const button = actionButtons(root)[ACTION_KEYS.indexOf(key)];
      if (button) button.click();
    } else if (key.length === 1 && CARD_KEYS.includes(key)) {
      const button = cardButtons(root)[CARD_KEYS.indexOf(key)];
      if (button) button.click();
    } else if (key === "ArrowRight" || key === "ArrowDown") {
      moveFocus(1);
    } else if (key === "ArrowLeft" || key === "ArrowUp") {
      moveFocus(-1);
    } else if (key === "Enter" && !(focused && focused !== document.body && root.contains(focused))) {
      // Nothing marked yet: Enter marks the first choice (a second Enter takes it).
      moveFocus(1);
    } else if (key === "?" || key === "h" || key === "F1") {
      toggleHelp();
    } else if (key === "Escape" && help.open) {
      help.open = false;
    } else if ((key === "Escape" || key === "Backspace") && root.querySelector(".hand-card.selected")) {
      // Back from a two-card choice's second card to its first (as the terminal's Esc).
      [...root.querySelectorAll(".hand-slot .hand-card.selected:not(:disabled)")].pop()?.click();
    } else if (key === "s" && openSheet) {
      openSheet();
    } else if (key === "PageUp" || key === "PageDown") {
      const log = root.querySelector(".log-list");
      if (!log) return;
      log.scrollBy(0, (key === "PageUp" ? -1 : 1) * Math.max(40, log.clientHeight - 20));
    } else {
      return;
    }
    e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  function stop() {
    document.removeEventListener("keydown", onKey);
    observer.disconnect();
    stopLang();
  }
  return { stop };
}
