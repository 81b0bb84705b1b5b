// The review of a finished match (issue 23): a button starts it on the server (POST …/review), the page follows its
// progress (GET …/review) and then draws each reviewed seat's chance to win after each of its moves as a curve with
// the marked moves on it, and lists those moves in words with the better move the coach found.
import { chance, coachWord, ct, MARKS, pct } from "./coachwords.js";
import { lang } from "./i18n.js";
import { html, useEffect, useState } from "./ui.js";

/** Milliseconds between two looks at a running review. */
const POLL = 600;
/** The curves' colours per seat (told apart by their labels too). */
const LINES = ["#1f5fbf", "#c62828", "#1b7a34", "#7b3fb5", "#8a6700", "#00727d"];
const W = 800;
const H = 260;
const PAD = 8;
/** Room for the axes: the chance's ticks and title on the left, the move numbers and title below. */
const LEFT = 90;
const BOTTOM = 60;

/** Move numbers to tick on an axis from 0 to `end`: a step of 1, 2 or 5 × 10^k giving at most ten ticks. */
function moveTicks(end) {
  const step = [1, 2, 5].flatMap((m) => [1, 10, 100, 1000].map((k) => m * k)).sort((a, b) => a - b)
    .find((s) => end / s <= 10) ?? Math.ceil(end / 10);
  return Array.from({ length: Math.floor(end / step) + 1 }, (_, i) => i * step);
}

async function getJson(url, method = "GET") {
  const res = await fetch(url, { method }).catch(() => null);
  const data = res ? await res.json().catch(() => ({})) : {};
  return res?.ok ? data : { state: "failed", error: data.text ?? data.error ?? String(res?.status ?? "") };
}

/**
 * A review being made or made: `api` (/api/tables/<id> or /api/replays/<id>), `names(seat)` a seat's name, `total`
 * the match's moves, `reader` whom it is worded for (a seat counted from 1 as a string, "spectator", or "all"),
 * `onReview(review)` told once it is done, `jump(n, seat)` (optional) opens position n, `replayUrl` (optional) the
 * replay's address, `at` (optional) the position shown beside it (a line on the curve).
 *
 * It opens in the reader's own view (the server words the other seats' moves as the reader saw them, fresh-user
 * report "fair play"); every seat's moves with their cards is an explicit choice (a checkbox; the match is over).
 */
export function ReviewPanel({ api, game, names, total, reader, onReview = () => {}, jump = null, replayUrl = null, at = null }) {
  const [review, setReview] = useState(null);
  const [asked, setAsked] = useState(0);   // times the person pressed the button (the first look only reads)
  const [every, setEvery] = useState(false);   // every seat's moves with their cards, asked for
  const seat = every ? "all" : reader;
  useEffect(() => {
    let stop = false;
    let timer = null;
    const look = async (method) => {
      const data = await getJson(`${api}/review?lang=${lang()}&seat=${encodeURIComponent(seat)}`, method);
      if (stop) return;
      setReview(data);
      if (data.state === "running") timer = setTimeout(() => look("GET"), POLL);
      if (data.state === "done") onReview(data);
    };
    look(asked ? "POST" : "GET");
    return () => { stop = true; clearTimeout(timer); };
  }, [api, asked, seat]);
  const state = review?.state;
  return html`<section class="review" data-zone="review" data-state=${state ?? "loading"} aria-labelledby="review-title">
    <h2 id="review-title">${ct("reviewTitle")}</h2>
    ${(state === "none" || state === "failed") && html`<p class="actions">
      <button type="button" class="primary start-review" onClick=${() => setAsked(asked + 1)}>${coachWord(game, "review")}</button>
      ${replayUrl && html`<a class="button replay-link" href=${replayUrl}>${coachWord(game, "replay")}</a>`}</p>`}
    ${state === "failed" && review.error && html`<p class="error" role="alert">${ct("reviewFailed", review.error)}</p>`}
    ${state === "running" && html`<p class="progress" role="status">
      <progress value=${review.done} max=${Math.max(review.total, 1)} aria-label=${ct("reviewTitle")}></progress>
      ${review.total ? ct("reviewing", review.done + 1 > review.total ? review.total : review.done + 1, review.total) : ct("reviewWait")}</p>`}
    ${state === "done" && reader !== "all" && html`<label class="every-move"><input type="checkbox" checked=${every}
      onChange=${(e) => setEvery(e.currentTarget.checked)} /> ${ct("everyMove")}</label>`}
    ${state === "done" && html`<${Curve} review=${review} game=${game} names=${names} total=${total} at=${at} jump=${jump} />
      ${review.full_effort < review.total && html`<p class="effort">${coachWord(game, "reviewEffort", { first: review.full_effort,
        total: review.total, searches: review.iterations, fewer: review.low_iterations })}</p>`}
      <${Marked} review=${review} names=${names} jump=${jump} />
      ${replayUrl && html`<p class="actions"><a class="button primary replay-link" href=${replayUrl}>${coachWord(game, "replay")}</a></p>`}`}
  </section>`;
}

/** The decisions of `review` with a mark worse than good, in the match's order. */
export function markedDecisions(review) {
  return review.decisions.filter((d) => d.mark in MARKS);
}

/** Each reviewed seat's chance to win after each of its moves (x: the move number, y: the chance in %, both axes
 * labelled), marks as larger dots, the match's result at its end. */
