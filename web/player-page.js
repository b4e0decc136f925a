// A player's page, at the address /@/<name> (GET /api/players/<name>): the name and since when;
// the ratings of each category the player has (rounded, "?" while provisional, the number of
// games); their history as a chart (rating-chart.js); the latest finished games (the date, the
// opponent with a link to their page or the computer's level, the colour, the result in words,
// the rating change of a rated one, and a link to its replay); and the results against each of
// the computer's levels. A name that is nobody's gets a page that says so.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { colorName, language, t } from './i18n/i18n.js';
import { RatingChart } from './rating-chart.js';
import { CATEGORIES, categoryName, changeText, computerName, playerHref, ratingText } from './rating-texts.js';
import { resultSentence } from './table-texts.js';

/// A deviation above this is provisional (the server's rule; docs/protocol.md, "Rated games").
const PROVISIONAL_DEVIATION = 110;

const day = (ms) => new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(new Date(ms));

/// `t(key)` with one placeholder filled by a Preact node (a link): the sentence around it stays
/// the language's own.
function withNode(key, name, node, params = {}) {
  const mark = '\u0000';
  const parts = t(key, { ...params, [name]: mark }).split(mark);
  return parts.flatMap((p, i) => (i === 0 ? [p] : [node, p]));
}

/// A game's result for the player who played `color`: won, lost, a draw, or no result.
function outcome(result, color) {
  if (result?.winner) return result.winner === color ? 'won' : 'lost';
  return result?.reason === 'aborted' || result?.reason === 'abandoned' ? 'none' : 'draw';
}

/// The opponent in words (for a label), and as shown (a link to their page).
function opponentText(o) {
  if (!o) return t('player.opponent.none');
  return o.computer ? computerName(o.computer) : o.name;
}
function opponentNode(o) {
  if (o && !o.computer && o.name) return html`<a href=${playerHref(o.name)}>${o.name}</a>`;
  return opponentText(o);
}

