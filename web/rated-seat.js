// Opening a seat's link of a rated table (docs/protocol.md, "Rated games"): before the page joins
// as a player, the seat becomes the signed-in account's (POST /api/tables/<id>/seat with the
// token). Signed out, the page says that the game is rated and offers the sign-in (or a new
// account), which comes back to this link afterwards, or watching instead; a seat that is
// another player's, or whose other seat is this player's, is refused with the server's reason.
// Any other table, a finished game, a watch link, or a table whose info cannot be read (the
// table page then says why) goes straight to the table.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { useAccount } from './account-state.js';
import { errorSentence } from './errors.js';
import { accountHref } from './sign-in-return.js';

/// Props: table, token, children (the table page, drawn once the seat may be joined).
export function RatedSeatGate({ table, token, children }) {
  // 'check' (reading the table's info), 'seat' (taking the seat), 'open', 'sign-in', or
  // {code}: the seat was refused.
  const [step, setStep] = useState(token ? 'check' : 'open');
  const [attempt, setAttempt] = useState(0);
  const { loaded, account } = useAccount();

  useEffect(() => {
    if (step !== 'check') return undefined;
    let live = true;
    fetch(`/api/tables/${encodeURIComponent(table)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((info) => live && setStep(info?.rated && info.state !== 'over' ? 'seat' : 'open'))
      .catch(() => live && setStep('open'));
    return () => {
      live = false;
    };
  }, [step]);

  useEffect(() => {
    if (step !== 'seat' || !loaded) return undefined;
    if (!account) {
      setStep('sign-in');
      return undefined;
    }
    let live = true;
    fetch(`/api/tables/${encodeURIComponent(table)}/seat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    })
      .then(async (r) => {
        if (!live) return;
        if (r.ok) return setStep('open');
        const json = await r.json().catch(() => null);
        setStep({ code: json?.error?.code ?? 'unknown' });
      })
      .catch(() => live && setStep({ code: 'network' }));
    return () => {
      live = false;
    };
  }, [step, loaded, account, attempt]);

  // Signed in from elsewhere (another tab) while the notice shows: take the seat now.
  useEffect(() => {
    if (step === 'sign-in' && account) setStep('seat');
  }, [step, account]);

  if (step === 'open') return children;
  const watch = `#table=${encodeURIComponent(table)}`;
  if (step === 'sign-in') {
    const here = `#table=${encodeURIComponent(table)}&token=${encodeURIComponent(token)}`;
    return html`<section class="card notice rated-notice" aria-labelledby="rated-notice-title" data-testid="rated-sign-in">
      <h1 id="rated-notice-title">${t('rating.signIn.title')}</h1>
      <p>${t('rating.signIn.text')}</p>
      <p class="rated-notice-actions">
        <a class="button primary" href=${accountHref(here)} data-testid="rated-sign-in-link">${t('nav.signIn')}</a>
        ${' '}<a class="button" href=${accountHref(here, 'sign-up')} data-testid="rated-sign-up-link">${t('signUp.title')}</a>
      </p>
      <p><a href=${watch} data-testid="rated-watch">${t('rating.watchInstead')}</a></p>
    </section>`;
  }
  if (typeof step === 'object') {
    const text = step.code === 'network' ? t('err.network') : errorSentence(step.code);
    return html`<section class="card notice rated-notice" aria-labelledby="rated-refused-title" data-testid="rated-refused">
      <h1 id="rated-refused-title">${t('rating.refused.title')}</h1>
      <p class="error" role="alert" data-testid="rated-refused-reason">${text}</p>
      ${step.code === 'network' &&
      html`<p><button type="button" onClick=${() => {
        setAttempt((n) => n + 1);
        setStep('seat');
      }}>${t('rating.retry')}</button></p>`}
      <p><a href=${watch} data-testid="rated-watch">${t('rating.watchInstead')}</a></p>
    </section>`;
  }
  return html`<div class="card notice" role="status">
    <p>${step === 'seat' ? t('rating.takingSeat') : t('conn.connecting')}</p>
  </div>`;
}
