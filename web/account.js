// #/account: the signed-in account. Its name and since when; its passkeys (label, added, last
// used), each removable while another is left, and "Add a passkey"; its e-mail address (when the
// site sends mail: email.js); how many recovery codes are
// left and "New recovery codes" (asked first, then shown once); "Sign out" and "Sign out
// everywhere" (asked first). Signed out, the page is the sign-in page.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { language, t } from './i18n/i18n.js';
import { addPasskey, newRecoveryCodes, removePasskey, signOut, signOutEverywhere } from './passkey-client.js';
import { refreshAccount, useAccount } from './account-state.js';
import { RecoveryCodes } from './recovery-codes.js';
import { Problem, SignInPage } from './sign-in.js';
import { AccountGames } from './account-games.js';
import { EmailSection } from './email.js';

const day = (ms) => new Date(ms).toLocaleDateString(language(), { year: 'numeric', month: 'long', day: 'numeric' });
const shortDay = (ms) => new Date(ms).toLocaleDateString(language(), { dateStyle: 'medium' });
const moment = (ms) => new Date(ms).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });

/// A question asked before something that cannot be undone: its sentence, Yes and No (which
/// takes the focus, so that Enter does nothing harmful).
function Confirm({ id, text, yes, onYes, onNo, testid }) {
  const noRef = useRef(null);
  useEffect(() => noRef.current?.focus(), []);
  return html`<div class="confirm" role="alertdialog" aria-labelledby=${id} data-testid=${testid}>
    <p id=${id}>${text}</p>
    <button type="button" class="danger" data-testid=${testid + '-yes'} onClick=${onYes}>${yes}</button>
    <button type="button" ref=${noRef} data-testid=${testid + '-no'} onClick=${onNo}>${t('account.cancel')}</button>
  </div>`;
}

/// Runs an account call; a session that ended meanwhile (not-signed-in) turns the page into
/// the sign-in page. Resolves to the call's answer.
async function act(call) {
  const r = await call();
  if (!r.ok && r.code === 'not-signed-in') await refreshAccount();
  return r;
}

function Passkeys({ passkeys }) {
  const [asking, setAsking] = useState(null); // the id whose removal waits for a yes
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const [added, setAdded] = useState(false);
  const only = passkeys.length <= 1;
  const labelOf = (p) => p.label || t('account.passkey.unnamed');
  const remove = async (p) => {
    setAsking(null);
    setProblem(null);
    setAdded(false);
    setBusy(true);
    const r = await act(() => removePasskey(p.id));
    setBusy(false);
    if (!r.ok) setProblem(r.code);
    await refreshAccount();
  };
  const add = async () => {
    setProblem(null);
    setAdded(false);
    setBusy(true);
    const r = await act(addPasskey);
    setBusy(false);
    if (!r.ok) {
      setProblem(r.code);
      return;
    }
    setAdded(true);
    await refreshAccount();
  };
  return html`<section class="card" aria-labelledby="passkeys-title" data-testid="passkeys">
    <h2 id="passkeys-title">${t('account.passkeys')}</h2>
    <p class="hint">${t('account.passkeys.hint')}</p>
    <ul class="passkeys">
      ${passkeys.map(
        (p) => html`<li key=${p.id} data-testid="passkey">
          <div class="passkey-text">
            <strong data-testid="passkey-label">${labelOf(p)}</strong>
            <span class="muted">${t('account.passkey.dates', { added: shortDay(p.created_at), used: moment(p.last_used_at) })}</span>
          </div>
          ${!only &&
          html`<button type="button" disabled=${busy} data-testid="passkey-remove"
            aria-label=${t('account.passkey.removeLabel', { label: labelOf(p) })}
            onClick=${() => setAsking(p.id)}>${t('account.passkey.remove')}</button>`}
          ${asking === p.id &&
          html`<${Confirm} id="remove-q" testid="remove-confirm" text=${t('account.passkey.removeConfirm', { label: labelOf(p) })}
            yes=${t('account.passkey.removeYes')} onYes=${() => remove(p)} onNo=${() => setAsking(null)} />`}
        </li>`,
      )}
    </ul>
    ${only && html`<p class="hint" data-testid="only-passkey">${t('account.passkey.only')}</p>`}
    <${Problem} code=${problem} testid="passkeys-problem" />
    ${busy && html`<p role="status" class="hint">${t('passkey.waiting')}</p>`}
    ${added && html`<p role="status" class="calm" data-testid="passkey-added">${t('account.passkey.addedNow')}</p>`}
    <button type="button" disabled=${busy} data-testid="passkey-add" onClick=${add}>${t('account.passkey.add')}</button>
  </section>`;
}

