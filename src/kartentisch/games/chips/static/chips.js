// chips (Gepäckband): number cards k r b y 1–10, specials s1–s15, "-r7" is a face-down card (chips spec).
// The table as players know it: opponents' displays (Auslagen) above, the row of 7 with its chips and the draw
// pile in the middle, the viewer's own display at the bottom (drawn with the table kit, kit.js). A card of the row
// is taken by clicking it; where special card 3 lets a 7 go to any colour row, the rows of the own display light up.
import { COLOURS, colourName, colourNumber } from "../cards.js";
import { points, t } from "../i18n.js";
import { html } from "../ui.js";
import { catalogue, Pile, say, sayOwner, SeatPanel, TableCard, TableLayout, texts, useCss } from "./kit.js";

await useCss(new URL("./chips.css", import.meta.url));

// The page's words: the `page` texts of chips' catalogue (words.toml), from the server.
const TEXTS = await catalogue("chips");
const ROWS = ["k", "r", "b", "y"];

/** The option "specials" (R12) as the lobby and the score pad offer it: each special card by its number and what it
 * does, or three at random (see ../ui.js listValue). */
const SPECIALS = {
  choices: ["s2", "s3", "s4", "s6", "s13", "s15"],
  random: "random",
  words(value, lang) {
    const tx = texts({ lang }, TEXTS);
    return value === "random" ? tx("random") : tx("special_card", { number: value.slice(1), text: tx(`special.${value}`) });
  },
};

function ChipDisc({ n, cls = "", label }) {
  return html`<span class=${`chip-disc ${cls}`} role="img" aria-label=${label}>${n}</span>`;
}

/** A seat's display (Auslage): four colour rows, each bottom → top left to right, plus its chip supply. The own
 * rows are buttons when a 7 may go to any of them (special card 3). */
function Display({ ctx, tx, view, s }) {
  const z = view.zones;
  const score = ctx.frame.score_now?.[s];
  return html`<div class="ct-display">${ROWS.map((c) => {
    const offer = s === ctx.seat ? ctx.offer("row", c) : null;
    const label = html`<span class="ct-row-label" style=${{ "--card": COLOURS[c].css }}>
      <i aria-hidden="true">${COLOURS[c].sym}</i><span>${colourName(c, ctx.lang)}</span></span>`;
    return html`<div class=${`ct-colour-row${offer ? " kt-target" : ""}`} data-colour=${c}>
      ${offer ? html`<button type="button" class="ct-row-pick" title=${offer.words ?? undefined} onClick=${offer.onPick}>${label}</button>` : label}
      <span class="ct-stack">${z.display[s][c].map((code, i) => html`<${TableCard} key=${`${code}-${i}`} ctx=${ctx} code=${code} />`)}</span>
    </div>`;
  })}</div>
  <div class="ct-foot"><span>${tx("supply")}:</span>
    <${ChipDisc} n=${z.supply[s]} cls="supply" label=${`${tx("supply")}: ${tx("cost", { n: z.supply[s] })}`} />
    ${score !== undefined && html`<span class="ct-score">${tx("score", { score: points(score) })}</span>`}</div>`;
}

/** The row of up to 7 cards (position 0 free) with the chips on them, the draw pile beside the last one. */
function Belt({ ctx, tx, view }) {
  const z = view.zones;
  return html`<div class="ct-belt" data-zone="row">${z.row.map((slot, i) => {
    const free = i === 0 || (z.specials.includes("s2") && Number(slot.card.slice(1)) === 4);
    return html`<div class="ct-slot" data-pos=${i}>
      <div class="ct-card"><${TableCard} ctx=${ctx} code=${slot.card} kind="slot" value=${String(i)} />
        ${slot.chips > 0 && html`<${ChipDisc} n=${slot.chips} cls="on-card" label=${tx("chips_on", { n: slot.chips })} />`}</div>
      <span class="ct-cost">${free ? tx("free") : tx(i === 1 ? "cost1" : "cost", { n: i })}</span>
    </div>`;
  })}
  <${Pile} ctx=${ctx} count=${z.draw_count} caption=${tx("pile")} zone="draw-pile" cls="ct-pile" /></div>`;
}

function status(view, ctx) {
  const tx = texts(ctx, TEXTS);
  const z = view.zones;
  const lines = [];
  if (view.phase === "play") {
    const s = view.to_act[0];
    lines.push(s === ctx.seat ? tx("your_turn") : tx("their_turn", { who: ctx.seatName(s) }));
    if (z.extra_turn) lines.push(say(ctx, tx, "extra", s));
    // the final circuit names its last seat as an owner: a bot without its strength
    if (z.final_circuit) lines.push(sayOwner(ctx, tx, "final", (z.start_player - 1 + view.players) % view.players));
  } else if (view.phase === "round_over") {
    lines.push(say(ctx, tx, "round_over", view.to_act[0]));
  } else {
    lines.push(tx("game_over"));
  }
  return lines.join(" ");
}

function Specials({ ctx, tx, view }) {
  if (!view.zones.specials.length) return null;
  return html`<div class="ct-specials"><span class="kt-caption">${tx("specials")}:</span>
    ${view.zones.specials.map((code) => html`<span class="ct-special"><${TableCard} ctx=${ctx} code=${code} />
      <span>${tx(`special.${code}`)}</span></span>`)}</div>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXTS);
  const panel = (s) => html`<${SeatPanel} ctx=${ctx} view=${view} s=${s}>
    ${s === ctx.seat ? html`<div data-zone="my-hand"><${Display} ctx=${ctx} tx=${tx} view=${view} s=${s} /></div>`
      : html`<${Display} ctx=${ctx} tx=${tx} view=${view} s=${s} />`}<//>`;
  const middle = html`<div class="ct-centre"><${Belt} ctx=${ctx} tx=${tx} view=${view} />
    <${Specials} ctx=${ctx} tx=${tx} view=${view} /></div>`;
  return html`<${TableLayout} ctx=${ctx} view=${view} cls="chips-table" panel=${panel} middle=${middle} />`;
}


export default {
  options: { specials: SPECIALS },
  card(code, lang) {
    if (code === "?") return { back: true };
    if (code.startsWith("-")) {  // a face-down card of a display: the card's own name, face down
      const inner = colourNumber(code.slice(1), "krby", lang);
      return inner ? { back: true, label: inner.label, name: `${inner.name} (${t("faceDown")})` } : null;
    }
    if (/^s\d+$/.test(code)) return { label: code.slice(1), sub: "S" };
    return colourNumber(code, "krby", lang);
  },
  status,
  Table,
  texts: TEXTS,  // the table page words a round in chips terms (page.table_*, chips D1)
};
