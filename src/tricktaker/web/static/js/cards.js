// Playing cards drawn as our own SVG: a face (rank and suit in two corners,
// the suit large in the middle, a framed letter on court cards) or a back.
// Every card scales with its CSS width (viewBox 100 x 140).

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

/** Is this a card name we can draw ("7h", "Tc")? */
export function isCardName(name) {
  return typeof name === "string" && name.length === 2 && name[1] in SUITS;
}

/** "10♥" for "Th": how the card reads in text. */
export function cardText(name) {
  if (!isCardName(name)) return "?";
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
  return s(
    "svg",
    {
      class: `card ${known ? "face" : "back"} ${extraClass}`.trim(),
      viewBox: "0 0 100 140",
      role: "img",
      "aria-label": label,
      "data-card": known ? name : "",
      "font-family": "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif",
    },
    known ? face(name) : back(),
  );
}