function Curve({ review, game, names, total, at, jump }) {
  const end = Math.max(1, total, ...review.decisions.map((d) => d.n));
  const x = (n) => LEFT + ((W - LEFT - PAD) * n) / end;
  const y = (win) => PAD + (H - PAD - BOTTOM) * (1 - win);
  // a person whose every move a bot made has nothing reviewed: no line, so no key either (a fresh user saw keys
  // of two such seats beside a stray result square)
  const seats = review.seats.filter((s) => review.decisions.some((d) => d.seat === s));
  return html`<figure class="curve">
    <figcaption>${coachWord(game, "curve")}
      <span class="legend">${seats.map((s, i) => html`<span class="key" data-seat=${s}>
        <span class="swatch" style=${{ background: LINES[i % LINES.length] }} aria-hidden="true"></span>${names(s)}</span>`)}</span></figcaption>
    <svg viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${seats.map((s) => ct("curveOf", names(s))).join("; ")}>
      <g class="axes" aria-hidden="true">
        <line x1=${LEFT} x2=${LEFT} y1=${y(1)} y2=${y(0)} /><line x1=${LEFT} x2=${W - PAD} y1=${y(0)} y2=${y(0)} />
        ${[0, 0.5, 1].map((win) => html`<text class="tick" x=${LEFT - 6} y=${y(win)} dominant-baseline="middle" text-anchor="end">${pct(win)}</text>`)}
        ${moveTicks(end).map((n) => html`<text class="tick" x=${x(n)} y=${y(0) + 6} dominant-baseline="hanging" text-anchor="middle">${n}</text>`)}
        <text class="axis-title" x=${x(end / 2)} y=${H - 4} text-anchor="middle">${ct("axisMove")}</text>
        <text class="axis-title" transform=${`translate(20 ${y(0.5)}) rotate(-90)`} text-anchor="middle">${ct("axisWin")}</text>
      </g>
      <line class="even" x1=${LEFT} x2=${W - PAD} y1=${y(1 / review.players)} y2=${y(1 / review.players)} />
      ${at !== null && html`<line class="now" x1=${x(at)} x2=${x(at)} y1="0" y2=${H} />`}
      ${seats.map((s, i) => {
        const mine = review.decisions.filter((d) => d.seat === s);
        const ends = review.result ? [[end, review.result[s]]] : [];
        const points = [...mine.map((d) => [d.n, d.win_chosen]), ...ends]
          .map(([n, win]) => `${x(n).toFixed(1)},${y(win).toFixed(1)}`).join(" ");
        return html`<g data-seat=${s} style=${{ color: LINES[i % LINES.length] }}>
          <polyline points=${points} />
          ${mine.filter((d) => d.mark in MARKS).map((d) => html`<circle class=${`mark-${d.mark}`} cx=${x(d.n)} cy=${y(d.win_chosen)}
            r=${d.mark === "blunder" ? 6 : 4.5} onClick=${jump ? () => jump(d.n - 1, d.seat) : undefined}><title>${ct("move", d.n)}: ${ct(d.mark)}</title></circle>`)}
          ${ends.map(([n, win]) => html`<rect class="result" x=${x(n) - 4} y=${y(win) - 4} width="8" height="8"><title>${ct("result")}: ${pct(win)}</title></rect>`)}
        </g>`;
      })}
    </svg>
  </figure>`;
}

/** The marked moves in words: who, the move, the mark and the loss, the better move and its chance (the reader's
 * own decisions only: another seat's better move may name cards the reader never saw). */
function Marked({ review, names, jump }) {
  const marked = markedDecisions(review);
  // good only because the loss is within the search's noise (coach.py unsure)
  const unsure = review.decisions.filter((d) => d.unsure);
  const note = unsure.length > 0 && html`<p class="unsure">${ct(unsure.length === 1 ? "unsureOne" : "unsureMany",
    unsure.map((d) => `${ct("move", d.n)} (${names(d.seat)}: ${ct("loss", Math.round(100 * d.loss))})`).join(", "))}</p>`;
  if (!marked.length) return html`<p class="no-marks">${ct(unsure.length ? "noSureMarks" : "noMarks")}</p>${note}`;
  return html`<h3>${ct("marked")}</h3>
    <p class="mark-legend">${Object.entries(MARKS).reverse().map(([mark, sign]) => html`<span class=${`mark-${mark}`}>
      <span class="badge" aria-hidden="true">${sign}</span> ${ct(mark)}</span>`)}
      <span class="mean">${ct("marksMean")}</span></p>
    <ol class="marked">${marked.map((d) => html`<li class=${`mark-${d.mark}`} data-n=${d.n} data-seat=${d.seat}>
      <span class="badge" aria-hidden="true">${MARKS[d.mark]}</span>
      <span class="what">${jump ? html`<button type="button" class="jump" title=${ct("jump")}
          onClick=${() => jump(d.n - 1, d.seat)}>${ct("move", d.n)}</button>` : ct("move", d.n)}${` · ${names(d.seat)}: `}<b>${d.text}</b>${` — ${ct(d.mark)} (${ct("loss", Math.round(100 * d.loss))}).`}${d.best_text ? ` ${ct("better", d.best_text, chance(d.win_best))}` : ""}</span></li>`)}</ol>
    ${note}`;
}

/** The lobby's way to a replay file's page (/replay: open a file saved by `kartentisch play`). */
export function ReplayFileLink() {
  return html`<p class="replay-file"><a href="/replay">${ct("upload")}</a></p>`;
}
