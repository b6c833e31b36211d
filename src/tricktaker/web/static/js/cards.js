// Playing cards drawn as our own SVG: a face (rank and suit in two corners,
// the suit large in the middle, a framed letter on court cards) or a back.
// Every card scales with its CSS width (viewBox 100 x 140).
//
// Truco Argentino and Gaúcho play the Spanish deck: a view that says
// `deck: "spanish"` names the same 40 cards by one fixed mapping (espadas s,
// bastos c, oros d, copas h; 1 A, 10 sota Q, 11 caballo J, 12 rey K). The page
// tells this module which deck the frame it draws uses (`useDeck(view)`), and
// every card it draws or names from then on is a Spanish card: its number and a
// drawn Spanish sign (sword, cudgel, coin, cup) in the modern colours.

import { s } from "./dom.js";
import { t } from "./i18n.js";

const COURT = new Set(["J", "Q", "K"]);

/** The rank as printed on the card, in the page's language ("T" is 10; a Russian ace is "Т"). */
function rankText(rank) {
  switch (rank) {
    case "T":
      return "10";
    case "A":
      return t("A");
    case "K":
      return t("K");
    case "Q":
      return t("Q");
    case "J":
      return t("J");
    default:
      return rank;
  }
}
const SUITS = {
  c: { symbol: "♣", red: false },
  d: { symbol: "♦", red: true },
  h: { symbol: "♥", red: true },
  s: { symbol: "♠", red: false },
};

// Suit shapes in a 100 x 100 box: drawn, not typed, so no font is needed.
function circle(cx, cy, r) {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}
const SHAPES = {
  h: "M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 15 4-9 12-15 22-15 14 0 26 10 26 26 0 21-20 39-48 63Z",
  d: "M50 2 88 50 50 98 12 50Z",
  s:
    "M50 3C78 29 98 44 98 63c0 14-11 24-24 24-9 0-16-4-21-11 2 9 7 16 15 22H32c8-6 13-13 15-22-5 7-12 11-21 11-13 0-24-10-24-24C2 44 22 29 50 3Z",
  c: `${circle(50, 27, 22)}${circle(25, 58, 22)}${circle(75, 58, 22)}M45 50h10c0 22 4 36 14 48H31c10-12 14-26 14-48Z`,
};

const RED = "#c62828";
const BLACK = "#1b1b1f";

// ------------------------------------------------------------- the Spanish deck

/** Each project suit letter as a Spanish suit: its name (data-suit), colour and label. */
const SPANISH = {
  s: { suit: "espadas", colour: "#1d5bb4", dark: "#123a75" },
  c: { suit: "bastos", colour: "#2e7d32", dark: "#1b4d1e" },
  d: { suit: "oros", colour: "#d9a406", dark: "#7a5a00" },
  h: { suit: "copas", colour: "#c62828", dark: "#7f1414" },
};
const SPANISH_NUMBER = { A: "1", Q: "10", J: "11", K: "12" };

let deck = "french";

/** Which deck the cards drawn and named next belong to: the view's ("spanish" or not). */
export function useDeck(view) {
  deck = view && view.deck === "spanish" ? "spanish" : "french";
}

export function spanishDeck() {
  return deck === "spanish";
}

/** The Spanish number of a card ("As" is 1, "Kc" 12). */
function spanishNumber(name) {
  return SPANISH_NUMBER[name[0]] || name[0];
}

/** "1 of swords" (the page's language) for "As": how a Spanish card reads. */
function spanishText(name) {
  const n = spanishNumber(name);
  switch (name[1]) {
    case "s":
      return t("{n} of swords", { n });
    case "c":
      return t("{n} of clubs", { n });
    case "d":
      return t("{n} of coins", { n });
    default:
      return t("{n} of cups", { n });
  }
}

