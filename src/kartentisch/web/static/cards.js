// Card chips: a colour, a symbol unique to that colour and a letter, so no card depends on colour vision.
export const COLOURS = {
  b: { css: "#1f5fbf", sym: "●", en: "blue", de: "blau" },
  g: { css: "#1e8a3a", sym: "▲", en: "green", de: "grün" },
  p: { css: "#7b3fb5", sym: "◆", en: "purple", de: "lila" },
  r: { css: "#c62828", sym: "♥", en: "red", de: "rot" },
  y: { css: "#e0a800", sym: "★", en: "yellow", de: "gelb" },
  k: { css: "#222222", sym: "■", en: "black", de: "schwarz" },
  m: { css: "#c2185b", sym: "✚", en: "magenta", de: "magenta" },
  o: { css: "#e65100", sym: "⬟", en: "orange", de: "orange" },
  t: { css: "#00838f", sym: "≈", en: "turquoise", de: "türkis" },
};

/**
 * Draw one card. `face` is {colour?: letter, label: text, sub?: small text, back?: true, title?: text}.
 * Returns a <span class="card"> with an inline SVG symbol for the colour.
 */
export function cardChip(face) {
  const el = document.createElement("span");
  el.className = "card";
  if (face.back) {
    el.classList.add("back");
    el.innerHTML = `<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M2 2h16v16H2z" fill="none" stroke="currentColor" stroke-dasharray="2 2"/></svg>`;
    el.title = face.title ?? "?";
    if (face.label) el.append(Object.assign(document.createElement("b"), { textContent: face.label }));
    return el;
  }
  const c = COLOURS[face.colour];
  if (c) {
    el.style.setProperty("--card", c.css);
    el.dataset.colour = face.colour;
    const sym = document.createElement("i");
    sym.textContent = c.sym;
    sym.setAttribute("aria-hidden", "true");
    el.append(sym);
  } else {
    el.classList.add("plain");
  }
  el.append(Object.assign(document.createElement("b"), { textContent: face.label }));
  if (face.sub) el.append(Object.assign(document.createElement("small"), { textContent: face.sub }));
  el.title = face.title ?? face.label;
  return el;
}

/** Colour letter + number codes (`b7`, `b-1`, `k10`): {colour, label} or null. */
export function colourNumber(code, letters) {
  const m = /^([a-z])(-?\d+)$/.exec(code);
  if (!m || !letters.includes(m[1])) return null;
  return { colour: m[1], label: m[2], title: code };
}
