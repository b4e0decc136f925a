// The tables this device holds a seat at, kept in localStorage so that a player can come back to
// a game later from the home page. A seat token is a secret: it stays on this device and in the
// link's fragment, and is only ever sent to our own server in a WebSocket join.
const KEY = 'pg.tables';
const MAX = 30;

export function savedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export function savedTable(table, token) {
  return savedTables().find((s) => s.table === table && s.token === token) ?? null;
}

/// Adds or updates the entry for (table, token) with `fields`; the newest first. Like
/// forgetTable, it tells the page through the window event `pg-saved`.
export function saveTable(table, token, fields) {
  const list = savedTables();
  const old = list.find((s) => s.table === table && s.token === token);
  const entry = { ...(old ?? { table, token, created: Date.now() }), ...fields, seen: Date.now() };
  const rest = list.filter((s) => s !== old);
  try {
    localStorage.setItem(KEY, JSON.stringify([entry, ...rest].slice(0, MAX)));
  } catch {
    // storage full or unavailable: the link in the address bar still holds the seat
  }
  window.dispatchEvent(new Event('pg-saved'));
  return entry;
}

/// Drops the entry for (table, token); a page's list of saved tables hears of it through the
/// window event `pg-saved`.
export function forgetTable(table, token) {
  const list = savedTables().filter((s) => !(s.table === table && s.token === token));
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // nothing to do
  }
  window.dispatchEvent(new Event('pg-saved'));
}
