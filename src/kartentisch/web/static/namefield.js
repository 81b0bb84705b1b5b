// The name a person plays under, asked where a person comes to a table: the invite page (join.js, before taking a
// seat) and a private seat link opened for the first time (table.js). The browser remembers the last name given,
// so the next table offers it. Also the note every length-limited text field shows near its limit (LimitNote).
import { t } from "./i18n.js";
import { html } from "./ui.js";

const NAME_KEY = "kartentisch.name";
/** The longest name the server takes (characters; the seats' and the invite's limit). */
export const NAME_MAX = 80;
/** Characters left from which LimitNote counts down. */
const NEAR = 15;

/**
 * The note under a text field of at most `max` characters holding `value` (fresh-user report: the chat box stopped at
 * 200 characters and an 81-character name was cut to 80 without a word): nothing far from the limit, the characters
 * left near it, and at the limit that no more fit. `id` for the field's aria-describedby.
 */
export function LimitNote({ id, value, max }) {
  const left = max - [...value].length;   // characters as the server counts them (code points)
  if (left > NEAR) return null;
  return html`<p id=${id} class="limit-note" role="status" aria-live="polite">${left <= 0 ? t("limitReached", max)
    : t("limitLeft", left, max)}</p>`;
}

/**
 * The text of the input event `e`'s field cut to at most `max` characters as the server counts them (code points),
 * never inside a character a person sees (a grapheme), written back into the field. The browser's `maxlength` counts
 * UTF-16 units: a family emoji (seven code points, eleven units) made a name of eight of them end in half a family.
 */
export function fitted(e, max) {
  const field = e.currentTarget;
  if ([...field.value].length <= max) return field.value;
  let out = "";
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(field.value)) {
    used += [...segment].length;
    if (used > max) break;
    out += segment;
  }
  field.value = out;
  return out;
}

/** The name this browser last played under, or "" (none yet). */
export function rememberedName() {
  return localStorage.getItem(NAME_KEY) ?? "";
}

/** Remember `name` (trimmed) for the next table. */
export function rememberName(name) {
  localStorage.setItem(NAME_KEY, name.trim());
}

/** The "Your name" field: a label and an input of up to NAME_MAX characters (the server's limit) with the id `id`,
 * its LimitNote near the limit; `onInput(text)` on every change. */
export function NameField({ id, value, onInput }) {
  return html`<div class="field"><label class="label" for=${id}>${t("yourName")}</label>
    <input id=${id} autocomplete="nickname" aria-describedby=${`${id}-limit`} value=${value}
      onInput=${(e) => onInput(fitted(e, NAME_MAX))} />
    <${LimitNote} id=${`${id}-limit`} value=${value ?? ""} max=${NAME_MAX} /></div>`;
}