// The four signs in a 100 x 100 box, each a group: filled in the suit's colour,
// outlined in its dark shade, so a sign reads on the white card at 20 px.
function spanishSign(suitLetter, x, y, size) {
  const { colour, dark } = SPANISH[suitLetter];
  const k = size / 100;
  const paint = { fill: colour, stroke: dark, "stroke-width": 4, "stroke-linejoin": "round" };
  let parts;
  switch (suitLetter) {
    case "s": // espada: a straight sword, point up, with its fuller, guard, grip and pommel
      parts = [
        s("path", { d: "M50 1 62 15V64H38V15Z", ...paint }),
        s("path", { d: "M50 14V58", stroke: dark, "stroke-width": 3 }),
        s("path", { d: "M20 63h60v11H20Z", ...paint }),
        s("path", { d: "M44 74h12v14H44Z", fill: dark }),
        s("circle", { cx: 50, cy: 92, r: 7, ...paint }),
      ];
      break;
    case "c": { // basto: a knotty cudgel, thick end up, leaning, with cut branches
      const stubs = "M33 38 20 31M67 56l13-5M35 68l-12-2";
      parts = [
        s(
          "g",
          { transform: "rotate(-22 50 50)" },
          s("path", { d: stubs, fill: "none", stroke: dark, "stroke-width": 12, "stroke-linecap": "round" }),
          s("path", { d: stubs, fill: "none", stroke: colour, "stroke-width": 5, "stroke-linecap": "round" }),
          s("path", { d: "M44 99 37 30C35 12 42 2 52 2c11 0 17 10 14 28L57 99Z", ...paint }),
          s("path", { d: "M47 20c3-3 8-3 10 1M46 48c3-2 7-2 9 1M47 78c2-2 5-2 7 0", fill: "none", stroke: dark, "stroke-width": 3 }),
        ),
      ];
      break;
    }
    case "d": // oro: a gold coin, its rim and its centre
      parts = [
        s("circle", { cx: 50, cy: 50, r: 45, ...paint }),
        s("circle", { cx: 50, cy: 50, r: 30, fill: "none", stroke: dark, "stroke-width": 4 }),
        s("circle", { cx: 50, cy: 50, r: 11, fill: dark }),
      ];
      break;
    default: // copa: a goblet, its bowl, stem and foot
      parts = [
        s("path", { d: "M16 6h68c0 30-14 46-34 48C30 52 16 36 16 6Z", ...paint }),
        s("path", { d: "M44 54h12v22H44Z", ...paint }),
        s("path", { d: "M24 96c0-12 12-18 26-18s26 6 26 18Z", ...paint }),
      ];
  }
  return s("g", { class: "sign", transform: `translate(${x} ${y}) scale(${k})` }, parts);
}

function spanishCorner(number, suitLetter) {
  const narrow = number.length > 1;
  return s(
    "g",
    {},
    s(
      "text",
      {
        x: 15,
        y: 25,
        "text-anchor": "middle",
        "font-size": narrow ? 20 : 24,
        "font-weight": 700,
        "letter-spacing": narrow ? -2 : 0,
        fill: SPANISH[suitLetter].dark,
      },
      number,
    ),
    spanishSign(suitLetter, 6, 30, 18),
  );
}

/** A Spanish face: the number and sign in two corners, the frame in the suit's colour
 *  (broken at the corners, as Spanish cards are), one large sign, and on the sota,
 *  caballo and rey a panel with the number. */
function spanishFace(name) {
  const number = spanishNumber(name);
  const suit = name[1];
  const { colour, dark } = SPANISH[suit];
  const parts = [
    outline("#fffef9", "#9a9a9a"),
    s("path", {
      d: "M30 6H92V120M70 134H8V20",
      fill: "none",
      stroke: colour,
      "stroke-width": 2.5,
    }),
    spanishCorner(number, suit),
    s("g", { transform: "rotate(180 50 70)" }, spanishCorner(number, suit)),
  ];
  if (number.length > 1) {
    parts.push(
      s("rect", {
        x: 28,
        y: 26,
        width: 44,
        height: 88,
        rx: 4,
        fill: "#fdf6e3",
        stroke: dark,
        "stroke-width": 1.5,
      }),
      s(
        "text",
        { x: 50, y: 66, "text-anchor": "middle", "font-size": 30, "font-weight": 700, fill: dark },
        number,
      ),
      spanishSign(suit, 36, 74, 28),
    );
  } else {
    parts.push(spanishSign(suit, 24, 44, 52));
  }
  return parts;
}

/** Is this a card name we can draw ("7h", "Tc")? */
export function isCardName(name) {
  return typeof name === "string" && name.length === 2 && name[1] in SUITS;
}

/** "10♥" for "Th": how the card reads in text. */
export function cardText(name) {
  if (!isCardName(name)) return "?";
  if (deck === "spanish") return spanishText(name);
  return rankText(name[0]) + SUITS[name[1]].symbol;
}

function suitShape(suit, x, y, size, fill) {
  const k = size / 100;
  return s("path", { d: SHAPES[suit], fill, transform: `translate(${x} ${y}) scale(${k})` });
}

function corner(rank, suit, fill) {
  const narrow = rank.length > 1;
  return s(
    "g",
    {},
    s(
      "text",
      {
        x: 14,
        y: 25,
        "text-anchor": "middle",
        "font-size": narrow ? 19 : 23,
        "font-weight": 700,
        "letter-spacing": narrow ? -2 : 0,
        fill,
      },
      rank,
    ),
    suitShape(suit, 6.5, 31, 15, fill),
  );
}

/** The card's edge: a rounded white panel with a thin grey line. */
function outline(fill, stroke) {
  return s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 8, fill, stroke, "stroke-width": 1.5 });
}

function face(name) {
  const rank = rankText(name[0]);
  const suit = name[1];
  const fill = SUITS[suit].red ? RED : BLACK;
  const parts = [
    outline("#fffef9", "#9a9a9a"),
    corner(rank, suit, fill),
    s("g", { transform: "rotate(180 50 70)" }, corner(rank, suit, fill)),
  ];
  if (COURT.has(name[0])) {
    parts.push(
      s("rect", {
        x: 27,
        y: 24,
        width: 46,
        height: 92,
        rx: 4,
        fill: SUITS[suit].red ? "#fdecea" : "#eceff4",
        stroke: fill,
        "stroke-width": 1.5,
      }),
      s(
        "text",
        { x: 50, y: 70, "text-anchor": "middle", "font-size": 36, "font-weight": 700, fill },
        rank,
      ),
      suitShape(suit, 38, 80, 24, fill),
    );
  } else {
    parts.push(suitShape(suit, 24, 44, 52, fill));
  }
  return parts;
}

