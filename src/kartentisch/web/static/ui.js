// The one import point of the page's component library: Preact with htm templates (vendor/README.md).
// `html` writes elements as tagged templates (no build step, no eval); `render` draws a tree into an element.
import { h, render, Fragment } from "./vendor/preact.js";
import htm from "./vendor/htm.js";

export { h, render, Fragment };
export { useEffect, useLayoutEffect, useMemo, useRef, useState } from "./vendor/hooks.js";

/** Elements as tagged templates: html`<p class="x">${text}</p>` (values are text, never parsed as HTML). */
export const html = htm.bind(h);

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
