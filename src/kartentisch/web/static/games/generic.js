// The drawing of a game without its own renderer: its zones as a list of named values, cards decoded as colour
// letter + number ("?" a card back), every legal move offered by the steps the frame gives (../choose.js). A game's
// own module (`static/<id>.js` in its package) exports the same shape; see kit.js.
import { colourNumber } from "../cards.js";
import { html } from "../ui.js";
import { Cards } from "./kit.js";

function card(code, lang) {
  if (code === "?") return { back: true, name: "?" };
  return colourNumber(code, "bgprykmot", lang);
}

function Value({ ctx, value }) {
  if (value === null || typeof value !== "object") return html`<span class="value">${value === null ? "—" : String(value)}</span>`;
  if (Array.isArray(value) && value.every((x) => typeof x === "string" && card(x, ctx.lang))) return html`<${Cards} ctx=${ctx} codes=${value} />`;
  const entries = Array.isArray(value) ? value.map((x, i) => [String(i + 1), x]) : Object.entries(value);
  return html`<dl class="zone-map">${entries.map(([k, v]) => html`<dt>${k.replaceAll("_", " ")}</dt><dd><${Value} ctx=${ctx} value=${v} /></dd>`)}</dl>`;
}

function Table({ view, ctx }) {
  return html`<div class="kt-table generic" data-zone="my-hand"><${Value} ctx=${ctx} value=${view.zones} /></div>`;
}

export default {
  card,
  Table,
};
