// #/sign-up: a new account. The name (its rules in words, and whether it is free, asked of the
// server a moment after typing stops), then "Create my account with a passkey": the server's
// options, the browser's passkey window, the server's check. Then the ten recovery codes, shown
// once, and on to the account page. Playing never needs any of this.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { checkName, problemSentence, signUp, webauthnAvailable } from './passkey-client.js';
import { refreshAccount, useAccount } from './account-state.js';
import { returnHash } from './sign-in-return.js';
import { RecoveryCodes } from './recovery-codes.js';

const CHECK_DELAY_MS = 400;
const FORBIDDEN = /[/\\?#%@<>"'`&+]/;

/// Whether the server would take `name` as an account's name (the server's rules, bad-name):
/// 2 to 24 characters of plain text, no space at either end or two in a row, none of
/// / \ ? # % @ < > " ' ` & +. Checked here too so that the page asks only about names that
/// can be.
export function validName(name) {
  const chars = [...name];
  if (chars.length < 2 || chars.length > 24) return false;
  if (typeof name.isWellFormed === 'function' && !name.isWellFormed()) return false;
  if (chars.some((c) => c.codePointAt(0) < 0x20 || (c.codePointAt(0) >= 0x7f && c.codePointAt(0) < 0xa0))) return false;
  if (name.startsWith(' ') || name.endsWith(' ') || name.includes('  ')) return false;
  return !FORBIDDEN.test(name);
}

/// Whether `name` is free, asked a moment after the last keystroke:
/// null (nothing typed), {status: 'invalid' | 'checking' | 'free' | 'taken' | 'unknown', name}.
function useNameCheck(name) {
  const [check, setCheck] = useState(null);
  useEffect(() => {
    if (!name) {
      setCheck(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(async () => {
      if (!validName(name)) {
        setCheck({ status: 'invalid', name });
        return;
      }
      setCheck({ status: 'checking', name });
      const r = await checkName(name);
      if (!live) return;
      if (r.ok) setCheck({ status: r.available ? 'free' : 'taken', name });
      else setCheck({ status: r.code === 'bad-name' ? 'invalid' : 'unknown', name });
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name]);
  return check;
}

function nameStatus(check) {
  if (!check) return null;
  if (check.status === 'invalid') return { text: t('err.bad-name'), bad: true };
  if (check.status === 'taken') return { text: t('err.name-taken'), bad: true };
  if (check.status === 'free') return { text: t('signUp.name.free', { name: check.name }), bad: false };
  if (check.status === 'checking') return { text: t('signUp.name.checking'), bad: false };
  return null;
}

export function SignUpPage() {
  const { loaded, account } = useAccount();
  const [typed, setTyped] = useState('');
  const name = typed.trim();
  const check = useNameCheck(name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null); // a failed sign-up's code
  // Once the account is made: {name, codes, read}, `read` the new read of the account state
  // (the account page waits for it, or it would show the sign-in page for a moment).
  const [done, setDone] = useState(null);

  if (done)
    return html`<div class="account-page" data-testid="sign-up">
      <h1>${t('signUp.done', { name: done.name })}</h1>
      <${RecoveryCodes} name=${done.name} codes=${done.codes}
        onDone=${() => done.read.then(() => (location.hash = returnHash()))} />
    </div>`;

  if (loaded && account)
    return html`<div class="account-page" data-testid="sign-up">
      <h1>${t('signUp.title')}</h1>
      <p>${t('account.signedInAs', { name: account.name })} <a href="#/account">${t('account.open')}</a></p>
    </div>`;

  const submit = async (e) => {
    e.preventDefault();
    setProblem(null);
    if (!validName(name)) {
      setProblem('bad-name');
      return;
    }
    setBusy(true);
    const r = await signUp(name);
    setBusy(false);
    if (!r.ok) {
      setProblem(r.code);
      return;
    }
    setDone({ name: r.account?.name ?? name, codes: r.recovery_codes ?? [], read: refreshAccount() });
  };

  const status = nameStatus(check);
  const supported = webauthnAvailable();
  return html`<div class="account-page" data-testid="sign-up">
    <h1>${t('signUp.title')}</h1>
    <p class="lead">${t('signUp.lead')}</p>
    <p>${t('signUp.passkey')}</p>
    ${supported
      ? html`<form class="card" onSubmit=${submit} novalidate>
          <div class="field">
            <label for="sign-up-name">${t('signUp.name')}</label>
            <input id="sign-up-name" name="username" autocomplete="username" autocapitalize="none" spellcheck="false"
              value=${typed} aria-describedby="sign-up-name-hint sign-up-name-status" data-testid="sign-up-name"
              onInput=${(e) => setTyped(e.currentTarget.value)} />
            <span id="sign-up-name-hint" class="hint">${t('signUp.name.hint')}</span>
            <span id="sign-up-name-status" role="status" data-testid="name-status"
              class=${'name-status' + (status?.bad ? ' bad' : status ? ' good' : '')}>${status?.text ?? ''}</span>
          </div>
          ${problem === 'cancelled'
            ? html`<p role="status" class="calm" data-testid="sign-up-problem">${problemSentence(problem)}</p>`
            : problem && html`<p class="error" role="alert" data-testid="sign-up-problem">${problemSentence(problem)}</p>`}
          ${busy && html`<p role="status" class="hint">${t('passkey.waiting')}</p>`}
          <button type="submit" class="primary" disabled=${busy} data-testid="sign-up-create">${t('signUp.create')}</button>
        </form>`
      : html`<p class="banner" data-testid="no-webauthn">${t('passkey.unsupported')}</p>`}
    <p>${t('signUp.haveAccount')} <a href="#/sign-in">${t('nav.signIn')}</a></p>
  </div>`;
}
