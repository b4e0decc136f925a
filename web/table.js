// A table page: the connection to the table (net.js), the state its messages make (table-state.js)
// and what the page does with them (saving the seat on this device, alerts, the name, the
// rematch's move), then a seat's or a spectator's table (table-view.js) or a hot seat
// (hotseat.js). Everything drawn comes from the server's messages (docs/protocol.md).
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { alertsFor, raise } from './alerts.js';
import { deviceName, unnamed } from './display-name.js';
import { errorSentence } from './errors.js';
import { HotSeat } from './hotseat.js';
import { TableConnection } from './net.js';
import { rematchHref } from './rematch.js';
import { savedTable, saveTable } from './saved.js';
import { initialState, reduce } from './table-state.js';
import { TableView } from './table-view.js';

export function TablePage({ table, token }) {
  const [state, setState] = useState(initialState);
  const stateRef = useRef(initialState);
  const connRef = useRef(null);
  const [cursor, setCursor] = useState(null);
  const [markMode, setMarkMode] = useState(false);
  const [confirmResign, setConfirmResign] = useState(false);
  const [confirmAbort, setConfirmAbort] = useState(false);
  const [confirmPass, setConfirmPass] = useState(false);
  const [lifted, setLifted] = useState(null); // hot seat: whose board is uncovered
  const [pending, setPending] = useState(null); // a try waiting for its confirmation
  // The zoomed board: kept here, so that in hot seat it stays across the curtain.
  const [zoom, setZoom] = useState(false);
  // The point each seat last tried from this page: when it becomes that seat's stone, the guess
  // mark there (a guess that an opponent's stone stood on it, now proven wrong) is cleared.
  const triedRef = useRef({});
  // Set when this page asked for the rematch itself (against the computer and on a hot seat the
  // offer is the rematch, with no offer in the info before it).
  const wantRematchRef = useRef(false);

  useEffect(() => {
    // A legal try from this page on a point it had marked: the mark goes, on the server too, so
    // that no device of this seat shows or counts it. Only the page that sent the try clears it
    // (another tab of the same seat would send the same command twice), and not when the stone
    // ended the game (marks cannot change after the end).
    const clearMarkUnderOwnStone = (before, msg) => {
      const e = msg.event;
      if ((e.kind !== 'stone' && e.kind !== 'illegal') || triedRef.current[msg.seat] !== e.point) return;
      delete triedRef.current[msg.seat]; // the try is answered
      if (e.kind === 'illegal' || e.to_move === null || !before.views[msg.seat]?.marks.includes(e.point)) return;
      connRef.current?.send({ type: 'mark', point: e.point, set: false, seat: msg.seat });
    };
    // Sounds, a notification, a vibration for what this seat was just told (alerts.js). A
    // hot-seat device hears only each player's own stream of their own actions: the other
    // stream tells the same moment again, and the curtain already says whose turn it is.
    const alertEvent = (before, next, msg) => {
      const view = next.views[msg.seat];
      if (!view || view === before.views[msg.seat]) return; // not applied
      if (next.role === 'hotseat' && msg.event.player !== msg.seat) return;
      raise(alertsFor(before.views[msg.seat], view, msg.event, msg.seat), { title: t('site.name'), text: t('turn.yours') });
    };
    const dispatch = (msg) => {
      const before = stateRef.current;
      const next = reduce(before, msg);
      stateRef.current = next;
      setState(next);
      if (msg.type === 'joined' && token)
        saveTable(table, token, {
          mode: msg.info.mode,
          seat: msg.role,
          size: msg.info.rules.size,
          torus: msg.info.rules.topology === 'torus',
          over: msg.info.state === 'over',
        });
      // The name kept on this device goes to a seat that has none yet (an invitation taken).
      if (msg.type === 'joined' && (msg.role === 'black' || msg.role === 'white') && msg.info.state !== 'over') {
        const name = deviceName();
        if (name && unnamed(msg.info, msg.role)) connRef.current?.send({ type: 'name', name });
      }
      // The home page forgets a finished game without asking (home.js): remember the end.
      if (msg.type === 'info' && msg.info.state === 'over' && token && !savedTable(table, token)?.over)
        saveTable(table, token, { over: true });
      // The rematch is made: its new seat is kept on this device like any other, and a page
      // that was part of the offer moves there (one that comes back to the old game later
      // only shows the way: it may want to look at the end first).
      if (msg.type === 'rematch' && msg.token) {
        saveTable(msg.table, msg.token, { seat: msg.seat, mode: before.info?.mode, size: before.info?.rules.size });
        if (before.info?.rematch?.offered_by || wantRematchRef.current) location.hash = rematchHref(msg);
      }
      if (msg.type === 'event') {
        clearMarkUnderOwnStone(before, msg);
        alertEvent(before, next, msg);
      }
      if (next.fatal) connRef.current?.close();
      if (next.resync) {
        // A gap in the versions: start again from snapshots.
        stateRef.current = { ...next, resync: false };
        connRef.current?.drop();
      }
    };
    const conn = new TableConnection({
      table,
      token,
      handlers: {
        onMessage: dispatch,
        onStatus: (status) => {
          const next = { ...stateRef.current, status };
          if (status !== 'open') next.joined = false;
          stateRef.current = next;
          setState(next);
        },
      },
      versions: () => {
        const s = stateRef.current;
        if (!s.joined && s.seats.length === 0) return null;
        const out = {};
        for (const seat of s.seats) {
          if (!s.views[seat]) return null;
          out[seat] = s.views[seat].version;
        }
        return out;
      },
    });
    connRef.current = conn;
    return () => conn.close();
  }, [table, token]);

  // Local changes go through the same ref as the server's messages.
  const update = (f) => {
    stateRef.current = f(stateRef.current);
    setState(stateRef.current);
  };

  // Transient errors fade after a while.
  useEffect(() => {
    if (!state.error) return undefined;
    const shown = state.error;
    const id = setTimeout(() => update((s) => (s.error === shown ? { ...s, error: null } : s)), 6000);
    return () => clearTimeout(id);
  }, [state.error]);

  const send = (cmd) => {
    update((s) => (s.error ? { ...s, error: null } : s));
    if (cmd.type === 'try') triedRef.current[cmd.seat ?? stateRef.current.role] = cmd.point;
    if (!connRef.current?.send(cmd)) update((s) => ({ ...s, error: { code: 'offline', at: Date.now() } }));
  };

  if (state.fatal)
    return html`<div class="card notice" role="alert">
      <h1>${t('table.missing.title')}</h1>
      <p>${errorSentence(state.fatal)}</p>
      <p><a href="#/">${t('table.missing.home')}</a></p>
    </div>`;

  const ready = state.joined || Object.keys(state.views).length > 0;
  const seatsReady = state.seats.length > 0 && state.seats.every((s) => state.views[s]);
  if (!ready || !seatsReady || !state.info)
    return html`<div class="card notice" role="status">
      <p>${state.status === 'reconnecting' ? t('conn.reconnecting') : t('conn.connecting')}</p>
    </div>`;

  const props = {
    table, token, state, send, cursor, setCursor, markMode, setMarkMode, confirmResign, setConfirmResign,
    confirmAbort, setConfirmAbort, confirmPass, setConfirmPass, pending, setPending, zoom, setZoom,
    wantRematch: wantRematchRef,
  };
  if (state.role === 'hotseat') {
    // Lifting the curtain starts the next player afresh: no cursor, mode or question of the
    // previous player carries over.
    const lift = (seat) => {
      setCursor(null);
      setMarkMode(false);
      setConfirmResign(false);
      setConfirmAbort(false);
      setConfirmPass(false);
      setPending(null);
      setLifted(seat);
    };
    return html`<${HotSeat} ...${props} lifted=${lifted} setLifted=${lift} />`;
  }
  const seat = state.role === 'spectator' ? 'spectator' : state.role;
  return html`<${TableView} ...${props} seat=${seat} />`;
}
