// The lobby (/): a new table from any registered game's options, a saved
// record resumed, and this browser's recent tables.

import { api } from "./api.js";
import { field, fill, h } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { renderRecent as showRecent } from "./recent.js";
import { readJsonFile, recordPicker } from "./recordfile.js";
import {
  lobbyChoice,
  rememberTable,
  saveLobbyChoice,
  saveToken,
} from "./storage.js";

const NAME_KEY = "tricktaker.name";
/** The turn clock's choices in seconds (server/life.py CLOCK_CHOICES); 0 is off. */
const CLOCKS = [0, 30, 60, 120];
/** The computers' pace a table may choose (server/life.py SPEED_CHOICES). */
const SPEEDS = ["instant", "normal", "slow"];
const DEFAULT_SPEED = "normal";

function speedText(speed) {
  if (speed === "instant") return t("Instant");
  if (speed === "slow") return t("Slow");
  return t("Normal");
}

/**
 * Whether an option means anything beside the other values chosen: the server's
 * declaration (applies_when: {"rules": ["pot"]}: only while rules is pot), the same
 * rule for every game (core/options.py OptionSpec.when). None: always.
 */
export function optionApplies(opt, values) {
  const when = opt && opt.applies_when;
  if (!when || typeof when !== "object") return true;
  return Object.entries(when).every(([name, allowed]) => Array.isArray(allowed) && allowed.includes(values[name]));
}

/** Whether ``value`` is one the option offers (a kept value may be old or edited). */
function validValue(opt, value) {
  if (opt.type === "choice") return Array.isArray(opt.choices) && opt.choices.includes(value);
  if (opt.type === "int") {
    return Number.isInteger(value) && (opt.min == null || value >= opt.min) && (opt.max == null || value <= opt.max);
  }
  if (opt.type === "bool") return typeof value === "boolean";
  return typeof value === "string";
}

/**
 * A computer level as the lobby offers it: "Computer: easy", with the level's name
 * in the page's language as the server sends it (GET /api/games: level_names, in the
 * order of levels); its id where the server gave no name.
 */
function levelText(g, index) {
  const names = Array.isArray(g.level_names) ? g.level_names : [];
  const name = typeof names[index] === "string" && names[index] ? names[index] : g.levels[index];
  return t("Computer: {level}", { level: name });
}

/** A value of a choice option as the game's words name it (else as written). */
function choiceText(opt, index) {
  const labels = Array.isArray(opt.choice_labels) ? opt.choice_labels : [];
  return typeof labels[index] === "string" && labels[index] ? labels[index] : String(opt.choices[index]);
}

/**
 * The level a computer seat starts at: "medium" (rules), a fair game for a newcomer
 * that answers at once; the stronger ones think for a while on every move, so they
 * are a choice, not a surprise. The first level where a game has no rules bot.
 */
function defaultLevel(levels) {
  return levels.includes("rules") ? "rules" : levels[0];
}

function savedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

function saveName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // not remembered
  }
}

/** Go to a table just made: keep the links for the other seats, then open ours. */
function openCreated(created, title) {
  const mine = created.seats[0];
  rememberTable({
    id: created.id,
    title,
    seat: mine.seat,
    invites: created.seats.slice(1).map((x) => ({ seat: x.seat, link: x.link })),
    watch: created.watch,
    when: Date.now(),
  });
  saveToken(created.id, mine.token);
  location.href = mine.link;
}

