// The table drawn from one `state` message (server/messages.py): the seats
// around it, the cards on it, the observer's hand. Shared by the live table
// and the replay viewer; nothing here knows which game is played.

import { cardSvg, cardText, isCardName, spanishDeck } from "./cards.js";
import { markTalonCards, tablePiles } from "./centre.js";
import { h, s } from "./dom.js";
import { drawnSheet } from "./sheet.js";
import { t } from "./i18n.js";

const MAX_BACKS = 8;

/**
 * Where each seat sits on screen, the observer (or seat 0) at the bottom. The
 * next player in turn sits on his left when play goes left (Le Truc), on his
 * right when it goes right (Truco): `direction` is the game's.
 */
export function seatPlaces(players, me, direction = "left") {
  const [next, last] = direction === "right" ? ["right", "left"] : ["left", "right"];
  const places = new Array(players);
  for (let seat = 0; seat < players; seat++) {
    const r = (seat - me + players) % players;
    if (r === 0) places[seat] = "bottom";
    else if (players === 2) places[seat] = "top";
    else if (r === 1) places[seat] = next;
    else if (r === players - 1) places[seat] = last;
    else places[seat] = "top";
  }
  return places;
}

/** The seats along the top, left to right, so that each sits beside the next in turn. */
function topOrder(seats, me, players, direction) {
  const turn = (seat) => (seat - me + players) % players;
  const sorted = [...seats].sort((a, b) => turn(a) - turn(b));
  return direction === "right" ? sorted.reverse() : sorted;
}

function dealerChip() {
  return h(
    "span",
    { class: "dealer-chip", title: t("Dealer"), "aria-label": t("Dealer"), role: "img" },
    s(
      "svg",
      { viewBox: "0 0 24 24", "aria-hidden": "true" },
      s("rect", { x: 4, y: 5, width: 11, height: 15, rx: 2, fill: "#fff", stroke: "#333" }),
      s("rect", { x: 9, y: 3, width: 11, height: 15, rx: 2, fill: "#fff", stroke: "#333" }),
    ),
  );
}

/**
 * Another seat's hand laid open (table.shown): its cards face up, small; those the
 * observer may play from it (playable: card -> action) are buttons that call onCard.
 */
function openHand(seat, cards, { playable = new Map(), onCard = null, busy = false } = {}) {
  return h(
    "div",
    { class: "open-hand", "aria-label": t("Cards laid open"), dataset: { seat: String(seat) } },
    cards.map((card) => {
      const action = playable.get(card);
      if (action && onCard) {
        const label = t("Play {card}", { card: cardText(card) });
        return h(
          "button",
          {
            type: "button",
            class: "open-card playable",
            disabled: busy,
            title: label,
            "aria-label": label,
            dataset: { card, action },
            onclick: () => onCard(action),
          },
          cardSvg(card, "open"),
        );
      }
      const dim = playable.size > 0 ? " dim" : "";
      return h("div", { class: `open-card${dim}`, dataset: { card } }, cardSvg(card, "open"));
    }),
  );
}

function seatBox(msg, seat, place, showCards, play = {}) {
  const table = msg.table;
  const tags = (msg.texts.seat_tags && msg.texts.seat_tags[seat]) || [];
  const count = table.hand_sizes[seat] ?? 0;
  const turn = table.to_act === seat && !table.finished;
  const mine = table.seat === seat;
  const open = showCards ? shownHand(msg, seat).filter(isCardName) : [];
  const backs = [];
  if (showCards && !open.length) {
    for (let i = 0; i < Math.min(count, MAX_BACKS); i++) backs.push(cardSvg(null, "mini"));
  }
  const playable = open.length && play.playable ? play.playable(seat) : new Map();
  return h(
    "div",
    {
      class: `seat seat-${place}${turn ? " to-act" : ""}${mine ? " mine" : ""}`,
      dataset: { seat: String(seat) },
      "aria-current": turn ? "true" : null,
    },
    h(
      "div",
      { class: "seat-head" },
      turn ? h("span", { class: "turn-dot", title: t("To act"), "aria-label": t("To act") }) : null,
      h("span", { class: "seat-name" }, msg.names[seat] ?? String(seat + 1)),
      table.dealer === seat ? dealerChip() : null,
    ),
    tags.length ? h("div", { class: "seat-tags" }, tags.map((x) => h("span", { class: "tag" }, x))) : null,
    showCards && open.length ? openHand(seat, open, { ...play, playable }) : null,
    showCards && !open.length
      ? h(
          "div",
          { class: "seat-cards", title: t("Cards in hand: {n}", { n: count }) },
          h("span", { class: "backs" }, backs),
          h("span", { class: "count" }, t("Cards: {n}", { n: count })),
        )
      : null,
  );
}

