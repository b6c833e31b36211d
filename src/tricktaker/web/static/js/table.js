// The live table (/t/<id>): the seat's token kept in this browser, the
// WebSocket, and the table drawn from each `state` message, with a pause on
// every completed trick and a panel at the end of every deal.
//
// One state object (`st`) holds what the page knows. A `state` frame carries
// only the events new since the page's last number: their lines are appended
// to the log (a language switch resends from 0 and the lines from there are
// replaced; `faded` replaces lines whose cards the rules no longer show), and
// each panel is drawn again only when what it shows changed, so buttons keep
// the keyboard's focus while the moves are the same. Only the last event number
// is kept in session storage. Messages of other types go to the modules that
// registered for them (handlers.js).

import { api } from "./api.js";
import {
  cardActions,
  cardPairs,
  pairKey,
  pairSelectable,
  paperSheet,
  renderBoard,
  renderHand,
  renderLogItems,
  renderSheet,
  renderStatus,
} from "./board.js";
import { cardText, deckMessage, spanishDeck } from "./cards.js";
import { showFairness } from "./fairness.js";
import { copyText, fill, h, sleep } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { dispatchExtra } from "./handlers.js";
import { mountLife } from "./life.js";
import { initKeys } from "./keys.js";
import { thinkingSeen } from "./thinking.js";
import { TableSocket } from "./socket.js";
import {
  autoPlay,
  passReplay,
  rememberTable,
  saveAutoPlay,
  saveSeen,
  saveToken,
  seenUpTo,
  tableEntry,
  tokenFor,
} from "./storage.js";

/** How long a completed trick stays on the table before the next state is shown. */
export const TRICK_PAUSE_MS = 1500;
/** How long a lone legal card waits before it is played by itself (the option). */
const AUTOPLAY_MS = 400;

/** The cards of a completed trick: from its event where it lists them, else those given. */
function trickCards(trick, fallback) {
  const played = trick.data && trick.data.played;
  if (
    Array.isArray(played) &&
    played.length &&
    played.every((p) => Array.isArray(p) && p.length >= 2 && Number.isInteger(p[0]))
  ) {
    return played.map((p) => [p[0], typeof p[1] === "string" ? p[1] : null]);
  }
  return fallback;
}

/**
 * The table as it stood just before the event `stop`: the last state shown,
 * with the cards played since (events carrying `data.card`) taken from the
 * hands and laid on the table. Returns the frame and the cards to show there:
 * the last completed trick, else what lies on the table.
 */
function frameBefore(prev, events, stop) {
  const table = {
    ...prev.table,
    to_act: null,
    hand: [...prev.table.hand],
    hand_sizes: [...prev.table.hand_sizes],
    shown: (prev.table.shown || []).map(([seat, cards]) => [seat, [...cards]]),
  };
  let onTable = prev.table.on_table.map((x) => [...x]);
  let lastTrick = null;
  for (const e of events) {
    if (e === stop) break;
    if (e.kind === "trick") {
      lastTrick = trickCards(e, onTable);
      onTable = [];
    } else if (e.seat !== null && e.seat !== undefined && e.data && "card" in e.data) {
      const card = typeof e.data.card === "string" ? e.data.card : null;
      // A card played from another seat's hand ("play Qs from 2") lies at that seat.
      const owner = Number.isInteger(e.data.from) ? e.data.from : e.seat;
      onTable.push([owner, card]);
      if (owner === table.seat) {
        let at = table.hand.indexOf(card);
        if (at < 0) at = table.hand.indexOf(null);
        if (at >= 0) table.hand.splice(at, 1);
      }
      if (table.hand_sizes[owner] > 0) table.hand_sizes[owner] -= 1;
      table.shown = table.shown.map(([seat, cards]) =>
        seat === owner ? [seat, cards.filter((c) => c !== card)] : [seat, cards],
      );
    }
  }
  const shown = stop.kind === "trick" ? trickCards(stop, onTable) : lastTrick || onTable;
  return { msg: { ...prev, table, legal: [] }, onTable: shown };
}

/** A dialog with a title, a body and a Close button: [dialog, title, body, close]. */
function closableDialog(kind) {
  const body = h("div", { class: "dialog-body" });
  const title = h("h2", {});
  const close = h("button", { type: "button", class: "btn", onclick: () => dialog.close() });
  const dialog = h(
    "dialog",
    { class: `dialog ${kind}` },
    title,
    body,
    h("div", { class: "dialog-buttons" }, close),
  );
  return [dialog, title, body, close];
}

