// The cards that lie on the table besides the trick, drawn where players look
// for them: Truco's vira turned up by the deck, Tetka's photograph, Preferans'
// talon (face down until it is shown, then face up). And the talon's two cards
// marked in the declarer's hand while he discards.
//
// Everything here is read from the observer's own view (msg.view, the JSON his
// socket received), by its fields, never from anywhere else: a card the view
// does not name is drawn face down or not at all. So nothing here names a game;
// a view with a `vira`, a `photo` or a `talon` field gets it drawn.

import { cardSvg, isCardName } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The talon's size in every Preferans deal (docs/rules/preferans.md). */
const TALON_SIZE = 2;

/** One pile on the table: its cards (a name, or null for a card face down) and its caption. */
function pile(kind, cards, caption, note = null) {
  return h(
    "div",
    { class: `table-pile pile-${kind}`, dataset: { pile: kind } },
    h(
      "div",
      { class: "pile-cards" },
      cards.map((card) =>
        h(
          "div",
          { class: "pile-card", dataset: { card: isCardName(card) ? card : "" } },
          cardSvg(isCardName(card) ? card : null, "pile"),
        ),
      ),
    ),
    h("span", { class: "pile-caption" }, caption),
    note ? h("span", { class: "pile-note" }, note) : null,
  );
}

/** Truco: the deck face down with the vira turned face up beside it. */
function viraPile(view) {
  if (!isCardName(view.vira)) return null;
  return h(
    "div",
    { class: "table-piles" },
    pile("deck", [null], t("Deck")),
    pile("vira", [view.vira], t("Vira")),
  );
}

/** Tetka: the photograph, turned from the second deck before the deal; it names the counting trick. */
function photoPile(view) {
  if (!isCardName(view.photo)) return null;
  const note = Number.isInteger(view.counting) ? t("Counting trick: {n}", { n: view.counting }) : null;
  return h("div", { class: "table-piles" }, pile("photo", [view.photo], t("Photograph"), note));
}

/**
 * Preferans: the talon while it lies on the table. Face down while bidding; face up as
 * the view shows it once it is turned (a contract's, to all; an all-pass, card by card).
 * While the declarer holds it (discard, declare) it is in his hand, marked there; the
 * others see it face up where it was shown to them, and nothing where it was not.
 */
function talonPile(view) {
  if (!Array.isArray(view.talon)) return null;
  const shown = view.talon.filter(isCardName);
  const backs = () => Array.from({ length: Math.max(0, TALON_SIZE - shown.length) }, () => null);
  const mine = view.seat !== null && view.seat !== undefined && view.seat === view.declarer;
  let cards = null;
  if (view.phase === "bidding") cards = [...shown, ...backs()];
  // Taken: the others see it where it was shown to them (not a misère's, nor the pot game's).
  else if (view.phase === "discard" || view.phase === "declare") cards = mine ? null : shown;
  else if (view.phase === "play" && (view.declarer === null || view.declarer === undefined)) {
    // An all-pass: the talon's cards lead the first tricks as they are turned (or stay down,
    // set aside, in Rostov); once both have led, they are gone with their tricks.
    const done = shown.length >= TALON_SIZE && Number(view.trick_number) > TALON_SIZE;
    cards = done ? null : [...shown, ...backs()];
  }
  if (!cards || !cards.length) return null;
  return h("div", { class: "table-piles" }, pile("talon", cards, t("Talon")));
}

/** What lies on the table besides the trick, from the observer's view; null if nothing. */
export function tablePiles(msg) {
  const view = msg && msg.view;
  if (!view || typeof view !== "object" || (msg.table && msg.table.finished)) return null;
  if ("vira" in view) return viraPile(view);
  if ("photo" in view) return photoPile(view);
  if ("talon" in view && "discard" in view) return talonPile(view);
  return null;
}

/**
 * The cards of the observer's hand that came from the talon, while he discards: his view
 * names the talon he holds (Preferans' `talon` with `phase` "discard" and him declarer).
 * An empty set otherwise.
 */
export function talonCardsInHand(msg) {
  const view = msg && msg.view;
  const out = new Set();
  if (!view || view.phase !== "discard" || !Array.isArray(view.talon)) return out;
  if (view.seat === null || view.seat === undefined || view.seat !== view.declarer) return out;
  const hand = new Set((msg.table && msg.table.hand) || []);
  for (const card of view.talon) if (isCardName(card) && hand.has(card)) out.add(card);
  return out;
}

/** Mark the hand's cards that came from the talon (class and a label that says so). */
export function markTalonCards(handSection, msg) {
  const talon = talonCardsInHand(msg);
  if (!handSection || !talon.size) return;
  for (const el of handSection.querySelectorAll(".hand-card")) {
    if (!talon.has(el.dataset.card)) continue;
    el.classList.add("from-talon");
    el.append(h("span", { class: "talon-mark", "aria-hidden": "true" }, t("talon")));
    const label = el.getAttribute("aria-label");
    if (label) el.setAttribute("aria-label", `${label} (${t("from the talon")})`);
    else el.setAttribute("title", t("from the talon"));
  }
}