function trickArea(msg, places, onTable, caption, topRank) {
  const cells = { top: [], left: [], right: [], bottom: [] };
  // Across the top, cards lie in the order their players sit.
  const ordered = [
    ...onTable.filter(([seat]) => places[seat] !== "top"),
    ...onTable.filter(([seat]) => places[seat] === "top").sort(([a], [b]) => topRank(a) - topRank(b)),
  ];
  for (const [seat, card] of ordered) {
    const place = places[seat] || "top";
    cells[place].push(
      h(
        "div",
        { class: "played", dataset: { seat: String(seat) } },
        cardSvg(isCardName(card) ? card : null, "table-card"),
        h("span", { class: "played-by" }, msg.names[seat] ?? ""),
      ),
    );
  }
  const area = h(
    "div",
    { class: `trick${caption ? " paused" : ""}`, "aria-label": t("Cards on the table") },
    Object.entries(cells).map(([place, items]) =>
      h("div", { class: `trick-${place}` }, items),
    ),
  );
  return h(
    "div",
    { class: "center" },
    tablePiles(msg), // the vira, the photograph, the talon (centre.js)
    area,
    caption ? h("p", { class: "trick-caption", role: "status" }, caption) : null,
  );
}

/**
 * The felt: every seat in its place, the cards on the table in the middle. Hands
 * laid open are drawn face up at their seats; playable(seat) gives the actions that
 * play their cards (card -> action), called by a click with onCard(action).
 */
export function renderBoard(
  msg,
  { onTable = null, caption = null, playable = null, onCard = null, busy = false } = {},
) {
  const play = { playable, onCard, busy };
  const table = msg.table;
  const me = table.seat ?? 0;
  const direction = table.direction || "left";
  const places = seatPlaces(table.players, me, direction);
  const topSeats = [];
  const sides = { left: null, right: null, bottom: null };
  for (let seat = 0; seat < table.players; seat++) {
    const place = places[seat];
    if (place === "top") {
      topSeats.push(seat);
      continue;
    }
    const showCards = !(place === "bottom" && table.seat !== null);
    sides[place] = seatBox(msg, seat, place, showCards, play);
  }
  const topSeatsInOrder = topOrder(topSeats, me, table.players, direction);
  const tops = topSeatsInOrder.map((seat) => seatBox(msg, seat, "top", true, play));
  const topRank = (seat) => topSeatsInOrder.indexOf(seat);
  return h(
    "section",
    { class: `board players-${table.players}`, "aria-label": t("Table") },
    h("div", { class: "row-top" }, tops),
    h("div", { class: "row-left" }, sides.left),
    trickArea(msg, places, onTable ?? table.on_table, caption, topRank),
    h("div", { class: "row-right" }, sides.right),
    h("div", { class: "row-bottom" }, sides.bottom),
  );
}

/**
 * The observer's hand, big. playable maps a card name to the action that plays
 * it; a click on such a card calls onCard(action). pick, where two cards are
 * chosen together (cardPairs), holds the cards that may be chosen now
 * (selectable, a Set), those chosen (selected, drawn raised) and onPick(card),
 * called by a click on either (a chosen card is unselected by another click).
 */
