// The lobby on the home page: the open challenges any visitor may take (GET /api/challenges,
// refreshed every 10 s while the page is visible), each with its board, variant, clock, the
// colour the taker gets and the creator's name. Taking one saves the seat on this device like
// any other and opens the table; this device's own challenges can be withdrawn instead. With
// nobody waiting, it says so and offers a game against the computer at once. On the creator's
// table page, ChallengeNotice says until when the table is listed, with Withdraw.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, formatNumber, colorName, language } from './i18n/i18n.js';
import { forgetTable, saveTable, savedTable, savedTables } from './saved.js';
import { errorSentence } from './errors.js';
import { useAccount } from './account-state.js';
import { accountHref } from './sign-in-return.js';

const REFRESH_MS = 10000;

/// The words of a challenge's rules and clock: "9 × 9 · komi 7.5 · simple ko · torus · 10 min + 5 s".
export function challengeSummary(c) {
  const r = c.rules ?? {};
  const parts = [`${r.size} × ${r.size}`];
  if (r.handicap > 0) parts.push(t('lobby.handicap', { n: r.handicap }));
  parts.push(t('lobby.komi', { komi: formatNumber(r.komi) }));
  if (r.ko === 'simple') parts.push(t('setup.ko.simple'));
  if (r.atari_go) parts.push(t('setup.atariGo.short'));
  if (r.topology === 'torus') parts.push(t('setup.torus.short'));
  parts.push(
    c.clock
      ? t('lobby.clock', { main: formatNumber(c.clock.main_seconds / 60), inc: c.clock.increment_seconds })
      : t('lobby.noClock'),
  );
  return parts.join(' · ');
}

const opposite = (color) => (color === 'black' ? 'white' : 'black');

/// The challenges this device created and still holds the cancel secret of, by challenge id.
function ownChallenges() {
  const own = {};
  for (const s of savedTables()) if (s.challenge?.id) own[s.challenge.id] = s;
  return own;
}

/// The sentence for a lobby error code (the lobby's own codes, else the general ones).
function lobbyError(code) {
  return ['taken', 'expired', 'no-such-challenge', 'gone', 'rate-limited'].includes(code)
    ? t(`lobby.err.${code}`)
    : errorSentence(code);
}

