// The e-mail parts of the pages (docs/protocol.md, "E-mail"), shown only when the site sends
// mail (GET /api/account says "mail": true):
//   EmailSection      the account page's "E-mail": add an address, its verification state,
//                     "your move" mails on or off, remove it;
//   EmailSignIn       the sign-in page's "E-mail me a sign-in link";
//   EmailLinkPage     #/email/verify|sign-in|off/<token>: what the link does, done only when
//                     its button is pressed (a POST), so a mail scanner that opens it uses nothing;
//   SeatLinkPage      #/seat/<table>: a "your move" mail's link, which asks the server for the
//                     signed-in account's seat of the table and opens it (sign in first if asked).
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { problemSentence } from './passkey-client.js';
import { refreshAccount, useAccount } from './account-state.js';
import { askSignInLink, finishSignInLink, mailsOff, mySeat, removeEmail, setEmail, setYourMove, verifyEmail } from './email-client.js';
import { accountHref } from './sign-in-return.js';

function Failed({ code, testid }) {
  if (!code) return null;
  return html`<p class="error" role="alert" data-testid=${testid}>${problemSentence(code)}</p>`;
}

export function EmailSection({ email }) {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [sent, setSent] = useState(false);
  const run = async (f) => {
    setProblem(null);
    setBusy(true);
    const r = await f();
    setBusy(false);
    if (!r.ok) setProblem(r.code);
    await refreshAccount();
    return r.ok;
  };
  const add = async (e) => {
    e.preventDefault();
    setSent(false);
    if (await run(() => setEmail(address.trim()))) {
      setSent(true);
      setAddress('');
    }
  };
  return html`<section class="card" aria-labelledby="email-title" data-testid="email">
    <h2 id="email-title">${t('email.title')}</h2>
    <p class="hint">${t('email.hint')}</p>
    ${email &&
    html`<p data-testid="email-address"><strong>${email.address}</strong>${' '}
        <span class=${email.verified ? 'calm' : 'muted'} data-testid="email-state">
          ${email.verified ? t('email.verified') : t('email.unverified')}</span></p>
      ${sent && html`<p role="status" class="calm" data-testid="email-sent">${t('email.sent', { address: email.address })}</p>`}
      ${email.verified &&
      html`<label class="check">
        <input type="checkbox" checked=${email.your_move} disabled=${busy} data-testid="email-your-move"
          onChange=${(e) => run(() => setYourMove(e.currentTarget.checked))} />
        ${t('email.yourMove')}
      </label>`}
      <button type="button" disabled=${busy} data-testid="email-remove" onClick=${() => run(removeEmail)}>${t('email.remove')}</button>`}
    <form onSubmit=${add} novalidate>
      <div class="field">
        <label for="email-input">${email ? t('email.change') : t('email.add')}</label>
        <input id="email-input" type="email" autocomplete="email" autocapitalize="none" spellcheck="false"
          value=${address} data-testid="email-input" onInput=${(e) => setAddress(e.currentTarget.value)} />
      </div>
      <${Failed} code=${problem} testid="email-problem" />
      <button type="submit" disabled=${busy || !address.trim()} data-testid="email-submit">${t('email.send')}</button>
    </form>
  </section>`;
}

export function EmailSignIn() {
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [asked, setAsked] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    setProblem(null);
    setBusy(true);
    const r = await askSignInLink(address.trim());
    setBusy(false);
    if (r.ok) setAsked(true);
    else setProblem(r.code);
  };
  return html`<details class="card" data-testid="email-sign-in">
    <summary>${t('email.signIn')}</summary>
    <p class="hint">${t('email.signIn.hint')}</p>
    <form onSubmit=${submit} novalidate>
      <div class="field">
        <label for="email-sign-in-input">${t('email.address')}</label>
        <input id="email-sign-in-input" type="email" autocomplete="email" autocapitalize="none" spellcheck="false"
          value=${address} data-testid="email-sign-in-input" onInput=${(e) => setAddress(e.currentTarget.value)} />
      </div>
      <${Failed} code=${problem} testid="email-sign-in-problem" />
      ${asked && html`<p role="status" class="calm" data-testid="email-sign-in-asked">${t('email.signIn.asked')}</p>`}
      <button type="submit" disabled=${busy || !address.trim()} data-testid="email-sign-in-submit">${t('email.signIn.send')}</button>
    </form>
  </details>`;
}

const LINKS = {
  verify: { title: 'email.verify.title', lead: 'email.verify.lead', button: 'email.verify.button', done: 'email.verify.done', call: verifyEmail },
  'sign-in': { title: 'email.link.title', lead: 'email.link.lead', button: 'email.link.button', done: 'email.link.done', call: finishSignInLink },
  off: { title: 'email.off.title', lead: 'email.off.lead', button: 'email.off.button', done: 'email.off.done', call: mailsOff },
};

export function EmailLinkPage({ kind, token }) {
  const link = LINKS[kind] ?? LINKS.verify;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [done, setDone] = useState(false);
  const go = async () => {
    setProblem(null);
    setBusy(true);
    const r = await link.call(token);
    setBusy(false);
    if (!r.ok) {
      setProblem(r.code);
      return;
    }
    setDone(true);
    await refreshAccount();
    if (kind === 'sign-in') location.hash = '#/account';
  };
  return html`<div class="account-page" data-testid="email-link">
    <h1>${t(link.title)}</h1>
    <div class="card">
      <p>${t(link.lead)}</p>
      <${Failed} code=${problem} testid="email-link-problem" />
      ${done
        ? html`<p role="status" class="calm" data-testid="email-link-done">${t(link.done)}</p>`
        : html`<button type="button" class="primary" disabled=${busy} data-testid="email-link-button" onClick=${go}>${t(link.button)}</button>`}
    </div>
  </div>`;
}

export function SeatLinkPage({ table }) {
  const { loaded, account } = useAccount();
  const [problem, setProblem] = useState(null);
  useEffect(() => {
    if (!loaded || !account) return;
    mySeat(table).then((r) => {
      if (r.ok) location.hash = `#table=${encodeURIComponent(r.table)}&token=${encodeURIComponent(r.token)}`;
      else setProblem(r.code);
    });
  }, [loaded, account, table]);
  return html`<div class="account-page" data-testid="seat-link">
    <h1>${t('email.seat.title')}</h1>
    ${!loaded && html`<p role="status">${t('account.loading')}</p>`}
    ${loaded && !account &&
    html`<p>${t('email.seat.signIn')} <a href=${accountHref(`#/seat/${table}`)} data-testid="seat-link-sign-in">${t('nav.signIn')}</a></p>`}
    <${Failed} code=${problem} testid="seat-link-problem" />
  </div>`;
}

/// Whether the site sends mail, as GET /api/account said.
export const useMail = () => useAccount().mail === true;
