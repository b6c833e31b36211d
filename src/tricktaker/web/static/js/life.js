// The seats' life at a table (server/life.py): who is here, away, or not come
// yet; the turn clock counting down; the computers standing in; the host's
// button that puts a computer in an absent player's seat; and the invitee's
// name. Fed by the socket's `hello` (its `life`) and `life` messages; the table
// page calls mountLife(sideColumn, tableId) once and passes every message on.

import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { currentLang, onLangChange, t } from "./i18n.js";
import { tokenFor } from "./storage.js";

async function postJson(url, data) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(data),
  });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw new Error(body && typeof body.detail === "string" ? body.detail : `HTTP ${response.status}`);
  }
  return body;
}

function presenceText(presence) {
  if (presence === "connected") return t("connected");
  if (presence === "away") return t("away");
  return t("not here yet");
}

export function mountLife(column, tableId) {
  const panel = h("section", { class: "life panel", hidden: true, "aria-labelledby": "life-title" });
  column.prepend(panel);
  const st = {
    seat: undefined,
    game: null,
    life: null,
    deadline: null, // performance.now() when the clock runs out
    levels: [],
    levelNames: {},
    nameOpen: true, // the name form, until the person saves or dismisses it
    nameDraft: null,
    error: null,
    busy: false,
  };
  let timer = null;

  async function loadLevels() {
    if (!st.game) return;
    try {
      const games = await api.games(currentLang());
      const g = games.find((x) => x.id === st.game);
      if (g) {
        st.levels = g.levels;
        st.levelNames = Object.fromEntries(g.levels.map((lvl, i) => [lvl, g.level_names[i] || lvl]));
      }
    } catch {
      // the ids stand for the names
    }
    render();
  }

  /** The seat's name in the page's language (a computer's is the program's words). */
  function seatName(entry, life) {
    const names = life.names && life.names[currentLang()];
    return (Array.isArray(names) && names[entry.seat]) || entry.name;
  }

  function levelName(level) {
    return st.levelNames[level] || level;
  }

  function onMessage(msg) {
    if (msg.type === "hello") {
      st.seat = msg.seat;
      const game = msg.table && msg.table.game;
      if (game && game !== st.game) {
        st.game = game;
        loadLevels();
      }
      if (msg.life) take(msg.life);
    } else if (msg.type === "life") {
      take(msg);
    }
  }

  function take(life) {
    st.life = life;
    st.deadline = life.clock ? performance.now() + life.clock.remaining_s * 1000 : null;
    clearInterval(timer);
    timer = st.deadline === null ? null : setInterval(tick, 250);
    render();
  }

  function remaining() {
    return st.deadline === null ? 0 : Math.max(0, Math.ceil((st.deadline - performance.now()) / 1000));
  }

  function tick() {
    const shown = panel.querySelector(".life-clock");
    if (shown) shown.textContent = t("{n} s", { n: remaining() });
    if (st.deadline !== null && performance.now() >= st.deadline) clearInterval(timer);
  }

  async function fillSeat(seat, level) {
    st.busy = true;
    st.error = null;
    render();
    try {
      take(await postJson(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/computer`, {
        token: tokenFor(tableId) || "",
        level,
      }));
    } catch (error) {
      st.error = t("Not allowed: {message}", { message: error.message });
    }
    st.busy = false;
    render();
  }

  async function saveName(event) {
    event.preventDefault();
    const input = panel.querySelector("#life-name");
    st.busy = true;
    st.error = null;
    try {
      take(await postJson(`/api/tables/${encodeURIComponent(tableId)}/seats/${st.seat}/name`, {
        token: tokenFor(tableId) || "",
        name: input ? input.value : "",
      }));
      st.nameOpen = false;
    } catch (error) {
      st.error = t("Not allowed: {message}", { message: error.message });
    }
    st.busy = false;
    render();
  }

  function seatItem(entry, life) {
    const mine = entry.seat === st.seat;
    const isHost = st.seat !== null && st.seat !== undefined && st.seat === life.host;
    const clock = life.clock && life.clock.seat === entry.seat ? life.clock : null;
    const parts = [
      h("span", { class: "life-name" }, seatName(entry, life), mine ? ` (${t("You")})` : null),
      entry.kind === "human"
        ? h("span", { class: `badge presence presence-${entry.presence}` }, presenceText(entry.presence))
        : h("span", { class: "badge presence presence-computer" }, t("computer")),
    ];
    if (entry.stand_in) {
      parts.push(
        h("span", { class: "badge stand-in" }, t("a computer plays for now ({level})", { level: levelName(entry.stand_in) })),
      );
    }
    if (clock) {
      parts.push(
        h(
          "span",
          { class: "badge clock", title: t("Time left for this move") },
          "⏱ ",
          h("span", { class: "life-clock", role: "timer" }, t("{n} s", { n: remaining() })),
        ),
      );
    }
    if (isHost && !mine && entry.kind === "human" && entry.presence !== "connected" && !entry.stand_in) {
      const levels = st.levels.length ? st.levels : [life.stand_in_level];
      const id = `life-level-${entry.seat}`;
      const select = h(
        "select",
        { id, class: "life-level", "aria-label": t("Computer level") },
        levels.map((lvl) => h("option", { value: lvl, selected: lvl === life.stand_in_level }, levelName(lvl))),
      );
      parts.push(
        h(
          "span",
          { class: "life-fill" },
          select,
          h(
            "button",
            {
              type: "button",
              class: "btn small fill-seat",
              disabled: st.busy,
              dataset: { seat: String(entry.seat) },
              onclick: () => fillSeat(entry.seat, select.value),
            },
            t("Put a computer here"),
          ),
        ),
      );
    }
    return h(
      "li",
      { class: "life-seat", dataset: { seat: String(entry.seat), presence: entry.presence } },
      parts,
    );
  }

  function nameForm(entry) {
    const input = h("input", {
      id: "life-name",
      type: "text",
      maxlength: 40,
      autocomplete: "nickname",
      value: st.nameDraft ?? entry.name,
      oninput: (e) => {
        st.nameDraft = e.target.value;
      },
    });
    return h(
      "form",
      { class: "life-name-form", onsubmit: saveName },
      h("label", { for: "life-name" }, t("Your name at this table")),
      h(
        "div",
        { class: "button-row" },
        input,
        h("button", { type: "submit", class: "btn primary small", disabled: st.busy }, t("Save")),
        h(
          "button",
          {
            type: "button",
            class: "btn small link-btn",
            onclick: () => {
              st.nameOpen = false;
              render();
            },
          },
          t("Not now"),
        ),
      ),
    );
  }

  function render() {
    const life = st.life;
    if (!life) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    // A life message comes on every turn: whoever is typing his name keeps his place.
    const typing = document.activeElement && document.activeElement.id === "life-name";
    const waiting = life.seats.filter((s) => s.kind === "human" && s.presence === "empty" && !s.stand_in);
    const mine = life.seats.find((s) => s.seat === st.seat);
    fill(
      panel,
      h("h2", { class: "panel-title", id: "life-title" }, t("Seats")),
      h("ul", { class: "life-seats" }, life.seats.map((s) => seatItem(s, life))),
      waiting.map((s) => h("p", { class: "muted life-waiting" }, t("Waiting for {name} to join", { name: s.name }))),
      mine && !mine.named && st.nameOpen ? nameForm(mine) : null,
      st.error ? h("p", { class: "notice error", role: "alert" }, st.error) : null,
    );
    const input = panel.querySelector("#life-name");
    if (typing && input) input.focus();
  }

  onLangChange(() => {
    loadLevels();
    render();
  });

  return { onMessage };
}