export function mountLobby(root) {
  const st = {
    games: null,
    error: null,
    gameIndex: 0,
    values: {},
    seats: [],
    busy: false,
    // The turn clock (seconds, 0: none) and the level of the computer that plays for a
    // person out of time (server/life.py).
    clock: 0,
    standIn: null,
    // How fast the computers play at this table (instant, normal or slow).
    speed: DEFAULT_SPEED,
  };
  {
    // The last choice in this browser: the game, its options, the clock and the speed.
    const kept = lobbyChoice();
    if (CLOCKS.includes(kept.clock)) st.clock = kept.clock;
    if (typeof kept.standIn === "string") st.standIn = kept.standIn;
    if (SPEEDS.includes(kept.speed)) st.speed = kept.speed;
  }

  const formSlot = h("div", {});
  const uploadSlot = h("div", {});
  const recentSlot = h("div", {});
  fill(root, h("div", { class: "lobby" }, formSlot, h("div", { class: "lobby-side" }, uploadSlot, recentSlot)));

  function game() {
    return st.games ? st.games[st.gameIndex] : null;
  }

  function playerCount() {
    const g = game();
    if (!g) return 0;
    const value = Number(st.values.players);
    if (g.options.some((o) => o.name === "players") && Number.isInteger(value) && value > 0) {
      return value;
    }
    return g.players[0];
  }

  /** The game at ``index`` with the options this browser last chose for it, else the defaults. */
  function resetGame(index) {
    st.gameIndex = index;
    const g = game();
    const kept = lobbyChoice().options;
    const mine = kept && typeof kept === "object" && kept[g.id] && typeof kept[g.id] === "object" ? kept[g.id] : {};
    st.values = {};
    for (const opt of g.options) st.values[opt.name] = validValue(opt, mine[opt.name]) ? mine[opt.name] : opt.default;
    fitSeats();
  }

  /** Keep the choice for the next visit: the game, its options, the clock and the speed. */
  function remember() {
    const g = game();
    if (!g) return;
    const kept = lobbyChoice();
    const options = kept.options && typeof kept.options === "object" ? kept.options : {};
    saveLobbyChoice({
      game: g.id,
      options: { ...options, [g.id]: { ...st.values } },
      clock: st.clock,
      standIn: st.standIn,
      speed: st.speed,
    });
  }

  /** What is sent: every option that applies as chosen, the others at their defaults. */
  function sentOptions() {
    const g = game();
    const out = {};
    for (const opt of g.options) out[opt.name] = optionApplies(opt, st.values) ? st.values[opt.name] : opt.default;
    return out;
  }

  function fitSeats() {
    const g = game();
    const n = playerCount();
    const seats = [];
    for (let i = 0; i < n; i++) {
      if (i === 0) seats.push({ kind: "human" });
      else seats.push(st.seats[i] || { kind: "bot", level: defaultLevel(g.levels) });
    }
    st.seats = seats;
  }

  async function load() {
    try {
      const first = !st.games;
      st.games = await api.games(currentLang());
      st.error = null;
      if (first) {
        // The game last chosen in this browser, where it is still offered.
        const at = st.games.findIndex((x) => x.id === lobbyChoice().game);
        if (at >= 0) st.gameIndex = at;
      }
      if (st.gameIndex >= st.games.length) st.gameIndex = 0;
      if (st.games.length && !Object.keys(st.values).length) resetGame(st.gameIndex);
    } catch (error) {
      st.error = t("The list of games cannot be loaded: {reason}", { reason: error.message });
    }
    render();
  }

  /** Whether another option of the game applies or not by this one's value (redrawn then). */
  function governs(opt) {
    return game().options.some((o) => o.applies_when && Object.hasOwn(o.applies_when, opt.name));
  }

  function optionField(opt) {
    const id = `opt-${opt.name}`;
    const value = st.values[opt.name];
    let input;
    if (opt.type === "choice") {
      input = h(
        "select",
        {
          id,
          onchange: (e) => {
            st.values[opt.name] = opt.choices[Number(e.target.value)];
            remember();
            if (opt.name === "players") fitSeats();
            // Another option may apply now, or no longer (applies_when).
            if (opt.name === "players" || governs(opt)) render();
          },
        },
        opt.choices.map((c, i) =>
          h("option", { value: String(i), selected: c === value }, choiceText(opt, i)),
        ),
      );
    } else if (opt.type === "int") {
      input = h("input", {
        id,
        type: "number",
        inputmode: "numeric",
        min: opt.min,
        max: opt.max,
        step: 1,
        value: String(value),
        onchange: (e) => {
          const n = Number.parseInt(e.target.value, 10);
          const ok = Number.isInteger(n) && (opt.min == null || n >= opt.min) && (opt.max == null || n <= opt.max);
          st.values[opt.name] = ok ? n : opt.default;
          e.target.value = String(st.values[opt.name]);
          remember();
          if (opt.name === "players") fitSeats();
          if (opt.name === "players" || governs(opt)) render();
        },
      });
    } else if (opt.type === "bool") {
      input = h("input", {
        id,
        type: "checkbox",
        checked: Boolean(value),
        onchange: (e) => {
          st.values[opt.name] = e.target.checked;
          remember();
          if (governs(opt)) render();
        },
      });
    } else {
      input = h("input", {
        id,
        type: "text",
        value: String(value ?? ""),
        onchange: (e) => {
          st.values[opt.name] = e.target.value;
          remember();
        },
      });
    }
    const range = opt.type === "int" ? t("from {min} to {max}", { min: opt.min, max: opt.max }) : null;
    return h(
      "div",
      { class: `field option option-${opt.type}`, id: `field-${opt.name}` },
      h(
        "label",
        { for: id },
        h("span", { class: opt.label && opt.label !== opt.name ? "option-name" : "option-name raw" }, opt.label || opt.name),
        opt.type === "bool" ? input : null,
      ),
      opt.type === "bool" ? null : input,
      h("p", { class: "help" }, opt.help, range ? ` (${range})` : null),
    );
  }

  function seatField(seat, index) {
    const g = game();
    const label = t("Seat {n}", { n: index + 1 });
    if (index === 0) {
      return h(
        "li",
        { class: "seat-choice" },
        h("span", { class: "seat-label" }, label),
        h("span", { class: "seat-you" }, t("You")),
      );
    }
    const id = `seat-${index}`;
    const current = seat.kind === "human" ? "human" : `bot:${seat.level}`;
    return h(
      "li",
      { class: "seat-choice" },
      h("label", { class: "seat-label", for: id }, label),
      h(
        "select",
        {
          id,
          onchange: (e) => {
            const v = e.target.value;
            st.seats[index] = v === "human" ? { kind: "human" } : { kind: "bot", level: v.slice(4) };
          },
        },
        g.levels.map((level, i) =>
          h("option", { value: `bot:${level}`, selected: current === `bot:${level}` }, levelText(g, i)),
        ),
        h("option", { value: "human", selected: current === "human" }, t("A person (gets an invite link)")),
      ),
    );
  }

  async function play(event) {
    event.preventDefault();
    if (st.busy) return;
    const g = game();
    const nameInput = formSlot.querySelector("#your-name");
    const name = nameInput ? nameInput.value.trim() : "";
    saveName(name);
    remember();
    st.busy = true;
    st.error = null;
    render();
    try {
      const created = await api.createTable({
        game: g.id,
        options: sentOptions(),
        seats: st.seats,
        names: name ? [name] : [],
        lang: currentLang(),
        clock: st.clock,
        speed: st.speed,
        stand_in: g.levels.includes(st.standIn) ? st.standIn : defaultLevel(g.levels),
      });
      openCreated(created, g.title);
    } catch (error) {
      st.busy = false;
      st.error = t("The table cannot be created: {reason}", { reason: error.message });
      render();
    }
  }

  /** The turn clock and its stand-in: off, 30, 60 or 120 s; then a computer plays. */
  function clockFields() {
    const g = game();
    const standIn = g.levels.includes(st.standIn) ? st.standIn : defaultLevel(g.levels);
    const clock = h(
      "select",
      {
        id: "clock",
        onchange: (e) => {
          st.clock = Number(e.target.value);
          remember();
        },
      },
      CLOCKS.map((n) =>
        h("option", { value: String(n), selected: n === st.clock }, n ? t("{n} s", { n }) : t("Off")),
      ),
    );
    const level = h(
      "select",
      {
        id: "stand-in",
        onchange: (e) => {
          st.standIn = e.target.value;
          remember();
        },
      },
      g.levels.map((lvl, i) => h("option", { value: lvl, selected: lvl === standIn }, levelText(g, i))),
    );
    return h(
      "fieldset",
      { class: "clock-options" },
      h("legend", {}, t("Turn clock")),
      field(t("Time for each move"), clock),
      field(t("Then plays for the player"), level),
      h("p", { class: "help" }, t("When a player's time runs out, a computer plays for him until he is back.")),
    );
  }

  /** How fast the computers play at this table: instant, normal or slow. */
  function speedField() {
    const speed = h(
      "select",
      {
        id: "speed",
        onchange: (e) => {
          st.speed = SPEEDS.includes(e.target.value) ? e.target.value : DEFAULT_SPEED;
          remember();
        },
      },
      SPEEDS.map((x) => h("option", { value: x, selected: x === st.speed }, speedText(x))),
    );
    return h(
      "div",
      { class: "field speed-field" },
      h("label", { for: "speed" }, t("Computers' speed")),
      speed,
      h("p", { class: "help" }, t("How long a computer waits before it plays, so that you can follow.")),
    );
  }

  function renderForm() {
    if (st.error && !st.games) {
      fill(formSlot, h("p", { class: "notice error", role: "alert" }, st.error));
      return;
    }
    if (!st.games) {
      fill(formSlot, h("p", { class: "loading" }, t("Loading…")));
      return;
    }
    if (!st.games.length) {
      fill(formSlot, h("p", { class: "notice" }, t("No game is installed.")));
      return;
    }
    const g = game();
    const gameField =
      st.games.length > 1
        ? field(
            t("Game"),
            h(
              "select",
              {
                id: "game",
                onchange: (e) => {
                  resetGame(Number(e.target.value));
                  remember();
                  render();
                },
              },
              st.games.map((x, i) => h("option", { value: String(i), selected: i === st.gameIndex }, x.title)),
            ),
          )
        : null;
    fill(
      formSlot,
      h(
        "form",
        { class: "new-table panel", onsubmit: play },
        h("h1", {}, st.games.length > 1 ? t("New table") : g.title),
        gameField,
        g.options.length
          ? h(
              "fieldset",
              { class: "options" },
              h("legend", {}, t("Rules")),
              // Only the options that mean something beside the others chosen (applies_when).
              g.options.filter((opt) => optionApplies(opt, st.values)).map(optionField),
            )
          : null,
        h(
          "fieldset",
          { class: "seats" },
          h("legend", {}, t("Players")),
          h("ol", { class: "seat-list" }, st.seats.map(seatField)),
        ),
        speedField(),
        clockFields(),
        field(
          t("Your name (optional)"),
          h("input", {
            id: "your-name",
            type: "text",
            maxlength: 40,
            autocomplete: "nickname",
            value: savedName(),
          }),
        ),
        st.error ? h("p", { class: "notice error", role: "alert" }, st.error) : null,
        h(
          "button",
          { type: "submit", class: "btn primary big", id: "play", disabled: st.busy },
          st.busy ? t("Creating the table…") : t("Play"),
        ),
      ),
    );
  }

  function renderUpload() {
    const status = h("p", { class: "upload-status", role: "status" });
    const picker = recordPicker("resume-file", async (file) => {
      status.textContent = t("Loading…");
      status.className = "upload-status";
      try {
        const record = await readJsonFile(file);
        const created = await api.uploadRecord(record, currentLang());
        openCreated(created, "");
      } catch (error) {
        status.textContent = t("The record cannot be resumed: {reason}", { reason: error.message });
        status.className = "upload-status notice error";
      }
    });
    fill(
      uploadSlot,
      h(
        "section",
        { class: "panel" },
        h("h2", {}, t("Resume a saved match")),
        h("p", { class: "help" }, t("Choose a record (.json) downloaded from a table: its match goes on against the computer.")),
        picker,
        status,
        h("p", {}, h("a", { href: "/replay" }, t("Watch a replay of a saved match"))),
      ),
    );
  }

  function renderRecent() {
    showRecent(recentSlot);
  }

  function render() {
    document.title = "tricktaker";
    renderForm();
    renderUpload();
    renderRecent();
  }

  render();
  load();

  return {
    onLang() {
      load();
    },
    unmount() {},
  };
}
