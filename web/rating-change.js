// The end of a rated game: each player's rating change, from GET /api/games/<id>'s
// rating_changes ("Aino 1500 → 1662? (+162)", "?" after a provisional rating, the computer by its
// level's name). The store writes the changes with the end, which the page may hear of a moment
// before it can read them: the record is asked for again, a few times, until they are there.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { categoryName, changeText, computerName, playerHref } from './rating-texts.js';

const TRIES = 8;
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/// Whether a result changes ratings (a game with no result counts for no one).
const counts = (result) => !!result && (!!result.winner || (result.reason !== 'aborted' && result.reason !== 'abandoned'));

/// Props: table (the game's id), result (the end's, as the table saw it).
export function RatingChanges({ table, result }) {
  const [changes, setChanges] = useState(undefined); // undefined: asking; [] none; null failed
  useEffect(() => {
    let live = true;
    (async () => {
      for (let i = 0; i < TRIES && live; i++) {
        try {
          const r = await fetch(`/api/games/${encodeURIComponent(table)}`);
          if (r.ok) {
            const record = await r.json();
            const list = Array.isArray(record.rating_changes) ? record.rating_changes : [];
            // Empty for a game that counts: perhaps not written yet; asked again.
            if (list.length > 0 || !counts(record.result) || i === TRIES - 1) {
              if (live) setChanges(list);
              return;
            }
          }
        } catch {
          // no answer: asked again
        }
        await wait(250 * (i + 1));
      }
      if (live) setChanges((c) => (c === undefined ? null : c));
    })();
    return () => {
      live = false;
    };
  }, [table]);
  if (!counts(result) && (changes === undefined || changes?.length === 0)) return null;
  return html`<section class="rating-changes card" aria-labelledby="rating-changes-title" data-testid="rating-changes">
    <h2 id="rating-changes-title">${t('rating.changes.title')}</h2>
    ${changes === undefined && html`<p role="status">${t('rating.changes.loading')}</p>`}
    ${changes === null && html`<p class="muted">${t('rating.changes.unavailable')}</p>`}
    ${changes?.length === 0 && html`<p class="muted" data-testid="rating-changes-none">${t('rating.changes.none')}</p>`}
    ${changes?.length > 0 &&
    html`<p class="hint">${categoryName(changes[0].category)}</p>
      <ul class="rating-change-list">
        ${changes.map(
          (c) => html`<li key=${c.color} data-testid="rating-change" data-color=${c.color}>
            ${c.computer ? computerName(c.computer) : c.name ? html`<a href=${playerHref(c.name)}>${c.name}</a>` : t('player.opponent.none')}
            ${' '}<span class="rating-numbers">${changeText(c.before, c.after, c.provisional)}</span>
          </li>`,
        )}
      </ul>`}
  </section>`;
}
