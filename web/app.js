// The page: one app with hash routes.
//   #/ (or nothing)           home: what Phantom Go is, and the table setup
//   #/rules                   the rules page
//   #/sign-up, #/sign-in      a new account; signing in (a passkey, or a recovery code)
//   #/account                 the signed-in account (the sign-in page when signed out)
//   #table=<id>&token=<tok>   a seat at a table (the token stays in the fragment, never sent)
//   #table=<id>               watching a table
//   #game=<id>&step=<n>       a finished game's replay at step n (game.js)
//   #/leaderboard[/<category>] the best settled players of each category, or one's best hundred
//   #/arena/<id>              an arena tournament (arena.js)
//   /@/<name> (a path)         a player's page (the server serves this page there)
//   #/email/verify|sign-in|off/<token>  a mailed link's page (email.js)
//   #/seat/<table>             a "your move" mail's link: the signed-in account's seat
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { LANGUAGES, initialLanguage, language, onLanguageChange, setLanguage, t } from './i18n/i18n.js';
import { HomePage } from './home.js';
import { RulesPage } from './rules.js';
import { TablePage } from './table.js';
import { GamePage } from './game.js';
import { SignUpPage } from './sign-up.js';
import { SignInPage } from './sign-in.js';
import { AccountPage } from './account.js';
import { useAccount } from './account-state.js';
import { PlayerPage } from './player-page.js';
import { LeaderboardPage } from './leaderboard.js';
import { RatedSeatGate } from './rated-seat.js';
import { ArenaPage } from './arena.js';
import { EmailLinkPage, SeatLinkPage } from './email.js';

