// Who is at the table on the page (issue 32): each seat's presence and clock, handing a seat to a bot, taking one's
// own back, the host removing a person who is gone, and the rematch offer every seat answers. Everything comes from
// the frame (its seats' presence, clock, stand_in, played_by, ran_out, hand_over; its rematch_offer); the actions are the API's.
import { clockTime, listing } from "./i18n.js";
import { LEVELS, st } from "./seatwords.js";
import { html, useState } from "./ui.js";

/** Seconds left from which a clock is shown as urgent (red). */
export const URGENT = 60;

/** The seconds left of a clock that had `seconds` when its frame arrived at `since` (performance.now()). */
export function left(seconds, since) {
  return seconds === null || seconds === undefined ? null : Math.max(0, Math.ceil(seconds - (performance.now() - since) / 1000));
}

/** What the own clock's running out does, in words. */
export function clockThen(then) {
  return st(then === "bot" ? "clockBot" : then === "ask" ? "clockAsk" : "clockPass");
}

/** Beside a seat's name: its presence (a person's), the bot playing for it ("· Bot Max (steady) plays": handed
 * over, removed by the host, a rematch's seat waiting for its person), its clock. */
export function SeatState({ seat, since }) {
  const secs = left(seat.clock, since);
  return html`${seat.presence && html` <span class=${`presence presence-${seat.presence}`} data-presence=${seat.presence}>
      <span aria-hidden="true">●</span> ${st(seat.presence)}</span>`}
    ${seat.played_by && html` <span class="stand-in">· ${st("playedBy", seat.played_by)}</span>`}
    ${secs !== null && html` <span class=${`seat-clock${secs <= URGENT ? " urgent" : ""}`} role="timer" aria-live="off">◷ ${st("clockLeft", clockTime(secs))}</span>`}`;
}

/** The presences after which a person's seat may go to a bot (the server's `presence.hand_over_refusal`): gone for
 * a while, or not come for as long (a friend who never opened the link has not left: "not here yet"). */
const GONE = new Set(["gone", "never_came"]);

/** The seats another person may hand to a bot now, the host's removal of a person who is gone, and one's own seat
 * back from its bot. `call(path, body, token)` posts to the table's API and shows a refusal. */
export function SeatActions({ frame, token, host, call }) {
  const [asking, setAsking] = useState(null);  // the seat whose removal the host clicked: it cannot be undone, so asked once more
  const mine = frame.seat === null ? null : frame.seats[frame.seat];
  const handable = frame.seats.filter((s) => s.hand_over);
  // the server's own test (`hand_over`: clock run out, or gone or never come where that counts; never "gone" alone
  // at a turn-based table, where a host was offered a removal the server always refused); a host without a seat gets
  // no `hand_over`, so there "gone" and "never_came" stand in for it
  // once the match is over there is nothing to hand on: the server refuses a removal then (handover.remove)
  const removable = host && !frame.view.game_over ? frame.seats.filter((s) => s.kind === "human" && s.seat !== frame.seat
    && (s.stand_in || (frame.seat === null ? GONE.has(s.presence) : s.hand_over))) : [];
  if (!handable.length && !removable.length && !mine?.stand_in) return null;
  const level = (s) => LEVELS[Number(document.getElementById(`level-${s}`)?.value
    ?? LEVELS.findIndex((l) => l.chosen))];
  const body = (s) => { const { bot, iterations } = level(s); return iterations ? { bot, iterations } : { bot }; };
  return html`<section class="seat-actions" data-zone="seat-actions" aria-live="polite">
    ${mine?.stand_in && html`<p>${st("standInMine")} <button type="button" class="take-back"
        onClick=${() => call(`seats/${frame.seat}/back`, undefined, token)}>${st("takeBack")}</button></p>`}
    ${handable.map((s) => html`<p class="hand-over-row" data-seat=${s.seat}>
      <span class="why">${st(s.ran_out ? "whyRanOut" : s.presence === "never_came" ? "whyNeverCame" : "whyGone", s.name)}</span>
      <label for=${`level-${s.seat}`}>${st("handOverLevel", s.name)}</label>
      <select id=${`level-${s.seat}`} class="hand-over-level">${LEVELS.map((l, i) => html`<option value=${i} selected=${!!l.chosen}>${st(l.key)}</option>`)}</select>
      <button type="button" class="hand-over" data-seat=${s.seat}
        onClick=${() => call(`seats/${s.seat}/handover`, body(s.seat), token)}>${st("handOver", s.name)}</button></p>`)}
    ${removable.map((s) => (asking === s.seat
    ? html`<p class="remove-ask" data-seat=${s.seat}>${st("removeAsk", s.name)}
        <button type="button" class="remove-confirm" data-seat=${s.seat} onClick=${() => { setAsking(null);
          call(`seats/${s.seat}/remove`, { bot: "heuristic", ...(token ? { seat_token: token } : {}) }, host); }}>${st("removeYes")}</button>
        <button type="button" class="remove-cancel" onClick=${() => setAsking(null)}>${st("removeNo")}</button></p>`
    : html`<p><button type="button" class="remove-seat" data-seat=${s.seat}
        onClick=${() => setAsking(s.seat)}>${st("remove", s.name)}</button></p>`))}
  </section>`;
}

/** The rematch offer on every seat: who offered it, each person's answer, the time left, and join / leave. */
export function RematchOffer({ frame, since, answer, busy }) {
  const offer = frame.rematch_offer;
  if (!offer || frame.seat === null) return null;
  const mine = offer.answers[frame.seat];
  const people = frame.seats.filter((s) => s.kind === "human");
  const words = { join: st("answerJoin"), leave: st("answerLeave") };
  const secs = left(offer.seconds, since);
  return html`<div class="rematch-offer" data-zone="rematch-offer" role="status">
    <p class="offer-by"><strong>${offer.by === frame.seat ? st("offerMine") : st("offer", frame.seats[offer.by].name)}</strong></p>
    <ul class="answers">${people.map((s) => html`<li data-seat=${s.seat} data-answer=${offer.answers[s.seat] ?? ""}>
      <bdi>${s.name}</bdi>: ${words[offer.answers[s.seat]] ?? st(offer.made ? "standIn" : "answerNone")}</li>`)}</ul>
    ${!offer.made && secs !== null && html`<p class="offer-wait">${st("offerWait", secs)}</p>`}
    ${mine === "leave" ? html`<p>${st("youLeft")}</p>` : mine === "join" && offer.made
      // made while this page was closed or missed it: the way to the new table (a fresh user was left behind)
      ? html`<p class="actions"><button type="button" class="primary rematch-open" disabled=${busy}
          onClick=${() => answer(true)}>${st("toRematch")}</button></p>`
      : mine === "join"
      ? offer.waiting.length > 0 && html`<p class="progress">${st("rematchWaiting", listing(offer.waiting.map((s) => frame.seats[s].name)))}</p>`
      : offer.made
      // made without this seat's answer: a bot plays for it there until it joins; leaving is no longer possible
      ? html`<p class="made-without-you">${st("madeWithoutYou")}</p><p class="actions"><button type="button"
          class="primary rematch-join" disabled=${busy} onClick=${() => answer(true)}>${st("join")}</button></p>`
      : html`<p class="actions"><button type="button" class="primary rematch-join" disabled=${busy}
          onClick=${() => answer(true)}>${st("join")}</button>
        <button type="button" class="rematch-leave" disabled=${busy} onClick=${() => answer(false)}>${st("leave")}</button></p>`}
  </div>`;
}
