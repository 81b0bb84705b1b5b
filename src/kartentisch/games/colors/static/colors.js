// colors (Farblücke): codes are colour letter + digit, colours b g p r y (colors spec, Components).
// The table as players know it: opponents' hands as backs across the top, the Tischmitte with the draw pile in
// the middle, the viewer's hand and Auslage at the bottom (drawn with the table kit, kit.js). A hand card is
// played by clicking it; an open pick (colors R9) by clicking one of the lit cards of the centre.
import { COLOURS, colourName, colourNumber } from "../cards.js";
import { html } from "../ui.js";
import { Backs, cardCount, Hand, lastTurnText, Pile, SeatPanel, Spot, TableCard, TableLayout, texts, useCss } from "./kit.js";

useCss(new URL("./colors.css", import.meta.url));

const TEXT = {
  de: {
    centre: "Tischmitte", draw: "Nachziehstapel", hand: "Handkarten", collection: "Auslage",
    yourTurn: "Spiel eine Handkarte aus.", turn: "{0} ist am Zug.",
    yourPick: "Wähle eine {0} aus der Tischmitte ({1} Nachbarzahl von {2}).", pick: "{0} wählt eine {1} aus der Tischmitte.",
    lower: "niedrigere", higher: "höhere", last: "Letzter Zug",
    value: "Wert jetzt: {0}", roundOver: "Runde {0} ist gewertet. {1} gibt die nächste Runde.",
    gameOver: "Die Partie ist vorbei.", none: "noch nichts", empty: "leer",
    rule: "Eine gespielte Karte nimmt alle gleichen Zahlen aus der Mitte, sonst je eine Nachbarzahl (9 und 0 sind Nachbarn).",
  },
  en: {
    centre: "Centre", draw: "Draw pile", hand: "Hand", collection: "Collection",
    yourTurn: "Play a card from your hand.", turn: "It is {0}'s turn.",
    yourPick: "Choose a {0} from the centre ({1} neighbour of {2}).", pick: "{0} chooses a {1} from the centre.",
    lower: "lower", higher: "higher", last: "Last turn",
    value: "Value now: {0}", roundOver: "Round {0} is scored. {1} deals the next round.",
    gameOver: "The match is over.", none: "nothing yet", empty: "empty",
    rule: "A played card takes every equal number from the centre, else one of each neighbour number (9 and 0 are neighbours).",
  },
};

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
  if (view.game_over) return tx("gameOver");
  const s = view.to_act[0];
  if (view.phase === "round_over") return tx("roundOver", view.round, ctx.seatName(s));
  if (view.phase === "pick") {
    const p = z.pending;
    return s === ctx.seat ? tx("yourPick", p.number, tx(p.side), p.card.slice(1)) : tx("pick", ctx.seatName(s), p.number);
  }
  return s === ctx.seat ? tx("yourTurn") : tx("turn", ctx.seatName(s));
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
    return html`<${SeatPanel} ctx=${ctx} view=${view} s=${s} badges=${[score === undefined ? null : tx("value", score)]}>
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