export function renderHand(msg, { playable = new Map(), onCard = null, busy = false, pick = null } = {}) {
  const table = msg.table;
  if (table.seat === null || table.seat === undefined) return null;
  const picking = pick !== null && pick.selectable.size + pick.selected.length > 0;
  const cards = table.hand.map((card, index) => {
    const chosen = picking && pick.selected.includes(card);
    if (picking && isCardName(card) && (chosen || pick.selectable.has(card))) {
      const named = { card: cardText(card) };
      const label = chosen ? t("Unselect {card}", named) : t("Choose {card}", named);
      return h(
        "button",
        {
          type: "button",
          class: `hand-card selectable${chosen ? " selected" : ""}`,
          disabled: busy,
          title: label,
          "aria-label": label,
          "aria-pressed": chosen ? "true" : "false",
          dataset: { card },
          onclick: () => pick.onPick(card),
        },
        cardSvg(card),
      );
    }
    if (picking) {
      return h(
        "div",
        { class: "hand-card dim", dataset: { card: card || "", slot: String(index) } },
        cardSvg(card),
      );
    }
    const action = isCardName(card) ? playable.get(card) : undefined;
    if (action && onCard) {
      return h(
        "button",
        {
          type: "button",
          class: "hand-card playable",
          disabled: busy,
          title: t("Play {card}", { card: cardText(card) }),
          "aria-label": t("Play {card}", { card: cardText(card) }),
          dataset: { card, action },
          onclick: () => onCard(action),
        },
        cardSvg(card),
      );
    }
    const dim = playable.size > 0 ? " dim" : "";
    return h(
      "div",
      { class: `hand-card${dim}`, dataset: { card: card || "", slot: String(index) } },
      cardSvg(card),
    );
  });
  const section = h(
    "section",
    { class: "hand", "aria-label": t("Your hand") },
    h("div", { class: "hand-cards" }, cards.length ? cards : h("p", { class: "muted" }, t("No cards in hand."))),
    msg.texts.hand_note ? h("p", { class: "hand-note" }, msg.texts.hand_note) : null,
  );
  markTalonCards(section, msg); // while the declarer discards (centre.js)
  return section;
}

/** The verb that plays a card, in every game (docs/design.md §4): only it is sent by a click on a card. */
export const PLAY_VERB = "play";

/**
 * Legal actions that play one card of a hand: "0:play Qs" (the observer's own hand,
 * owner null) or "0:play Qs from 2" (the cards of seat 2, laid open, that he plays).
 * Returns card -> action for that hand. Other verbs naming a card ("0:bid 9s",
 * "0:declare 7d", "0:play Qs down", "0:discard 7s Qs") keep their buttons.
 */
export function cardActions(msg, owner = null) {
  const out = new Map();
  const counts = new Map();
  const hand = owner === null ? msg.table.hand || [] : shownHand(msg, owner);
  const cards = new Set(hand.filter(isCardName));
  for (const item of msg.legal || []) {
    const words = item.action.slice(item.action.indexOf(":") + 1).split(" ");
    if (words[0] !== PLAY_VERB || !cards.has(words[1])) continue;
    const mine = owner === null && words.length === 2;
    const theirs = owner !== null && words.length === 4 && words[2] === "from" && words[3] === String(owner);
    if (!mine && !theirs) continue;
    counts.set(words[1], (counts.get(words[1]) || 0) + 1);
    out.set(words[1], item.action);
  }
  // A card with several actions is chosen with its buttons, not with a click on it.
  for (const [card, n] of counts) if (n > 1) out.delete(card);
  return out;
}

/** The cards of another seat's hand that the observer sees face up (table.shown), or none. */
export function shownHand(msg, seat) {
  for (const [s, cards] of msg.table.shown || []) if (s === seat && Array.isArray(cards)) return cards;
  return [];
}

/** The key of two cards chosen together, whatever their order: "7h 8h". */
export function pairKey(a, b) {
  return [a, b].sort().join(" ");
}

/**
 * The two-card choices (the server's core.pairs): legal actions of one verb that
 * name two cards of the hand ("0:discard 7s Qs"), for each verb the server lists
 * in texts.pairs with the words of its button. Each is {verb, label, actions}, where
 * actions maps pairKey(card, card) to the action; none for most games and moments.
 */
export function cardPairs(msg) {
  const labels = (msg.texts && msg.texts.pairs) || {};
  const hand = new Set((msg.table.hand || []).filter(isCardName));
  const out = [];
  for (const [verb, label] of Object.entries(labels)) {
    const actions = new Map();
    for (const item of msg.legal || []) {
      const words = item.action.slice(item.action.indexOf(":") + 1).split(" ");
      const [said, a, b] = words;
      if (words.length === 3 && said === verb && a !== b && hand.has(a) && hand.has(b)) {
        actions.set(pairKey(a, b), item.action);
      }
    }
    if (actions.size) out.push({ verb, label, actions });
  }
  return out;
}

/**
 * The cards that may be chosen next, given those chosen (at most two): any card of
 * some pair at first, then those that make a pair with the first one, then none.
 */
