// mayhem (Kartenchaos): r y g b number cards, k black numbers, one-colour specials (`rgift` …),
// wish specials, `fy`, and the event deck (mayhem spec, Components).
// The table: opponents (hand backs, marks, revealed hands) above, the centre (draw pile, discard top, wish, event
// piles, the open effect) in the middle, the viewer's own hand at the bottom. A move is made on the table: click a
// playable card of the hand, then its target among the players, the cards it moves from the hand (confirm), the
// wish among the colour swatches; the draw pile draws, the market's cards are picked by clicking them.
import { COLOURS, colourName, colourNumber } from "../cards.js";
import { html } from "../ui.js";
import {
  Backs, cardCount, catalogue, Hand, othersOf, Pile, say, SeatPanel, seatNames, sentences, Stack, TableCard, TableLayout, texts,
  owner, useCss, who,
} from "./kit.js";

await useCss(new URL("./mayhem.css", import.meta.url));

const SPECIAL = { gift: "G", exch: "⇄", chance: "2×", skip: "⊘", troub: "!" };
// Counterattack and Nice Try carry a sign, not initials: "GA"/"NV" were German on English pages, and letters a
// button shows beside its name but not in it break its accessible name (axe: label-content-name-mismatch).
const WISH = { fant: "F", four: "F4", counter: "⚔", equal: "=", nicetry: "☘", fy: "42" };
const EVENTS = new Set(["charity", "communism", "doomsday", "earthquake", "expansion", "friday13", "gambler",
  "lostfound", "market", "mating", "christmas", "standoff", "recession", "robinhood", "party", "eye", "third",
  "tornado", "upside", "vandalism"]);

// ------------------------------------------------------------------ texts
// The page's words: the `page` texts of mayhem's catalogue (words.toml; German terms from the spec), from the
// server; `event.<id>`: what each event does, in one short line (mayhem R44–R63).
const TEXTS = await catalogue("mayhem");

const COLOURED = /^([rygb])(gift|exch|chance|skip|troub)$/;
const kindOf = (code) => COLOURED.exec(code ?? "")?.[2] ?? code;

/** The kind's words of a card from its full `name` (the server's): a one-colour special's name without its colour
 * ("Red Gift" → "Gift", "Geschenk Rot" → "Geschenk"), any other card's name as it is. */
function kindWords(code, name, lang) {
  const m = COLOURED.exec(code);
  return m ? name.replace(colourName(m[1], lang), "").trim() : name;
}

/** A card's face: numbers by colour (black `k`), specials with their colour and sign, wishes and events by their
 * (the server's) names. */
function card(code, lang, name = "") {
  if (code === "?") return { back: true };
  const num = colourNumber(code, "rygbk", lang);
  if (num) return num;
  const m = COLOURED.exec(code);
  if (m) return { colour: m[1], label: SPECIAL[m[2]], sub: kindWords(code, name, lang) };
  if (WISH[code]) return { label: WISH[code], sub: name };
  if (EVENTS.has(code)) return { label: "✦", sub: name };
  return null;
}

// ------------------------------------------------------------------ parts of the table

/** R1, R30: the seat whose turn follows `current` (counter-clockwise, passing over marked seats). */
function nextSeat(view) {
  const z = view.zones;
  const n = view.players;
  let p = (z.current - 1 + n) % n;
  for (let k = 0; k < n && z.skipped[p]; k++) p = (p - 1 + n) % n;
  return p;
}

function Shown({ ctx, codes, cls = "mh-shown" }) {
  return html`<span class=${`cards ${cls}`}>${codes.map((c, i) => html`<${TableCard} key=${`${c}-${i}`} ctx=${ctx} code=${c} />`)}</span>`;
}

/** Marks and extras of one seat: skip mark, revealed hand (All-Seeing Eye), progress of simultaneous choices. */
function SeatExtras({ ctx, tx, view, s }) {
  const z = view.zones;
  const p = z.pending;
  const quota = p?.quota && view.to_act.length && p.quota[s];
  return html`${(z.skipped[s] || quota) && html`<div class="mh-tags">
      ${z.skipped[s] && html`<span class="kt-badge kt-warn">⊘ ${tx("skipped")}</span>`}
      ${quota && html`<span class="kt-badge">${p.chosen[s].length >= p.quota[s] ? `✓ ${tx("done")}` : tx("of", { n: p.chosen[s].length, total: p.quota[s] })}</span>`}
    </div>`}
    ${z.revealed && s !== ctx.seat && html`<div class="mh-revealed"><span class="kt-caption">◉ ${tx("eye")}:</span>
      <${Shown} ctx=${ctx} codes=${z.revealed[s]} /></div>`}`;
}

