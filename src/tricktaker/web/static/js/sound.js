// Sounds, switched off until the player switches them on (a button in the header; the
// choice is remembered in this browser). Every sound is made here with the Web Audio
// API: short bursts of filtered noise and a two-note chime, nothing fetched (the page
// loads nothing from anywhere). They follow what motion.js tells the document: a card
// played ("tricktaker:card"), a trick gathered ("tricktaker:gather"), the observer's
// turn ("tricktaker:turn").

import { fill, h, s } from "./dom.js";
import { onLangChange, t } from "./i18n.js";

const SOUND_KEY = "tricktaker.sound";

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function saveSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // not remembered: on for this page only
  }
}

let audio = null;

function context() {
  if (audio) return audio;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  try {
    audio = new Ctx();
  } catch {
    audio = null;
  }
  return audio;
}

/** A burst of noise through a band-pass filter: a card's swish (a sweep for a trick). */
function swish(ctx, { length, from, to, gain }) {
  const now = ctx.currentTime;
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(from, now);
  filter.frequency.exponentialRampToValueAtTime(to, now + length);
  const level = ctx.createGain();
  level.gain.setValueAtTime(gain, now);
  level.gain.exponentialRampToValueAtTime(0.001, now + length);
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(now);
  source.stop(now + length);
}

/** Two soft notes: it is your turn. */
function chime(ctx) {
  const now = ctx.currentTime;
  [660, 880].forEach((freq, i) => {
    const start = now + i * 0.12;
    const osc = ctx.createOscillator();
    osc.type = "sine";
    osc.frequency.value = freq;
    const level = ctx.createGain();
    level.gain.setValueAtTime(0.0001, start);
    level.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    osc.connect(level).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.3);
  });
}

const SOUNDS = {
  card: (ctx) => swish(ctx, { length: 0.09, from: 2500, to: 1200, gain: 0.35 }),
  gather: (ctx) => swish(ctx, { length: 0.28, from: 600, to: 2400, gain: 0.25 }),
  turn: chime,
};

/** Play one of SOUNDS, if sounds are on (counted on <body data-sounds> for the tests). */
export function playSound(kind) {
  if (!soundOn() || !SOUNDS[kind]) return;
  const ctx = context();
  if (!ctx) return;
  try {
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[kind](ctx);
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
  } catch {
    // no sound, no harm
  }
}

/** A loudspeaker, with waves when sounds are on, crossed out when off. */
function speaker(on) {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" },
    s("path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }),
    on
      ? s("path", {
          d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12",
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 2,
          "stroke-linecap": "round",
        })
      : s("path", {
          d: "M16 9l5 6M21 9l-5 6",
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 2,
          "stroke-linecap": "round",
        }),
  );
}

/** The header's button that switches sounds on and off, and the sounds' listeners. */
export function installSound(slot) {
  const button = h("button", { type: "button", class: "sound-toggle", id: "sound-toggle" });
  const label = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    fill(button, speaker(on));
    button.title = on ? t("Sounds on") : t("Sounds off");
    button.setAttribute("aria-label", t("Sounds"));
  };
  button.addEventListener("click", () => {
    const on = !soundOn();
    saveSound(on);
    // Made (or resumed) inside the click: browsers start audio only after a gesture.
    if (on) {
      const ctx = context();
      if (ctx && ctx.state === "suspended") ctx.resume();
    }
    label();
  });
  label();
  onLangChange(label);
  slot.prepend(button);
  for (const kind of Object.keys(SOUNDS)) {
    document.addEventListener(`tricktaker:${kind}`, () => playSound(kind));
  }
  return button;
}