export function pairSelectable(pairs, selected) {
  const out = new Set();
  if (selected.length >= 2) return out;
  for (const group of pairs) {
    for (const key of group.actions.keys()) {
      const [a, b] = key.split(" ");
      if (!selected.length) {
        out.add(a);
        out.add(b);
      } else if (a === selected[0]) out.add(b);
      else if (b === selected[0]) out.add(a);
    }
  }
  return out;
}

/**
 * Truco Argentino's and Gaúcho's race (the view's `target` and `score`): "Game to 30"
 * and each side's points as players count them, the first half *malas* and the second
 * *buenas* ("7 buenas" is 22 of 30), where the game is played in two halves (30, and
 * Gaúcho's 24 and 18); a game to 15 is one count. Null for any other table.
 */
export function spanishRace(msg) {
  const view = msg.view;
  if (!spanishDeck() || !view || !Number.isInteger(view.target) || !Array.isArray(view.score)) {
    return null;
  }
  const target = view.target;
  const half = target >= 18 && target % 2 === 0 ? target / 2 : null;
  const sides = msg.side_names || [];
  const count = (side) => {
    const points = view.score[side];
    const name = sides[side] ?? String(side + 1);
    if (half === null) return t("{side}: {n}", { side: name, n: points });
    if (points <= half) return t("{side}: {n} malas", { side: name, n: points });
    return t("{side}: {n} buenas", { side: name, n: points - half });
  };
  return h(
    "li",
    { class: "race", dataset: { target: String(target) } },
    [t("Game to {n}", { n: target }), count(0), count(1)].join(" · "),
  );
}

/**
 * The game's words about the moment: phase, status lines, the deal so far; the paper
 * sheet too unless paper is false (a page that shows it where it has room).
 */
export function renderStatus(msg, { paper = true } = {}) {
  const texts = msg.texts;
  return h(
    "section",
    { class: "status panel", "aria-label": t("Score and stake") },
    h(
      "h2",
      { class: "panel-title" },
      texts.title,
      texts.phase ? h("span", { class: "phase" }, ` · ${texts.phase}`) : null,
    ),
    h(
      "ul",
      { class: "status-lines" },
      spanishRace(msg),
      (texts.status || []).map((line) => h("li", {}, line)),
    ),
    paper ? paperSheet(texts) : null,
    texts.table_lines && texts.table_lines.length
      ? h(
          "div",
          { class: "table-lines" },
          h("h3", {}, t("This deal")),
          h("ul", {}, texts.table_lines.map((line) => h("li", {}, line))),
        )
      : null,
  );
}

/**
 * The score sheet as its players draw it on paper (texts.paper: monospace lines),
 * for the games that keep one; nothing for the others.
 */
export function paperSheet(texts) {
  const drawn = drawnSheet(texts); // the paper's figure, where the game gives its cells (sheet.js)
  if (drawn) return drawn;
  const lines = Array.isArray(texts.paper) ? texts.paper : [];
  if (!lines.length) return null;
  // Every column must show: the font shrinks to fit the longest line in the width
  // there is (CSS, from --chars), down to a size still read; past it the sheet scrolls.
  const chars = Math.max(...lines.map((line) => [...line].length));
  return h(
    "div",
    { class: "paper-fit" },
    h("pre", { class: "paper-sheet", style: `--chars: ${chars}`, tabindex: "0" }, lines.join("\n")),
  );
}

/** The score sheet (texts.sheet) as a table, under the paper sheet where the game draws one. */
export function renderSheet(msg) {
  const sheet = msg.texts.sheet || { header: [], rows: [] };
  const paper = paperSheet(msg.texts);
  if (!sheet.rows.length) {
    return h("div", {}, paper, h("p", { class: "muted" }, t("No deal has been played yet.")));
  }
  return h(
    "div",
    { class: "sheet-wrap" },
    paper,
    h(
      "table",
      { class: "sheet" },
      h("thead", {}, h("tr", {}, sheet.header.map((x) => h("th", { scope: "col" }, x)))),
      h(
        "tbody",
        {},
        sheet.rows.map((row) => h("tr", {}, row.map((x) => h("td", {}, x)))),
      ),
    ),
  );
}

/** The log: the events' texts (those without one are not told). */
export function renderLogItems(events) {
  return events
    .filter((e) => typeof e.text === "string" && e.text !== "")
    .map((e) =>
      h("li", { class: `ev ev-${e.kind}`, dataset: { n: String(e.n) } }, e.text),
    );
}
