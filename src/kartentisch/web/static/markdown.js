// The rules summaries are short markdown (headings, paragraphs, lists, tables, **bold**, *italic*, `code`): drawn
// here as elements whose text is always text (never parsed as HTML).
import { html } from "./ui.js";

/** Inline marks of one line as elements. */
function inline(text) {
  const out = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(m[1] ? html`<strong>${m[1]}</strong>` : m[2] ? html`<em>${m[2]}</em>` : html`<code>${m[3]}</code>`);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/** The cells of a table row `| a | b |`. */
const cells = (line) => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());

/** Markdown `text` as a list of block elements (h1–h3, p, ul, ol, table: a header row, a `|---|` row, rows). */
export function markdown(text) {
  const blocks = [];
  let list = null;
  let para = [];
  let rows = null;
  const flush = () => {
    if (para.length) blocks.push(html`<p>${inline(para.join(" "))}</p>`);
    para = [];
    if (rows) {
      const [head, ...body] = rows.filter((r) => !r.every((c) => /^:?-+:?$/.test(c)));
      blocks.push(html`<table><thead><tr>${head.map((c) => html`<th scope="col">${inline(c)}</th>`)}</tr></thead>
        <tbody>${body.map((r) => html`<tr>${r.map((c) => html`<td>${inline(c)}</td>`)}</tr>`)}</tbody></table>`);
    }
    rows = null;
    const items = list?.items.map((x) => html`<li>${inline(x)}</li>`);
    if (list) blocks.push(list.ordered ? html`<ol>${items}</ol>` : html`<ul>${items}</ul>`);
    list = null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const head = /^(#{1,3}) (.*)$/.exec(line);
    const item = /^\s*(?:([-*])|(\d+)\.) (.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (line.trimStart().startsWith("|")) {
      if (!rows) { flush(); rows = []; }
      rows.push(cells(line));
    } else if (head) {
      flush();
      const level = head[1].length;
      blocks.push(level === 1 ? html`<h1>${inline(head[2])}</h1>` : level === 2 ? html`<h2>${inline(head[2])}</h2>` : html`<h3>${inline(head[2])}</h3>`);
    } else if (item) {
      if (para.length) { blocks.push(html`<p>${inline(para.join(" "))}</p>`); para = []; }
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) { flush(); list = { ordered, items: [] }; }
      list.items.push(item[3]);
    } else if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list || rows) flush();
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
