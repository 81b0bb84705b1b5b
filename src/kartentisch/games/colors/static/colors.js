// colors (Farblücke): codes are colour letter + digit, colours b g p r y (colors spec, Components).
// The table as players know it: opponents' hands as backs across the top, the Tischmitte with the draw pile in
// the middle, the viewer's hand and Auslage at the bottom (drawn with the table kit, kit.js). A hand card is
// played by clicking it; an open pick (colors R9) by clicking one of the lit cards of the centre.
import { COLOURS, colourName, colourNumber } from "../cards.js";
import { points } from "../i18n.js";
import { html } from "../ui.js";
import {
  Backs, cardCount, catalogue, Hand, lastTurnText, owner, Pile, say, SeatPanel, Spot, TableCard, TableLayout, texts,
  useCss,
} from "./kit.js";

await useCss(new URL("./colors.css", import.meta.url));

// The page's words: the `page` texts of colors' catalogue (words.toml), from the server.
const TEXT = await catalogue("colors");

/** A seat's Auslage grouped by colour: one column per colour in play with its count (symbol + name). */
function Collection({ ctx, colours, cards }) {
  return html`<div class="kt-collection">${colours.map((c) => {
    const mine = cards.filter((x) => x[0] === c);
    return html`<div class="kt-colour" data-colour=${c} style=${{ "--card": COLOURS[c].css }}
        title=${`${colourName(c, ctx.lang)}: ${mine.length}`}>
      <span class="kt-count"><span aria-hidden="true">${COLOURS[c].sym}</span>
        <span class="sr-only">${colourName(c, ctx.lang)}</span> ${mine.length}</span>
      <span class="kt-pile">${mine.map((x) => html`<${TableCard} key=${x} ctx=${ctx} code=${x} />`)}</span>
    </div>`;
  })}</div>`;
}

function status(view, ctx) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  if (view.game_over) return tx("game_over");
  const s = view.to_act[0];
  if (view.phase === "round_over") return say(ctx, tx, "round_over", s, { round: view.round });
  if (view.phase === "pick") {
    const p = z.pending;
    return s === ctx.seat ? tx("your_pick", { number: p.number, side: tx(p.side), played: p.card.slice(1) })
      : tx("pick", { who: ctx.seatName(s), number: p.number });
  }
  return s === ctx.seat ? tx("your_turn") : tx("turn", { who: owner(ctx, s) });  // a bot without its strength
}

/** The last turn in the log's words, with the card played and the cards it took. */
function LastTurn({ ctx, tx, last }) {
  if (!last) return html`<${Spot} label=${tx("last")} cls="kt-last"><p class="kt-note">${tx("none")}</p><//>`;
  return html`<${Spot} label=${tx("last")} cls="kt-last">
    <p class="kt-note">${lastTurnText(ctx, last.seat) ?? tx("none")}</p>
    <span class="cards">${[last.card, ...last.taken].map((c) => html`<${TableCard} key=${c} ctx=${ctx} code=${c} />`)}</span>
  <//>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const pending = new Set(z.pending?.options ?? []);
  const panel = (s) => {
    const own = s === ctx.seat;
    const label = `${tx("hand")} · ${cardCount(ctx, z.hands[s].length)}`;
    const score = ctx.frame.score_now?.[s];
    return html`<${SeatPanel} ctx=${ctx} view=${view} s=${s} badges=${[score === undefined ? null : tx("value", { score: points(score) })]}>
      <span class="kt-label">${label}</span>
      ${own ? html`<${Hand} ctx=${ctx} codes=${z.hands[s]} label=${label} />` : html`<${Backs} ctx=${ctx} count=${z.hands[s].length} />`}
      <span class="kt-label">${tx("collection")}</span>
      <${Collection} ctx=${ctx} colours=${z.colours} cards=${z.collections[s]} />
    <//>`;
  };
  const middle = html`<div class="kt-middle">
    <${Pile} ctx=${ctx} count=${z.draw.length} caption=${tx("draw")} zone="draw-pile" />
    <${Spot} label=${tx("centre")} zone="centre">
      <div class="kt-centre cards">${z.centre.map((c) => html`<${TableCard} key=${c} ctx=${ctx} code=${c} kind="table"
          cls=${pending.has(c) ? "kt-candidate" : ""} />`)}
        ${!z.centre.length && html`<span class="kt-note">${tx("empty")}</span>`}</div>
      <small class="kt-hint">${tx("rule")}</small>
    <//>
    <${LastTurn} ctx=${ctx} tx=${tx} last=${z.last} />
  </div>`;
  return html`<${TableLayout} ctx=${ctx} view=${view} cls="kt-game-colors" panel=${panel} middle=${middle} />`;
}

export default {
  card(code, lang) {
    if (code === "?") return { back: true };
    return colourNumber(code, "bgpry", lang);
  },
  status,
  Table,
};
