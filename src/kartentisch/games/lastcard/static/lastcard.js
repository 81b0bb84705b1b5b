// lastcard (Letzte Karte): cards are the numbers "1" … "60" as strings (lastcard spec, Components).
// The table: other seats across the top (hand size as backs, their Hilfskarten face up), the Ablagestapel in the
// middle, the viewer's sorted hand and Hilfskarten at the bottom. Passing: click the P cards to pass, then confirm.
// Playing: click a hand card; a higher one is played at once, a lower one lights up the pile cards (lay it as a
// Hilfskarte and take that card, then confirm) and the own Hilfskarten (play it with them; confirm once the sum beats
// the top); while Hilfskarten are chosen the pile is not offered (choose.js).
import { points } from "../i18n.js";
import { html } from "../ui.js";
import {
  Backs, cardCount, catalogue, Hand, lastTurnText, othersOf, owner, say, SeatPanel, seatNames, Spot, Stack, TableCard, TableLayout,
  texts, useCss,
} from "./kit.js";

await useCss(new URL("./lastcard.css", import.meta.url));

// The page's words: the `page` texts of lastcard's catalogue (words.toml), from the server.
const TEXT = await catalogue("lastcard");

const byNumber = (a, b) => Number(a) - Number(b);

function status(view, ctx) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const n = view.players;
  if (view.game_over) return tx("game_over");
  if (view.phase === "round_over") return say(ctx, tx, "round_over", view.to_act[0], { round: view.round });
  if (view.phase === "pass") {
    const P = view.options.pass_cards;
    if (ctx.seat !== null && view.to_act.includes(ctx.seat)) return tx("pass_mine", { cards: cardCount(ctx, P), to: ctx.seatName((ctx.seat - 1 + n) % n) });
    return tx("pass_wait", { cards: cardCount(ctx, P), who: seatNames(ctx, othersOf(ctx, view.to_act)) });
  }
  const s = view.to_act[0];
  if (s !== ctx.seat) return tx("turn", { who: owner(ctx, s) });  // a bot without its strength
  return z.pile_top === null ? tx("play_empty") : tx("play_mine", { top: z.pile_top });
}

/** The last play or lay in the log's words (its seat: the frame's page_facts). */
function LastPlay({ ctx, tx, seat }) {
  const text = seat === null ? null : lastTurnText(ctx, seat);
  return html`<${Spot} label=${tx("last")} cls="kt-last"><p class="kt-note">${text ?? tx("none")}</p><//>`;
}

/** The Ablagestapel: top card large, the cards under it (top first) small; a lay takes one of them. */
function PileRow({ ctx, tx, view }) {
  const z = view.zones;
  if (!z.pile.length) return html`<div class="kt-pile-row"><span class="kt-note">${tx("empty")}</span></div>`;
  return html`<div class="kt-pile-row">
    <${TableCard} ctx=${ctx} code=${z.pile[0]} kind="table" cls="kt-top" />
    <span class="kt-under">${z.pile.slice(1).map((c) => html`<${TableCard} key=${c} ctx=${ctx} code=${c} kind="table" />`)}</span>
  </div>`;
}

/** What the viewer passed and received this round (passed[s] is visible to s and, once complete, to s − 1). */
function PassNotes({ ctx, tx, view }) {
  const { zones: z, players: n } = view;
  const me = ctx.seat;
  const lines = [];
  const mine = z.passed[me];
  const left = (me + 1) % n;
  if (mine && !mine.includes("?")) lines.push([view.phase === "pass" ? tx("you_passed") : tx("passed_to", { who: ctx.seatName((me - 1 + n) % n) }), mine]);
  const got = z.passed[left];
  if (view.phase !== "pass" && got && !got.includes("?") && left !== me) lines.push([tx("got_from", { who: ctx.seatName(left) }), got]);
  if (!lines.length) return null;
  return html`<div class="kt-passed">${lines.map(([label, cards]) => html`<p class="kt-note">${label}
    <span class="cards">${cards.map((c) => html`<${TableCard} key=${c} ctx=${ctx} code=${c} />`)}</span></p>`)}</div>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXT);
  const z = view.zones;
  const panel = (s) => {
    const own = s === ctx.seat;
    const hand = [...z.hands[s]].sort(byNumber);
    const faceUp = !hand.includes("?");
    const score = ctx.frame.score_now?.[s];
    const badges = [
      s === z.start_player ? tx("start") : null,
      hand.length === 2 && view.phase === "play" ? tx("two_cards") : null,
      view.phase === "pass" && z.passed[s] !== null ? tx("has_passed") : null,
      score !== undefined && score !== null ? tx("value", { score: points(score) }) : null,
    ];
    const label = `${tx("hand")} · ${cardCount(ctx, hand.length)}`;
    let cards;
    if (own) cards = html`<${Hand} ctx=${ctx} codes=${hand} label=${label} />`;
    else if (faceUp) cards = html`<span class="kt-hand cards">${hand.map((c) => html`<${TableCard} key=${c} ctx=${ctx} code=${c} />`)}</span>`;
    else cards = html`<${Backs} ctx=${ctx} count=${hand.length} max=${12} />`;
    return html`<${SeatPanel} ctx=${ctx} view=${view} s=${s} badges=${badges}>
      <span class="kt-label">${label}</span>${cards}
      <span class="kt-label">${tx("help")}</span>
      <div class="kt-help cards">${z.help[s].map((h) => html`<${TableCard} key=${h} ctx=${ctx} code=${h} kind=${own ? "help" : null} />`)}
        ${!z.help[s].length && html`<span class="kt-note">—</span>`}</div>
      ${own && html`<${PassNotes} ctx=${ctx} tx=${tx} view=${view} />`}
    <//>`;
  };
  const middle = html`<div class="kt-middle">
    <${Spot} label=${`${tx("pile")} · ${z.pile.length}`} zone="discard-pile"><${PileRow} ctx=${ctx} tx=${tx} view=${view} /><//>
    <${Spot} label=${`${tx("out")} · ${z.out.length}`}><${Stack} count=${z.out.length} name=${tx("out")} /><//>
    ${z.set_aside.length > 0 && html`<${Spot} label=${`${tx("set_aside")} · ${z.set_aside.length}`}>
      <${Stack} count=${z.set_aside.length} name=${tx("set_aside")} /><//>`}
    <${LastPlay} ctx=${ctx} tx=${tx} seat=${ctx.frame.page_facts.last_seat} />
  </div>`;
  return html`<${TableLayout} ctx=${ctx} view=${view} cls="kt-game-lastcard" panel=${panel} middle=${middle} />`;
}

export default {
  card(code) {
    if (code === "?") return { back: true };
    if (/^[1-9]\d?$/.test(code) && Number(code) <= 60) return { label: code };
    return null;
  },
  status,
  Table,
};
