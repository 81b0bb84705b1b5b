// The lobby's way into a group, a "Spielrunde" (group.js): a name, then the group's private page, where the
// person who started it joins first and finds the link to share.
import { lang } from "./i18n.js";
import { LimitNote, NAME_MAX, fitted } from "./namefield.js";
import { html, useState } from "./ui.js";

const STRINGS = {
  en: { title: "Play regularly with the same people?", help: "Start a group: it keeps your tables, score pads and "
    + "standings, with one private link for everyone.", name: "Name of the group", start: "Start a group",
  placeholder: "Thursday evenings" },
  de: { title: "Spielt ihr regelmäßig zusammen?", help: "Gründe eine Spielrunde: sie hält eure Tische, Punkteblöcke und "
    + "die Tabelle fest, mit einem privaten Link für alle.", name: "Name der Spielrunde", start: "Spielrunde gründen",
  placeholder: "Donnerstagsrunde" },
};
const t = (key) => STRINGS[lang()][key];

/** The lobby's "start a group" form: POST /api/groups, then the group's page. */
export function NewGroup() {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const submit = async (ev) => {
    ev.preventDefault();
    setError("");
    const res = await fetch(`/api/groups?lang=${lang()}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
    const data = await res.json().catch(() => ({}));
    if (res.ok) location.href = data.url;
    else setError(data.text ?? data.error ?? String(res.status));
  };
  return html`<section id="new-group" class="setup" aria-labelledby="new-group-title">
    <h2 id="new-group-title">${t("title")}</h2><p class="help">${t("help")}</p>
    <form class="field" onSubmit=${submit}><label class="label" for="group-name">${t("name")}</label>
      <input id="group-name" aria-describedby="group-name-limit" placeholder=${t("placeholder")}
        value=${name} onInput=${(e) => setName(fitted(e, NAME_MAX))} />
      <${LimitNote} id="group-name-limit" value=${name} max=${NAME_MAX} />
      <button type="submit" id="create-group" disabled=${!name.trim()}>${t("start")}</button></form>
    ${error && html`<p class="error" role="alert">${error}</p>`}</section>`;
}
