// The replay viewer (/replay): a record's every step as one seat (or the
// public) saw it, from POST /api/replay; step with buttons, arrow keys or the slider,
// jump to a deal's start (the deal list, PageUp/PageDown) or from trick to trick
// (the trick buttons, Shift+arrows). Where deals begin and tricks end comes with the
// answer (`deals`, `tricks`: steps, from that observer's own events). A step draws
// the board, the hand and the status again; the log only gains or loses the lines
// between the two steps, and the sheet is drawn again only when it changed.

import { api } from "./api.js";
import { renderBoard, renderHand, renderLogItems, renderSheet, renderStatus } from "./board.js";
import { deckMessage } from "./cards.js";
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
  rewind: "M10 3v14L2 10zM18 3v14l-8-7z",
  ahead: "M2 3v14l8-7zM10 3v14l8-7z",
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
    // Steps where each deal begins ({step, deal}) and where each trick is complete.
    deals: [],
    tricks: [],
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
      // A Spanish deck's frames name and draw their cards as Spanish cards.
      st.frames = (answer.frames || []).map(deckMessage);
      st.deals = Array.isArray(answer.deals) ? answer.deals : [];
      st.tricks = Array.isArray(answer.tricks) ? answer.tricks : [];
      resetLog();
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
      st.deals = [];
      st.tricks = [];
      resetLog();
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
    updateJumps();
    renderFrame();
  }

  function stepText() {
    return t("Step {n} of {total}", { n: st.step, total: st.frames.length - 1 });
  }

  /** The index in st.deals of the deal the current step belongs to (-1 before any). */
  function dealAt(step) {
    let at = -1;
    for (let i = 0; i < st.deals.length && st.deals[i].step <= step; i++) at = i;
    return at;
  }

  function dealText() {
    return t("Deal {n} of {total}", { n: dealAt(st.step) + 1, total: st.deals.length });
  }

  /** The step after the next trick is complete (after the current step), or null. */
  function nextTrick() {
    const found = st.tricks.find((s) => s > st.step);
    return found === undefined ? null : found;
  }

  /** The step after the previous trick was complete (before the current step), or null. */
  function previousTrick() {
    for (let i = st.tricks.length - 1; i >= 0; i--) if (st.tricks[i] < st.step) return st.tricks[i];
    return null;
  }

  function goDeal(index) {
    if (index >= 0 && index < st.deals.length) go(st.deals[index].step);
  }

  /** The deal list, the deal count and the trick buttons, as the current step has them. */
  function updateJumps() {
    const at = dealAt(st.step);
    const select = controls.querySelector("#replay-deal");
    if (select && at >= 0 && select.value !== String(at)) select.value = String(at);
    const count = controls.querySelector("#deal-count");
    if (count) count.textContent = dealText();
    const back = controls.querySelector("#trick-back");
    if (back) back.disabled = previousTrick() === null;
    const forward = controls.querySelector("#trick-forward");
    if (forward) forward.disabled = nextTrick() === null;
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
      if (st.deals.length) {
        const dealOptions = st.deals.map((d, i) =>
          h("option", { value: String(i) }, t("Deal {n} of {total}", { n: i + 1, total: st.deals.length })),
        );
        parts.push(
          h(
            "div",
            { class: "jumps" },
            field(
              t("Go to"),
              h("select", { id: "replay-deal", onchange: (e) => goDeal(Number(e.target.value)) }, dealOptions),
              "field inline",
            ),
            stepButton("trick-back", t("Previous trick"), "rewind", () => {
              const to = previousTrick();
              if (to !== null) go(to);
            }),
            stepButton("trick-forward", t("Next trick"), "ahead", () => {
              const to = nextTrick();
              if (to !== null) go(to);
            }),
            h("p", { class: "step-count", id: "deal-count" }, dealText()),
          ),
        );
        parts.push(
          h(
            "p",
            { class: "help replay-keys" },
            t("Keys: ← → a step, Shift+← → a trick, PageUp PageDown a deal, Home End the first and last step."),
          ),
        );
      }
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
    updateJumps();
  }

  function render() {
    document.title = `${t("Replay")} — tricktaker`;
    renderControls();
    fill(errorSlot, st.error ? h("p", { class: "notice error", role: "alert" }, st.error) : null);
    renderFrame();
  }

  // The log holds the lines of steps 0..logStep; logCounts[i] is how many step i added.
  let logStep = -1;
  let logCounts = [];
  let sheetKey = null;
  function resetLog() {
    logStep = -1;
    logCounts = [];
    sheetKey = null;
    fill(logList);
  }

  /** The log up to the current step: lines added going forward, removed going back. */
  function renderLog() {
    while (logStep > st.step) {
      for (let i = logCounts.pop() || 0; i > 0 && logList.lastChild; i--) logList.lastChild.remove();
      logStep--;
    }
    while (logStep < st.step) {
      logStep++;
      const items = renderLogItems(st.frames[logStep].events || []);
      logCounts.push(items.length);
      logList.append(...items);
    }
    logList.scrollTop = logList.scrollHeight;
  }

  function renderFrame() {
    const frame = st.frames[st.step];
    if (!frame) {
      fill(boardSlot);
      fill(handSlot);
      fill(stepSlot);
      fill(statusSlot);
      fill(sheetSlot);
      resetLog();
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
    // The sheet only when it changed (most steps leave it as it was).
    const key = JSON.stringify([currentLang(), { ...frame.texts, hint: undefined }]);
    if (key !== sheetKey) {
      sheetKey = key;
      fill(
        sheetSlot,
        h("h2", { class: "panel-title" }, t("Score sheet")),
        renderSheet(frame),
        frame.texts.match_result ? h("p", { class: "match-result" }, frame.texts.match_result) : null,
      );
    }
    logTitle.textContent = t("Log");
    renderLog();
  }

  function onKey(e) {
    // The slider and the other fields handle their own keys.
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.shiftKey && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
      const to = e.key === "ArrowRight" ? nextTrick() : previousTrick();
      if (to !== null) go(to);
    } else if (e.key === "PageDown") goDeal(dealAt(st.step) + 1);
    else if (e.key === "PageUp") {
      // Back to this deal's start, or from there to the previous deal's.
      const at = dealAt(st.step);
      goDeal(at >= 0 && st.deals[at].step === st.step ? at - 1 : at);
    } else if (e.key === "ArrowRight") go(st.step + 1);
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
