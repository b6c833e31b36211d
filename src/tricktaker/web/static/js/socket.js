// The table's WebSocket: connects, reconnects with backoff, and resumes where
// the page left off (`since` = the `next_event` of the last state it processed).

const FIRST_DELAY = 500;
const MAX_DELAY = 15000;
/** Close codes after which trying again cannot help (app.py: a bad token, no such table). */
const FINAL_CODES = new Set([4403, 1008, 1009]);

export class TableSocket {
  /**
   * handlers: onMessage(msg), onStatus(status, detail) with status one of
   * "connecting", "open", "waiting" (detail: seconds until the next try), "closed"
   * (detail: the server's reason). probe(): after a handshake that never opened
   * (the server answers a bad link with HTTP 403, so no close code reaches the
   * page), a promise of {reason, sure}: give up at once when sure, after a
   * second refusal in a row (tried at once) when not; or null to keep trying.
   */
  constructor(tableId, token, lang, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.lang = lang;
    this.handlers = handlers;
    this.since = 0;
    this.delay = FIRST_DELAY;
    this.ws = null;
    this.timer = null;
    this.stopped = false;
    this.refused = 0;
    this.onOnline = () => this.retryNow();
    window.addEventListener("online", this.onOnline);
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ since: String(this.since), lang: this.lang });
    if (this.token) query.set("token", this.token);
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}?${query}`;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.handlers.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (error) {
      this.handlers.onStatus("closed", String(error));
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.addEventListener("open", () => {
      opened = true;
      this.refused = 0;
      this.delay = FIRST_DELAY;
      this.handlers.onStatus("open");
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handlers.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (FINAL_CODES.has(event.code)) {
        this.giveUp(event.reason || "");
        return;
      }
      this.refused = opened ? 0 : this.refused + 1;
      if (this.refused > 0 && this.handlers.probe) {
        this.handlers.onStatus("connecting");
        this.handlers.probe().then((found) => {
          if (this.stopped) return;
          if (found && (found.sure || this.refused > 1)) this.giveUp(found.reason);
          else if (found) this.connect();
          else this.scheduleRetry();
        });
        return;
      }
      this.scheduleRetry();
    });
  }

  giveUp(reason) {
    this.stopped = true;
    clearTimeout(this.timer);
    this.handlers.onStatus("closed", reason);
  }

  scheduleRetry() {
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, MAX_DELAY);
    this.handlers.onStatus("waiting", Math.ceil(wait / 1000));
    this.timer = setTimeout(() => this.connect(), wait);
  }

  retryNow() {
    if (this.stopped || this.ws) return;
    this.delay = FIRST_DELAY;
    this.connect();
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Ask for everything again in another language (the server resends from event 0). */
  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.onOnline);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