let lattice = null;

function back() {
  if (lattice === null) {
    // Diagonal lines both ways; the inner <svg> clips them to the panel (no ids needed).
    const lines = [];
    for (let k = -126; k <= 86; k += 11) {
      lines.push(`M${k} 0l126 126M${k + 126} 0l-126 126`);
    }
    lattice = lines.join("");
  }
  return [
    outline("#fdfdfd", "#8a8a8a"),
    s(
      "svg",
      { x: 7, y: 7, width: 86, height: 126, viewBox: "0 0 86 126" },
      s("rect", { width: 86, height: 126, rx: 5, fill: "#1f4e8c" }),
      s("path", { d: lattice, stroke: "#5f88c2", "stroke-width": 1.4, fill: "none" }),
    ),
    s("rect", {
      x: 7,
      y: 7,
      width: 86,
      height: 126,
      rx: 5,
      fill: "none",
      stroke: "#163a69",
      "stroke-width": 3,
    }),
    s("circle", { cx: 50, cy: 70, r: 15, fill: "#1f4e8c", stroke: "#d9e4f5", "stroke-width": 2 }),
    suitShape("h", 42, 63, 16, "#d9e4f5"),
  ];
}

/** A card as an <svg> element: its face, or its back when name is null. */
export function cardSvg(name, extraClass = "") {
  const known = isCardName(name);
  const label = known ? cardText(name) : "🂠";
  const spanish = known && deck === "spanish";
  return s(
    "svg",
    {
      class: `card ${known ? "face" : "back"} ${spanish ? "spanish" : ""} ${extraClass}`
        .replace(/\s+/g, " ")
        .trim(),
      viewBox: "0 0 100 140",
      role: "img",
      "aria-label": label,
      "data-card": known ? name : "",
      "data-suit": spanish ? SPANISH[name[1]].suit : null,
      "data-number": spanish ? spanishNumber(name) : null,
      "font-family": "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif",
    },
    known ? (spanish ? spanishFace(name) : face(name)) : back(),
  );
}

// French card labels as the server's words write them ("Q♦", Russian "Д♦"), found in a
// line of text so that a Spanish table's log names its cards as Spanish cards.
const SUIT_OF_SYMBOL = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" };

/** `text` with each card label it holds named as the Spanish card it stands for
 *  ("Q♦" becomes "10 of coins"), when the deck drawn is Spanish; else as it is. */
export function deckText(text) {
  if (deck !== "spanish" || typeof text !== "string") return text;
  const ranks = { [t("A")]: "A", [t("K")]: "K", [t("Q")]: "Q", [t("J")]: "J" };
  for (const r of "234567") ranks[r] = r;
  const escaped = Object.keys(ranks).map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join("|")})([♣♦♥♠])`, "gu");
  return text.replace(pattern, (_m, rank, symbol) =>
    spanishText(ranks[rank] + SUIT_OF_SYMBOL[symbol]),
  );
}

function deckTexts(value) {
  if (typeof value === "string") return deckText(value);
  if (Array.isArray(value)) return value.map(deckTexts);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deckTexts(v)]));
  }
  return value;
}

function deckEvents(events) {
  if (!Array.isArray(events)) return events;
  // An event's line, and a deal's end its lines for the end-of-deal panel.
  return events.map((e) => {
    if (!e || typeof e !== "object") return e;
    const out = { ...e };
    if (typeof e.text === "string") out.text = deckText(e.text);
    if (Array.isArray(e.lines)) out.lines = e.lines.map(deckText);
    return out;
  });
}

/**
 * A server message (a `state`, a replay's frame, a `history` or `hint` answer) as the
 * page shows it: where its view says `deck: "spanish"`, the deck is set for the cards
 * drawn next, and every card the game's words name in its texts, its events' lines and
 * its moves' labels reads as the Spanish card ("Q♦" is "10 of coins"). Other decks pass
 * unchanged, so no other game is touched.
 */
export function deckMessage(msg) {
  if (!msg || typeof msg !== "object") return msg;
  if (msg.view && typeof msg.view === "object") useDeck(msg.view);
  if (deck !== "spanish") return msg;
  const out = { ...msg };
  if (msg.texts) out.texts = deckTexts(msg.texts);
  if (msg.events) out.events = deckEvents(msg.events);
  if (msg.faded) out.faded = deckEvents(msg.faded);
  if (Array.isArray(msg.legal)) {
    out.legal = msg.legal.map((item) => ({
      ...item,
      label: deckText(item.label),
      help: deckText(item.help),
    }));
  }
  for (const key of ["label", "why"]) if (typeof msg[key] === "string") out[key] = deckText(msg[key]);
  if (msg.deal_end_moment && typeof msg.deal_end_moment === "object") {
    out.deal_end_moment = deckMessage(msg.deal_end_moment);
  }
  return out;
}
