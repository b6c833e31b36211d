// The replay viewer (/replay): a record's every step as one seat (or the
// public) saw it, from POST /api/replay; step with buttons, arrow keys or the slider.

import { api } from "./api.js";
import { renderBoard, renderHand, renderLogItems, renderSheet, renderStatus } from "./board.js";
import { field, fill, h, s } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { readJsonFile, recordPicker } from "./recordfile.js";
import { takeReplay } from "./storage.js";

/** Step buttons' icons, drawn (no font has to hold them). */
const ICONS = {
  first: "M4 3h3v14H4zM17 3v14L8 10z",
  back: "M15 3v14L5 10z",
  forward: "M5 3v14l10-7z",
  last: "M13 3h3v14h-3zM3 3v14l9-7z",
};

function icon(name) {
  return s("svg", { class: "icon", viewBox: "0 0 20 20", "aria-hidden": "true" }, s("path", { d: ICONS[name] }));
}

function stepButton(id, label, name, onclick) {
  return h("button", { type: "button", class: "btn", id, "aria-label": label, title: label, onclick }, icon(name));
}

export function mountReplay(root) {
  const passed = takeReplay();
  const st = {
    record: passed ? passed.record : null,
    seat: passed && Number.isInteger(passed.seat) ? passed.seat : 0,
    frames: [],
    step: 0,
    players: 0,
    error: null,
    loading: false,
  };

  const controls = h("section", { class: "replay-controls panel" });
  const errorSlot = h("div", {});
  const boardSlot = h("div", { class: "board-slot" });
  const handSlot = h("div", { class: "hand-slot" });
  const stepSlot = h("section", { class: "actions panel" });
  const statusSlot = h("div", {});
  const sheetSlot = h("section", { class: "panel" });
  const logList = h("ol", { class: "log-list" });
  const logTitle = h("h2", { class: "panel-title" });
  fill(
    root,
    h(
      "div",
      { class: "replay-page" },
      controls,
      errorSlot,
      h(
        "div",
        { class: "table-page" },
        h("div", { class: "play-col" }, boardSlot, handSlot, stepSlot),
        h(
          "div",
          { class: "side-col" },
          statusSlot,
          h("section", { class: "log panel" }, logTitle, logList),
          sheetSlot,
        ),
      ),
    ),
  );

  async function load() {
    if (!st.record) {
      render();
      return;
    }
    st.loading = true;
    st.error = null;
    render();
    try {
      const seat = st.seat === "public" ? null : st.seat;
      // A finished table's own match (passed as {table, token}): as the token's seat saw it.
      const fromTable = typeof st.record.table === "string";
      const answer = fromTable
        ? await api.tableReplay(st.record.table, st.record.token, currentLang())
        : await api.replay(st.record, seat, currentLang());
      if (fromTable) st.seat = answer.seat === null ? "public" : answer.seat;
      st.frames = answer.frames || [];
      if (answer.error) {
        st.error = t("The record stops at action {n}: {message}", {
          n: answer.error.index + 1,
          message: answer.error.message,
        });
      }
      st.players = st.frames.length ? st.frames[0].table.players : 0;
      st.step = Math.min(st.step, Math.max(0, st.frames.length - 1));
    } catch (error) {
      st.frames = [];
      st.error = t("The record cannot be replayed: {reason}", { reason: error.message });
    }
    st.loading = false;
    render();
  }

  function go(step) {
    if (!st.frames.length) return;
    st.step = Math.max(0, Math.min(st.frames.length - 1, step));
    const slider = controls.querySelector("#replay-slider");
    if (slider && Number(slider.value) !== st.step) slider.value = String(st.step);
    const count = controls.querySelector("#step-count");
    if (count) count.textContent = stepText();
    renderFrame();
  }

  function stepText() {
    return t("Step {n} of {total}", { n: st.step, total: st.frames.length - 1 });
  }

  function renderControls() {
    const picker = recordPicker("replay-file", async (chosen) => {
      try {
        st.record = await readJsonFile(chosen);
        st.step = 0;
        await load();
      } catch (error) {
        st.error = error.message;
        render();
      }
    });
    const parts = [h("h1", {}, t("Replay")), h("div", { class: "replay-file" }, picker)];
    if (st.frames.length) {
      const last = st.frames.length - 1;
      const seatOptions = [h("option", { value: "public", selected: st.seat === "public" }, t("Everybody (the public view)"))];
      for (let i = 0; i < st.players; i++) {
        const name = st.frames[0].names[i];
        seatOptions.push(
          h("option", { value: String(i), selected: st.seat === i }, t("Seat {n}: {name}", { n: i + 1, name })),
        );
      }
      parts.push(
        field(
          t("Seen by"),
          h(
            "select",
            {
              id: "replay-seat",
              onchange: (e) => {
                const v = e.target.value;
                st.seat = v === "public" ? "public" : Number(v);
                load();
              },
            },
            seatOptions,
          ),
          "field inline",
        ),
        h(
          "div",
          { class: "stepper" },
          stepButton("step-first", t("First step"), "first", () => go(0)),
          stepButton("step-back", t("Step back"), "back", () => go(st.step - 1)),
          h("input", {
            type: "range",
            id: "replay-slider",
            min: 0,
            max: last,
            value: String(st.step),
            "aria-label": t("Step"),
            oninput: (e) => go(Number(e.target.value)),
          }),
          stepButton("step-forward", t("Step forward"), "forward", () => go(st.step + 1)),
          stepButton("step-last", t("Last step"), "last", () => go(last)),
        ),
        h("p", { class: "step-count", id: "step-count", "aria-live": "polite" }, stepText()),
      );
    } else if (!st.loading) {
      parts.push(
        h(
          "p",
          { class: "help" },
          t("Choose a record (.json) downloaded from a table to watch its match step by step."),
        ),
      );
    }
    if (st.loading) parts.push(h("p", { class: "loading" }, t("Loading…")));
    fill(controls, parts);
  }

  function render() {
    document.title = `${t("Replay")} — tricktaker`;
    renderControls();
    fill(errorSlot, st.error ? h("p", { class: "notice error", role: "alert" }, st.error) : null);
    renderFrame();
  }

  function renderFrame() {
    const frame = st.frames[st.step];
    if (!frame) {
      fill(boardSlot);
      fill(handSlot);
      fill(stepSlot);
      fill(statusSlot);
      fill(sheetSlot);
      fill(logList);
      logTitle.textContent = "";
      return;
    }
    fill(boardSlot, renderBoard(frame));
    fill(handSlot, renderHand(frame));
    const added = (frame.events || []).filter((e) => e.text);
    fill(
      stepSlot,
      frame.texts.hint ? h("p", { class: "hint" }, frame.texts.hint) : null,
      added.length
        ? h("ul", { class: "step-events" }, added.map((e) => h("li", {}, e.text)))
        : null,
    );
    fill(statusSlot, renderStatus(frame, { paper: false })); // the sheet slot shows it
    fill(
      sheetSlot,
      h("h2", { class: "panel-title" }, t("Score sheet")),
      renderSheet(frame),
      frame.texts.match_result ? h("p", { class: "match-result" }, frame.texts.match_result) : null,
    );
    logTitle.textContent = t("Log");
    const events = st.frames.slice(0, st.step + 1).flatMap((f) => f.events || []);
    fill(logList, renderLogItems(events));
    logList.scrollTop = logList.scrollHeight;
  }

  function onKey(e) {
    // The slider and the other fields handle their own keys.
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight") go(st.step + 1);
    else if (e.key === "ArrowLeft") go(st.step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(st.frames.length - 1);
    else return;
    e.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  load();

  return {
    onLang() {
      load();
    },
    unmount() {
      document.removeEventListener("keydown", onKey);
    },
  };
}
