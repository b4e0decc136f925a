// Arena tournaments (docs/arena.md; docs/protocol.md, "Arenas").
//   ArenaList: on the home page, the upcoming and running arenas (GET /api/arenas, every 10 s)
//              and, for a signed-in player, the form that creates one.
//   ArenaPage: #/arena/<id>: join, pause, leave; the live standings (GET /api/arenas/<id> every
//              2 s, which also keeps a joined player present for the pairing); a link to the
//              player's own game in progress (its seat link, which only their page receives);
//              who plays whom; at the end the podium; each player's games, with their points
//              and a link to each replay.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { useAccount } from './account-state.js';
import { errorSentence } from './errors.js';
import { challengeSummary } from './lobby.js';

const LIST_MS = 10000;
const PAGE_MS = 2000;

export const arenaHref = (id) => `#/arena/${encodeURIComponent(id)}`;
const playHref = (game) => `#table=${encodeURIComponent(game.table)}&token=${encodeURIComponent(game.token)}`;

/// "14:05" (today) or the date and time, in the page's language.
function when(ms) {
  const d = new Date(ms);
  const today = new Date().toDateString() === d.toDateString();
  return today
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const statusText = (status) => t(`arena.status.${status}`);

/// The message of a refused request.
async function refusal(res) {
  try {
    const j = await res.json();
    const code = j?.error?.code;
    if (code === 'bad-request' || code === 'rate-limited') return j.error.message;
    return errorSentence(code);
  } catch {
    return t('err.network');
  }
}

function CreateForm({ onCreated }) {
  const [name, setName] = useState('');
  const [startIn, setStartIn] = useState('5');
  const [minutes, setMinutes] = useState('30');
  const [size, setSize] = useState('9');
  const [clock, setClock] = useState('180+2');
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const [main, inc] = clock.split('+').map(Number);
    try {
      const res = await fetch('/api/arenas', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: name.trim(),
          starts_at: Date.now() + Number(startIn) * 60000,
          duration_s: Number(minutes) * 60,
          size: Number(size),
          clock: { main_seconds: main, increment_seconds: inc },
        }),
      });
      if (res.ok) {
        const a = await res.json();
        setName('');
        onCreated?.(a);
        location.hash = arenaHref(a.id);
      } else setError(await refusal(res));
    } catch {
      setError(t('err.network'));
    }
    setBusy(false);
  };
  return html`<form class="arena-create" onSubmit=${submit} data-testid="arena-create">
    <h3>${t('arena.create')}</h3>
    <label>${t('arena.name')}
      <input value=${name} maxlength="40" required onInput=${(e) => setName(e.currentTarget.value)} data-testid="arena-name" />
    </label>
    <label>${t('arena.startIn')}
      <select value=${startIn} onChange=${(e) => setStartIn(e.currentTarget.value)}>
        ${['0', '5', '15', '30', '60'].map((m) => html`<option value=${m}>${m === '0' ? t('arena.now') : t('arena.minutes', { n: Number(m) })}</option>`)}
      </select>
    </label>
    <label>${t('arena.duration')}
      <select value=${minutes} onChange=${(e) => setMinutes(e.currentTarget.value)}>
        ${['30', '45', '60', '90', '120'].map((m) => html`<option value=${m}>${t('arena.minutes', { n: Number(m) })}</option>`)}
      </select>
    </label>
    <label>${t('arena.size')}
      <select value=${size} onChange=${(e) => setSize(e.currentTarget.value)}>
        ${['5', '7', '9', '13', '19'].map((s) => html`<option value=${s}>${s} × ${s}</option>`)}
      </select>
    </label>
    <label>${t('arena.clock')}
      <select value=${clock} onChange=${(e) => setClock(e.currentTarget.value)}>
        ${['60+1', '180+2', '300+3', '600+5'].map((c) => {
          const [m, i] = c.split('+').map(Number);
          return html`<option value=${c}>${t('lobby.clock', { main: m / 60, inc: i })}</option>`;
        })}
      </select>
    </label>
    <button type="submit" disabled=${busy} data-testid="arena-create-submit">${t('arena.createButton')}</button>
    ${error && html`<p class="error" role="alert" data-testid="arena-create-error">${error}</p>`}
  </form>`;
}

