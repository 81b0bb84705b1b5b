// The name a person plays under, asked where a person comes to a table: the invite page (join.js, before taking a
// seat) and a private seat link opened for the first time (table.js). The browser remembers the last name given,
// so the next table offers it.
import { t } from "./i18n.js";
import { html } from "./ui.js";

const NAME_KEY = "kartentisch.name";

/** The name this browser last played under, or "" (none yet). */
export function rememberedName() {
  return localStorage.getItem(NAME_KEY) ?? "";
}

/** Remember `name` (trimmed) for the next table. */
export function rememberName(name) {
  localStorage.setItem(NAME_KEY, name.trim());
}

/** The "Your name" field: a label and an input of up to 80 characters (the server's limit) with the id `id`;
 * `onInput(text)` on every change. */
export function NameField({ id, value, onInput }) {
  return html`<div class="field"><label class="label" for=${id}>${t("yourName")}</label>
    <input id=${id} maxlength="80" autocomplete="nickname" value=${value} onInput=${(e) => onInput(e.currentTarget.value)} /></div>`;
}
