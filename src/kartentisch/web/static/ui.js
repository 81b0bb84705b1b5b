// The one import point of the page's component library: Preact with htm templates (vendor/README.md).
// `html` writes elements as tagged templates (no build step, no eval); `render` draws a tree into an element.
import { h, render, Fragment } from "./vendor/preact.js";
import htm from "./vendor/htm.js";

export { h, render, Fragment };
export { useEffect, useLayoutEffect, useMemo, useRef, useState } from "./vendor/hooks.js";

/** Elements as tagged templates: html`<p class="x">${text}</p>` (values are text, never parsed as HTML). */
export const html = htm.bind(h);

/** The game module of game `id` (/static/games/<id>.js, from the game's package), else the generic one. */
export async function loadGame(id) {
  try {
    return (await import(`/static/games/${id}.js`)).default;
  } catch {
    return (await import("/static/games/generic.js")).default;
  }
}

/**
 * A table word that game module `game` names in its own terms, or null: its page catalogue's `table_<key>` in `lang`
 * (`game.texts`; chips calls a round "Partie" and the match "Spiel", chips D1), `{name}` filled from `vars`.
 */
export function ownWord(game, lang, key, vars = {}) {
  const own = game?.texts?.[lang]?.[`table_${key}`];
  return own === undefined ? null : own.replace(/\{(\w+)\}/g, (_, name) => String(vars[name]));
}

/**
 * A list option chosen item by item (`pick`, a game module's `options[name]`: `choices`, `words(value, lang)`, and
 * `random`, a whole value that stands for "drawn at random", or null): the option's value after the person ticks
 * (`on`) or unticks `item` — the ticked choices in their order, or `pick.random`.
 */
export function listValue(pick, value, item, on) {
  if (item === pick.random) return on ? pick.random : [];
  const chosen = Array.isArray(value) ? value : [];
  return pick.choices.filter((c) => (c === item ? on : chosen.includes(c)));
}

/** Props that make an element act as a button for mouse, touch and keyboard (Enter, Space). */
export function pressable(onPress, label) {
  return {
    role: "button", tabIndex: 0, "aria-label": label,
    onClick: (ev) => { ev.stopPropagation(); onPress(); },
    onKeyDown: (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); onPress(); }
    },
  };
}