function Codes({ name, left }) {
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  if (codes)
    return html`<${RecoveryCodes} name=${name} codes=${codes} onDone=${() => {
      setCodes(null);
      refreshAccount();
    }} />`;
  const make = async () => {
    setAsking(false);
    setProblem(null);
    setBusy(true);
    const r = await act(newRecoveryCodes);
    setBusy(false);
    if (r.ok) setCodes(r.recovery_codes ?? []);
    else setProblem(r.code);
  };
  return html`<section class="card" aria-labelledby="codes-left-title" data-testid="codes-left">
    <h2 id="codes-left-title">${t('account.codes')}</h2>
    <p data-testid="codes-left-count">${t('account.codes.left', { n: left })}</p>
    <p class="hint">${t('account.codes.hint')}</p>
    <${Problem} code=${problem} testid="codes-problem" />
    ${asking
      ? html`<${Confirm} id="codes-q" testid="codes-confirm" text=${t('account.codes.confirm')}
          yes=${t('account.codes.yes')} onYes=${make} onNo=${() => setAsking(false)} />`
      : html`<button type="button" disabled=${busy} data-testid="codes-new" onClick=${() => setAsking(true)}>
          ${t('account.codes.new')}
        </button>`}
  </section>`;
}

function SignOut() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const leave = async (call) => {
    setAsking(false);
    setProblem(null);
    setBusy(true);
    const r = await call();
    setBusy(false);
    if (!r.ok && r.code !== 'not-signed-in') {
      setProblem(r.code);
      return;
    }
    await refreshAccount();
    location.hash = '#/';
  };
  return html`<section class="card" aria-labelledby="sign-out-title" data-testid="sign-out-section">
    <h2 id="sign-out-title">${t('account.signingOut')}</h2>
    <p class="hint">${t('account.signOut.hint')}</p>
    <${Problem} code=${problem} testid="sign-out-problem" />
    <div class="account-actions">
      <button type="button" disabled=${busy} data-testid="sign-out" onClick=${() => leave(signOut)}>${t('account.signOut')}</button>
      <button type="button" disabled=${busy} data-testid="sign-out-everywhere" onClick=${() => setAsking(true)}>
        ${t('account.signOutEverywhere')}
      </button>
    </div>
    ${asking &&
    html`<${Confirm} id="everywhere-q" testid="everywhere-confirm" text=${t('account.signOutEverywhere.confirm')}
      yes=${t('account.signOutEverywhere.yes')} onYes=${() => leave(signOutEverywhere)} onNo=${() => setAsking(false)} />`}
  </section>`;
}

export function AccountPage() {
  const { loaded, account, passkeys, codesLeft, mail, email } = useAccount();
  if (!loaded) return html`<p class="account-page" role="status">${t('account.loading')}</p>`;
  if (!account) return html`<${SignInPage} />`;
  return html`<div class="account-page" data-testid="account">
    <h1 data-testid="account-name">${account.name}</h1>
    <p class="muted" data-testid="account-since">${t('account.since', { date: day(account.created_at) })}</p>
    <${AccountGames} name=${account.name} />
    ${mail && html`<${EmailSection} email=${email} />`}
    <${Passkeys} passkeys=${passkeys} />
    <${Codes} name=${account.name} left=${codesLeft} />
    <${SignOut} />
  </div>`;
}
