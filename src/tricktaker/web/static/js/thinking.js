// "<name> is thinking… (N s)" while a computer thinks for long (server/tables.py sends
// a `thinking` message after two seconds, then every second, with how far its search
// has come where it says; `seat: null` when it has moved). Between two messages the
// seconds are counted here. The progress bar is indeterminate where the search does
// not say how far it is.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { extraHandlers } from "./handlers.js";

const st = { slot: null, timer: null, seat: null, since: 0, progress: null, names: () => [] };

function slotIn(ctx) {
  if (st.slot && st.slot.isConnected) return st.slot;
  const col = ctx.root.querySelector(".play-col");
  if (!col) return null;
  st.slot = h("div", { class: "thinking panel", role: "status", hidden: true });
  col.insertBefore(st.slot, col.querySelector(".hand-slot"));
  return st.slot;
}

function draw() {
  if (!st.slot) return;
  if (st.seat === null) {
    st.slot.hidden = true;
    st.slot.replaceChildren();
    return;
  }
  const names = st.names();
  const name = names[st.seat] || t("Seat {n}", { n: st.seat + 1 });
  const seconds = Math.max(0, Math.floor((performance.now() - st.since) / 1000));
  const bar = h("progress", { class: "thinking-bar", max: 1, "aria-label": t("Thinking") });
  if (st.progress !== null) bar.value = st.progress; // else indeterminate
  st.slot.replaceChildren(
    h("span", { class: "thinking-text" }, t("{name} is thinking… ({n} s)", { name, n: seconds })),
    bar,
  );
  st.slot.hidden = false;
}

function stop() {
  st.seat = null;
  if (st.timer !== null) clearInterval(st.timer);
  st.timer = null;
  draw();
}

extraHandlers.set("thinking", (msg, ctx) => {
  if (!slotIn(ctx)) return;
  if (typeof ctx.names === "function") st.names = ctx.names;
  if (!Number.isInteger(msg.seat)) {
    stop();
    return;
  }
  st.seat = msg.seat;
  const elapsed = typeof msg.elapsed_s === "number" ? msg.elapsed_s : 0;
  st.since = performance.now() - elapsed * 1000;
  st.progress = typeof msg.progress === "number" ? Math.min(1, Math.max(0, msg.progress)) : null;
  if (st.timer === null) st.timer = setInterval(draw, 1000);
  draw();
});

/** A new state where that computer no longer acts ends the notice (a lost message). */
export function thinkingSeen(toAct) {
  if (st.seat !== null && toAct !== st.seat) stop();
}
