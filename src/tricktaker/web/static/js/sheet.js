// The score sheet drawn as Preferans players draw it on paper (texts.paper_drawing,
// the server's core.protocol.PaperDrawing): the pool's size in a circle in the
// middle, and around it one sector per player, the observer's at the bottom. In each
// sector, from the centre out: his gora, his pulya, and at the sheet's edge his whists
// written on each opponent. Under the figure the balance and the settlement as if the
// game were closed now: who pays whom, in whists.
//
// Cells wrap rather than cut: a long line of running totals («2.6.10.14») takes
// another line, so every column shows whole at any width, its text never below 12 px.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Each seat's place around the sheet, the observer (or seat 0) at the bottom and the
 * next in turn on his left, as at the table (play goes left in Preferans).
 */
function sheetPlaces(players, me) {
  const places = new Array(players);
  for (let seat = 0; seat < players; seat++) {
    const r = (seat - me + players) % players;
    if (r === 0) places[seat] = "bottom";
    else if (r === 1) places[seat] = "left";
    else if (r === players - 1) places[seat] = "right";
    else places[seat] = "top";
  }
  return places;
}

const ACROSS = { left: 0, top: 1, bottom: 2, right: 3 };

/** Running totals («2.6.10») that may break only after a dot, never inside a number. */
function totals(text) {
  const parts = String(text ?? "").split(".");
  const out = [];
  parts.forEach((part, i) => {
    if (i) out.push(".", h("wbr", {}));
    out.push(part);
  });
  return h("span", { class: "sheet-value" }, out);
}

function band(kind, label, body) {
  return h(
    "div",
    { class: `band band-${kind}` },
    h("span", { class: "band-label" }, label),
    h("div", { class: "band-body" }, body),
  );
}

function sector(seat, place, places, labels) {
  // The whists on each opponent, the one nearer his sector on his side.
  const whists = [...seat.whists].sort((a, b) => ACROSS[places[a.on]] - ACROSS[places[b.on]]);
  const cells = whists.map((w) =>
    h(
      "div",
      { class: "whist-cell", dataset: { on: String(w.on) } },
      h("span", { class: "whist-on" }, w.name),
      totals(w.text),
    ),
  );
  const bands = [
    band("whists", labels.whists, h("div", { class: "whist-cells" }, cells)),
    band("pulya", labels.pulya, totals(seat.pulya)),
    band("gora", labels.gora, totals(seat.gora)),
  ];
  // From the sheet's edge to its centre: the bottom sector reads upwards.
  if (place === "bottom") bands.reverse();
  const name = h("div", { class: "sector-name" }, seat.name);
  const balance = h(
    "div",
    { class: "sector-balance" },
    h("span", { class: "band-label" }, labels.balance),
    h("span", { class: "sheet-value" }, seat.balance),
  );
  return h(
    "div",
    { class: `sector sector-${place}`, dataset: { seat: String(seat.seat) } },
    place === "bottom" ? [bands, name, balance] : [name, balance, bands],
  );
}

function settlement(drawing) {
  const names = drawing.seats.map((seat) => seat.name);
  const pays = Array.isArray(drawing.settlement) ? drawing.settlement : [];
  return h(
    "div",
    { class: "paper-settlement" },
    h("h3", {}, t("If the game closed now, who pays whom (in whists)")),
    pays.length
      ? h(
          "ul",
          {},
          pays.map((p) =>
            h(
              "li",
              { dataset: { from: String(p.from), to: String(p.to) } },
              `${names[p.from] ?? ""} → ${names[p.to] ?? ""}: ${p.amount}`,
            ),
          ),
        )
      : h("p", { class: "muted" }, t("Nobody owes anybody.")),
  );
}

/** The sheet's figure from texts.paper_drawing, or null where the game gives no cells. */
export function drawnSheet(texts) {
  const drawing = texts && texts.paper_drawing;
  if (!drawing || !Array.isArray(drawing.seats) || !drawing.seats.length) return null;
  const players = drawing.seats.length;
  const me = Number.isInteger(drawing.observer) ? drawing.observer : 0;
  const places = sheetPlaces(players, me);
  const labels = drawing.labels || {};
  const sectors = drawing.seats.map((seat) => sector(seat, places[seat.seat], places, labels));
  // The circle where the sectors meet: on the bottom sector's upper edge.
  const bottom = sectors.find((el) => el.classList.contains("sector-bottom")) || sectors[0];
  bottom.append(h("div", { class: "paper-pool", title: drawing.title }, String(drawing.pool ?? "")));
  return h(
    "div",
    { class: "paper-fit" },
    h(
      "div",
      { class: "paper-sheet paper-drawing", tabindex: "0", role: "group", "aria-label": drawing.title },
      h("p", { class: "paper-title" }, drawing.title),
      h(
        "div",
        { class: `paper-figure players-${players}` },
        sectors,
      ),
      settlement(drawing),
    ),
  );
}