/// The route named by a location's hash (and path: /@/<name> is a player's page).
export function parseRoute(hash, path = '/') {
  if (path.startsWith('/@/') && path.length > 3) {
    let name = path.slice(3);
    try {
      name = decodeURIComponent(name);
    } catch {
      // not percent-encoded text: the name as written
    }
    return { page: 'player', name };
  }
  const h = hash.replace(/^#/, '');
  if (h === '/leaderboard' || h.startsWith('/leaderboard/') || h.startsWith('/leaderboard?')) {
    let category = h.startsWith('/leaderboard/') ? h.slice('/leaderboard/'.length) : '';
    try {
      category = decodeURIComponent(category);
    } catch {
      // as written
    }
    return { page: 'leaderboard', category: category || null };
  }
  if (h.startsWith('/arena/') && h.length > '/arena/'.length) {
    let arena = h.slice('/arena/'.length);
    try {
      arena = decodeURIComponent(arena);
    } catch {
      // as written
    }
    return { page: 'arena', arena };
  }
  const mailed = /^\/email\/(verify|sign-in|off)\/([A-Za-z0-9_-]+)$/.exec(h);
  if (mailed) return { page: 'email-link', kind: mailed[1], token: mailed[2] };
  const seat = /^\/seat\/([A-Za-z0-9_-]+)$/.exec(h);
  if (seat) return { page: 'seat-link', table: seat[1] };
  if (h.startsWith('/rules')) return { page: 'rules' };
  if (h.startsWith('/sign-up')) return { page: 'sign-up' };
  if (h.startsWith('/sign-in')) return { page: 'sign-in' };
  if (h.startsWith('/account')) return { page: 'account' };
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
  const [route, setRoute] = useState(() => parseRoute(location.hash, location.pathname));
  useEffect(() => {
    const f = () => setRoute(parseRoute(location.hash, location.pathname));
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

/// The language menu. On a phone it shows the language's code ("DE"), with the menu itself laid
/// invisibly over it (the menu still opens and reads as before): the header keeps to one line.
function LanguagePicker() {
  const code = useLanguage();
  return html`
    <label class="lang">
      <span class="sr-only">${t('nav.language')}</span>
      <span class="lang-code" aria-hidden="true">${code.toUpperCase()}</span>
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

/// The header's account link: "Sign in" when signed out, the account's name when signed in
/// (nothing until GET /api/account has answered, so that the header does not flicker). On a
/// phone only its icon shows (an outline of a person, or the name's first letter in a disc),
/// and the words are there for screen readers: the header keeps to one line at 390 px.
function AccountLink({ page }) {
  const { loaded, account } = useAccount();
  if (!loaded) return null;
  if (!account)
    return html`<a class="account-link" href="#/sign-in" data-testid="header-sign-in"
      aria-current=${page === 'sign-in' ? 'page' : undefined}
      ><svg class="account-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg><span class="account-text">${t('nav.signIn')}</span></a
    >`;
  const initial = [...account.name][0]?.toLocaleUpperCase() ?? '';
  return html`<a class="account-link" href="#/account" data-testid="header-account"
    aria-current=${page === 'account' ? 'page' : undefined}
    ><span class="account-initial" aria-hidden="true">${initial}</span><span class="account-text"
      ><span class="sr-only">${t('nav.account')}: </span><span class="account-name">${account.name}</span></span
    ></a
  >`;
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
      <a href="#/leaderboard" data-testid="footer-leaderboard">${t('nav.leaderboard')}</a>
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
    else if (route.page === 'sign-up') document.title = `${t('signUp.title')} · ${t('site.name')}`;
    else if (route.page === 'sign-in') document.title = `${t('signIn.title')} · ${t('site.name')}`;
    else if (route.page === 'account') document.title = `${t('account.title')} · ${t('site.name')}`;
    else if (route.page === 'email-link' || route.page === 'seat-link') document.title = `${t('email.title')} · ${t('site.name')}`;
  }, [route.page, code]);
  // After a change of page, the focus goes to the new content (not on the first load).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [route.page, route.table, route.token, route.game, route.category, route.arena]);
  // Each page keeps its own state; a table page is keyed by its table and token so that a new
  // link starts a fresh connection.
  let page;
  if (route.page === 'rules') page = html`<${RulesPage} />`;
  else if (route.page === 'sign-up') page = html`<${SignUpPage} />`;
  else if (route.page === 'sign-in') page = html`<${SignInPage} />`;
  else if (route.page === 'account') page = html`<${AccountPage} />`;
  else if (route.page === 'email-link') page = html`<${EmailLinkPage} key=${route.token} kind=${route.kind} token=${route.token} />`;
  else if (route.page === 'seat-link') page = html`<${SeatLinkPage} key=${route.table} table=${route.table} />`;
  else if (route.page === 'game') page = html`<${GamePage} key=${`${route.game}:${route.step}`} game=${route.game} step=${route.step} />`;
  else if (route.page === 'player') page = html`<${PlayerPage} name=${route.name} />`;
  else if (route.page === 'leaderboard') page = html`<${LeaderboardPage} category=${route.category} />`;
  else if (route.page === 'arena') page = html`<${ArenaPage} key=${route.arena} id=${route.arena} />`;
  else if (route.page === 'table')
    // A rated table's seat becomes the signed-in player's before the page joins (rated-seat.js).
    page = html`<${RatedSeatGate} key=${route.table + ':' + (route.token ?? '')} table=${route.table} token=${route.token}>
      <${TablePage} table=${route.table} token=${route.token} />
    <//>`;
  else page = html`<${HomePage} />`;
  return html`
    <a class="skip-link" href="#main" onClick=${skipToMain}>${t('nav.skip')}</a>
    <header class="site-header">
      <a class="brand" href="#/">${t('site.name')}</a>
      <nav aria-label=${t('nav.label')}>
        <a href="#/" aria-current=${route.page === 'home' ? 'page' : undefined}>${t('nav.play')}</a>
        <a href="#/rules" aria-current=${route.page === 'rules' ? 'page' : undefined}>${t('nav.rules')}</a>
      </nav>
      <${AccountLink} page=${route.page} />
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
