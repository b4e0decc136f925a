// The way back after signing in or signing up: a page that needs an account (a rated game's
// seat) links to `#/sign-in?return=<its own hash>`, and the sign-in and sign-up pages go there
// once the account is ready, instead of to the account page. Only a hash of this page is
// followed (never another site's address).

/// The sign-in (or, with page 'sign-up', the sign-up) page's link that comes back to `hash`.
export function accountHref(hash, page = 'sign-in') {
  return `#/${page}?return=${encodeURIComponent(hash.startsWith('#') ? hash : `#${hash}`)}`;
}

/// The hash to go to after signing in: the current address's `return`, else `fallback`.
export function returnHash(fallback = '#/account', hash = location.hash) {
  const query = hash.indexOf('?');
  if (query < 0) return fallback;
  const target = new URLSearchParams(hash.slice(query + 1)).get('return') ?? '';
  // "#table=..." or "#/...": a place on this page; nothing that leaves it.
  return /^#[^#]*$/.test(target) && !/^#\/(sign-in|sign-up)\b/.test(target) ? target : fallback;
}