/** The active wish (a colour with its symbol, or a number), and the last colour played. */
function WishBadge({ ctx, tx, view }) {
  const z = view.zones;
  const w = z.wish;
  return html`<div class="mh-wish"><span class="kt-caption">${tx("wish")}</span>
    ${w === null ? html`<span class="mh-wish-none">${tx("no_wish")}</span>`
      : COLOURS[w] ? html`<span class="mh-wish-value colour" style=${{ "--card": COLOURS[w].css }}>${COLOURS[w].sym} ${colourName(w, ctx.lang)}</span>`
        : html`<span class="mh-wish-value number">${w}</span>`}
    ${z.last_color && html`<span class="kt-caption">${tx("last_colour")}: ${COLOURS[z.last_color].sym} ${colourName(z.last_color, ctx.lang)}</span>`}
  </div>`;
}

/** Draw pile, discard top, wish, event piles and the last event. */
function Centre({ ctx, tx, view }) {
  const z = view.zones;
  const caption = tx("draw") + (z.draw_face_up ? ` (${tx("face_up")})` : "");
  const draw = ctx.offer("pile", "draw");
  const current = z.pending?.type === "event" ? z.pending.event : null;
  const event = current ?? z.events_used[0];
  const eventKey = event === "gambler" && view.options.gambling_rule === "published" ? "gambler_published" : event;
  return html`<div class="mh-piles">
    ${z.draw_face_up && z.draw_pile.length
      ? html`<div class="kt-deck mh-draw" data-zone="draw-pile"><${TableCard} ctx=${ctx} code=${z.draw_pile[0]} kind="pile" value="draw" />
          <span class="kt-caption">${caption}</span></div>`
      : html`<${Pile} ctx=${ctx} count=${z.draw_count} caption=${caption} zone="draw-pile" cls="mh-draw" offer=${draw} />`}
    <div class="kt-deck mh-discard" data-zone="discard-pile">
      ${z.discard.length ? html`<${Shown} ctx=${ctx} codes=${[z.discard[0]]} cls="mh-top" />` : html`<${Stack} count=${0} name=${tx("discard")} />`}
      <span class="kt-caption">${tx("discard")} (${z.discard.length})</span></div>
    <${WishBadge} ctx=${ctx} tx=${tx} view=${view} />
    <${Pile} ctx=${ctx} count=${z.event_count} caption=${tx("events")} cls="mh-events" />
    ${event && html`<div class=${`mh-event${current ? " now" : ""}`}>
      <span class="kt-caption">${tx(current ? "now_event" : "last_event")}</span>
      <strong>✦ ${ctx.cardName(event)}</strong>
      <span class="mh-event-text">${tx(`event.${eventKey}`)}</span></div>`}
  </div>`;
}

