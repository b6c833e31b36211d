// The front end's entry point: the language, the header, and the page for
// the address (/ the lobby, /t/<id> a table, /replay the replay viewer).

import { h } from "./dom.js";
import { currentLang, initialLang, onLangChange, setLang, t } from "./i18n.js";
import { mountLobby } from "./lobby.js";
import { installMotion } from "./motion.js";
import { mountReplay } from "./replay.js";
import { installSound } from "./sound.js";
import { mountTable } from "./table.js";

const conn = document.getElementById("conn");
const nav = document.getElementById("nav");
const langs = document.getElementById("langs");
const app = document.getElementById("app");
let connState = null;

function renderConn() {
  if (!connState) {
    conn.hidden = true;
    return;
  }
  const [status, detail] = connState;
  const texts = {
    connecting: t("Connecting…"),
    open: t("Connected"),
    waiting: t("Connection lost: retrying in {n} s", { n: detail }),
    closed: t("Disconnected"),
  };
  conn.hidden = false;
  conn.dataset.status = status;
  conn.textContent = texts[status] || status;
}

function setConn(status, detail) {
  connState = [status, detail];
  renderConn();
}

function renderChrome() {
  nav.replaceChildren(
    h("a", { href: "/", "aria-current": location.pathname === "/" ? "page" : null }, t("New table")),
    h(
      "a",
      { href: "/replay", "aria-current": location.pathname === "/replay" ? "page" : null },
      t("Replay"),
    ),
  );
  langs.setAttribute("aria-label", t("Language"));
  for (const button of langs.querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === currentLang()));
  }
  renderConn();
}

function route() {
  const path = location.pathname;
  const table = path.match(/^\/t\/([A-Za-z0-9_-]{1,32})\/?$/);
  if (table) return mountTable(app, table[1], { setConn });
  if (path === "/replay" || path === "/replay/") return mountReplay(app);
  if (path === "/" || path === "/index.html") return mountLobby(app);
  app.replaceChildren(
    h(
      "div",
      { class: "notice" },
      h("p", {}, t("There is no such page.")),
      h("a", { class: "btn", href: "/" }, t("New table")),
    ),
  );
  return null;
}

async function start() {
  await setLang(initialLang(), false);
  renderChrome();
  installSound(document.querySelector(".top-right"));
  installMotion(app);
  const page = route();
  for (const button of langs.querySelectorAll("button")) {
    button.addEventListener("click", () => {
      if (button.dataset.lang !== currentLang()) setLang(button.dataset.lang);
    });
  }
  onLangChange(() => {
    renderChrome();
    if (page) page.onLang(currentLang());
  });
  document.body.dataset.ready = "1";
}

start();
