// The rules page. Its text lives in web/rules/<language>.js as plain data: sections of
// paragraphs, lists and tables, drawn here.
import { html } from './lib/html.js';
import { rulesContent, t } from './i18n/i18n.js';

function Block({ block }) {
  if (block.p) return html`<p>${block.p}</p>`;
  if (block.ul) return html`<ul>${block.ul.map((item) => html`<li>${item}</li>`)}</ul>`;
  if (block.ol) return html`<ol>${block.ol.map((item) => html`<li>${item}</li>`)}</ol>`;
  if (block.table) {
    const { caption, head, rows } = block.table;
    return html`
      <div class="table-scroll">
        <table class="rules-table">
          ${caption && html`<caption>${caption}</caption>`}
          <thead><tr>${head.map((c) => (c ? html`<th scope="col">${c}</th>` : html`<td></td>`))}</tr></thead>
          <tbody>
            ${rows.map(
              ([first, ...rest]) => html`<tr><th scope="row">${first}</th>${rest.map((c) => html`<td>${c}</td>`)}</tr>`,
            )}
          </tbody>
        </table>
      </div>
    `;
  }
  return null;
}

export function RulesPage() {
  const content = rulesContent();
  return html`
    <article class="rules">
      <h1>${t('rules.title')}</h1>
      <nav class="toc" aria-label=${t('rules.contents')}>
        <ul>
          ${content.sections.map((s) => html`<li><a href=${'#/rules/' + s.id} onClick=${jump(s.id)}>${s.title}</a></li>`)}
        </ul>
      </nav>
      ${content.sections.map(
        (s) => html`
          <section id=${'rules-' + s.id} aria-labelledby=${'rules-' + s.id + '-title'}>
            <h2 id=${'rules-' + s.id + '-title'}>${s.title}</h2>
            ${s.blocks.map((b) => html`<${Block} block=${b} />`)}
          </section>
        `,
      )}
      <p><a class="button primary" href="#/">${t('rules.play')}</a></p>
    </article>
  `;
}

// In-page links cannot use the hash (it holds the route): scroll and focus instead.
const jump = (id) => (e) => {
  e.preventDefault();
  const el = document.getElementById('rules-' + id);
  if (el) {
    el.setAttribute('tabindex', '-1');
    el.scrollIntoView();
    el.focus({ preventScroll: true });
  }
};