function Ratings({ ratings }) {
  if (ratings.length === 0) return html`<p data-testid="ratings-none">${t('player.ratings.none')}</p>`;
  const sorted = [...ratings].sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
  return html`<div class="table-scroll"><table class="score player-ratings" data-testid="player-ratings">
      <caption class="sr-only">${t('player.ratings')}</caption>
      <thead>
        <tr>
          <th scope="col">${t('player.category')}</th>
          <th scope="col">${t('leaderboard.rating')}</th>
          <th scope="col">${t('leaderboard.games')}</th>
        </tr>
      </thead>
      <tbody>
        ${sorted.map(
          (r) => html`<tr key=${r.category} data-testid="player-rating" data-category=${r.category}>
            <th scope="row">${categoryName(r.category)}</th>
            <td data-testid="player-rating-value">${ratingText(r.rating, r.provisional)}</td>
            <td>${r.games}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>
    ${sorted.some((r) => r.provisional) && html`<p class="hint">${t('player.provisional')}</p>`}`;
}

function Games({ games, history }) {
  if (games.length === 0) return html`<p>${t('player.games.none')}</p>`;
  // The deviation after each rated game, for its "?".
  const deviation = new Map(history.map((h) => [h.table, h.deviation]));
  return html`<ul class="player-games" data-testid="player-games">
    ${games.map((g) => {
      const o = outcome(g.result, g.color);
      const change = g.rating_change;
      const date = day(g.finished_at);
      return html`<li key=${g.table} data-testid="player-game" data-table=${g.table}>
        <p class="player-game-head">
          <strong class=${`outcome-${o}`}>${t(`player.result.${o}`)}</strong>
          ${' · '}${withNode('player.game.opponent', 'opponent', opponentNode(g.opponent))}
          ${' · '}${t('player.game.color', { color: colorName(g.color) })}
        </p>
        <p class="muted">
          ${[date, g.rules ? `${g.rules.size} × ${g.rules.size}` : '', resultSentence(g.result)].filter(Boolean).join(' · ')}
        </p>
        ${g.rated &&
        html`<p data-testid="player-game-change">
          <span class="rated-mark">${t('rating.rated')}</span>${' '}
          ${change ? changeText(change.before, change.after, (deviation.get(g.table) ?? 0) > PROVISIONAL_DEVIATION) : t('rating.changes.none')}
        </p>`}
        <p>
          <a href=${`/#game=${encodeURIComponent(g.table)}`} data-testid="player-game-replay"
            aria-label=${t('player.game.replayLabel', { date, opponent: opponentText(g.opponent) })}>${t('player.game.replay')}</a>
        </p>
      </li>`;
    })}
  </ul>`;
}

function Computer({ results }) {
  if (results.length === 0) return html`<p>${t('player.computer.none')}</p>`;
  return html`<div class="table-scroll"><table class="score" data-testid="player-computer">
    <caption class="sr-only">${t('player.computer.title')}</caption>
    <thead>
      <tr>
        <th scope="col">${t('player.computer.level')}</th>
        <th scope="col">${t('player.computer.wins')}</th>
        <th scope="col">${t('player.computer.losses')}</th>
        <th scope="col">${t('player.computer.draws')}</th>
      </tr>
    </thead>
    <tbody>
      ${results.map(
        (r) => html`<tr key=${r.level}>
          <th scope="row">${t(`strength.${r.level}`)}</th>
          <td>${r.wins}</td>
          <td>${r.losses}</td>
          <td>${r.draws}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

/// Props: name (as the address has it, decoded).
export function PlayerPage({ name }) {
  const [data, setData] = useState(undefined); // undefined: loading; 'missing'; null: failed
  useEffect(() => {
    setData(undefined);
    fetch(`/api/players/${encodeURIComponent(name)}`)
      .then(async (r) => {
        if (r.ok) return r.json();
        const json = await r.json().catch(() => null);
        return json?.error?.code === 'no-such-player' ? 'missing' : null;
      })
      .then(setData)
      .catch(() => setData(null));
  }, [name]);
  const shown = data && typeof data === 'object' ? data.name : name;
  useEffect(() => {
    document.title = `${data === 'missing' ? t('player.missing.title') : shown} · ${t('site.name')}`;
  });
  if (data === undefined) return html`<div class="card notice" role="status"><p>${t('player.loading')}</p></div>`;
  if (data === 'missing')
    return html`<div class="card notice" data-testid="player-missing">
      <h1>${t('player.missing.title')}</h1>
      <p>${t('player.missing', { name })}</p>
      <p><a href="/#/leaderboard">${t('leaderboard.title')}</a> · <a href="/#/">${t('table.missing.home')}</a></p>
    </div>`;
  if (data === null)
    return html`<div class="card notice" role="alert"><p>${t('err.network')}</p></div>`;
  const ratings = data.ratings ?? [];
  const history = data.history ?? [];
  return html`<div class="player-page" data-testid="player">
    <h1 data-testid="player-name">${data.name}</h1>
    <p class="muted" data-testid="player-since">${t('player.since', { date: day(data.created_at) })}</p>
    <section class="card" aria-labelledby="player-ratings-title">
      <h2 id="player-ratings-title">${t('player.ratings')}</h2>
      <${Ratings} ratings=${ratings} />
      ${history.length > 0 &&
      html`<h3 class="chart-title">${t('player.chart')}</h3>
        <${RatingChart} history=${history} ratings=${ratings} />`}
    </section>
    <section class="card" aria-labelledby="player-games-title">
      <h2 id="player-games-title">${t('player.games')}</h2>
      <${Games} games=${data.games ?? []} history=${history} />
    </section>
    <section class="card" aria-labelledby="player-computer-title">
      <h2 id="player-computer-title">${t('player.computer.title')}</h2>
      <${Computer} results=${data.computer ?? []} />
    </section>
    <p><a href="/#/leaderboard">${t('leaderboard.title')}</a></p>
  </div>`;
}
