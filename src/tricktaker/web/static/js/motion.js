// Motion on the felt: a card played slides in from its player's side, a trick gathered
// slides to the middle and fades. The board is drawn afresh from every message
// (board.js), so what moves is found by comparing what lies on the table before and
// after each drawing: a card (seat and card) not there before has just been played, one
// gone has just been gathered. The animations are the stylesheet's (.played.arrive,
// .gather-ghost); under prefers-reduced-motion nothing moves (the stylesheet stops
// every animation and no ghost is made).
//
// The same comparison tells the page's sounds (sound.js) what happened: it sends
// "tricktaker:card", "tricktaker:gather" and "tricktaker:turn" (the observer's seat has
// just come to act) as events on the document.

const GHOST_MS = 450;

function reducedMotion() {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}

function cardKey(el) {
  const svg = el.querySelector("svg.card");
  const card = svg ? svg.getAttribute("data-card") || "?" : "?";
  return `${el.dataset.seat || ""}:${card}`;
}

function placeOf(el) {
  const cell = el.parentElement;
  if (!cell) return "";
  for (const place of ["top", "left", "right", "bottom"]) {
    if (cell.classList.contains(`trick-${place}`)) return place;
  }
  return "";
}

/** Ghosts of the cards just gathered, flying from where they lay to the middle. */
function gather(gone, centre) {
  if (reducedMotion() || !gone.length) return;
  const layer = document.createElement("div");
  layer.className = "gather-layer";
  layer.setAttribute("aria-hidden", "true");
  for (const { node, rect } of gone) {
    const ghost = node.cloneNode(true);
    ghost.classList.remove("arrive");
    ghost.classList.add("gather-ghost");
    ghost.style.left = `${rect.left}px`;
    ghost.style.top = `${rect.top}px`;
    ghost.style.width = `${rect.width}px`;
    ghost.style.height = `${rect.height}px`;
    if (centre) {
      const dx = centre.x - (rect.left + rect.width / 2);
      const dy = centre.y - (rect.top + rect.height / 2);
      ghost.style.setProperty("--dx", `${Math.round(dx)}px`);
      ghost.style.setProperty("--dy", `${Math.round(dy)}px`);
    }
    layer.append(ghost);
  }
  document.body.append(layer);
  const done = () => layer.remove();
  layer.addEventListener("animationend", done, { once: true });
  setTimeout(done, GHOST_MS + 200);
}

function tell(kind) {
  document.dispatchEvent(new CustomEvent(`tricktaker:${kind}`));
}

/**
 * Watch root (the page's <main>) for boards drawn; from then on, cards played and
 * tricks gathered move, and the document is told of each. Returns a function that
 * stops watching.
 */
export function installMotion(root) {
  let seen = null; // Map key -> {node, rect} of the cards on the table last time
  let myTurn = false;
  let centre = null;

  const look = () => {
    const board = root.querySelector(".board");
    if (!board) {
      seen = null;
      myTurn = false;
      return;
    }
    const now = new Map();
    for (const el of board.querySelectorAll(".trick .played")) {
      now.set(cardKey(el), { node: el, rect: el.getBoundingClientRect() });
    }
    const trick = board.querySelector(".trick");
    if (trick) {
      const r = trick.getBoundingClientRect();
      centre = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    const turn = Boolean(board.querySelector(".seat.to-act.mine"));
    if (seen === null) {
      // The first drawing: what lies there was played before the page opened.
      seen = now;
      myTurn = turn;
      return;
    }
    let played = 0;
    for (const [key, { node }] of now) {
      if (seen.has(key)) continue; // drawn again: it lies where it lay
      played += 1;
      if (!reducedMotion()) {
        node.classList.add("arrive");
        node.dataset.from = placeOf(node);
      }
    }
    const gone = [...seen].filter(([key]) => !now.has(key)).map(([, v]) => v);
    seen = now;
    if (gone.length) {
      gather(gone, centre);
      tell("gather");
    }
    if (played) tell("card");
    if (turn && !myTurn) tell("turn");
    myTurn = turn;
  };

  const observer = new MutationObserver(look);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
