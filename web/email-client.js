// The e-mail API (docs/protocol.md, "E-mail"): each function resolves to {ok: true, ...the
// answer} or {ok: false, code} ('network' when there was no answer). Nothing throws.
import { language } from './i18n/i18n.js';

async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
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

/// Sets the account's address (unverified; a verification link is mailed, in the page's language).
export const setEmail = (address) => call('PUT', '/api/account/email', { address, lang: language() });
export const removeEmail = () => call('DELETE', '/api/account/email');
/// "Your move" mails on or off.
export const setYourMove = (on) => call('PUT', '/api/account/email/notify', { on });
export const verifyEmail = (token) => call('POST', '/api/account/email/verify', { token });
/// Asks for a sign-in link: the same answer whether or not the address is known.
export const askSignInLink = (address) => call('POST', '/api/account/email/sign-in', { address });
export const finishSignInLink = (token) => call('POST', '/api/account/email/sign-in/finish', { token });
export const mailsOff = (token) => call('POST', '/api/email/off', { token });
/// The signed-in account's seat of a table: {table, seat, token}.
export const mySeat = (table) => call('GET', `/api/account/seat/${encodeURIComponent(table)}`);
