// grid (Farbraster): colour letter + value −1 … 11 in eight colours; "?" + code is face down (grid spec).
// The table: every Raster drawn in its current shape (other seats across the top, the viewer's below), the
// Nachziehstapel and Ablagestapel in the middle with the held card. Play on the table itself: click the draw pile
// or the discard pile, then a cell of your grid to swap the card in — or the discard pile again to throw the
// drawn card away, then a face-down cell to turn it up. Line choices (remove, keep, close up) are buttons.
import { colourNumber } from "../cards.js";
import { html } from "../ui.js";
import { cardCount, Pile, SeatPanel, seatNames, Spot, TableCard, TableLayout, texts, useCss } from "./kit.js";

useCss(new URL("./grid.css", import.meta.url));

const TEXT = {
  de: {
    draw: "Nachziehstapel", discard: "Ablagestapel", held: "Gezogene Karte", heldTaken: "Genommene Karte", heldBy: "{0} hält",
    flipsLeft: "noch {0} aufdecken", trigger: "hat das Ende ausgelöst", finalTurn: "letzter Zug steht aus",
    openSum: "Summe offen: {0}", setupMine: "Decke {0} deines Rasters auf: klick auf eine verdeckte Karte.",
    setupWait: "Alle decken zwei Karten auf. Warte auf {0}.", start: "Zieh vom Nachziehstapel oder nimm die oberste Karte des Ablagestapels.",
    turn: "{0} ist am Zug.", drawn: "Klick eine Karte deines Rasters, um die gezogene Karte hineinzutauschen – oder den Ablagestapel, um sie abzuwerfen und eine verdeckte Karte aufzudecken.",
    discarded: "Klick eine verdeckte Karte deines Rasters, um sie aufzudecken.",
    taken: "Klick eine Karte deines Rasters, um die genommene Karte hineinzutauschen.", remove: "Mehrere Reihen sind fertig: wähle, welche entfernt wird.",
    close: "Die Diagonale ist weg: schiebe das Raster zusammen.", otherRemove: "{0} wählt, welche Reihe entfernt wird.",
    otherClose: "{0} schiebt das Raster zusammen.", reveal: "Schlussaufdeckung: alle Karten liegen offen. ",
    roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.", gameOver: "Die Partie ist vorbei.",
    triggered: "{0} hat das Rundenende ausgelöst.", finals: "Letzte Züge: {0}.", empty: "leer", gap: "Lücke",
  },
  en: {
    draw: "Draw pile", discard: "Discard pile", held: "Drawn card", heldTaken: "Taken card", heldBy: "{0} holds",
    flipsLeft: "{0} to flip", trigger: "ended the round", finalTurn: "final turn to come",
    openSum: "sum face up: {0}", setupMine: "Flip {0} of your grid: click a face-down card.",
    setupWait: "Everybody flips two cards. Waiting for {0}.", start: "Draw from the draw pile or take the top card of the discard pile.",
    turn: "It is {0}'s turn.", drawn: "Click a card of your grid to swap the drawn card in – or the discard pile to throw it away and flip a face-down card.",
    discarded: "Click a face-down card of your grid to flip it.",
    taken: "Click a card of your grid to swap the taken card in.", remove: "Several lines are complete: choose the one to remove.",
    close: "The diagonal is gone: close up the grid.", otherRemove: "{0} chooses the line to remove.",
    otherClose: "{0} closes up the grid.", reveal: "Final reveal: all cards are face up. ",
    roundOver: "Round {0} is scored. {1} deals the next round.", gameOver: "The match is over.",
    triggered: "{0} ended the round.", finals: "Final turns: {0}.", empty: "empty", gap: "gap",
  },
};

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
  if (view.game_over) return tx("gameOver");
  const me = ctx.seat;
  let text = "";
  if (view.phase === "setup") {
    text = me !== null && z.flips_left[me] > 0 ? tx("setupMine", cardCount(ctx, z.flips_left[me])) : tx("setupWait", seatNames(ctx, view.to_act));
  } else if (view.phase === "round_over") {
    text = tx("roundOver", view.round, ctx.seatName(view.to_act[0]));
  } else {
    const mine = z.active === me;
    if (view.phase === "reveal") text = tx("reveal");
    if (z.step === "remove") text += mine ? tx("remove") : tx("otherRemove", ctx.seatName(z.active));
    else if (z.step === "close") text += mine ? tx("close") : tx("otherClose", ctx.seatName(z.active));
    else if (mine && ctx.chooser.chosen.some((s) => s.kind === "pile" && s.value === "discard")) text += tx("discarded");
    else if (mine && ["start", "drawn", "taken"].includes(z.step)) text += tx(z.step);
    else text += tx("turn", ctx.seatName(z.active));
  }
  if (z.trigger !== null && !view.game_over) {
    text += " " + tx("triggered", ctx.seatName(z.trigger));
    if (z.final_turns.length && view.phase === "play") text += " " + tx("finals", seatNames(ctx, z.final_turns));
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
    ${z.held && html`<${Spot} label=${z.active === ctx.seat ? tx(z.step === "taken" ? "heldTaken" : "held") : tx("heldBy", ctx.seatName(z.active))}>
      <div class="kt-held"><${TableCard} ctx=${ctx} code=${z.held} /></div><//>`}
  </div>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const panel = (s) => {
    const own = s === ctx.seat;
    const rows = z.grids[s];
    const badges = [tx("openSum", openSum(rows))];
    if (view.phase === "setup" && z.flips_left[s] > 0) badges.push(tx("flipsLeft", z.flips_left[s]));
    if (z.trigger === s) badges.push(tx("trigger"));
    if (view.phase === "play" && z.final_turns.includes(s)) badges.push(tx("finalTurn"));
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
