// The leaderboard (#/leaderboard): the best ten settled players of each category (GET
// /api/leaderboard), and one category's best hundred (#/leaderboard/<category>, GET
// /api/leaderboard/<category>). Settled: a rating's deviation at most 80 and a rated game in the
// last 30 days. A row: rank, name (a link to the player's page) or the computer's level, marked
// as the computer, rating, games. An empty category says that nobody is settled in it yet.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { CATEGORIES, categoryName, playerHref, ratingText } from './rating-texts.js';

/// The link to the leaderboard (the home page's, small).
export function LeaderboardLink() {
  return html`<p class="leaderboard-link"><a href="#/leaderboard" data-testid="leaderboard-link">${t('leaderboard.see')}</a></p>`;
}

/// The href of a category's best hundred.
const categoryHref = (category) => `#/leaderboard/${encodeURIComponent(category)}`;

function Rows({ category, players, headingId }) {
  if (players.length === 0) return html`<p class="muted" data-testid="leaderboard-empty">${t('leaderboard.empty')}</p>`;
  return html`<div class="table-scroll"><table class="score leaderboard-table" aria-labelledby=${headingId} data-testid="leaderboard-table" data-category=${category}>
    <thead>
      <tr>
        <th scope="col">${t('leaderboard.rank')}</th>
        <th scope="col">${t('leaderboard.name')}</th>
        <th scope="col">${t('leaderboard.rating')}</th>
        <th scope="col">${t('leaderboard.games')}</th>
      </tr>
    </thead>
    <tbody>
      ${players.map(
        (p) => html`<tr key=${p.rank} data-testid="leaderboard-row">
          <td>${p.rank}</td>
          <th scope="row">
            ${p.computer
              ? html`${t(`strength.${p.computer}`)} <span class="computer-mark">${t('leaderboard.computerMark')}</span>`
              : html`<a href=${playerHref(p.name)}>${p.name}</a>`}
          </th>
          <td>${ratingText(p.rating)}</td>
          <td>${p.games}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

/// Props: category (null: every category's best ten).
export function LeaderboardPage({ category = null }) {
  const [data, setData] = useState(undefined); // undefined: loading; null: failed; 'missing'
  useEffect(() => {
    setData(undefined);
    const path = category ? `/api/leaderboard/${encodeURIComponent(category)}` : '/api/leaderboard';
    fetch(path)
      .then((r) => (r.status === 404 ? 'missing' : r.ok ? r.json() : null))
      .then(setData)
      .catch(() => setData(null));
  }, [category]);
  const title =
    category && data !== 'missing' ? t('leaderboard.categoryTitle', { category: categoryName(category) }) : t('leaderboard.title');
  useEffect(() => {
    document.title = `${title} · ${t('site.name')}`;
  });
  let body;
  if (data === undefined) body = html`<p role="status">${t('leaderboard.loading')}</p>`;
  else if (data === null) body = html`<p class="error" role="alert">${t('err.network')}</p>`;
  else if (data === 'missing') body = html`<p data-testid="leaderboard-missing">${t('leaderboard.noCategory')}</p>`;
  else if (category)
    body = html`<section class="card" aria-labelledby="board-cat">
      <h2 id="board-cat" class="sr-only">${categoryName(category)}</h2>
      <${Rows} category=${category} players=${data.players ?? []} headingId="board-cat" />
    </section>`;
  else {
    // The server's order; a category it does not list is not drawn.
    const lists = [...(data.categories ?? [])].sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
    body = lists.map(
      (c) => html`<section key=${c.category} class="card leaderboard-category" aria-labelledby=${`board-${c.category}`}
        data-testid="leaderboard-category" data-category=${c.category}>
        <h2 id=${`board-${c.category}`}>${categoryName(c.category)}</h2>
        <${Rows} category=${c.category} players=${c.players ?? []} headingId=${`board-${c.category}`} />
        ${c.players?.length > 0 &&
        html`<p><a href=${categoryHref(c.category)} data-testid="leaderboard-more"
          aria-label=${t('leaderboard.moreLabel', { category: categoryName(c.category) })}>${t('leaderboard.more')}</a></p>`}
      </section>`,
    );
  }
  return html`<div class="leaderboard-page" data-testid="leaderboard">
    <h1>${title}</h1>
    <p class="hint">${t('leaderboard.lead')}</p>
    ${category && html`<p><a href="#/leaderboard">${t('leaderboard.all')}</a></p>`}
    ${body}
  </div>`;
}