/// The arenas on the home page.
export function ArenaList() {
  const { account } = useAccount();
  const [arenas, setArenas] = useState(null);
  const load = () =>
    fetch('/api/arenas')
      .then((r) => (r.ok ? r.json() : null))
      .then((j) => setArenas(j ? j.arenas.filter((a) => a.status !== 'finished') : []))
      .catch(() => setArenas([]));
  useEffect(() => {
    load();
    const timer = setInterval(() => document.visibilityState === 'visible' && load(), LIST_MS);
    return () => clearInterval(timer);
  }, []);
  return html`<section class="card arenas" aria-labelledby="arenas-title" data-testid="arenas">
    <h2 id="arenas-title">${t('arena.title')}</h2>
    <p class="muted">${t('arena.lead')}</p>
    ${arenas === null
      ? html`<p role="status">${t('arena.loading')}</p>`
      : arenas.length === 0
        ? html`<p data-testid="arenas-empty">${t('arena.none')}</p>`
        : html`<ul class="arena-list">
            ${arenas.map(
              (a) => html`<li key=${a.id} data-testid="arena-item">
                <a href=${arenaHref(a.id)}>${a.name}</a>
                <span class="muted"> · ${statusText(a.status)} · ${when(a.starts_at)} – ${when(a.ends_at)} ·
                  ${t('arena.players', { n: a.active_players })} · ${challengeSummary(a)}</span>
              </li>`,
            )}
          </ul>`}
    ${account
      ? html`<${CreateForm} onCreated=${load} />`
      : html`<p><a href="#/sign-in">${t('arena.signInToCreate')}</a></p>`}
  </section>`;
}

