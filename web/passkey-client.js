// The account API (docs/protocol.md, "Accounts") and the browser's passkeys: every fetch of
// /api/account and every navigator.credentials call the account pages make. Each function
// resolves to {ok: true, ...the answer} or {ok: false, code}: `code` is the server's error code,
// or one of this module's own: 'network' (no answer), 'cancelled' (the person closed the
// browser's passkey window, or let it time out), 'exists' (this authenticator already holds a
// passkey of the account), 'unsupported' (no WebAuthn here), 'failed' (another refusal of the
// browser). problemSentence turns either kind into a sentence. Nothing throws.
//
// Every POST and DELETE goes to this page's own origin; the browser adds the Origin header,
// which the server requires.
import { t } from './i18n/i18n.js';
import { errorSentence } from './errors.js';

/// Whether this browser can make and use passkeys at all.
export const webauthnAvailable = () =>
  typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';

/// The sentence for a failed call's code.
export function problemSentence(code) {
  if (code === 'network') return t('err.network');
  if (code === 'cancelled') return t('passkey.cancelled');
  if (code === 'exists') return t('passkey.exists');
  if (code === 'unsupported') return t('passkey.unsupported');
  if (code === 'failed') return t('passkey.failed');
  return errorSentence(code);
}

async function call(method, path, body) {
  let res;
  try {
    res = await fetch(`/api/account${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, code: 'network' };
  }
  const json = await res.json().catch(() => null);
  if (!res.ok) return { ok: false, code: json?.error?.code ?? 'unknown', status: res.status };
  return { ok: true, ...(json ?? {}) };
}

const post = (path, body = {}) => call('POST', path, body);

/// GET /api/account: {ok, account (null when signed out), passkeys, recovery_codes_left}.
export const fetchAccount = () => call('GET', '');

/// Whether `name` is free (POST /api/account/names): {ok, available}.
export const checkName = (name) => post('/names', { name });

/// A short description of this device for a new passkey's label ("Chrome · Android"), at most
/// 40 characters, from the browser's own words: the same in every language.
export function deviceLabel() {
  const ua = navigator.userAgent ?? '';
  const data = navigator.userAgentData;
  const brands = (data?.brands ?? []).map((b) => b.brand);
  const browser =
    brands.find((b) => /^(Google Chrome|Microsoft Edge|Opera|Brave|Samsung Internet)$/.test(b))?.replace(/^(Google|Microsoft) /, '') ??
    (/Edg\//.test(ua) ? 'Edge'
      : /OPR\//.test(ua) ? 'Opera'
      : /SamsungBrowser\//.test(ua) ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(ua) ? 'Firefox'
      : /Chrome\/|CriOS\//.test(ua) ? (brands.includes('Chromium') ? 'Chromium' : 'Chrome')
      : /Safari\//.test(ua) ? 'Safari'
      : '');
  const system =
    data?.platform ||
    (/iPhone/.test(ua) ? 'iPhone'
      : /iPad/.test(ua) ? 'iPad'
      : /Android/.test(ua) ? 'Android'
      : /Windows/.test(ua) ? 'Windows'
      : /CrOS/.test(ua) ? 'ChromeOS'
      : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
      : /Linux/.test(ua) ? 'Linux'
      : '');
  const label = [browser, system].filter(Boolean).join(' · ');
  return [...label].slice(0, 40).join('');
}

// WebAuthn's JSON forms (binary fields as unpadded base64url). Browsers that have
// PublicKeyCredential.parse...FromJSON and toJSON() use them; for the others, the same by hand.
const fromB64url = (s) => {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const toB64url = (buf) =>
  btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const withIds = (list) => (list ?? []).map((c) => ({ ...c, id: fromB64url(c.id) }));

function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function')
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  return {
    ...json,
    challenge: fromB64url(json.challenge),
    user: { ...json.user, id: fromB64url(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials),
  };
}

function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function')
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: fromB64url(json.challenge), allowCredentials: withIds(json.allowCredentials) };
}

function credentialJson(cred) {
  if (typeof cred.toJSON === 'function') return cred.toJSON();
  const r = cred.response;
  const response = { clientDataJSON: toB64url(r.clientDataJSON) };
  if (r.attestationObject) response.attestationObject = toB64url(r.attestationObject);
  if (r.authenticatorData) response.authenticatorData = toB64url(r.authenticatorData);
  if (r.signature) response.signature = toB64url(r.signature);
  if (r.userHandle) response.userHandle = toB64url(r.userHandle);
  return { id: cred.id, rawId: toB64url(cred.rawId), type: cred.type, response, clientExtensionResults: {} };
}

/// The browser's refusal as one of this module's codes.
function refusal(e) {
  if (e?.name === 'NotAllowedError' || e?.name === 'AbortError') return { ok: false, code: 'cancelled' };
  if (e?.name === 'InvalidStateError') return { ok: false, code: 'exists' };
  return { ok: false, code: 'failed' };
}

async function create(options) {
  if (!webauthnAvailable()) return { ok: false, code: 'unsupported' };
  try {
    const cred = await navigator.credentials.create({ publicKey: creationOptions(options) });
    return cred ? { ok: true, credential: credentialJson(cred) } : { ok: false, code: 'cancelled' };
  } catch (e) {
    return refusal(e);
  }
}

async function get(options) {
  if (!webauthnAvailable()) return { ok: false, code: 'unsupported' };
  try {
    const cred = await navigator.credentials.get({ publicKey: requestOptions(options) });
    return cred ? { ok: true, credential: credentialJson(cred) } : { ok: false, code: 'cancelled' };
  } catch (e) {
    return refusal(e);
  }
}

/// Sign-up: a new account named `name` with a passkey made here. {ok, account, recovery_codes}.
export async function signUp(name) {
  const begun = await post('/sign-up/begin', { name });
  if (!begun.ok) return begun;
  const made = await create(begun.options);
  if (!made.ok) return made;
  return post('/sign-up/finish', { ceremony: begun.ceremony, credential: made.credential, label: deviceLabel() });
}

/// Sign-in with any passkey of this site that the device offers. {ok, account}.
export async function signIn() {
  const begun = await post('/sign-in/begin');
  if (!begun.ok) return begun;
  const used = await get(begun.options);
  if (!used.ok) return used;
  return post('/sign-in/finish', { ceremony: begun.ceremony, credential: used.credential });
}

/// A new passkey for the signed-in account, made here. {ok, passkey}.
export async function addPasskey() {
  const begun = await post('/passkeys/begin');
  if (!begun.ok) return begun;
  const made = await create(begun.options);
  if (!made.ok) return made;
  return post('/passkeys/finish', { ceremony: begun.ceremony, credential: made.credential, label: deviceLabel() });
}

export const removePasskey = (id) => call('DELETE', `/passkeys/${encodeURIComponent(id)}`);

/// Sign-in with a recovery code, typed however (the server reads case, spaces and dashes
/// loosely). {ok, account, recovery_codes_left}.
export const recover = (name, code) => post('/recover', { name, code });

/// Ten new recovery codes, which replace the old ones. {ok, recovery_codes}.
export const newRecoveryCodes = () => post('/recovery-codes');

export const signOut = () => post('/sign-out');
export const signOutEverywhere = () => post('/sign-out-everywhere');
