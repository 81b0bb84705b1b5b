// grid (Farbraster): colour letter + value −1 … 11 in eight colours; "?" + code is face down (grid spec).
// The table: every Raster drawn in its current shape (other seats across the top, the viewer's below), the
// Nachziehstapel and Ablagestapel in the middle with the held card. Play on the table itself: click the draw pile
// or the discard pile, then a cell of your grid to swap the card in — or the discard pile again to throw the
// drawn card away, then a face-down cell to turn it up. Line choices (remove, keep, close up) are buttons.
import { colourNumber } from "../cards.js";
import { points } from "../i18n.js";
import { html } from "../ui.js";
import {
  cardCount, catalogue, othersOf, Pile, say, sayOwner, SeatPanel, seatNames, Spot, TableCard, TableLayout, texts, useCss,
} from "./kit.js";

await useCss(new URL("./grid.css", import.meta.url));

// The page's words: the `page` texts of grid's catalogue (words.toml), from the server.
const TEXT = await catalogue("grid");

/** Sum of the face-up cards of a grid (what everybody can count on the table). */
function openSum(rows) {
  return rows.flat().filter((c) => c && !c.startsWith("?")).reduce((s, c) => s + Number(c.slice(1)), 0);
}

/** One Raster as a CSS grid in its current shape; the own cells are offered as `cell` steps "r:c". */
function Grid({ ctx, tx, rows, own }) {
  return html`<div class="kt-grid" role="grid" style=${{ "--cols": String(rows[0]?.length ?? 0) }}>
    ${rows.map((row, r) => html`<div role="row" class="kt-grid-line">${row.map((cell, c) => html`<span role="gridcell"
        class=${`kt-cell${cell === null ? " kt-gap" : ""}`} data-r=${r} data-c=${c}
        aria-label=${cell === null ? tx("gap") : undefined}>
      ${cell !== null && html`<${TableCard} ctx=${ctx} code=${cell} kind=${own ? "cell" : null} value=${`${r}:${c}`} />`}
    </span>`)}</div>`)}
    ${!rows.length && html`<span class="kt-note">—</span>`}
  </div>`;
}

function status(view, ctx) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  if (view.game_over) return tx("game_over");
  const me = ctx.seat;
  let text = "";
  if (view.phase === "setup") {
    text = me !== null && z.flips_left[me] > 0 ? tx("setup_mine", { cards: cardCount(ctx, z.flips_left[me]) })
      : tx("setup_wait", { who: seatNames(ctx, othersOf(ctx, view.to_act)) });
  } else if (view.phase === "round_over") {
    text = say(ctx, tx, "round_over", view.to_act[0], { round: view.round });
  } else {
    const mine = z.active === me;
    if (view.phase === "reveal") text = tx("reveal");
    if (z.step === "remove") text += mine ? tx("remove") : tx("other_remove", { who: ctx.seatName(z.active) });
    else if (z.step === "close") text += mine ? tx("close") : tx("other_close", { who: ctx.seatName(z.active) });
    else if (mine && ctx.chooser.chosen.some((s) => s.kind === "pile" && s.value === "discard")) text += tx("discarded");
    else if (mine && ["start", "drawn", "taken"].includes(z.step)) text += tx(z.step);
    else text += sayOwner(ctx, tx, "turn", z.active);  // a bot without its strength
  }
  if (z.trigger !== null && !view.game_over) {
    text += " " + say(ctx, tx, "triggered", z.trigger);
    if (z.final_turns.length && view.phase === "play") text += " " + tx("finals", { who: seatNames(ctx, z.final_turns, true) });
  }
  return text;
}

/** The middle: Nachziehstapel (click: draw), Ablagestapel (click: take its top, or throw the drawn card on it). */
function Middle({ ctx, tx, view }) {
  const z = view.zones;
  const draw = ctx.offer("pile", "draw");
  const discard = ctx.offer("pile", "discard");
  const top = z.discard_top;
  return html`<div class="kt-middle">
    <${Pile} ctx=${ctx} count=${z.draw_count} caption=${tx("draw")} zone="draw-pile" offer=${draw} />
    <${Spot} label=${`${tx("discard")} · ${z.discard.length}`} zone="discard-pile">
      <div class=${`kt-discard${discard ? " kt-target" : ""}`}>
        ${top ? html`<${TableCard} ctx=${ctx} code=${top} kind="pile" value="discard" cls="kt-discard-top" />`
          : discard ? html`<button type="button" class="kt-throw" onClick=${discard.onPick}>${discard.words}</button>`
            : html`<span class="kt-note">${tx("empty")}</span>`}
        <span class="kt-under">${z.discard.slice(1, 4).map((c, i) => html`<${TableCard} key=${i} ctx=${ctx} code=${c} />`)}</span>
      </div>
    <//>
    ${z.held && html`<${Spot} label=${z.active === ctx.seat ? tx(z.step === "taken" ? "held_taken" : "held") : tx("held_by", { who: ctx.seatName(z.active) })}>
      <div class="kt-held"><${TableCard} ctx=${ctx} code=${z.held} /></div><//>`}
  </div>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const panel = (s) => {
    const own = s === ctx.seat;
    const rows = z.grids[s];
    const badges = [tx("open_sum", { sum: points(openSum(rows)) })];
    if (view.phase === "setup" && z.flips_left[s] > 0) badges.push(tx("flips_left", { n: z.flips_left[s] }));
    if (z.trigger === s) badges.push(tx("trigger"));
    if (view.phase === "play" && z.final_turns.includes(s)) badges.push(tx("final_turn"));
    return html`<${SeatPanel} ctx=${ctx} view=${view} s=${s} badges=${badges}>
      <div class="kt-grid-row" data-zone=${own ? "my-hand" : null}><${Grid} ctx=${ctx} tx=${tx} rows=${rows} own=${own} /></div>
    <//>`;
  };
  return html`<${TableLayout} ctx=${ctx} view=${view} cls="kt-game-grid" panel=${panel}
    middle=${html`<${Middle} ctx=${ctx} tx=${tx} view=${view} />`} />`;
}

export default {
  card(code, lang) {
    if (code.startsWith("?")) return { back: true };
    return colourNumber(code, "bgmoprty", lang);
  },
  status,
  Table,
};