function Standings({ lines, onPick }) {
  if (lines.length === 0) return html`<p data-testid="arena-nobody">${t('arena.nobody')}</p>`;
  return html`<div class="table-scroll"><table class="score arena-standings" data-testid="arena-standings">
    <caption class="sr-only">${t('arena.standings')}</caption>
    <thead><tr>
      <th scope="col">${t('leaderboard.rank')}</th>
      <th scope="col">${t('leaderboard.name')}</th>
      <th scope="col">${t('arena.score')}</th>
      <th scope="col">${t('leaderboard.games')}</th>
    </tr></thead>
    <tbody>
      ${lines.map(
        (l) => html`<tr key=${l.name} data-testid="arena-line">
          <td>${l.rank}</td>
          <th scope="row">
            <button type="button" class="link" onClick=${() => onPick(l.name)}>${l.name}</button>
            ${l.on_fire && html` <span class="fire" title=${t('arena.onFire')}>🔥<span class="sr-only">${t('arena.onFire')}</span></span>`}
            ${l.state !== 'active' && html` <span class="muted">(${t(`arena.state.${l.state}`)})</span>`}
          </th>
          <td>${l.score}</td>
          <td>${l.games}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

function PlayerGames({ arena, name, onClose }) {
  const [data, setData] = useState(undefined);
  useEffect(() => {
    fetch(`/api/arenas/${encodeURIComponent(arena)}/players/${encodeURIComponent(name)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then(setData)
      .catch(() => setData(null));
  }, [arena, name]);
  return html`<section class="card" aria-labelledby="arena-player" data-testid="arena-player">
    <h3 id="arena-player">${t('arena.gamesOf', { name })}</h3>
    ${data === undefined
      ? html`<p role="status">${t('arena.loading')}</p>`
      : data === null
        ? html`<p class="error" role="alert">${t('err.network')}</p>`
        : data.games.length === 0
          ? html`<p>${t('arena.noGames')}</p>`
          : html`<ul>
              ${data.games.map(
                (g) => html`<li key=${g.table}>
                  ${t(`color.${g.color}`)} · ${g.opponent} ·
                  ${t('arena.points', { n: g.points })}${g.doubled ? ' 🔥' : ''} ·
                  <a href=${`#game=${encodeURIComponent(g.table)}`}>${t('arena.replay')}</a>
                </li>`,
              )}
            </ul>`}
    <button type="button" onClick=${onClose}>${t('arena.close')}</button>
  </section>`;
}

/// #/arena/<id>.
export function ArenaPage({ id }) {
  const { account } = useAccount();
  const [a, setA] = useState(undefined); // undefined: loading; null: failed; 'missing'
  const [error, setError] = useState(null);
  const [picked, setPicked] = useState(null);
  const load = () =>
    fetch(`/api/arenas/${encodeURIComponent(id)}`)
      .then((r) => (r.status === 404 ? 'missing' : r.ok ? r.json() : null))
      .then(setA)
      .catch(() => setA((old) => old ?? null));
  useEffect(() => {
    load();
    const timer = setInterval(load, PAGE_MS);
    return () => clearInterval(timer);
  }, [id, account?.name]);
  useEffect(() => {
    if (a && a !== 'missing') document.title = `${a.name} · ${t('site.name')}`;
  });
  const act = async (what) => {
    setError(null);
    try {
      const res = await fetch(`/api/arenas/${encodeURIComponent(id)}/${what}`, { method: 'POST' });
      if (!res.ok) setError(await refusal(res));
    } catch {
      setError(t('err.network'));
    }
    load();
  };
  if (a === undefined) return html`<p role="status">${t('arena.loading')}</p>`;
  if (a === null) return html`<p class="error" role="alert">${t('err.network')}</p>`;
  if (a === 'missing') return html`<p data-testid="arena-missing">${t('arena.missing')}</p>`;
  const me = a.me;
  const open = a.status === 'upcoming' || a.status === 'running';
  let controls = null;
  if (!account) controls = html`<p><a href="#/sign-in">${t('arena.signInToJoin')}</a></p>`;
  else if (open && (!me?.joined || me.state !== 'active'))
    controls = html`<button type="button" onClick=${() => act('join')} data-testid="arena-join">
      ${me?.joined ? t('arena.resume') : t('arena.join')}</button>`;
  else if (open)
    controls = html`<span class="arena-buttons">
      <button type="button" onClick=${() => act('pause')} data-testid="arena-pause">${t('arena.pause')}</button>
      <button type="button" onClick=${() => act('leave')} data-testid="arena-leave">${t('arena.leave')}</button>
    </span>`;
  return html`<div class="arena-page" data-testid="arena-page" data-status=${a.status}>
    <h1>${a.name}</h1>
    <p data-testid="arena-status">${statusText(a.status)} · ${when(a.starts_at)} – ${when(a.ends_at)} · ${challengeSummary(a)}
      ${a.rated ? ` · ${t('arena.rated')}` : ''}</p>
    <p class="muted">${t('arena.rules')}</p>
    ${controls}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${me?.game &&
    html`<p class="arena-game" role="status"><a class="button primary" href=${playHref(me.game)} data-testid="arena-my-game">
      ${t('arena.yourGame', { opponent: me.game.opponent ?? '' })}</a></p>`}
    ${me?.joined && !me.game && a.status === 'running' && me.state === 'active' &&
    html`<p role="status" data-testid="arena-waiting">${t('arena.waiting')}</p>`}
    ${a.podium.length > 0 &&
    html`<section class="card" aria-labelledby="arena-podium"><h2 id="arena-podium">${t('arena.podium')}</h2>
      <ol data-testid="arena-podium">${a.podium.map((p) => html`<li key=${p.name}>${p.name} · ${t('arena.points', { n: p.score })}</li>`)}</ol>
    </section>`}
    <section class="card" aria-labelledby="arena-standings-title">
      <h2 id="arena-standings-title">${t('arena.standings')}</h2>
      <${Standings} lines=${a.standings} onPick=${setPicked} />
    </section>
    ${picked && html`<${PlayerGames} arena=${id} name=${picked} onClose=${() => setPicked(null)} />`}
    ${a.playing.length > 0 &&
    html`<section class="card" aria-labelledby="arena-playing"><h2 id="arena-playing">${t('arena.playing')}</h2>
      <ul>${a.playing.map((g) => html`<li key=${g.table}><a href=${`#table=${encodeURIComponent(g.table)}`}>${g.black} – ${g.white}</a></li>`)}</ul>
    </section>`}
    <p><a href="#/">${t('arena.back')}</a></p>
  </div>`;
}
