// The signed-in account as this page knows it, from GET /api/account: read once when a part of
// the page first asks (the header does, on every page), and again after anything that changes
// it (a sign-up, a sign-in, a new passkey, signing out). Every component that uses useAccount()
// is redrawn with the new answer.
import { useEffect, useState } from 'preact/hooks';
import { fetchAccount } from './passkey-client.js';

/// {loaded, account: {name, created_at} or null, passkeys: [...], codesLeft, mail (whether the
/// site sends mail), email: {address, verified, your_move} or null}
let state = { loaded: false, account: null, passkeys: [], codesLeft: 0, mail: false, email: null };
const listeners = new Set();
let pending = null;

function set(next) {
  state = next;
  for (const f of listeners) f(state);
}

/// Reads GET /api/account again; resolves to the new state. Without an answer, the page keeps
/// what it knew (signed out on the first read).
export function refreshAccount() {
  pending = fetchAccount().then((r) => {
    pending = null;
    if (r.ok)
      set({
        loaded: true,
        account: r.account ?? null,
        passkeys: r.passkeys ?? [],
        codesLeft: r.recovery_codes_left ?? 0,
        mail: r.mail === true,
        email: r.email ?? null,
      });
    else if (!state.loaded) set({ ...state, loaded: true });
    return state;
  });
  return pending;
}

/// The account state, redrawn on every change.
export function useAccount() {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state);
    if (!state.loaded && !pending) refreshAccount();
    return () => listeners.delete(setCurrent);
  }, []);
  return current;
}
