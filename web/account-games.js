// On the account page: a link to the account's player page, and "Attach this device's games"
// (POST /api/account/games with the seats this device keeps, web/saved.js), which makes the
// games played here before signing in the account's: they show on the player page. Ratings do
// not change. The answer says how many were attached.
import { useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { errorSentence } from './errors.js';
import { savedTables } from './saved.js';
import { playerHref } from './rating-texts.js';

/// The seats of two-player games on this device (a hot seat is one device's, nobody's account).
const seats = () =>
  savedTables()
    .filter((s) => s.seat !== 'hotseat' && s.mode !== 'hotseat' && s.table && s.token)
    .map((s) => ({ table: s.table, token: s.token }))
    .slice(0, 200);

/// Props: name (the account's).
export function AccountGames({ name }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState(null); // {text, error}
  const games = seats();
  const attach = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const res = await fetch('/api/account/games', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ games }),
      });
      const json = await res.json().catch(() => null);
      if (!res.ok) setSaid({ text: errorSentence(json?.error?.code), error: true });
      else {
        const n = Array.isArray(json?.attached) ? json.attached.length : 0;
        setSaid({ text: n > 0 ? t('account.attach.done', { n }) : t('account.attach.none'), error: false });
      }
    } catch {
      setSaid({ text: t('err.network'), error: true });
    }
    setBusy(false);
  };
  return html`<section class="card" aria-labelledby="account-games-title" data-testid="account-games">
    <h2 id="account-games-title">${t('account.games.title')}</h2>
    <p><a href=${playerHref(name)} data-testid="account-player-page">${t('account.playerPage')}</a></p>
    <p class="hint">${t('account.attach.hint')}</p>
    ${games.length > 0
      ? html`<button type="button" disabled=${busy} data-testid="account-attach" onClick=${attach}>${t('account.attach')}</button>`
      : html`<p class="muted" data-testid="account-attach-nothing">${t('account.attach.nothing')}</p>`}
    ${said &&
    (said.error
      ? html`<p class="error" role="alert" data-testid="account-attach-result">${said.text}</p>`
      : html`<p role="status" class="calm" data-testid="account-attach-result">${said.text}</p>`)}
  </section>`;
}