/// Withdraws the challenge of the saved seat `mine` (DELETE with its cancel secret). Withdrawn,
/// its table can never start (the other seat's link was the lobby's to give), so the seat is
/// forgotten on this device. Already taken or ended (410, 404), the seat stays, without the
/// challenge. Resolves to null, or the error sentence to show.
export async function withdrawChallenge(mine) {
  try {
    const res = await fetch(`/api/challenges/${encodeURIComponent(mine.challenge.id)}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ cancel_secret: mine.challenge.secret }),
    });
    const json = await res.json().catch(() => null);
    if (res.ok) {
      forgetTable(mine.table, mine.token);
      return null;
    }
    if (res.status === 410 || res.status === 404) saveTable(mine.table, mine.token, { challenge: null });
    return res.status === 410 ? null : lobbyError(json?.error?.code);
  } catch {
    return t('err.network');
  }
}

/// Whether a saved seat's challenge has passed its 15 minutes in the lobby.
export const listingEnded = (s, now = Date.now()) => typeof s?.challenge?.expires === 'number' && s.challenge.expires <= now;

/// Opens the seat `link` ({token, url}) of `table`, saved on this device.
function openSeat(table, token, fields) {
  saveTable(table, token, { mode: 'online', ...fields });
  location.hash = `table=${encodeURIComponent(table)}&token=${encodeURIComponent(token)}`;
}

/// `onList(list)`, if given, hears each list the server answers.
export function Lobby({ onList } = {}) {
  const [list, setList] = useState(null); // null until the first answer
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [own, setOwn] = useState(ownChallenges);
  // A rated challenge is for a signed-in visitor: others are offered the sign-in.
  const { account } = useAccount();

  const refresh = async () => {
    try {
      const res = await fetch('/api/challenges');
      if (!res.ok) throw new Error(String(res.status));
      const json = await res.json();
      const challenges = Array.isArray(json.challenges) ? json.challenges : [];
      setList(challenges);
      onList?.(challenges);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };

  useEffect(() => {
    refresh();
    const tick = () => document.visibilityState === 'visible' && refresh();
    const timer = setInterval(tick, REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    // A seat saved or forgotten while the lobby stays on the page (a challenge opened whose table
    // page never showed, as when the address goes back home at once): which challenges are this
    // device's own is read again, and the list with it.
    const saved = () => {
      setOwn(ownChallenges());
      refresh();
    };
    window.addEventListener('pg-saved', saved);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('pg-saved', saved);
    };
  }, []);

  const take = async (c) => {
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(`/api/challenges/${encodeURIComponent(c.id)}/take`, { method: 'POST' });
      const json = await res.json().catch(() => null);
      if (!res.ok) {
        setError(lobbyError(json?.error?.code));
        setBusy(false);
        refresh();
        return;
      }
      openSeat(json.table, json.seat.token, {
        seat: json.color,
        size: c.rules.size,
        torus: c.rules.topology === 'torus',
        watch: json.watch_url,
      });
    } catch {
      setError(t('err.network'));
      setBusy(false);
    }
  };

  const withdraw = async (c) => {
    setError(null);
    setError(await withdrawChallenge(own[c.id]));
    setOwn(ownChallenges());
    refresh();
  };

  const playComputer = async () => {
    setError(null);
    setBusy(true);
    try {
      const res = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rules: { size: 9 }, mode: 'computer', computer: { color: 'white', strength: 'easy' } }),
      });
      const json = await res.json().catch(() => null);
      if (!res.ok) {
        setError(errorSentence(json?.error?.code));
        setBusy(false);
        return;
      }
      saveTable(json.table, json.seats.black.token, { mode: 'computer', seat: 'black', size: 9, torus: false });
      location.hash = `table=${encodeURIComponent(json.table)}&token=${encodeURIComponent(json.seats.black.token)}`;
    } catch {
      setError(t('err.network'));
      setBusy(false);
    }
  };

  const item = (c) => {
    const mine = own[c.id];
    return html`<li key=${c.id} class="challenge" data-testid="challenge" data-challenge=${c.id}>
      <div class="challenge-text">
        <strong>${c.rated && html`<span class="rated-mark" data-testid="challenge-rated">${t('rating.rated')}</span>${' '}`}${challengeSummary(c)}</strong>
        <span>
          ${mine ? t('lobby.yours') : t('lobby.yourColor', { color: colorName(opposite(c.color)) })}
          ${' · '}${t('lobby.by', { name: c.name ?? t('lobby.anonymous') })}
        </span>
      </div>
      ${mine
        ? html`<span class="challenge-actions">
            <a class="button" href="#table=${encodeURIComponent(mine.table)}&token=${encodeURIComponent(mine.token)}">${t('lobby.toTable')}</a>
            <button type="button" data-testid="withdraw" onClick=${() => withdraw(c)}>${t('lobby.withdraw')}</button>
          </span>`
        : c.rated && !account
        ? html`<a class="button" href=${accountHref('#/')} data-testid="take-sign-in"
            aria-label=${t('lobby.signInLabel', { game: challengeSummary(c) })}>${t('lobby.signIn')}</a>`
        : html`<button type="button" class="primary" data-testid="take" disabled=${busy}
            aria-label=${t('lobby.takeLabel', { game: challengeSummary(c) })} onClick=${() => take(c)}>
            ${t('lobby.take')}
          </button>`}
    </li>`;
  };

  return html`
    <section class="lobby card" aria-labelledby="lobby-title" data-testid="lobby">
      <h2 id="lobby-title">${t('lobby.title')}</h2>
      ${list && list.length > 0 && html`<p class="hint">${t('lobby.lead')}</p>`}
      ${list && list.length > 0 && html`<ul class="challenges" data-testid="challenges">${list.map(item)}</ul>`}
      ${list && list.length === 0 &&
      html`<div data-testid="lobby-empty">
        <p>${t('lobby.empty')}</p>
        <button type="button" class="primary" data-testid="play-computer" disabled=${busy} onClick=${playComputer}>
          ${t('lobby.playComputer')}
        </button>
      </div>`}
      ${failed && html`<p class="muted">${t('lobby.unavailable')}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </section>
  `;
}

/// On the creator's table page, while their challenge waits for a taker: until when it is listed
/// (local time) and what happens then, with Withdraw; past that time, that the listing ended.
/// Withdrawn, the seat is forgotten and the page goes home, where the lobby no longer lists it.
export function ChallengeNotice({ table, token, info, seat }) {
  const mine = savedTable(table, token);
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const [, setTick] = useState(0);
  const expires = mine?.challenge?.expires;
  const ended = listingEnded(mine);
  // Redrawn when the listing ends, with the page open.
  useEffect(() => {
    if (typeof expires !== 'number' || ended) return undefined;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(expires - Date.now() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expires, ended]);
  const other = seat === 'black' ? 'white' : 'black';
  if (!mine?.challenge || info.state !== 'waiting' || info.mode !== 'online' || info.seats?.[other]?.connected) return null;
  if (ended)
    return html`<p class="challenge-notice card" data-testid="challenge-ended">
      ${t('lobby.ended')} <a href="#/">${t('table.missing.home')}</a>
    </p>`;
  const withdraw = async () => {
    setBusy(true);
    const err = await withdrawChallenge(mine);
    setBusy(false);
    if (err) setError(err);
    else if (!savedTable(table, token)) location.hash = '#/';
    else setTick((n) => n + 1);
  };
  // The time as the browser writes it in the page's language (en-GB 23:15, en-US 11:15 PM).
  const locale = (navigator.languages ?? []).find((l) => l.split('-')[0] === language()) ?? language();
  const time = new Date(expires).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return html`<section class="challenge-notice card" aria-labelledby="challenge-listed" data-testid="challenge-listed">
    <p id="challenge-listed">${t('lobby.listedUntil', { time })}</p>
    <button type="button" data-testid="withdraw-challenge" disabled=${busy} onClick=${withdraw}>${t('lobby.withdrawChallenge')}</button>
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </section>`;
}
