// "My tables" (/my; issue 34): every table this browser holds a seat in (its `kartentisch.seat.<id>` keys), the ones
// waiting for this person first, with the game, the others, whose turn and how long ago (POST /api/my: never a
// card). Looked at again every minute; while the page is in the background, a table that becomes this person's turn
// is announced by the browser's notification (when allowed).
import { lang, t, toggleLang } from "./i18n.js";
import { ago, fetchMine, forget, mySeats, notifyTurn, NotifyButton, span, tb } from "./turnbased.js";
import { html, render, useEffect, useState } from "./ui.js";

const EVERY_MS = 60_000;

function TableItem({ item, gameName, token }) {
  // another's clock that ran out is for this person to act on too: the seat may go to a bot (a fresh user's host read
  // "Waiting for Dörte" a day after Dörte's time had run out)
  const act = item.your_turn || item.ran_out.length > 0;
  const state = item.over ? tb("over") : item.waiting_for_seats ? tb("waitingSeats")
    : item.your_turn ? tb("yourTurn") : item.ran_out.length ? tb("ranOut", item.ran_out.join(", "))
      : tb("waitingFor", item.to_act.join(", "));
  return html`<li class=${`my-table${act ? " your-turn" : ""}`} data-table=${item.table}>
    <div class="my-head"><strong class="my-game">${gameName}</strong>
      <span class=${`my-state${act ? " badge" : ""}`}>${state}</span></div>
    <p class="my-who">${tb("with", item.others.join(", "))}</p>
    <p class="my-when">${tb("lastChange", ago(item.ago))}${item.clock ? ` · ${item.clock}` : ""}
      ${item.deadline !== null && html`<br /><span class="my-left">${tb("left", span(item.deadline))}</span>`}
      ${item.your_time_ran_out && html`<br /><span class="my-left ran-out">${tb("yourTimeRanOut")}</span>`}</p>
    <a class=${`button${act ? " primary" : ""}`} href=${`/t/${encodeURIComponent(item.table)}#seat=${token}`}>
      ${tb("open")}</a></li>`;
}

function My({ games }) {
  const [mine, setMine] = useState(null);
  const [error, setError] = useState("");
  const [, setLang] = useState(lang());
  useEffect(() => {
    let before = null;
    const look = async () => {
      try {
        const got = await fetchMine();
        forget(got.gone);
        const turns = new Set(got.tables.filter((s) => s.your_turn).map((s) => s.table));
        if (before) for (const s of got.tables) if (turns.has(s.table) && !before.has(s.table)) notifyTurn(name(s.game), s.table);
        before = turns;
        setMine(got);
        document.title = `${turns.size ? `(${turns.size}) ` : ""}${tb("myTables")} · kartentisch`;
      } catch (exc) { setError(String(exc.message ?? exc)); }
      document.body.dataset.ready = "1";
    };
    look();
    const timer = setInterval(look, EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  const name = (id) => games.find((g) => g.id === id)?.names[lang()] ?? id;
  const tokens = Object.fromEntries(mySeats().map((s) => [s.table, s.token]));
  return html`<header><h1><a href="/">kartentisch</a></h1>
      <span id="lang"><button type="button" class="lang" lang=${lang() === "de" ? "en" : "de"}
        onClick=${() => { toggleLang(); setLang(lang()); fetchMine().then(setMine); }}>${t("lang")}</button></span></header>
    <main id="my">
      <h2>${tb("myTables")}</h2>
      <p class="tagline">${tb("turnBasedIntro")}</p>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${mine && (mine.tables.length === 0 ? html`<p class="my-none">${tb("none")}</p>`
        : html`<ul class="my-tables">${mine.tables.map((item) => html`<${TableItem} key=${item.table} item=${item}
            gameName=${name(item.game)} token=${tokens[item.table]} />`)}</ul>`)}
      <${NotifyButton} />
      <p><a href="/">${tb("backToLobby")}</a></p>
    </main>`;
}

async function main() {
  document.documentElement.lang = lang();
  const games = await (await fetch("/api/games")).json();
  render(html`<${My} games=${games} />`, document.getElementById("app"));
}

main();
