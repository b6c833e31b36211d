// Socket messages the table page does not know itself ("life": presence, the turn
// clock...), handled by modules that register here, so that a new kind of message
// needs no change to table.js:
//
//   import { extraHandlers } from "./handlers.js";
//   extraHandlers.set("life", (msg, ctx) => { ... });
//
// ctx: { root, seat, tableId, send(message) } (seat: null for a spectator).

/** Message type -> handler(msg, ctx). */
export const extraHandlers = new Map();

/** Hand msg to the handler registered for its type; false where there is none. */
export function dispatchExtra(msg, ctx) {
  const handler = extraHandlers.get(msg && msg.type);
  if (!handler) return false;
  try {
    handler(msg, ctx);
  } catch (error) {
    console.error(`handler of "${msg.type}" failed`, error);
  }
  return true;
}
