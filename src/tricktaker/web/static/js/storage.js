// What this browser remembers: seat tokens per table and the recent tables.

const TOKEN_PREFIX = "tricktaker.token.";
const RECENT_KEY = "tricktaker.recent";
const MAX_RECENT = 200;
const AUTOPLAY_KEY = "tricktaker.autoplay";

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or forbidden: the page still works, it just forgets
  }
}

export function tokenFor(tableId) {
  return read(TOKEN_PREFIX + tableId);
}

export function saveToken(tableId, token) {
  write(TOKEN_PREFIX + tableId, token);
}

export function recentTables() {
  try {
    const list = JSON.parse(read(RECENT_KEY) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && typeof x.id === "string") : [];
  } catch {
    return [];
  }
}

/** Remember a table (newest first); fields given are merged into what was known. */
export function rememberTable(entry) {
  const list = recentTables();
  const old = list.find((x) => x.id === entry.id) || {};
  const rest = list.filter((x) => x.id !== entry.id);
  const merged = { ...old, ...entry, when: entry.when || old.when || Date.now() };
  write(RECENT_KEY, JSON.stringify([merged, ...rest].slice(0, MAX_RECENT)));
}

export function tableEntry(tableId) {
  return recentTables().find((x) => x.id === tableId) || null;
}

export function forgetTable(tableId) {
  write(RECENT_KEY, JSON.stringify(recentTables().filter((x) => x.id !== tableId)));
  write(TOKEN_PREFIX + tableId, null);
}

const REPLAY_KEY = "tricktaker.replay";

/** Hand a record to the replay page of this tab. */
export function passReplay(record, seat) {
  try {
    sessionStorage.setItem(REPLAY_KEY, JSON.stringify({ record, seat }));
    return true;
  } catch {
    return false;
  }
}

export function takeReplay() {
  try {
    const raw = sessionStorage.getItem(REPLAY_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

const SEEN_PREFIX = "tricktaker.seen.";
const OLD_LOG_PREFIX = "tricktaker.log."; // what earlier pages kept: the whole log

/**
 * The number of the next event this tab had shown of a table (for one seat token),
 * so that a reloaded page does not pause again on what it has shown; 0 if none.
 * Only the number is kept: the log comes again from the server, which keeps it.
 */
export function seenUpTo(tableId, token) {
  try {
    sessionStorage.removeItem(OLD_LOG_PREFIX + tableId);
    const kept = JSON.parse(sessionStorage.getItem(SEEN_PREFIX + tableId) || "null");
    if (kept && kept.token === (token || "") && Number.isInteger(kept.n) && kept.n >= 0) {
      return kept.n;
    }
  } catch {
    // unreadable: nothing seen
  }
  return 0;
}

export function saveSeen(tableId, token, n) {
  try {
    sessionStorage.setItem(SEEN_PREFIX + tableId, JSON.stringify({ token: token || "", n }));
  } catch {
    // storage full or forbidden: a reload pauses again on the last trick, no more
  }
}

const LOBBY_KEY = "tricktaker.lobby";

/**
 * The lobby's last choice in this browser: the game, each game's option values, the
 * turn clock, its stand-in and the computers' speed ({game, options: {id: {...}},
 * clock, standIn, speed}); {} when none or unreadable. The lobby checks every value
 * against the menu before using it: what is kept may be old or edited by hand.
 */
export function lobbyChoice() {
  try {
    const kept = JSON.parse(read(LOBBY_KEY) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

export function saveLobbyChoice(choice) {
  try {
    write(LOBBY_KEY, JSON.stringify(choice));
  } catch {
    // not remembered
  }
}

/** Whether a lone legal card is played by itself: the player's choice, off until he sets it. */
export function autoPlay() {
  return read(AUTOPLAY_KEY) === "on";
}

export function saveAutoPlay(on) {
  write(AUTOPLAY_KEY, on ? "on" : null);
}
