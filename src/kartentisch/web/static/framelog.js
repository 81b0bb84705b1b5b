// What the table page and the table display both read from a socket's frames: the log carried on from the
// frames before, and the cards the newest move concerned.

/** The entries of `log` up to event `n`: round 1's start, the first n moves, each with the round entry that may
 * follow it, and the seats' notes before them (a note after the n-th move comes again with the moves from n on, and
 * the start with the moves from 0 on). */
export function firstEvents(log, n) {
  let moves = 0;
  const again = (entry) => (entry.kind === "seat" || entry.kind === "start") && moves === n;
  const end = log.findIndex((entry) => again(entry) || (!entry.kind && moves++ === n));
  return end < 0 ? log : log.slice(0, end);
}

/** The frame's whole log: a socket frame carries the log from event `log_start` on (the first frame all of it), so
 * the entries before come from the `previous` frame of the same socket (null: none). */
export function wholeLog(previous, frame) {
  return firstEvents(previous?.log ?? [], frame.log_start).concat(frame.log);
}

/** Codes of the cards named by the newest move of `frame` (its log entry's `cards`, those the view shows). */
export function movedCards(frame) {
  const last = [...frame.log].reverse().find((e) => !e.kind);  // a move: no round end, seat note or round 1's start
  return new Set(last ? last.cards.filter((c) => frame.card_names?.[c]) : []);
}