/** What is happening now: whose turn, the open attack / window / event choice, in short sentences. */
function status(view, ctx) {
  const tx = texts(ctx, TEXTS);
  const z = view.zones;
  const p = z.pending;
  const me = ctx.seat;
  const mine = view.to_act.includes(me);
  const lines = [];
  const phase = view.phase;
  // whose turn it is, a bot named without its strength (its possessive read "… (plays at random)'s")
  const turn = (key, seat) => lines.push(tx(mine ? `${key}_me` : key, { who: owner(ctx, seat) }));
  if (["play", "after_draw", "chance"].includes(phase)) turn(phase, z.current);
  else if (phase === "start") turn("start", view.dealer);
  else if (phase === "counter") {
    // the attacking card lies on the discard pile (under any Counterattack)
    const attack = z.discard.find((c) => kindOf(c) === p.kind);
    const aimed = p.source === me ? "counter_you" : p.target === me ? "counter_at_you" : "counter";
    lines.push(tx(aimed, { who: ctx.seatName(p.source), target: ctx.seatName(p.target),
      attack: attack ? kindWords(attack, ctx.cardName(attack), ctx.lang) : "" })
      + (p.kind === "four" ? ` ${p.draws === 1 ? tx("draws_one") : tx("draws", { n: p.draws })}` : ""));
    if (p.queue.length) lines.push(tx("queue", { who: seatNames(ctx, p.queue.map((q) => q[1]), true) }));
    if (mine) lines.push(tx("counter_me"));
  } else if (phase === "nicetry") {
    const empty = z.hand_counts.map((c, s) => (c === 0 ? s : null)).filter((s) => s !== null);
    lines.push(tx("nicetry", { who: seatNames(ctx, empty, true) }));
    const asked = othersOf(ctx, p.asked);
    if (mine) lines.push(tx("nicetry_me"));
    else if (asked.length) lines.push(tx("asked", { who: seatNames(ctx, asked) }));
  } else if (phase === "market") {
    lines.push(mine ? tx("pick_me") : tx("pick", { who: ctx.seatName(p.picker) }));
  } else if (p?.quota) {
    const left = me === null ? 0 : p.quota[me] - p.chosen[me].length;
    lines.push(mine && left > 0 ? tx(`${phase}_me`, { cards: cardCount(ctx, left) }) : tx("wait_choices"));
  } else if (phase === "round_over") lines.push(say(ctx, tx, "round_over", view.dealer));
  else if (phase === "game_over") lines.push(tx("game_over"));
  if (["play", "after_draw", "chance"].includes(phase)) lines.push(`${tx("direction")} · ${tx("next", { who: who(ctx, nextSeat(view), true) })}`);
  if (z.exhausted) lines.push(tx("exhausted"));
  return sentences(lines);
}

/** Open cards of the moment: Market (pickable), the Gambler's revealed bets, the attack cards named. */
function OpenCards({ ctx, tx, view }) {
  const z = view.zones;
  const attack = z.pending?.type === "attack" && z.pending.cards.length ? z.pending.cards : null;
  if (!z.market.length && !z.gamble && !attack) return null;
  return html`<div class="mh-open">
    ${z.market.length > 0 && html`<div class="mh-market" data-zone="market"><span class="kt-caption">${tx("market")}:</span>
      <span class="cards">${z.market.map((c, i) => html`<${TableCard} key=${`${c}-${i}`} ctx=${ctx} code=${c} kind="table" />`)}</span></div>`}
    ${z.gamble && html`<div class="mh-bets"><span class="kt-caption">${tx("bets")}:</span>
      ${Object.entries(z.gamble).map(([s, code]) => html`<span class="mh-bet">${ctx.seatName(Number(s))} <${Shown} ctx=${ctx} codes=${[code]} /></span>`)}</div>`}
    ${attack && html`<${Shown} ctx=${ctx} codes=${attack} />`}
  </div>`;
}

/** The viewer's own choices made in a simultaneous event (given cards and to whom: the frame's page_facts). */
function Chosen({ ctx, tx }) {
  const { chosen } = ctx.frame.page_facts;
  if (!chosen.length) return null;
  return html`<div class="mh-chosen"><span class="kt-caption">${tx("chosen")}:</span>
    ${chosen.map(({ card, to }) => html`<span class="mh-choice"><${Shown} ctx=${ctx} codes=${[card]} />${to !== null && ` → ${ctx.seatName(to)}`}</span>`)}</div>`;
}

function Table({ view, ctx }) {
  const tx = texts(ctx, TEXTS);
  const z = view.zones;
  const panel = (s) => html`<${SeatPanel} ctx=${ctx} view=${view} s=${s}>
    ${s === ctx.seat
      ? html`<${Hand} ctx=${ctx} codes=${z.hands[s]} cls="mh-hand" label=${cardCount(ctx, z.hands[s].length)} /><${Chosen} ctx=${ctx} tx=${tx} />`
      : html`<div class="mh-backs"><${Backs} ctx=${ctx} count=${z.hand_counts[s]} max=${12} /><span class="kt-caption">${cardCount(ctx, z.hand_counts[s])}</span></div>`}
    <${SeatExtras} ctx=${ctx} tx=${tx} view=${view} s=${s} />
  <//>`;
  const middle = html`<div class="mh-centre"><${Centre} ctx=${ctx} tx=${tx} view=${view} /><${OpenCards} ctx=${ctx} tx=${tx} view=${view} /></div>`;
  return html`<${TableLayout} ctx=${ctx} view=${view} cls="mayhem-table" panel=${panel} middle=${middle} />`;
}

export default { card, status, Table };
