// Cards: a colour, a symbol unique to that colour and a number or letter, so no card depends on colour vision.
// Every card carries its full name for screen readers (aria-label) and as its tooltip.
import { html, pressable } from "./ui.js";

export const COLOURS = {
  b: { css: "#1f5fbf", sym: "●", en: "Blue", de: "Blau" },
  g: { css: "#1b7a34", sym: "▲", en: "Green", de: "Grün" },
  p: { css: "#7b3fb5", sym: "◆", en: "Purple", de: "Lila" },
  r: { css: "#c62828", sym: "♥", en: "Red", de: "Rot" },
  y: { css: "#8a6700", sym: "★", en: "Yellow", de: "Gelb" },
  k: { css: "#222222", sym: "■", en: "Black", de: "Schwarz" },
  m: { css: "#c2185b", sym: "✚", en: "Magenta", de: "Magenta" },
  o: { css: "#bf360c", sym: "⬟", en: "Orange", de: "Orange" },
  t: { css: "#00727d", sym: "≈", en: "Turquoise", de: "Türkis" },
};

/** A colour's name in `lang` ("Blue" / "Blau"). */
export function colourName(letter, lang) {
  return COLOURS[letter]?.[lang] ?? COLOURS[letter]?.en ?? letter;
}

/** Colour letter + number codes (`b7`, `b-1`, `k10`) with the colours `letters`: a face, or null. */
export function colourNumber(code, letters, lang) {
  const m = /^([a-z])(-?\d+)$/.exec(code);
  if (!m || !letters.includes(m[1])) return null;
  return { colour: m[1], label: m[2].replace("-", "−"), name: `${colourName(m[1], lang)} ${m[2].replace("-", "−")}` };
}

/**
 * One card. `face`: {colour?, label, sub?, back?, name}; `onPick`: makes it a button (click, tap, Enter, Space),
 * `label` its name for screen readers then (what choosing it does; default the card's name); `selected` (part of a
 * choice being made), `moved` (the last move's card: a short highlight), `code` (data-code, a test hook), `cls`
 * (the game's classes).
 */
export function Card({ face, onPick = null, label = null, selected = false, moved = false, code = null, cls = "" }) {
  const c = COLOURS[face.colour];
  const classes = ["card", face.back ? "back" : "", c || face.back ? "" : "plain", onPick ? "playable" : "",
    selected ? "selected" : "", moved ? "moved" : "", cls].filter(Boolean).join(" ");
  const props = onPick ? pressable(onPick, label ?? face.name) : { role: "img", "aria-label": face.name };
  const style = c ? { "--card": c.css } : undefined;
  return html`<span class=${classes} style=${style} title=${face.name} data-code=${code}
      data-colour=${face.colour} aria-pressed=${onPick && selected ? "true" : undefined} ...${props}>
    ${c && html`<i aria-hidden="true">${c.sym}</i>`}
    ${face.label !== undefined && face.label !== "" && html`<b aria-hidden="true">${face.label}</b>`}
    ${face.sub && html`<small aria-hidden="true">${face.sub}</small>`}
  </span>`;
}
