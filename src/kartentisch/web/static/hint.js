// Hints at the table (issue 23): where the table allows them, a person asks the coach during their own decision and
// sees its best moves in words with their chances to win the match; a button plays one. The search runs on the
// server (GET /api/tables/{id}/hint with the seat's token), so the page only waits for the answer.
import { chance, coachWord, ct } from "./coachwords.js";
import { lang } from "./i18n.js";
import { html, useState } from "./ui.js";

/** Moves the panel shows at most. */
const TOP = 3;

/**
 * The hint panel of a seat's decision: `tableId`, `token` (the seat's), `frame` (its frame: asking is offered while
 * it has legal moves), `play(token)` sends a move. Keyed by the position (frame.n) in table.js, so a new position
 * starts without a hint.
 */
export function HintPanel({ tableId, token, frame, game, play }) {
  const [hint, setHint] = useState(null);   // null, {busy}, {error}, or the answer
  if (!frame.hints || !frame.legal.length) return null;
  const ask = async () => {
    setHint({ busy: true });
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint?lang=${lang()}`,
      { headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
    const data = res ? await res.json().catch(() => ({})) : {};
    setHint(res?.ok ? data : { error: data.text ?? data.error ?? String(res?.status ?? ct("error")) });
  };
  const stale = hint?.moves && hint.n !== frame.n;
  return html`<section class="hint-panel" data-zone="hint" aria-labelledby="hint-title" aria-live="polite">
    <h2 id="hint-title" class="sr-only">${ct("hint")}</h2>
    ${!hint?.moves && html`<button type="button" class="ask-hint" disabled=${hint?.busy} aria-busy=${hint?.busy ? "true" : "false"}
        onClick=${ask}><span aria-hidden="true">? </span>${ct("hintAsk")}</button>`}
    ${hint?.busy && html`<span class="progress" role="status"><progress aria-label=${ct("hintThinking")}></progress> ${ct("hintThinking")}</span>`}
    ${hint?.error && html`<p class="error" role="alert">${hint.error}</p>`}
    ${hint?.moves && html`<div class="hint-moves">
      <p class="hint-head"><strong>${ct("hintTitle")}</strong> <small>${coachWord(game, "hintFrom", { games: hint.searches })}</small></p>
      ${stale ? html`<p>${ct("hintOld")}</p>` : html`<ol>${hint.moves.slice(0, TOP).map((m) => html`<li data-token=${m.token}>
        <span class="text">${m.text}</span>
        <span class="win" title=${ct("win")}><span class="bar" aria-hidden="true"><span style=${{ width: `${Math.round(100 * m.win)}%` }}></span></span>
          ${chance(m.win)} <small>${ct("win")}</small></span>
        <button type="button" class="play-hint" onClick=${() => play(m.token)}>${ct("play")}</button></li>`)}</ol>`}
    </div>`}
  </section>`;
}

/** The lobby's hint setting: `value` true/false, or null for the default (on for at most one person: `people`). */
export function HintsOption({ value, people, onChange }) {
  const on = value ?? people <= 1;
  return html`<div class="field option" data-option="hints">
    <label><input id="hints" type="checkbox" checked=${on} onChange=${(e) => onChange(e.currentTarget.checked)} /> ${ct("hintsOption")}</label>
    <p class="help">${ct("hintsHelp")}</p>
  </div>`;
}
