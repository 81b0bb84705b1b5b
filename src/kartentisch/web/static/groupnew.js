// The lobby's way into a group, a "Spielrunde" (group.js): a name, then the group's private page, where the
// person who started it joins first and finds the link to share.
import { lang } from "./i18n.js";
import { LimitNote, NAME_MAX, fitted } from "./namefield.js";
import { html, useRef, useState } from "./ui.js";

const STRINGS = {
  en: { title: "Play regularly with the same people?", help: "Start a group: it keeps your tables, score pads and "
    + "standings, with one private link for everyone.", name: "Name of the group", start: "Start a group",
  starting: "Starting the group…", placeholder: "Thursday evenings" },
  de: { title: "Spielt ihr regelmäßig zusammen?", help: "Gründe eine Spielrunde: sie hält eure Tische, Punkteblöcke und "
    + "die Tabelle fest, mit einem privaten Link für alle.", name: "Name der Spielrunde", start: "Spielrunde gründen",
  starting: "Gründe die Spielrunde…", placeholder: "Donnerstagsrunde" },
};
const t = (key) => STRINGS[lang()][key];

/** The lobby's "start a group" form: POST /api/groups, then the group's page. */
export function NewGroup() {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  // As the lobby's "Create table": a double click starts one group. The ref holds at once (the second click
  // may come before the disabled button is drawn); busy disables and names the button.
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const submit = async (ev) => {
    ev.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError("");
    const res = await fetch(`/api/groups?lang=${lang()}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
    const data = await res.json().catch(() => ({}));
    if (res.ok) {
      location.href = data.url;  // busy until the group's page replaces this one
      return;
    }
    sending.current = false;
    setBusy(false);
    setError(data.text ?? data.error ?? String(res.status));
  };
  return html`<section id="new-group" class="setup" aria-labelledby="new-group-title">
    <h2 id="new-group-title">${t("title")}</h2><p class="help">${t("help")}</p>
    <form class="field" onSubmit=${submit}><label class="label" for="group-name">${t("name")}</label>
      <input id="group-name" aria-describedby="group-name-limit" placeholder=${t("placeholder")}
        value=${name} onInput=${(e) => setName(fitted(e, NAME_MAX))} />
      <${LimitNote} id="group-name-limit" value=${name} max=${NAME_MAX} />
      <button type="submit" id="create-group" disabled=${busy || !name.trim()}>${busy ? t("starting")
        : t("start")}</button></form>
    ${error && html`<p class="error" role="alert">${error}</p>`}</section>`;
}
