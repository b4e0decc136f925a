// #/sign-in (and #/account while signed out): "Sign in with a passkey" (the device offers the
// passkeys it holds for this site; the server learns which account from the one chosen), a way
// to sign up, and for someone who lost every passkey, a recovery code with the account's name.
import { useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { problemSentence, recover, signIn, webauthnAvailable } from './passkey-client.js';
import { refreshAccount, useAccount } from './account-state.js';
import { returnHash } from './sign-in-return.js';
import { EmailSignIn } from './email.js';

/// A failed call's sentence: calm (a status) when the person closed the passkey window, an
/// alert otherwise.
export function Problem({ code, testid }) {
  if (!code) return null;
  return code === 'cancelled'
    ? html`<p role="status" class="calm" data-testid=${testid}>${problemSentence(code)}</p>`
    : html`<p class="error" role="alert" data-testid=${testid}>${problemSentence(code)}</p>`;
}

async function signedIn() {
  await refreshAccount();
  location.hash = returnHash(); // the account page, or back to where signing in was asked for
}

function RecoveryForm({ open }) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const submit = async (e) => {
    e.preventDefault();
    setProblem(null);
    if (!name.trim() || !code.trim()) {
      setProblem('recovery-failed');
      return;
    }
    setBusy(true);
    const r = await recover(name.trim(), code.trim());
    setBusy(false);
    if (r.ok) await signedIn();
    else setProblem(r.code);
  };
  return html`<details class="recover card" open=${open} data-testid="recover">
    <summary>${t('signIn.lost')}</summary>
    <p class="hint">${t('signIn.lost.hint')}</p>
    <form onSubmit=${submit} novalidate>
      <div class="field">
        <label for="recover-name">${t('signIn.name')}</label>
        <input id="recover-name" autocomplete="username" autocapitalize="none" spellcheck="false" value=${name}
          data-testid="recover-name" onInput=${(e) => setName(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="recover-code">${t('signIn.code')}</label>
        <input id="recover-code" autocomplete="off" autocapitalize="characters" spellcheck="false" value=${code}
          aria-describedby="recover-code-hint" data-testid="recover-code" onInput=${(e) => setCode(e.currentTarget.value)} />
        <span id="recover-code-hint" class="hint">${t('signIn.code.hint')}</span>
      </div>
      <${Problem} code=${problem} testid="recover-problem" />
      <button type="submit" disabled=${busy} data-testid="recover-submit">${t('signIn.recover')}</button>
    </form>
  </details>`;
}

export function SignInPage() {
  const { loaded, account, mail } = useAccount();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  if (loaded && account)
    return html`<div class="account-page" data-testid="sign-in">
      <h1>${t('signIn.title')}</h1>
      <p>${t('account.signedInAs', { name: account.name })} <a href="#/account">${t('account.open')}</a></p>
    </div>`;
  const supported = webauthnAvailable();
  const go = async () => {
    setProblem(null);
    setBusy(true);
    const r = await signIn();
    setBusy(false);
    if (r.ok) await signedIn();
    else setProblem(r.code);
  };
  return html`<div class="account-page" data-testid="sign-in">
    <h1>${t('signIn.title')}</h1>
    ${supported
      ? html`<div class="card">
          <p>${t('signIn.lead')}</p>
          <${Problem} code=${problem} testid="sign-in-problem" />
          ${busy && html`<p role="status" class="hint">${t('passkey.waiting')}</p>`}
          <button type="button" class="primary" disabled=${busy} data-testid="sign-in-passkey" onClick=${go}>
            ${t('signIn.button')}
          </button>
        </div>`
      : html`<p class="banner" data-testid="no-webauthn">${t('passkey.unsupported')}</p>`}
    <p>${t('signIn.noAccount')} <a href="#/sign-up">${t('signIn.signUp')}</a></p>
    ${mail && html`<${EmailSignIn} />`}
    <${RecoveryForm} open=${!supported} />
  </div>`;
}
