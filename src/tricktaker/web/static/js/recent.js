// "Your recent tables" in the lobby: the tables this browser sat at (storage.js keeps
// them, each with its seat's token), with what the server says became of each
// (POST /api/mine: the result for our seat, the opponents and their levels, the game's
// options) and statistics per game and level of the opponents. The list shows at once
// from what the browser keeps; the server's answer fills it in. A table the server does
// not know (expired, or a token that is not a seat's) stays as the browser knew it.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { currentLang, decimal, t } from "./i18n.js";
import { forgetTable, recentTables, tokenFor } from "./storage.js";

const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;
const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
/** The most tables one request asks about (server/routes/mine.py MAX_MINE). */
const MAX_ASKED = 200;

/** The tables shown before "Show all". */
const SHOWN = 10;

let asking = 0;
let showAll = false;

/** What the server is asked: each kept table with a token of the right shape. */
export function askedTables(list) {
  const out = [];
  for (const x of list) {
    const token = tokenFor(x.id);
    if (TABLE_ID.test(x.id) && typeof token === "string" && TOKEN.test(token)) {
      out.push({ table: x.id, token });
    }
    if (out.length >= MAX_ASKED) break;
  }
  return out;
}

function levelText(level, name) {
  if (level === "people") return t("people");
  if (level === "mixed") return t("people and computers");
  return name || level;
}

function outcomeText(outcome) {
  if (outcome === "won") return t("won");
  if (outcome === "lost") return t("lost");
  return t("drawn");
}

function signed(n) {
  const rounded = Math.round(n * 100) / 100;
  return decimal(rounded > 0 ? `+${rounded}` : String(rounded));
}

/** The result in the game's own terms: games won where the match is played in games,
 * else what the match paid (Preferans' settlement, Tetka's). */
function resultText(result) {
  const games = result.games || [];
  if (games.length === 2 && games[0] + games[1] > 0) {
    return t("games {mine}–{theirs}", { mine: games[0], theirs: games[1] });
  }
  return t("payoff {n}", { n: signed(result.payoff || 0) });
}

function opponentsText(players) {
  return players
    .map((p) => {
      const shown = p.kind === "bot" && p.level_name && !p.name.includes(p.level_name);
      const who = shown ? `${p.name} (${p.level_name})` : p.name;
      return p.partner ? t("{name} (partner)", { name: who }) : who;
    })
    .join(", ");
}

function tableItem(x, info, fmt, onForget) {
  const when = x.when ? new Date(x.when) : info && info.created ? new Date(info.created) : null;
  const title = (info && info.title) || x.title || t("Table {id}", { id: x.id });
  const finished = info ? info.finished : Boolean(x.finished);
  const parts = [];
  if (info) {
    if (info.option_texts && info.option_texts.length) {
      parts.push(h("span", { class: "recent-options muted" }, info.option_texts.join(" · ")));
    }
    if (info.players.length) {
      parts.push(h("span", { class: "recent-opponents" }, t("with {names}", { names: opponentsText(info.players) })));
    }
    if (finished) {
      parts.push(
        h(
          "span",
          { class: `recent-result ${info.result.outcome}` },
          `${outcomeText(info.result.outcome)}, ${resultText(info.result)}`,
        ),
      );
    }
  }
  return h(
    "li",
    { dataset: { table: x.id, outcome: info && finished ? info.result.outcome : finished ? "finished" : "open" } },
    h("div", { class: "recent-head" }, h("a", { href: `/t/${encodeURIComponent(x.id)}` }, title)),
    h(
      "span",
      { class: "muted" },
      when ? fmt.format(when) : "",
      !info && finished ? ` · ${t("finished")}` : "",
    ),
    !finished ? h("a", { class: "btn small", href: `/t/${encodeURIComponent(x.id)}` }, t("Reopen")) : null,
    h(
      "button",
      {
        type: "button",
        class: "btn small link-btn",
        title: t("Forget this table"),
        "aria-label": t("Forget this table"),
        onclick: () => onForget(x.id),
      },
      "×",
    ),
    parts.length ? h("div", { class: "recent-detail" }, parts) : null,
  );
}

function statsTable(stats) {
  if (!stats || !stats.length) return null;
  return h(
    "div",
    { class: "recent-stats" },
    h("h3", {}, t("Statistics")),
    h(
      "table",
      { class: "stats-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("Game")),
          h("th", { scope: "col" }, t("Opponents")),
          h("th", { scope: "col" }, t("Matches")),
          h("th", { scope: "col" }, t("Wins")),
          h("th", { scope: "col" }, t("Points per deal")),
        ),
      ),
      h(
        "tbody",
        {},
        stats.map((row) =>
          h(
            "tr",
            { dataset: { game: row.game, level: row.level } },
            h("td", {}, row.title),
            h("td", {}, levelText(row.level, row.level_name)),
            h("td", { class: "num" }, String(row.matches)),
            h("td", { class: "num" }, String(row.wins)),
            h("td", { class: "num" }, row.points_per_deal === null ? "–" : signed(row.points_per_deal)),
          ),
        ),
      ),
    ),
  );
}

function draw(slot, list, answer) {
  if (!list.length) {
    fill(slot);
    return;
  }
  const known = new Map(((answer && answer.tables) || []).map((x) => [x.id, x]));
  const fmt = new Intl.DateTimeFormat(currentLang(), { dateStyle: "short", timeStyle: "short" });
  const newest = [...list].sort((a, b) => (b.when || 0) - (a.when || 0));
  const forget = (id) => {
    forgetTable(id);
    renderRecent(slot);
  };
  fill(
    slot,
    h(
      "section",
      { class: "panel recent", dataset: { loaded: answer ? "1" : "0" } },
      h("h2", {}, t("Your recent tables")),
      h(
        "ul",
        { class: "recent-list" },
        (showAll ? newest : newest.slice(0, SHOWN)).map((x) => tableItem(x, known.get(x.id), fmt, forget)),
      ),
      !showAll && newest.length > SHOWN
        ? h(
            "button",
            {
              type: "button",
              class: "btn small recent-more",
              onclick: () => {
                showAll = true;
                draw(slot, list, answer);
              },
            },
            t("Show all {n}", { n: newest.length }),
          )
        : null,
      statsTable(answer && answer.stats),
    ),
  );
}

/** Show this browser's recent tables in slot, then what the server says of them. */
export function renderRecent(slot) {
  const list = recentTables();
  draw(slot, list, null);
  const asked = askedTables(list);
  if (!asked.length) return;
  const mine = ++asking;
  api
    .mine(asked, currentLang())
    .then((answer) => {
      if (mine === asking) draw(slot, recentTables(), answer);
    })
    .catch(() => {
      // the list stays as the browser knew it
    });
}