export function mountTable(root, tableId, { setConn }) {
  const params = new URLSearchParams(location.search);
  const given = params.get("token");
  if (given) {
    saveToken(tableId, given);
    history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}`);
  }
  const st = {
    token: given || tokenFor(tableId),
    seat: undefined,
    // The latest moment (a state frame without its events), the sheet and the rules as
    // last sent (a frame carries them only when they change).
    msg: null,
    sheet: null,
    paper: null, // the paper sheet and its drawing, as last sent (with the sheet)
    rules: [],
    // The rules in force in one line (msg.rules_summary, sent with the rules): shown in
    // the tools to everyone at the table, from before the first card.
    rulesSummary: "",
    // The number of the next event the log has taken, and of the next one this tab had
    // shown before (a reload does not pause again on those).
    logNext: 0,
    seen: 0,
    queue: [],
    running: false,
    firstState: true,
    busy: false,
    error: null,
    pause: null,
    closed: null,
    everOpen: false,
    // Cards chosen in the hand for a two-card action (cardPairs), and the moves they were
    // chosen among: a new set of legal moves starts the choice afresh.
    picked: [],
    pickedFor: "",
    // The computer's advice for this seat's turn (a `hint` message: its move, its
    // sentence, the number of moves it was given at), and whether one is being asked.
    hint: null,
    hintBusy: false,
    // A move was just taken back (Undo): no lone card plays itself until he moves.
    undone: false,
  };
  // A reload resumes from the number this tab had reached (all it keeps), and asks for
  // the lines before it once the table is there (a `history` message).
  st.seen = seenUpTo(tableId, st.token);

  // The page's frame: slots redrawn from each state, dialogs kept.
  const banner = h("div", { class: "banner-slot" });
  const boardSlot = h("div", { class: "board-slot" });
  const handSlot = h("div", { class: "hand-slot" });
  const actions = h("section", { class: "actions panel", "aria-live": "polite" });
  // The score sheet as drawn on paper, where a game keeps one: under the moves, where
  // every player's column has room (the side column is too narrow for three or four).
  const paperSlot = h("section", { class: "paper-slot panel", hidden: true });
  const statusSlot = h("div", { class: "status-slot" });
  const tools = h("section", { class: "tools panel" });
  // A live region: a screen reader reads each new line, politely, and nothing else.
  const logList = h("ol", {
    class: "log-list",
    "aria-live": "polite",
    "aria-relevant": "additions",
  });
  const logTitle = h("h2", { class: "panel-title" });
  const logPanel = h("section", { class: "log panel" }, logTitle, logList);
  const [sheetDialog, sheetTitle, sheetBody, sheetClose] = closableDialog("sheet-dialog");
  const dealDialog = h("dialog", { class: "dialog deal-dialog" });
  const [rulesDialog, rulesTitle, rulesBody, rulesClose] = closableDialog("rules-dialog");

  fill(
    root,
    h(
      "div",
      { class: "table-page" },
      h("div", { class: "play-col" }, banner, boardSlot, handSlot, actions, paperSlot),
      h("div", { class: "side-col" }, statusSlot, tools, logPanel),
    ),
    sheetDialog,
    dealDialog,
    rulesDialog,
  );
  // On a phone the moves' bar sticks to the screen's bottom and the hand just above it
  // (table.css): the bar's height, kept in --actions-h, is where the hand sticks.
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => {
      root.style.setProperty("--actions-h", `${Math.ceil(actions.getBoundingClientRect().height)}px`);
    }).observe(actions);
  }
  const life = mountLife(root.querySelector(".side-col"), tableId); // the seats' life (life.js)
  initKeys(root, { openSheet }); // the table from the keyboard (keys.js)

  const socket = new TableSocket(tableId, st.token, currentLang(), {
    onMessage,
    onStatus(status, detail) {
      if (status === "open") st.everOpen = true;
      if (status === "connecting" && st.everOpen) st.queue.length = 0; // resumed from `since`
      if (status === "closed") {
        st.closed = detail || t("The connection was closed.");
        renderBanner();
        renderActions();
      }
      setConn(status, detail);
    },
    async probe() {
      try {
        await api.table(tableId);
      } catch (error) {
        return error.status === 404 ? { reason: t("There is no such table."), sure: true } : null;
      }
      // The table is there and the server answers: it is this link's token it refuses.
      return st.token ? { reason: t("The seat in this link is not valid."), sure: false } : null;
    },
  });

  /** What a module registered for other messages may use (handlers.js). */
  const context = {
    root,
    tableId,
    get seat() {
      return st.seat === undefined ? null : st.seat;
    },
    send: (message) => socket.send(message),
    /** The seats' names as this page reads them (the latest state's). */
    names: () => (st.msg && Array.isArray(st.msg.names) ? st.msg.names : []),
  };

  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    life.onMessage(msg); // the seats' life (life.js) reads hello and life
    if (msg.type === "hello") {
      st.seat = msg.seat;
      showFairness(root, msg.table);
      st.closed = null;
      return;
    }
    if (msg.type === "state") {
      st.queue.push(deckMessage(msg)); // a Spanish deck's cards named as Spanish cards
      pump();
      return;
    }
    if (msg.type === "reset") {
      // An undo rebuilt the match: the frames waiting are of the old one, and the next
      // frame tells everything again from event 0 (startOver).
      st.queue.length = 0;
      st.queue.push(msg);
      pump();
      return;
    }
    if (msg.type === "hint") {
      st.hintBusy = false;
      st.hint = deckMessage(msg);
      renderActions();
      return;
    }
    if (msg.type === "error") {
      st.busy = false;
      st.hintBusy = false;
      st.error = t("Not allowed: {message}", { message: msg.message });
      renderActions();
      renderHandSlot();
      return;
    }
    if (msg.type === "history") {
      const told = deckMessage(msg);
      addHistory(Array.isArray(told.events) ? told.events : []);
      return;
    }
    if (msg.type === "ack" || msg.type === "pong") return;
    dispatchExtra(msg, context);
  }

  async function pump() {
    if (st.running) return;
    st.running = true;
    try {
      while (st.queue.length) {
        const next = st.queue.shift();
        if (next.type === "reset") startOver();
        else await processState(next);
      }
    } finally {
      st.running = false;
    }
  }

  async function processState(msg) {
    const events = Array.isArray(msg.events) ? msg.events : [];
    // A resend from an earlier number (another language): its lines replace those held.
    if (events.length && events[0].n < st.logNext) cutLog(events[0].n);
    refade(Array.isArray(msg.faded) ? msg.faded : []);
    const fresh = st.firstState ? [] : events.filter((e) => e.n >= st.seen);
    if (st.firstState) {
      // Resumed from a number: the lines before it are asked for once.
      const start = events.length ? events[0].n : msg.next_event;
      if (Number.isInteger(start) && start > 0 && logList.childElementCount === 0) {
        st.logNext = start;
        socket.send({ type: "history", before: start });
      }
    }
    if (Number.isInteger(msg.next_event)) {
      socket.since = msg.next_event;
      if (msg.next_event > st.seen) {
        st.seen = msg.next_event;
        saveSeen(tableId, st.token, st.seen);
      }
    }
    st.firstState = false;
    st.busy = false;
    st.error = null;
    if ((msg.rules || []).length) st.rules = msg.rules; // sent once a connection and language
    if (typeof msg.rules_summary === "string" && msg.rules_summary) st.rulesSummary = msg.rules_summary;
    // The sheets are sent when they change (a deal ended), the paper ones with the rows.
    if (msg.texts && msg.texts.sheet) {
      st.sheet = msg.texts.sheet;
      st.paper = { paper: msg.texts.paper, paper_drawing: msg.texts.paper_drawing };
    }
    // The moment: the frame without its events, with the sheets as last sent.
    const texts = { ...(msg.texts || {}), sheet: st.sheet, ...(st.paper || {}) };
    const moment = { ...msg, texts, rules: undefined, rules_summary: undefined };
    delete moment.events;
    delete moment.faded;
    if (moment.table && msg.texts) {
      rememberTable({
        id: tableId,
        title: msg.texts.title,
        seat: moment.table.seat,
        finished: moment.table.finished,
      });
    }

    const prev = st.msg;
    const dealEnd = fresh.find((e) => e.kind === "deal_end");
    const tricks = fresh.filter((e) => e.kind === "trick" && (!dealEnd || e.n < dealEnd.n));
    const trick = tricks.length ? tricks[tricks.length - 1] : null;
    // The table as the deal left it (the server's copy stopped at its end): the last
    // card and trick counted behind the panel, not the moment before them.
    const end = msg.deal_end_moment;
    const endMsg =
      prev && dealEnd && end && end.table && end.texts
        ? { ...prev, ...end, texts: { ...end.texts, sheet: st.sheet }, legal: [], groups: [] }
        : null;
    if (prev && trick) {
      const frame = frameBefore(prev, fresh, trick);
      // The deal's last trick: held with the deal's end already counted.
      const played = (e) => e.n > trick.n && e.data && "card" in e.data;
      if (endMsg && !fresh.some((e) => played(e) && e.n < dealEnd.n)) frame.msg = endMsg;
      st.pause = { ...frame, caption: trick.text || "" };
      addLog(events, trick.n); // during a pause the log stops where the table does
      renderAll();
      await sleep(TRICK_PAUSE_MS);
    }
    if (prev && dealEnd) {
      const frame = frameBefore(prev, fresh, dealEnd);
      if (endMsg) frame.msg = endMsg;
      const after = fresh.slice(fresh.indexOf(dealEnd) + 1);
      const told = after.filter((e) => e.kind === "game_end" || e.kind === "match_end");
      st.pause = { ...frame, caption: trick ? trick.text || "" : "" };
      addLog(events, told.length ? told[told.length - 1].n : dealEnd.n);
      renderAll();
      await dealPanel(dealEnd, told);
    }
    addLog(events, Infinity);
    st.pause = null;
    st.msg = moment;
    // A hint holds for the moment it was given at only.
    if (st.hint && st.hint.applied !== moment.applied) st.hint = null;
    if (moment.table) thinkingSeen(moment.table.to_act);
    const moves = (moment.legal || []).map((item) => item.action).join("|");
    if (moves !== st.pickedFor) {
      st.picked = [];
      st.pickedFor = moves;
    }
    renderAll();
    playLoneCard();
  }

  /** After an undo (a `reset` message): the log, the event numbers, the choices in the
   *  hand and the hint are of a match that is no longer; the next frame brings it all. */
  function startOver() {
    fill(logList);
    st.logNext = 0;
    st.seen = 0;
    saveSeen(tableId, st.token, 0);
    socket.since = 0;
    st.firstState = true;
    st.busy = false;
    st.error = null;
    st.pause = null;
    st.picked = [];
    st.pickedFor = "";
    st.hint = null;
    st.hintBusy = false;
    st.sheet = null;
    st.paper = null;
    st.undone = true; // no lone card plays itself until he moves (playLoneCard)
  }

  /** Append the lines of `events` numbered up to `upTo` that the log has not taken. */
  function addLog(events, upTo) {
    const near = logList.scrollHeight - logList.scrollTop - logList.clientHeight < 40;
    const first = logList.childElementCount === 0;
    const take = events.filter((e) => e.n >= st.logNext && e.n <= upTo);
    if (!take.length) return;
    logList.append(...renderLogItems(take));
    st.logNext = take[take.length - 1].n + 1;
    if (near || first) logList.scrollTop = logList.scrollHeight;
  }

  /** The lines before the first the log holds (the answer to a `history` message). */
  function addHistory(events) {
    const top = logList.firstElementChild;
    const first = top ? Number(top.dataset.n) : st.logNext;
    const take = events.filter((e) => Number.isInteger(e.n) && e.n < first);
    if (!take.length) return;
    logList.prepend(...renderLogItems(take));
    logList.scrollTop = logList.scrollHeight;
  }

  /** Drop the log's lines from event `n` on (they come again, in another language). */
  function cutLog(n) {
    while (logList.lastElementChild && Number(logList.lastElementChild.dataset.n) >= n) {
      logList.lastElementChild.remove();
    }
    st.logNext = n;
  }

  /** Lines told again without the cards the rules no longer show (msg.faded). */
  function refade(faded) {
    for (const e of faded) {
      if (!Number.isInteger(e.n)) continue;
      const line = logList.querySelector(`li[data-n="${e.n}"]`);
      if (line && typeof e.text === "string" && e.text) line.textContent = e.text;
      else if (line) line.remove();
    }
  }

  /** A click on a card of a two-card choice: choose it, or unselect it if chosen. */
  function pickCard(card) {
    if (st.busy || st.pause) return;
    const at = st.picked.indexOf(card);
    if (at >= 0) st.picked.splice(at, 1);
    else if (pairSelectable(cardPairs(st.msg), st.picked).has(card)) st.picked.push(card);
    renderHandSlot();
    renderActions();
    // The hand is drawn anew: the keyboard's place stays on the card just pressed.
    const again = handSlot.querySelector(`button.hand-card[data-card="${card}"]`);
    if (again) again.focus();
  }

  function dealPanel(dealEnd, after) {
    return new Promise((resolve) => {
      const lines = Array.isArray(dealEnd.lines) ? dealEnd.lines : [];
      const more = after.filter((e) => e.text).map((e) => h("li", { class: "strong" }, e.text));
      const done = () => {
        dealDialog.removeEventListener("close", done);
        if (dealDialog.open) dealDialog.close();
        resolve();
      };
      fill(
        dealDialog,
        h("h2", {}, t("The deal is over")),
        h(
          "ul",
          { class: "deal-lines" },
          (lines.length ? lines : [dealEnd.text || ""]).map((x) => h("li", {}, x)),
          more,
        ),
        h(
          "div",
          { class: "dialog-buttons" },
          h("button", { type: "button", class: "btn primary", autofocus: true, onclick: done }, t("Continue")),
        ),
      );
      dealDialog.addEventListener("close", done);
      dealDialog.showModal();
    });
  }

  function act(action) {
    if (st.busy || st.pause) return;
    st.error = null;
    st.undone = false;
    if (!socket.send({ type: "act", action })) {
      st.error = t("Not connected: the action was not sent. Wait for the connection to come back.");
    } else {
      st.busy = true;
    }
    renderActions();
    renderHandSlot();
  }

  /** What each slot was last drawn from: a slot is drawn again only when it changed. */
  const drawn = new Map();
  function changed(slot, parts) {
    const key = JSON.stringify([currentLang(), parts]);
    if (drawn.get(slot) === key) return false;
    drawn.set(slot, key);
    return true;
  }

  /** The words of the moment without the sheet, which only its dialog shows. */
  function momentTexts(msg) {
    return msg ? { ...msg.texts, sheet: undefined } : null;
  }

  function renderAll() {
    logTitle.textContent = t("Log");
    document.title = st.msg ? `${st.msg.texts.title} — tricktaker` : "tricktaker";
    renderBanner();
    renderBoardSlot();
    renderHandSlot();
    renderActions();
    renderStatusSlot();
    renderTools();
    if (sheetDialog.open) renderSheetDialog();
    if (rulesDialog.open) renderRulesDialog();
  }

  function renderBanner() {
    const msg = st.msg;
    const finished = msg ? [msg.table.finished, msg.table.seat, msg.texts.match_result] : null;
    if (!changed(banner, [st.closed, Boolean(st.token), finished, Boolean(st.pause)])) return;
    const parts = [];
    if (st.closed) {
      parts.push(
        h(
          "div",
          { class: "notice error", role: "alert" },
          h("p", {}, t("The table cannot be opened: {reason}", { reason: st.closed })),
          st.token
            ? h(
                "button",
                {
                  type: "button",
                  class: "btn",
                  onclick: () => {
                    saveToken(tableId, null);
                    location.href = `/t/${encodeURIComponent(tableId)}`;
                  },
                },
                t("Watch as a spectator"),
              )
            : null,
          h("a", { class: "btn", href: "/" }, t("New table")),
        ),
      );
    }
    if (msg && msg.table.finished && !st.pause) {
      parts.push(
        h(
          "div",
          { class: "notice result", role: "status" },
          h("h2", {}, t("The match is over")),
          msg.texts.match_result ? h("p", { class: "match-result" }, msg.texts.match_result) : null,
          h(
            "div",
            { class: "button-row" },
            // A seat gets the record the rules let everyone see (the full one only where they
            // showed every card), and the replay of the match as he saw it.
            msg.table.seat === null
              ? null
              : [
                  h(
                    "a",
                    {
                      class: "btn",
                      href: api.recordUrl(tableId, st.token),
                      download: `${tableId}.json`,
                    },
                    t("Download record"),
                  ),
                  h("button", { type: "button", class: "btn", onclick: watchReplay }, t("Watch the replay")),
                ],
            h("a", { class: "btn primary", href: "/" }, t("New table")),
          ),
        ),
      );
    }
    fill(banner, parts);
  }

  async function watchReplay() {
    try {
      // The table's own match (its shown record may be partial: GET /api/tables/{id}/replay).
      passReplay({ table: tableId, token: st.token }, st.seat ?? null);
      location.href = "/replay";
    } catch (error) {
      st.error = String(error.message || error);
      renderActions();
    }
  }

  /** What the table shows: the frame of a pause, else the latest state. */
  function shown() {
    return st.pause ? st.pause.msg : st.msg;
  }

  function renderBoardSlot() {
    const msg = shown();
    const pause = st.pause ? [st.pause.onTable, st.pause.caption] : null;
    const key = msg ? [msg.table, msg.names, momentTexts(msg), st.msg.legal, msg.view] : null;
    if (!changed(boardSlot, [key, pause, st.busy])) return;
    if (!st.msg) {
      fill(boardSlot, h("p", { class: "loading" }, t("Connecting…")));
      return;
    }
    fill(
      boardSlot,
      renderBoard(shown(), {
        onTable: st.pause ? st.pause.onTable : null,
        caption: st.pause ? st.pause.caption : null,
        // The cards of a hand laid open that this seat plays ("0:play Qs from 2").
        playable: (seat) => (st.pause ? new Map() : cardActions(st.msg, seat)),
        onCard: act,
        busy: st.busy,
      }),
    );
  }

  function renderHandSlot() {
    const msg = shown();
    const key = msg ? [msg.table, momentTexts(msg), st.msg.legal] : null;
    if (!changed(handSlot, [key, Boolean(st.pause), st.busy, st.picked])) return;
    if (!st.msg) {
      fill(handSlot);
      return;
    }
    const playable = st.pause ? new Map() : cardActions(st.msg);
    const pairs = st.pause ? [] : cardPairs(st.msg);
    const pick = pairs.length
      ? { selectable: pairSelectable(pairs, st.picked), selected: st.picked, onPick: pickCard }
      : null;
    fill(handSlot, renderHand(shown(), { playable, onCard: act, busy: st.busy, pick }));
  }

  /** Truco Argentino's and Gaúcho's calls in named groups, where the game gives no layout
   *  of its own: the answer, the envido, the flor, the truco and the mazo, each under its
   *  name (the cards stay in the hand and after them). Null for any other table. */
  function spanishGroups(legal) {
    if (!spanishDeck()) return null;
    const sets = [
      [t("Your answer"), ["accept", "refuse"]],
      [t("Envido"), ["envido", "real", "falta"]],
      [t("Flor"), ["flor", "contraflor", "resto"]],
      [t("Truco"), ["raise"]],
      [t("Mazo"), ["fold"]],
    ];
    const verbOf = (item) => String(item.action).split(":")[1]?.split(" ")[0] ?? "";
    const groups = [];
    const titles = [];
    for (const [title, verbs] of sets) {
      const row = [];
      for (const verb of verbs) {
        const at = legal.findIndex((item) => verbOf(item) === verb);
        if (at >= 0) row.push(at);
      }
      if (row.length) {
        groups.push([row]);
        titles.push(title);
      }
    }
    return groups.length ? { groups, titles } : null;
  }

  function renderActions() {
    const msg = st.msg;
    const key = msg
      ? [
          msg.table.seat,
          msg.table.finished,
          msg.table.to_act,
          msg.legal,
          msg.groups,
          msg.group_titles,
          msg.groups_note,
          msg.names,
          msg.undo,
          msg.claim,
        ]
      : null;
    const words = msg ? [msg.texts.hint, msg.texts.pairs] : null;
    // The same moves keep the same buttons: the keyboard's focus stays where it was.
    const hinted = [st.hint && st.hint.action, st.hint && st.hint.why, st.hintBusy];
    if (!changed(actions, [key, words, st.error, Boolean(st.pause), st.busy, st.picked, hinted])) {
      return;
    }
    const parts = [];
    if (st.error) {
      parts.push(
        h("p", { class: "notice error refused", role: "alert" }, st.error),
      );
    }
    if (!msg) {
      fill(actions, parts);
      return;
    }
    if (st.pause) {
      parts.push(h("p", { class: "hint muted" }, t("The trick is complete.")));
    } else {
      // A claim waiting for answers is what the table waits on (not "X is thinking").
      const claimWaits = Boolean(msg.claim && msg.claim.pending);
      if (msg.texts.hint && !claimWaits) parts.push(h("p", { class: "hint" }, msg.texts.hint));
      if (msg.table.seat === null) {
        const watching = t("You are watching: only the players act, and their cards stay hidden.");
        parts.push(h("p", { class: "muted" }, watching));
      }
      parts.push(...claimRows(msg));
      // A spectator is never offered a move (the server sends him none).
      const legal = msg.table.seat === null ? [] : msg.legal || [];
      const cardMoves = new Set(cardActions(msg).values());
      // Actions of two cards are not a button each: one button per verb sends the two
      // cards chosen in the hand, in the place of the first of them.
      const pairs = cardPairs(msg);
      const inPair = new Map();
      for (const group of pairs) for (const action of group.actions.values()) inPair.set(action, group);
      const placed = new Set();
      const gap = () => h("span", { class: "action-gap", "aria-hidden": "true" });
      // brief: in a named group whose title and note say it, a word to the partner
      // drops its "only your partner sees it" line (five of them in a row on a phone).
      const button = (item, brief = false) => {
        const group = inPair.get(item.action);
        if (group) {
          if (placed.has(group)) return null;
          placed.add(group);
          return pairButton(group);
        }
        return h(
          "button",
          {
            type: "button",
            class: [
              "btn action",
              item.private ? "private" : "",
              cardMoves.has(item.action) ? "card-action" : "",
              st.hint && st.hint.action === item.action ? "suggested" : "",
            ]
              .filter(Boolean)
              .join(" "),
            disabled: st.busy,
            dataset: { action: item.action },
            onclick: () => act(item.action),
          },
          h("span", { class: "action-label" }, item.label),
          item.help && !(brief && item.private) ? h("span", { class: "action-help" }, item.help) : null,
          item.private ? h("span", { class: "tag private-tag" }, t("private")) : null,
        );
      };
      if (legal.length) {
        // The game's layout first (msg.groups: grids of indices into legal, null a gap),
        // then every move in no group, in the order of the legal moves.
        const grouped = new Set();
        const layout = msg.groups && msg.groups.length ? null : spanishGroups(legal);
        const titles = layout ? layout.titles : Array.isArray(msg.group_titles) ? msg.group_titles : [];
        (layout ? layout.groups : msg.groups || []).forEach((rows, number) => {
          const title = typeof titles[number] === "string" && titles[number] ? titles[number] : null;
          if (title) {
            // A named group (Le Truc for four: cards, stake, words, signals): its
            // buttons wrap under the name, however narrow the screen.
            const items = [];
            for (const row of rows) {
              for (const at of row) {
                const item = Number.isInteger(at) ? legal[at] : undefined;
                if (item && !grouped.has(item)) {
                  grouped.add(item);
                  items.push(item);
                }
              }
            }
            const id = `action-group-${number}`;
            parts.push(
              h(
                "div",
                { class: "action-group", role: "group", "aria-labelledby": id },
                h("p", { class: "action-group-title", id }, title),
                h("div", { class: "action-buttons" }, items.map((item) => button(item, true))),
              ),
            );
            return;
          }
          const columns = Math.max(1, ...rows.map((row) => row.length));
          const cells = [];
          for (const row of rows) {
            for (let i = 0; i < columns; i++) {
              const at = row[i];
              const item = Number.isInteger(at) ? legal[at] : undefined;
              if (item && !grouped.has(item)) {
                grouped.add(item);
                cells.push(button(item) || gap());
              } else cells.push(gap());
            }
          }
          parts.push(
            h("div", { class: "action-grid", style: `--columns: ${columns}`, role: "group" }, cells),
          );
        });
        const rest = legal.filter((item) => !grouped.has(item));
        if (rest.length) parts.push(h("div", { class: "action-buttons" }, rest.map(button)));
        // A line under the groups (Le Truc for four: what a captain is, and that words
        // do not end the turn).
        if (msg.groups_note) parts.push(h("p", { class: "help groups-note" }, msg.groups_note));
        parts.push(hintRow());
      } else if (msg.table.seat !== null && !msg.table.finished && msg.table.to_act !== null && !claimWaits) {
        parts.push(
          h(
            "p",
            { class: "muted waiting" },
            t("Waiting for {name}…", { name: msg.names[msg.table.to_act] ?? "" }),
          ),
        );
      }
      if (st.busy) parts.push(h("p", { class: "muted" }, t("Sending…")));
      if (msg.undo && msg.table.seat !== null && !msg.table.finished) parts.push(undoRow());
    }
    fill(actions, parts);
  }

  /** A claim of the rest of the tricks (the server says when one may be made, and who is
   *  to answer one waiting: `claim`). The claimer's cards are all the best still out,
   *  so nobody is told anything the rules hide. */
  function claimRows(msg) {
    const claim = msg.claim;
    if (!claim || msg.table.finished) return [];
    const waiting = claim.pending;
    if (waiting) {
      const name = msg.names[waiting.seat] ?? "";
      const told = h(
        "p",
        { class: "notice claim-notice", role: "status" },
        t("{name} claims the remaining {n} tricks: every card left in that hand is the best still out.", {
          name,
          n: waiting.tricks,
        }),
      );
      if (waiting.answer) {
        const answer = (accept) => () => sendClaim({ type: "claim_answer", accept });
        const buttons = h(
          "div",
          { class: "action-buttons claim-answer", role: "group" },
          h("button", { type: "button", class: "btn action claim-accept", disabled: st.busy, onclick: answer(true) }, t("Accept")),
          h("button", { type: "button", class: "btn action claim-play-on", disabled: st.busy, onclick: answer(false) }, t("Play on")),
        );
        return [told, buttons];
      }
      if (waiting.seat === msg.table.seat) {
        return [told, h("p", { class: "muted" }, t("Waiting for the others to accept your claim… or play a card to play on."))];
      }
      return [told];
    }
    if (!claim.tricks || msg.table.seat === null || msg.table.to_act !== msg.table.seat) return [];
    const button = h(
      "button",
      {
        type: "button",
        class: "btn small claim-button",
        title: t("Every card in your hand is the best still out: lay them down and take the rest"),
        disabled: st.busy,
        onclick: () => sendClaim({ type: "claim" }),
      },
      t("Claim the remaining {n} tricks", { n: claim.tricks }),
    );
    return [h("div", { class: "claim-row" }, button)];
  }

  function sendClaim(message) {
    if (st.busy || st.pause) return;
    st.error = null;
    if (!socket.send(message)) {
      st.error = t("Not connected: the action was not sent. Wait for the connection to come back.");
    } else {
      st.busy = true;
    }
    renderActions();
  }

  /** The Undo button: the one person at a table of computers takes back his last move in
   *  this deal, and the computers' moves after it (the server says when: `undo`). */
  function undoRow() {
    const undo = h(
      "button",
      {
        type: "button",
        class: "btn small undo-button",
        title: t("Take back your last move in this deal, and the computers' moves after it"),
        disabled: st.busy,
        onclick: askUndo,
      },
      t("Undo"),
    );
    return h("div", { class: "undo-row" }, undo);
  }

  function askUndo() {
    if (st.busy || st.pause) return;
    st.error = null;
    if (!socket.send({ type: "undo" })) {
      st.error = t("Not connected: the action was not sent. Wait for the connection to come back.");
    } else {
      st.busy = true;
    }
    renderActions();
  }

  /** The Hint button (a seat on its turn only: the moves are shown to no one else), and the
   *  computer's sentence once it came; its move's button is marked `suggested`. */
  function hintRow() {
    const ask = h(
      "button",
      {
        type: "button",
        class: "btn small hint-button",
        title: t("What the computer would play here, and why"),
        disabled: st.busy || st.hintBusy,
        onclick: askHint,
      },
      t("Hint"),
    );
    const said = st.hintBusy
      ? h("p", { class: "muted hint-advice" }, t("Looking for a hint…"))
      : st.hint
        ? h("p", { class: "hint-advice", role: "status" }, t("Hint: {why}", { why: st.hint.why }))
        : null;
    return h("div", { class: "hint-row" }, ask, said, autoPlayChoice());
  }

  /** The option to play a lone legal card by itself (a Preferans player's habit: the last
   *  cards of a suit, a forced follow), shown where the hand has cards to play. */
  function autoPlayChoice() {
    if (!st.msg || !cardActions(st.msg).size) return null;
    const box = h("input", {
      type: "checkbox",
      class: "autoplay-box",
      checked: autoPlay(),
      onchange: (event) => {
        saveAutoPlay(event.target.checked);
        playLoneCard();
      },
    });
    return h("label", { class: "autoplay muted" }, box, " ", t("Play my only legal card by itself"));
  }

  /** With the option set, the seat's only legal move, a card, is sent after a short
   *  pause (the player sees it go); never a bid, a call or a choice of several. */
  function playLoneCard() {
    const msg = st.msg;
    if (!msg || !autoPlay() || st.busy || st.pause || msg.table.seat === null) return;
    if (st.undone) return; // a move just taken back is the player's to make again
    if (msg.table.to_act !== msg.table.seat || (msg.legal || []).length !== 1) return;
    const only = msg.legal[0].action;
    if (![...cardActions(msg).values()].includes(only)) return;
    setTimeout(() => {
      if (st.msg === msg && !st.busy && !st.pause) act(only);
    }, AUTOPLAY_MS);
  }

  function askHint() {
    if (st.busy || st.hintBusy || st.pause) return;
    st.error = null;
    if (!socket.send({ type: "hint" })) {
      st.error = t("Not connected: the action was not sent. Wait for the connection to come back.");
    } else {
      st.hintBusy = true;
    }
    renderActions();
  }

  /** The button that sends the two cards chosen in the hand: active once they make a move. */
  function pairButton(group) {
    const chosen = st.picked;
    const action = chosen.length === 2 ? group.actions.get(pairKey(chosen[0], chosen[1])) : undefined;
    const help = chosen.length
      ? chosen.map((card) => cardText(card)).join(" ")
      : t("Choose two cards in your hand");
    return h(
      "button",
      {
        type: "button",
        class: "btn action pair-action",
        disabled: st.busy || !action,
        dataset: { verb: group.verb, action: action || "" },
        onclick: () => action && act(action),
      },
      h("span", { class: "action-label" }, group.label),
      h("span", { class: "action-help" }, help),
    );
  }

  function renderStatusSlot() {
    if (!changed(statusSlot, momentTexts(shown()))) return;
    fill(statusSlot, st.msg ? renderStatus(shown(), { paper: false }) : null);
    const paper = st.msg ? paperSheet(shown().texts) : null;
    paperSlot.hidden = !paper;
    fill(paperSlot, paper ? [h("h2", { class: "panel-title" }, t("Score sheet")), paper] : null);
  }

  function renderTools() {
    const entry = tableEntry(tableId) || {};
    const invites = Array.isArray(entry.invites) ? entry.invites : [];
    const finished = Boolean(st.msg && st.msg.table.finished);
    if (!changed(tools, [invites, (st.rules || []).length > 0, st.rulesSummary, finished])) return;
    const link = (label, path) => {
      const url = new URL(path, location.origin).href;
      const input = h("input", {
        type: "text",
        readonly: true,
        value: url,
        class: "link-input",
        "aria-label": label,
      });
      const button = h("button", { type: "button", class: "btn small" }, t("Copy"));
      button.addEventListener("click", async () => {
        const ok = await copyText(url);
        button.textContent = ok ? t("Copied") : t("Select and copy it");
        if (!ok) input.select();
      });
      return h(
        "div",
        { class: "link-row" },
        h("span", { class: "link-label" }, label),
        h("div", { class: "link-field" }, input, button),
      );
    };
    fill(
      tools,
      st.rulesSummary
        ? h(
            "p",
            { class: "rules-summary" },
            h("span", { class: "rules-summary-label" }, t("Rules")),
            `: ${st.rulesSummary}`,
          )
        : null,
      h(
        "div",
        { class: "button-row" },
        h("button", { type: "button", class: "btn", onclick: openSheet }, t("Score sheet")),
        (st.rules || []).length
          ? h("button", { type: "button", class: "btn", onclick: openRules }, t("Rules"))
          : null,
      ),
      h(
        "details",
        { class: "links", open: invites.length > 0 && !(st.msg && st.msg.table.finished) },
        h("summary", {}, t("Links to this table")),
        invites.map((x) => link(t("Invite for seat {n}", { n: x.seat + 1 }), x.link)),
        link(t("For spectators"), `/t/${tableId}`),
      ),
    );
  }

  function renderSheetDialog() {
    sheetTitle.textContent = t("Score sheet");
    sheetClose.textContent = t("Close");
    fill(sheetBody, st.msg ? renderSheet(st.msg) : null); // st.msg holds the sheet last sent
  }

  /** The game's rules for this table's options (msg.rules: the words' lines). */
  function renderRulesDialog() {
    rulesTitle.textContent = st.msg ? st.msg.texts.title : t("Rules");
    rulesClose.textContent = t("Close");
    const lines = st.rules || [];
    fill(rulesBody, h("ul", { class: "rules-lines" }, lines.map((line) => h("li", {}, line))));
  }

  function openRules() {
    renderRulesDialog();
    rulesDialog.showModal();
  }

  function openSheet() {
    renderSheetDialog();
    sheetDialog.showModal();
  }

  renderAll();
  socket.since = st.seen;
  socket.connect();

  return {
    onLang(lang) {
      socket.setLang(lang);
      renderAll();
    },
    unmount() {
      socket.close();
    },
  };
}
