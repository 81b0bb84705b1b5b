// The lobby: choose a game, player count, every option of its spec (GET /api/games), fill the seats,
// create the table (POST /api/tables) and hand out the private seat links.
import { lang, langButton, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let games = [];

function translate() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
}

function current() {
  return games.find((g) => g.id === $("game").value);
}

// Options are labelled by their help text in the page's language; the option id (what the API and the
// CLI call it) and its allowed values show as the tooltip. A seat option is shown 1-based like every seat.
function optionInput(opt, players) {
  const wrap = document.createElement("label");
  wrap.className = "option";
  wrap.dataset.option = opt.name;
  const help = opt.help?.[lang()] || opt.help?.en || "";
  wrap.title = opt.kind === "seat" ? `${opt.name} (1 … ${players}; API: ${opt.allowed})` : `${opt.name} (${opt.allowed})`;
  wrap.append(Object.assign(document.createElement("span"), { className: "option-label", textContent: help || opt.name }));
  let input;
  if (opt.kind === "bool") {
    input = Object.assign(document.createElement("input"), { type: "checkbox", checked: !!opt.default });
  } else if (opt.kind === "choice") {
    input = document.createElement("select");
    opt.choices.forEach((c, i) => input.append(new Option(String(c), String(i), false, c === opt.default)));
  } else if (opt.kind === "int" || opt.kind === "seat") {
    input = Object.assign(document.createElement("input"), { type: "number" });
    const shift = opt.kind === "seat" ? 1 : 0;
    input.min = opt.kind === "seat" ? 1 : (opt.minimum ?? "");
    input.max = opt.kind === "seat" ? players : (opt.maximum ?? "");
    input.value = opt.default === null || opt.default === undefined ? "" : opt.default + shift;
    if (opt.nullable) input.placeholder = t("nullValue");
  } else {
    input = Object.assign(document.createElement("input"), { type: "text", value: JSON.stringify(opt.default) });
  }
  input.name = opt.name;
  input.dataset.kind = opt.kind;
  wrap.append(input);
  return wrap;
}

function readOption(opt, input) {
  if (opt.kind === "bool") return input.checked;
  if (opt.kind === "choice") return opt.choices[Number(input.value)];
  if (opt.kind === "int") return input.value === "" ? null : Number(input.value);
  if (opt.kind === "seat") return input.value === "" ? null : Number(input.value) - 1;
  return JSON.parse(input.value);
}

function seatRow(i) {
  const row = document.createElement("div");
  row.className = "seat-row";
  row.dataset.seat = i;
  row.innerHTML = `<span>${t("seat")} ${i + 1}</span>
    <select class="kind"><option value="human">${t("human")}</option><option value="bot">${t("bot")}</option></select>
    <input class="name" placeholder="${t("name")}" maxlength="80">
    <select class="bot"><option>heuristic</option><option>random</option><option>ismcts</option></select>
    <input class="iterations" type="number" min="1" value="500" title="${t("strength")}">`;
  const kind = row.querySelector(".kind");
  kind.value = i === 0 ? "human" : "bot";
  const sync = () => {
    const bot = kind.value === "bot";
    row.querySelector(".bot").hidden = !bot;
    row.querySelector(".iterations").hidden = !bot || row.querySelector(".bot").value !== "ismcts";
  };
  kind.addEventListener("change", sync);
  row.querySelector(".bot").addEventListener("change", sync);
  sync();
  return row;
}

function drawForm() {
  const g = current();
  const players = $("players");
  const keep = Number(players.value) || g.min_players;
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) players.append(new Option(String(n), String(n)));
  players.value = String(Math.min(Math.max(keep, g.min_players), g.max_players));
  drawSeatsAndOptions();
}

function drawSeatsAndOptions() {
  const g = current();
  const n = Number($("players").value);
  const options = $("options");
  options.replaceChildren(Object.assign(document.createElement("legend"), { textContent: t("options") }));
  if (!g.options.length) options.append(t("noOptions"));
  for (const opt of g.options) options.append(optionInput(opt, n));
  const seats = $("seats");
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: t("seats") }));
  for (let i = 0; i < n; i++) seats.append(seatRow(i));
}

function request() {
  const g = current();
  const options = {};
  for (const opt of g.options) {
    const input = $("options").querySelector(`[name="${opt.name}"]`);
    const value = readOption(opt, input);
    if (JSON.stringify(value) !== JSON.stringify(opt.default)) options[opt.name] = value;
  }
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".kind").value;
    const seat = { kind, name: row.querySelector(".name").value || null };
    if (kind === "bot") {
      seat.bot = row.querySelector(".bot").value;
      if (seat.bot === "ismcts") seat.iterations = Number(row.querySelector(".iterations").value);
    }
    return seat;
  });
  const body = { game: g.id, players: Number($("players").value), options, seats };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if ($("reaction").value !== "") body.reaction_seconds = Number($("reaction").value);
  return body;
}

async function create(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  let body;
  try {
    body = request();
  } catch (err) {
    $("lobby-error").textContent = `${t("error")}: ${err.message}`;
    return;
  }
  const res = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" },
                                             body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) {
    const msg = typeof data.error === "string" ? data.error : JSON.stringify(data.detail ?? data);
    $("lobby-error").textContent = `${t("error")}: ${msg}`;
    return;
  }
  const humans = data.seats.filter((s) => s.kind === "human");
  if ($("hotseat").checked && humans.length) {
    location.href = `/t/${data.id}#hotseat=${humans.map((s) => s.token).join(",")}`;
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  const add = (label, url) => {
    const li = document.createElement("li");
    const a = Object.assign(document.createElement("a"), { href: url, textContent: t("open") });
    a.className = "table-link";
    const full = new URL(url, location.href).href;
    const copy = Object.assign(document.createElement("button"), { type: "button", textContent: t("copy") });
    copy.addEventListener("click", () => navigator.clipboard?.writeText(full));
    li.append(`${label}: `, a, " ", copy, Object.assign(document.createElement("code"), { textContent: ` ${full}` }));
    list.append(li);
  };
  for (const s of humans) add(`${t("seatLink")} ${s.seat + 1} (${s.name})`, s.url);
  add(t("spectatorLink"), data.spectator_url);
  $("links").hidden = false;
}

async function main() {
  langButton($("lang"), () => { translate(); drawSeatsAndOptions(); });
  translate();
  games = await (await fetch("/api/games")).json();
  for (const g of games) $("game").append(new Option(g.names[lang()] ?? g.id, g.id));
  $("game").addEventListener("change", drawForm);
  $("players").addEventListener("change", drawSeatsAndOptions);
  $("new-table").addEventListener("submit", create);
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) $("game").value = wanted;
  drawForm();
  document.body.dataset.ready = "1";
}

main();
