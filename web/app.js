// The page: one app with hash routes.
//   #/ (or nothing)           home: what Phantom Go is, and the table setup
//   #/rules                   the rules page
//   #table=<id>&token=<tok>   a seat at a table (the token stays in the fragment, never sent)
//   #table=<id>               watching a table
//   #game=<id>&step=<n>       a finished game's replay at step n (game.js)
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { LANGUAGES, initialLanguage, language, onLanguageChange, setLanguage, t } from './i18n/i18n.js';
import { HomePage } from './home.js';
import { RulesPage } from './rules.js';
import { TablePage } from './table.js';
import { GamePage } from './game.js';

/// The route named by a location hash.
export function parseRoute(hash) {
  const h = hash.replace(/^#/, '');
  if (h.startsWith('/rules')) return { page: 'rules' };
  const params = new URLSearchParams(h);
  const table = params.get('table');
  if (table) return { page: 'table', table, token: params.get('token') };
  const game = params.get('game');
  if (game) {
    const step = Number.parseInt(params.get('step') ?? '', 10);
    return { page: 'game', game, step: Number.isNaN(step) ? null : step };
  }
  return { page: 'home' };
}

function useHashRoute() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const f = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', f);
    return () => removeEventListener('hashchange', f);
  }, []);
  return route;
}

function useLanguage() {
  const [code, setCode] = useState(language());
  useEffect(() => onLanguageChange(setCode), []);
  return code;
}

function LanguagePicker() {
  const code = useLanguage();
  return html`
    <label class="lang">
      <span class="sr-only">${t('nav.language')}</span>
      <select
        value=${code}
        onChange=${(e) => setLanguage(e.currentTarget.value, true)}
        aria-label=${t('nav.language')}
      >
        ${LANGUAGES.map((l) => html`<option value=${l.code} lang=${l.code}>${l.name}</option>`)}
      </select>
    </label>
  `;
}

function Footer() {
  const [info, setInfo] = useState(null);
  useEffect(() => {
    fetch('/api/info')
      .then((r) => (r.ok ? r.json() : null))
      .then(setInfo)
      .catch(() => setInfo(null));
  }, []);
  return html`
    <footer class="site-footer">
      <span>${t('footer.about')}</span>
      ${info &&
      html`<span class="version" data-testid="version">
        ${t('footer.version', { version: info.version, commit: String(info.commit).slice(0, 12) })}
      </span>`}
    </footer>
  `;
}

function App() {
  const route = useHashRoute();
  const code = useLanguage();
  useEffect(() => {
    // A table page sets its own title (it shows whose turn it is).
    if (route.page === 'rules') document.title = `${t('rules.title')} · ${t('site.name')}`;
    else if (route.page === 'home') document.title = t('site.name');
    else if (route.page === 'game') document.title = `${t('game.title')} · ${t('site.name')}`;
  }, [route.page, code]);
  // After a change of page, the focus goes to the new content (not on the first load).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [route.page, route.table, route.token, route.game]);
  // Each page keeps its own state; a table page is keyed by its table and token so that a new
  // link starts a fresh connection.
  let page;
  if (route.page === 'rules') page = html`<${RulesPage} />`;
  else if (route.page === 'game') page = html`<${GamePage} key=${`${route.game}:${route.step}`} game=${route.game} step=${route.step} />`;
  else if (route.page === 'table')
    page = html`<${TablePage} key=${route.table + ':' + (route.token ?? '')} table=${route.table} token=${route.token} />`;
  else page = html`<${HomePage} />`;
  return html`
    <a class="skip-link" href="#main" onClick=${skipToMain}>${t('nav.skip')}</a>
    <header class="site-header">
      <a class="brand" href="#/">${t('site.name')}</a>
      <nav aria-label=${t('nav.label')}>
        <a href="#/" aria-current=${route.page === 'home' ? 'page' : undefined}>${t('nav.play')}</a>
        <a href="#/rules" aria-current=${route.page === 'rules' ? 'page' : undefined}>${t('nav.rules')}</a>
      </nav>
      <${LanguagePicker} />
    </header>
    <main id="main" tabindex="-1">${page}</main>
    <${Footer} />
  `;
}

// The skip link moves focus to <main> without touching the hash, which holds the route.
function skipToMain(e) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}

await setLanguage(initialLanguage());
render(html`<${App} />`, document.getElementById('app'));
