// A table: a seat's own board and controls, a spectator's view, or a hot-seat device with its
// curtain; the end with the reveal, the score and the replay. Everything drawn comes from the
// server's messages (docs/protocol.md); the page sends intents (try, pass, resign, mark).
import { useEffect, useMemo, useRef, useState, useLayoutEffect } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName, formatNumber } from './i18n/i18n.js';
import { Board, fitVertexSize, useViewportHeight, useWidth } from './board.js';
import { Clocks, FirstMoveNotice, clockSummary } from './clock.js';
import { TableConnection } from './net.js';
import {
  applyEvent, areaOf, latestLine, logLines, other, passEndsGame, revealLines, viewFromSnapshot, winningCapture,
} from './view.js';
import { errorSentence } from './errors.js';
import { saveTable, savedTable } from './saved.js';
import { Replay } from './replay.js';
import { alertsFor, lowTime, raise } from './alerts.js';
import { AlertSettings } from './alert-settings.js';
import { AwayNotice } from './away.js';
import { RematchPanel, rematchHref } from './rematch.js';
import { Chat, ChatBadge, chatAfter, hasChat, hiddenByChoice, keepHidden, keepMuted, mutedAt, scrollToChat, unreadCount } from './chat.js';
import { NameField, deviceName, unnamed } from './display-name.js';
import { ChallengeNotice } from './lobby.js';

const CURTAIN_DELAY_MS = 800;
// The height (px) kept beside the board for what must be seen with it: the site header, the
// table's heading, the status line with the clocks above the board and the newest announcement
// below it. On a phone the width limits the board first; on a desktop this keeps it all on one
// screen (tests/web/layout.test.mjs measures it).
const BOARD_RESERVE = 240;
// And while a first move is awaited on a table with a clock, the countdown's line under the
// clocks (FirstMoveNotice).
const FIRST_MOVE_RESERVE = 48;
// The smallest point (px) a finger can hit; a board whose points fit smaller offers a zoom.
const MIN_TOUCH_VERTEX = 28;
// Zoomed, a point is a little larger than that, so that rounding never takes it below.
const ZOOM_VERTEX = 30;
// Hot seat: how long the mover sees their new stone before the curtain falls.
const LANDING_MS = 1200;
const CONFIRM_KEY = 'pg.confirmMoves';
// Until this many turns are played (each side has moved once) a game can be aborted, with no
// result, instead of resigned (the server's rule, docs/protocol.md).
const ABORT_BEFORE_TURN = 2;

/// Whether a try waits for a second tap: the player's own choice if they made one, else on for
/// touch screens (a finger hides the point it taps) and for boards above 9x9 (small points).
function confirmDefault(size) {
  try {
    const kept = localStorage.getItem(CONFIRM_KEY);
    if (kept === '1' || kept === '0') return kept === '1';
  } catch {
    // storage unavailable: the default
  }
  return touchScreen() || size > 9;
}

/// Whether the main pointer is a finger (the words then say "tap", not "click").
const touchScreen = () => matchMedia('(pointer: coarse)').matches;

/// Keeps the player's choice for every table on this device.
function keepConfirm(on) {
  try {
    localStorage.setItem(CONFIRM_KEY, on ? '1' : '0');
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

// ---------------------------------------------------------------------------------------------
// State: one object, changed only by server messages and a few local actions.

const initialState = {
  status: 'connecting', // connecting | open | reconnecting | closed
  joined: false,
  role: null, // black | white | spectator | hotseat
  seats: [],
  info: null, // the table's public information: from `joined`, then every `info` message
  views: {}, // seat -> view (view.js)
  clock: null, // the last clock message, with `at` (performance.now() when received)
  thinking: null, // the computer's seat while it chooses
  error: null, // {code, at}
  fatal: null, // a join error code: the table cannot be shown
  resync: false,
  rematch: null, // the rematch message: the new table, and this connection's new seat
  chat: [], // the chat lines this connection may read (chat.js)
  chatBase: null, // the highest seq of the chat found on the first join: lines up to it count as seen
  chatJoining: false, // joined for the first time, the chat history (if any) still to come
};

/// The next state after a server message. Pure apart from reading performance.now().
export function reduce(state, msg) {
  // The chat lines a page finds when it first joins count as seen: the server sends them (if
  // any) right after the snapshots, within the join; anything else ends the wait for them.
  if (state.chatJoining && !['joined', 'snapshot', 'event', 'rematch', 'chat-history'].includes(msg.type))
    state = { ...state, chatJoining: false, chatBase: state.chat.reduce((m, l) => Math.max(m, l.seq), -1) };
  switch (msg.type) {
    case 'joined':
      return {
        ...state,
        joined: true,
        role: msg.role,
        seats: msg.seats,
        info: msg.info,
        spectator: msg.spectator ?? null,
        fatal: null,
        resync: false,
        chatJoining: state.chatBase == null,
      };
    case 'snapshot':
      return { ...state, views: { ...state.views, [msg.seat]: viewFromSnapshot(msg.view) } };
    case 'event': {
      const view = state.views[msg.seat];
      if (!view) return state;
      if (msg.version <= view.version) return state; // already applied
      if (msg.version !== view.version + 1) return { ...state, views: {}, resync: true };
      const next = applyEvent(view, msg.event, msg.version);
      let thinking = state.thinking;
      if (thinking && (next.to_move !== thinking || next.over)) thinking = null;
      return { ...state, views: { ...state.views, [msg.seat]: next }, thinking };
    }
    case 'info':
      // The server's word on the table's state (waiting, playing, over) and who is connected.
      return { ...state, info: msg.info, rematchDeclined: msg.info.rematch?.offered_by ? null : state.rematchDeclined };
    case 'clock':
      return { ...state, clock: { ...msg, at: performance.now() } };
    case 'thinking':
      return { ...state, thinking: msg.seat };
    case 'rematch':
      return { ...state, rematch: msg };
    case 'rematch-declined':
      // Who declined the other seat's offer; a new offer makes it old news.
      return { ...state, rematchDeclined: msg.by };
    case 'chat':
      return { ...state, chat: chatAfter(state.chat, msg) };
    case 'chat-history':
      return {
        ...state,
        chat: chatAfter(state.chat, msg),
        chatBase: state.chatJoining ? msg.lines.reduce((m, l) => Math.max(m, l.seq), -1) : state.chatBase,
        chatJoining: false,
      };
    case 'error':
      // The table is moving to another node: the server closes this connection and the
      // reconnect (net.js) lands on the new one; the status line says "reconnecting".
      if (msg.code === 'table-elsewhere') return state;
      if (!state.joined && (msg.code === 'no-such-table' || msg.code === 'bad-token'))
        return { ...state, fatal: msg.code };
      // Nobody joined the table in time: it is gone for good (the server closes the connection).
      if (msg.code === 'table-expired') return { ...state, fatal: msg.code };
      return { ...state, error: { code: msg.code, at: Date.now() } };
    default:
      return state;
  }
}

// ---------------------------------------------------------------------------------------------
// Text helpers.

/// A {key, params} sentence with its colours named in the language.
function sentence({ key, params }) {
  const named = { ...params };
  if (named.player) named.player = colorName(named.player);
  if (named.color) named.color = colorName(named.color);
  return t(key, named);
}

/// A log line (view.js) as its two parts: the sentence on the turn, and the one on what its move
/// captured (or null).
export function lineParts(line) {
  if (line.kind === 'end' && line.result) return [`${t('log.end')} ${resultSentence(line.result)}`, null];
  return [sentence(line), line.capture ? sentence(line.capture) : null];
}

/// A log line as one text.
export function lineText(line) {
  return lineParts(line).filter(Boolean).join(' ');
}

export function resultSentence(result) {
  if (!result) return '';
  // No winner: a draw on the score, an abandoned game ended before its second move, or an
  // aborted one (by a player, or a first move not made in time).
  if (!result.winner)
    return t(result.reason === 'abandoned' ? 'result.void' : result.reason === 'aborted' ? 'result.aborted' : 'result.draw');
  const winner = colorName(result.winner);
  switch (result.reason) {
    case 'abandoned':
      return t('result.abandoned', { winner });
    case 'resignation':
      return t('result.resignation', { winner });
    case 'time':
      return t('result.time', { winner });
    case 'capture':
      return t('result.capture', { winner });
    default:
      return result.score
        ? t('result.points', { winner, margin: formatNumber(Math.abs(result.score.margin)) })
        : t('result.wins', { winner });
  }
}

/// "You won." or "You lost." for a seat, or '' (a draw, or a game that ended with no result).
function outcomeSentence(result, seat) {
  if (!result?.winner) return '';
  return t(result.winner === seat ? 'end.youWon' : 'end.youLost');
}

export function rulesSummary(rules) {
  const parts = [`${rules.size} × ${rules.size}`];
  parts.push(t('summary.komi', { komi: formatNumber(rules.komi) }));
  if (rules.handicap) parts.push(t('summary.handicap', { n: rules.handicap }));
  parts.push(t(`setup.ko.${rules.ko}`));
  if (rules.atari_go) parts.push(t('setup.atariGo.short'));
  if (rules.topology === 'torus') parts.push(t('setup.torus.short'));
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------
// The page.

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

// ---------------------------------------------------------------------------------------------
// Hot seat: the curtain between turns.

/// The stone the uncovered seat has just played, while the turn has passed to the other player
/// (the version of the event, and its point), or null. Marks the page clears after the stone
/// (clearMarkUnderOwnStone) come after it and do not count.
function justLanded(state, lifted) {
  const view = lifted && state.views[lifted];
  if (!view || view.over || view.to_move === lifted) return null;
  for (let i = view.events.length - 1; i >= 0; i--) {
    const e = view.events[i];
    if (e.kind === 'mark') continue;
    return e.kind === 'stone' && e.player === lifted ? { version: view.version - (view.events.length - 1 - i), point: e.point } : null;
  }
  return null;
}

function HotSeat(props) {
  const { state, lifted, setLifted } = props;
  const view = state.views.black;
  const toMove = view.to_move;
  const over = view.over;
  // After a legal try the mover sees where the stone landed (their own board only, the stone
  // ringed) for LANDING_MS or until "Hand over", before the curtain falls. `handedOver` is the
  // version of the last stone whose landing ended.
  const [handedOver, setHandedOver] = useState(0);
  const landed = justLanded(state, lifted);
  const landing = landed && landed.version > handedOver ? landed : null;
  useEffect(() => {
    if (!landing) return undefined;
    const id = setTimeout(() => setHandedOver(landing.version), LANDING_MS);
    return () => clearTimeout(id);
  }, [landing?.version]);
  // The two seats' events of a move come in separate frames. Until both views have it, the
  // uncovered seat's own board stays (else the curtain could fall before the landing, or the
  // board of a seat whose view is ahead could show to the wrong player).
  const whiteView = state.views.white;
  const settling = !!lifted && !over && (whiteView.turn !== view.turn || whiteView.to_move !== toMove);
  // Between the last pass and the end event nobody is on turn: the curtain stays as it was.
  const down = !over && !landing && !settling && (toMove ? lifted !== toMove : !lifted);
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!down) return undefined;
    setArmed(false);
    const id = setTimeout(() => setArmed(true), CURTAIN_DELAY_MS);
    return () => clearTimeout(id);
  }, [down, toMove]);
  const buttonRef = useRef(null);
  useEffect(() => {
    if (down && armed) buttonRef.current?.focus();
  }, [down, armed]);
  // Once the curtain is lifted by keyboard its button is gone: the focus goes to the board, where
  // the player acts (else it would fall back to the page's start). A click or a tap leaves it.
  const wasDown = useRef(down);
  const liftedByKeyboard = useRef(false);
  useEffect(() => {
    if (wasDown.current && !down && liftedByKeyboard.current && toMove && lifted === toMove)
      document.getElementById('board')?.focus();
    if (!down) liftedByKeyboard.current = false;
    wasDown.current = down;
  }, [down]);

  if (down && !toMove) return null;
  if (down) {
    // What the incoming player was told since their own last action: public announcements.
    const incoming = state.views[toMove];
    let since = incoming.events.length;
    while (since > 0 && incoming.events[since - 1].player !== toMove) since--;
    const news = logLines(incoming.events.slice(since), toMove).filter((l) => l.kind !== 'end');
    return html`
      <section class="curtain" data-testid="curtain" aria-labelledby="curtain-title">
        <h1 id="curtain-title">${t('curtain.title', { player: colorName(toMove) })}</h1>
        <p>${t('curtain.pass', { player: colorName(toMove) })}</p>
        ${news.length > 0 &&
        html`<div class="news">
          <h2>${t('curtain.news')}</h2>
          <ul>${news.map((l) => html`<li>${lineText(l)}</li>`)}</ul>
        </div>`}
        <button
          type="button"
          class="primary big"
          ref=${buttonRef}
          disabled=${!armed}
          onClick=${(e) => {
            if (!armed) return;
            // A click from Enter or Space has no pointer's click count.
            liftedByKeyboard.current = e.detail === 0;
            setLifted(toMove);
          }}
        >
          ${t('curtain.show', { player: colorName(toMove) })}
        </button>
      </section>
    `;
  }
  if (landing)
    return html`<${TableView} ...${props} seat=${lifted} hotseat=${true} handOver=${() => setHandedOver(landing.version)} />`;
  if (settling) return html`<${TableView} ...${props} seat=${lifted} hotseat=${true} />`;
  // At the end both players look at the same screen: the real board and the whole game told by
  // nobody in particular (either seat's view holds the reveal).
  const seat = over ? 'black' : toMove ?? lifted;
  return html`<${TableView} ...${props} seat=${seat} hotseat=${true} neutral=${over} />`;
}

// ---------------------------------------------------------------------------------------------
// One audience's table.

function TableView(props) {
  const { table, token, state, send, seat, hotseat = false, neutral = false, handOver = null } = props;
  const { cursor, setCursor, markMode, setMarkMode, confirmResign, setConfirmResign, confirmPass, setConfirmPass } = props;
  const { confirmAbort, setConfirmAbort, pending, setPending, zoom, setZoom, wantRematch } = props;
  const view = state.views[seat];
  const info = state.info;
  const rules = view.rules;
  const spectator = seat === 'spectator';
  const boardBox = useRef(null);
  const width = useWidth(boardBox);
  // The board fits the column's width and the window's height: the status line, the clocks
  // above it and the newest announcement below it stay on the first screen (BOARD_RESERVE).
  const viewportHeight = useViewportHeight();
  const awaitingFirst = !!state.info.clock && !view.over && !!state.clock?.first_move;
  const reserve = BOARD_RESERVE + (awaitingFirst ? FIRST_MOVE_RESERVE : 0);
  const boardFit = Math.min(width, 640, Math.max(320, viewportHeight - reserve));
  const fitted = fitVertexSize(rules.size, rules.topology === 'torus', boardFit);
  // Where the fitted points are too small for a finger (19x19 on a phone), a zoom makes the board
  // wider than the screen, in a box that scrolls both ways.
  const canZoom = !spectator && !view.over && fitted < MIN_TOUCH_VERTEX;
  const zoomed = canZoom && zoom;
  const vertexSize = zoomed ? ZOOM_VERTEX : fitted;
  const [confirmOn, setConfirmOn] = useState(() => confirmDefault(rules.size));
  const started = info.state !== 'waiting';
  const myTurn = started && !spectator && !view.over && view.to_move === seat && !handOver;
  // The chat's switches, and the others' lines not yet seen (a badge by the board).
  const chatHere = !hotseat && hasChat(state.role, info.mode);
  const [chatHidden, setChatHiddenNow] = useState(hiddenByChoice);
  const setChatHidden = (on) => {
    keepHidden(on);
    setChatHiddenNow(on);
  };
  const [chatMuted, setChatMutedNow] = useState(() => mutedAt(table));
  const setChatMuted = (on) => {
    keepMuted(table, on);
    setChatMutedNow(on);
  };
  const [chatSeen, setChatSeen] = useState(-1);
  const unread =
    chatHere && !chatMuted && state.chatBase != null
      ? unreadCount(state.chat, Math.max(state.chatBase, chatSeen), seat, state.spectator)
      : 0;
  const openChat = () => {
    setChatHidden(false);
    requestAnimationFrame(scrollToChat);
  };
  // A ghost belongs to one position: any new event (an answer, the opponent's move) drops it.
  useEffect(() => setPending(null), [view.version, seat]);

  const visible = [...view.stones.black, ...view.stones.white];
  const disabled = [...visible, ...view.tried];
  // A guess mark says that an opponent's stone may stand on a point: on a point where this seat
  // sees a stone it means nothing, so it is neither drawn nor counted (the page clears such a
  // mark on the server when its own try lands there; see clearMarkUnderOwnStone).
  const marks = view.marks.filter((p) => !visible.includes(p));
  const passEnds = myTurn && passEndsGame(view.events, seat);
  const won = view.over ? winningCapture(view.reveal) : null;
  // The ring on this seat's newest stone, while that stone stands (a capture takes the ring with
  // it: the point is empty, or holds someone else's stone, afterwards).
  const lastOwn = useMemo(() => {
    if (spectator) return null;
    for (let i = view.events.length - 1; i >= 0; i--)
      if (view.events[i].kind === 'stone') {
        const p = view.events[i].point;
        return view.stones[seat]?.includes(p) ? p : null;
      }
    return null;
  }, [view.events, view.stones, seat, spectator]);

  // A command for this board's seat: a hot-seat connection holds both seats, so it names the
  // one it acts for; any other connection acts for its only seat.
  const command = (type, fields = {}) => send({ type, ...fields, ...(hotseat ? { seat } : {}) });
  // With confirmation on, the first tap (or Enter) on a point puts a ghost stone there and a
  // second one, or "Play", sends the try; a tap elsewhere moves the ghost. Off the turn a try
  // goes straight to the server, which says why it is refused.
  const tryPoint = (point) => {
    if (markMode) return mark(point);
    if (confirmOn && myTurn && pending !== point) return setPending(point);
    play(point);
  };
  const play = (point) => {
    setPending(null);
    setConfirmResign(false);
    setConfirmAbort(false);
    setConfirmPass(false);
    command('try', { point });
  };
  const switchConfirm = () => {
    keepConfirm(!confirmOn);
    setConfirmOn(!confirmOn);
    setPending(null);
  };
  const mark = (point) => {
    if (visible.includes(point)) return; // a stone is known to be there: nothing to guess
    command('mark', { point, set: !view.marks.includes(point) });
  };
  const describe = (point) => {
    const parts = [];
    if (view.stones[seat]?.includes(point)) parts.push(t('cell.own'));
    else if (view.stones.black.includes(point)) parts.push(t('cell.black'));
    else if (view.stones.white.includes(point)) parts.push(t('cell.white'));
    else parts.push(t('cell.empty'));
    if (view.tried.includes(point)) parts.push(t('cell.tried'));
    else if (view.rejected.includes(point)) parts.push(t('cell.rejected'));
    if (marks.includes(point)) parts.push(t('cell.marked'));
    return `${point}: ${parts.join(', ')}`;
  };

  const heading = spectator
    ? t('table.watching')
    : neutral
      ? t('table.hotseatEnd')
      : hotseat
        ? t('table.hotseat', { player: colorName(seat) })
        : t('table.youPlay', { player: colorName(seat) });

  // At the end a player learns first whether they won; the result's sentence follows.
  const outcome = view.over && !spectator && !hotseat ? outcomeSentence(view.reveal?.result, seat) : '';
  // Each side's area, shaded on the final board (Atari Go is won by a capture, not by area; an
  // aborted game is not scored).
  const scored = view.over && !rules.atari_go && view.reveal?.result?.reason !== 'aborted';
  const area = useMemo(
    () => (scored ? areaOf(view.stones, rules.size, rules.topology === 'torus') : null),
    [scored, view.stones, rules],
  );
  let status;
  if (view.over) status = [outcome, resultSentence(view.reveal?.result)].filter(Boolean).join(' ');
  else if (!view.to_move) status = t('log.end'); // the end event follows at once
  else if (!started) status = t('turn.waiting');
  else if (myTurn) status = view.rejections_this_turn > 0 ? t('turn.yoursAgain') : t('turn.yours');
  else if (state.thinking && view.to_move === state.thinking) status = t('turn.thinking', { player: colorName(view.to_move) });
  else status = t('turn.other', { player: colorName(view.to_move) });

  useEffect(() => {
    document.title = myTurn ? `▶ ${t('turn.yours')} · ${t('site.name')}` : t('site.name');
  });

  // The hot-seat mover looking at their new stone, before the curtain: nothing to do but look.
  const readOnly = spectator || !!handOver;
  const boardLabel = spectator
    ? t('board.label.spectator')
    : t('board.label.seat', { player: colorName(seat) });

  return html`
    <div class="table-page" data-seat=${seat} data-over=${view.over ? '1' : '0'}>
      <div class="table-head">
        <h1>${heading}</h1>
        <p class="summary">${[rulesSummary(rules), clockSummary(state.info.clock)].filter(Boolean).join(' · ')}</p>
        ${!hotseat && !spectator && !unnamed(info, other(seat)) &&
        html`<p class="opponent" data-testid="opponent">${t('table.against', { player: playerName(info, other(seat)) })}</p>`}
      </div>
      <${ConnectionBanner} status=${state.status} />
      ${state.error && html`<p class="error toast" role="alert" data-testid="error">${
        state.error.code === 'offline' ? t('err.offline') : errorSentence(state.error.code)
      }</p>`}
      <div class="table-layout">
        <div class="board-column" ref=${boardBox}>
          <div class="play-bar">
            <p class=${'turn' + (myTurn ? ' mine' : '')} role="status" data-testid="turn">${status}</p>
            ${state.info.clock &&
            html`<${Clocks}
              clock=${state.clock}
              over=${view.over}
              seat=${seat}
              graceMs=${info.first_move_ms ?? null}
              onLow=${(c) => (hotseat || c === seat) && lowTime()}
            />`}
            <${ChatBadge} count=${unread} onOpen=${openChat} />
          </div>
          ${state.info.clock && html`<${FirstMoveNotice} clock=${state.clock} over=${view.over} seat=${seat} />`}
          ${!hotseat && !spectator && html`<${InviteNow} table=${table} token=${token} state=${state} seat=${seat} />`}
          ${!hotseat && !spectator && html`<${ChallengeNotice} table=${table} token=${token} info=${info} seat=${seat} />`}
          ${view.over
            ? html`<${Board}
                size=${rules.size}
                torus=${rules.topology === 'torus'}
                stones=${view.stones}
                captured=${won?.captured ?? []}
                last=${won?.point ?? null}
                area=${area}
                vertexSize=${vertexSize}
                label=${area ? `${t('board.label.final')}. ${t('end.areaNote')}` : t('board.label.final')}
                id="board"
              />`
            : html`<div class=${zoomed ? 'board-zoom' : 'board-fit'} data-testid="board-box"><${Board}
                size=${rules.size}
                torus=${rules.topology === 'torus'}
                stones=${view.stones}
                rejected=${view.rejected}
                marks=${marks}
                markColor=${spectator ? 'white' : other(seat)}
                captured=${view.lastCapture?.points ?? []}
                last=${lastOwn}
                cursor=${readOnly ? null : cursor}
                onCursor=${readOnly ? undefined : setCursor}
                onTry=${readOnly ? undefined : tryPoint}
                onMark=${readOnly ? undefined : mark}
                pending=${myTurn ? pending : null}
                pendingColor=${spectator ? 'black' : seat}
                disabled=${disabled}
                vertexSize=${vertexSize}
                label=${markMode && !spectator ? `${boardLabel}. ${t(touchScreen() ? 'board.marking.touch' : 'board.marking')}` : boardLabel}
                describe=${describe}
                busy=${!!(state.thinking && view.to_move === state.thinking)}
                marking=${markMode && !spectator ? t(touchScreen() ? 'board.marking.touch' : 'board.marking') : null}
                id="board"
              /></div>`}
          ${myTurn && pending &&
          html`<p class="confirm-bar">
            <button type="button" class="primary" data-testid="confirm-play" onClick=${() => play(pending)}>
              ${t('confirm.play', { point: pending })}
            </button>
          </p>`}
          ${handOver &&
          html`<p class="confirm-bar">
            <button type="button" class="primary" data-testid="hand-over" onClick=${handOver}>${t('hotseat.handOver')}</button>
          </p>`}
          ${!view.over && html`<${LatestNews} view=${view} seat=${seat} />`}
          ${!spectator && !hotseat && !view.over &&
          html`<${AwayNotice} info=${info} seat=${seat} onClaim=${() => command('claim-abandoned')} />`}
          ${!spectator && !view.over && html`<p class="hint keys" data-testid="keys">${t('board.keys')}</p>`}
        </div>
        <div class="side-column">
          ${!spectator && !view.over && !handOver &&
          html`<${Controls}
            myTurn=${myTurn}
            confirmOn=${confirmOn}
            switchConfirm=${switchConfirm}
            canZoom=${canZoom}
            zoom=${zoomed}
            setZoom=${setZoom}
            markMode=${markMode}
            setMarkMode=${setMarkMode}
            confirmResign=${confirmResign}
            setConfirmResign=${setConfirmResign}
            abortable=${view.turn < ABORT_BEFORE_TURN}
            confirmAbort=${confirmAbort}
            setConfirmAbort=${setConfirmAbort}
            confirmPass=${confirmPass}
            setConfirmPass=${setConfirmPass}
            passEnds=${passEnds}
            opponent=${colorName(other(seat))}
            onPass=${() => {
              setConfirmPass(false);
              command('pass');
            }}
            onResign=${() => {
              setConfirmResign(false);
              command('resign');
            }}
            onAbort=${() => {
              setConfirmAbort(false);
              command('abort');
            }}
          />`}
          <${Counts} view=${view} seat=${seat} marks=${marks.length} />
          ${!hotseat && html`<${Presence} info=${state.info} seat=${seat} />`}
          ${!hotseat && !spectator && !view.over && html`<${NameField} info=${state.info} seat=${seat} send=${send} />`}
          ${!spectator && !view.over && html`<${AlertSettings} notify=${!hotseat} />`}
          ${view.over && html`<${EndPanel} table=${table} view=${view} won=${won} outcome=${outcome} area=${!!area} />`}
          ${view.over && state.info.state === 'over' &&
          html`<${RematchPanel}
            info=${state.info}
            seat=${seat}
            frame=${state.rematch}
            declinedBy=${state.rematchDeclined}
            command=${(type) => {
              if (type === 'rematch') wantRematch.current = true;
              command(type);
            }}
          />`}
          ${chatHere &&
          html`<${Chat}
            lines=${state.chat}
            role=${seat}
            me=${state.spectator}
            names=${state.info.names}
            over=${view.over}
            send=${send}
            hidden=${chatHidden}
            setHidden=${setChatHidden}
            muted=${chatMuted}
            setMuted=${setChatMuted}
            onSeen=${(seq) => setChatSeen((s) => Math.max(s, seq))}
          />`}
          <${Log} lines=${neutral && view.reveal ? revealLines(view.reveal) : logLines(view.events, seat)} />
          ${!hotseat && !spectator && html`<${Invite} table=${table} token=${token} state=${state} seat=${seat} />`}
        </div>
      </div>
      ${view.over && view.reveal && html`<${Replay} reveal=${view.reveal} rules=${rules} game=${table} computer=${computerSeat(info)} />`}
    </div>
  `;
}

/// The seat the computer plays at a table, or null.
const computerSeat = (info) => ['black', 'white'].find((c) => info?.seats?.[c]?.player === 'computer') ?? null;

function ConnectionBanner({ status }) {
  if (status === 'open' || status === 'closed') return null;
  return html`<p class="banner" role="status" data-testid="connection">
    ${status === 'reconnecting' ? t('conn.reconnecting') : t('conn.connecting')}
  </p>`;
}

function Controls(props) {
  const { myTurn, markMode, setMarkMode, confirmResign, setConfirmResign, onPass, onResign } = props;
  const { confirmPass, setConfirmPass, passEnds, opponent, confirmOn, switchConfirm, canZoom, zoom, setZoom } = props;
  const { abortable, confirmAbort, setConfirmAbort, onAbort } = props;
  const noRef = useRef(null);
  const passNoRef = useRef(null);
  const abortNoRef = useRef(null);
  const resignRef = useRef(null);
  const abortRef = useRef(null);
  const passRef = useRef(null);
  // Before each side has moved once, Abort (no result) takes Resign's place; its question goes
  // when the second turn is played.
  const asking = { resign: confirmResign && !abortable, abort: confirmAbort && abortable };
  // Escape closes a question and gives the focus back to the button that asked it.
  const escape = (close, back) => (evt) => {
    if (evt.key !== 'Escape') return;
    evt.preventDefault();
    close(false);
    back.current?.focus();
  };
  // In the same task as the question appears (a layout effect, not an effect after the paint):
  // a key pressed as soon as it shows already reaches it, Escape included.
  useLayoutEffect(() => {
    if (asking.resign) noRef.current?.focus();
  }, [asking.resign]);
  useLayoutEffect(() => {
    if (asking.abort) abortNoRef.current?.focus();
  }, [asking.abort]);
  useLayoutEffect(() => {
    if (confirmPass) passNoRef.current?.focus();
  }, [confirmPass]);
  // Right after the opponent's pass, one tap on Pass would end the game: it asks first, as
  // Resign does. One question at a time.
  const pass = () => {
    setConfirmResign(false);
    setConfirmAbort(false);
    if (passEnds) setConfirmPass(true);
    else onPass();
  };
  const resign = () => {
    setConfirmPass(false);
    setConfirmAbort(false);
    setConfirmResign(true);
  };
  const abort = () => {
    setConfirmPass(false);
    setConfirmResign(false);
    setConfirmAbort(true);
  };
  return html`
    <div class="controls card">
      <div class="buttons">
        <button type="button" ref=${passRef} data-testid="pass" onClick=${pass} disabled=${!myTurn}>${t('action.pass')}</button>
        ${abortable
          ? html`<button type="button" ref=${abortRef} data-testid="abort" onClick=${abort}>${t('action.abort')}</button>`
          : html`<button type="button" ref=${resignRef} data-testid="resign" onClick=${resign}>${t('action.resign')}</button>`}
        ${canZoom &&
        // Beside Pass and Resign: on a phone's first screen below the zoomed board.
        html`<button type="button" data-testid="zoom" aria-pressed=${zoom ? 'true' : 'false'} onClick=${() => setZoom(!zoom)}>
          ${t('board.zoom')}
        </button>`}
        <button
          type="button"
          data-testid="mark-mode"
          aria-pressed=${markMode ? 'true' : 'false'}
          onClick=${() => setMarkMode(!markMode)}
        >
          ${t('action.markMode')}
        </button>
        <button type="button" data-testid="confirm-moves" aria-pressed=${confirmOn ? 'true' : 'false'} onClick=${switchConfirm}>
          ${t('confirm.switch')}
        </button>
      </div>
      ${markMode && html`<p class="hint">${t(touchScreen() ? 'action.markMode.hint.touch' : 'action.markMode.hint')}</p>`}
      ${asking.abort &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="abort-q" data-testid="abort-confirm" onKeyDown=${escape(setConfirmAbort, abortRef)}>
        <p id="abort-q">${t('action.abort.confirm')}</p>
        <button type="button" class="danger" data-testid="abort-yes" onClick=${onAbort}>${t('action.abort.yes')}</button>
        <button type="button" ref=${abortNoRef} onClick=${() => { setConfirmAbort(false); abortRef.current?.focus(); }}>${t('action.abort.no')}</button>
      </div>`}
      ${asking.resign &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm" onKeyDown=${escape(setConfirmResign, resignRef)}>
        <p id="resign-q">${t('action.resign.confirm')}</p>
        <button type="button" class="danger" data-testid="resign-yes" onClick=${onResign}>${t('action.resign.yes')}</button>
        <button type="button" ref=${noRef} onClick=${() => { setConfirmResign(false); resignRef.current?.focus(); }}>${t('action.resign.no')}</button>
      </div>`}
      ${confirmPass && passEnds &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="pass-q" data-testid="pass-confirm" onKeyDown=${escape(setConfirmPass, passRef)}>
        <p id="pass-q">${t('action.pass.confirm', { player: opponent })}</p>
        <button type="button" class="danger" data-testid="pass-yes" onClick=${onPass}>${t('action.pass.yes')}</button>
        <button type="button" ref=${passNoRef} onClick=${() => { setConfirmPass(false); passRef.current?.focus(); }}>${t('action.pass.no')}</button>
      </div>`}
    </div>
  `;
}

function Counts({ view, seat, marks }) {
  return html`
    <dl class="counts card" data-testid="counts">
      <div><dt>${t('counts.black')}</dt><dd data-testid="count-black">${view.counts.black}</dd></div>
      <div><dt>${t('counts.white')}</dt><dd data-testid="count-white">${view.counts.white}</dd></div>
      ${!view.over && view.to_move &&
      html`<div><dt>${t('counts.rejections', { player: colorName(view.to_move) })}</dt><dd>${view.rejections_this_turn}</dd></div>`}
      ${seat !== 'spectator' && !view.over &&
      html`<div><dt>${t('counts.marks')}</dt><dd data-testid="count-marks">${marks}</dd></div>`}
    </dl>
  `;
}

/// A seat's colour, with its player's display name when one was given ("Ann (Black)").
export function playerName(info, color) {
  const name = info.names?.[color];
  const defaults = { black: 'Black', white: 'White' }; // the server's names for no name
  if (!name || name === defaults[color]) return colorName(color);
  return t('presence.named', { name, player: colorName(color) });
}

/// Who is at the table, from its public information (`seats`, `spectators`).
function Presence({ info, seat }) {
  const items = ['black', 'white']
    .filter((c) => c !== seat)
    .map((c) => {
      const computer = info.seats[c].player === 'computer';
      const here = info.seats[c].connected;
      const text = computer
        ? t('presence.computer', { player: colorName(c), strength: t(`strength.${info.computer?.strength ?? 'medium'}`) })
        : t(here ? 'presence.here' : 'presence.away', { player: playerName(info, c) });
      return html`<li class=${here || computer ? 'here' : 'away'}>${text}</li>`;
    });
  return html`<ul class="presence" data-testid="presence">
    ${items}
    ${info.spectators > 0 && html`<li>${t('presence.spectators', { n: info.spectators })}</li>`}
  </ul>`;
}

/// The newest announcement, right under the board, where a phone shows it without scrolling.
/// This is the live region that reads each announcement (the log below is the history and is
/// not live, or everything would be read twice). Its line is keyed by the event that made it,
/// so the same words announced again are a new node and read again, and so is a turn's line
/// of rejections each time its count grows.
function LatestNews({ view, seat }) {
  const latest = latestLine(view.events, seat);
  const [text, capture] = latest.line ? lineParts(latest.line) : [null, null];
  return html`
    <div class=${'latest' + (capture ? ' latest-capture' : '')} aria-live="polite" aria-atomic="true" data-testid="latest">
      ${latest.line &&
      html`<p key=${latest.at}>
        <span class=${'log-' + latest.line.kind}>${text}</span>${capture && html` <span class="log-capture">${capture}</span>`}
      </p>`}
    </div>
  `;
}

/// The announcements, numbered by move (a line's number is its move's, not its place in the list).
function Log({ lines }) {
  const ref = useRef(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [lines.length]);
  // A plain list: the live region next to the board reads the news. It scrolls, so it takes the
  // focus, and keyboard users can scroll it too.
  return html`
    <section class="log card" aria-labelledby="log-title">
      <h2 id="log-title">${t('log.title')}</h2>
      ${lines.length === 0 && html`<p class="muted">${t('log.empty')}</p>`}
      <ol ref=${ref} tabindex=${lines.length > 0 ? 0 : undefined} aria-labelledby="log-title" data-testid="log">
        ${lines.map((l, i) => {
          const [text, capture] = lineParts(l);
          return html`<li key=${`${i}:${l.kind}:${l.params.n ?? 0}`} value=${l.move} class=${'log-' + l.kind}>
            ${text}${capture && html` <span class="log-capture">${capture}</span>`}
          </li>`;
        })}
      </ol>
    </section>
  `;
}

function EndPanel({ table, view, won, outcome, area }) {
  const reveal = view.reveal;
  if (!reveal) return null;
  const s = reveal.score;
  const n = (x) => formatNumber(x);
  // In Atari Go the first capture decides: an area score means something only when the game
  // was scored (two passes before any capture, or the turn cap).
  // An aborted game has no result to score.
  const showScore = reveal.result?.reason !== 'aborted' && (!view.rules.atari_go || !!reveal.result?.score);
  return html`
    <section class="end card" aria-labelledby="end-title" data-testid="end">
      <h2 id="end-title">${t('end.title')}</h2>
      ${outcome && html`<p class="outcome" data-testid="outcome">${outcome}</p>`}
      <p class="result" data-testid="result">${resultSentence(reveal.result)}</p>
      ${won && html`<p data-testid="winning-capture">${t('end.winningCapture', { points: won.captured.join(', '), n: won.captured.length })}</p>`}
      ${showScore && html`<div class="table-scroll"><table class="score" data-testid="score">
        <caption>${t('end.score')}</caption>
        <thead>
          <tr><td></td><th scope="col">${t('end.stones')}</th><th scope="col">${t('end.territory')}</th><th scope="col">${t('end.komi')}</th><th scope="col">${t('end.total')}</th></tr>
        </thead>
        <tbody>
          <tr><th scope="row">${colorName('black')}</th><td>${s.black_stones}</td><td>${s.black_territory}</td><td>–</td><td>${n(s.black)}</td></tr>
          <tr><th scope="row">${colorName('white')}</th><td>${s.white_stones}</td><td>${s.white_territory}</td><td>${n(s.komi)}</td><td>${n(s.white)}</td></tr>
        </tbody>
      </table></div>`}
      ${area && html`<p class="hint" data-testid="area-note">${t('end.areaNote')}</p>`}
      ${showScore && reveal.result?.reason !== 'two-passes' && reveal.result?.reason !== 'turn-cap' &&
      html`<p class="hint">${t('end.scoreNote')}</p>`}
      <p>
        <a class="button" href=${`/api/games/${encodeURIComponent(table)}/sgf`} download=${`phantomgo-${table}.sgf`} data-testid="sgf">
          ${t('end.sgf')}
        </a>
        ${' '}<a class="button" href="#/">${t('end.again')}</a>
      </p>
    </section>
  `;
}

/// A read-only field with its Copy button, and with `share` ({title, text}) a Share button too
/// where the browser can share (navigator.share: phones, mostly).
function CopyField({ label, value, testid, share = null }) {
  const [copied, setCopied] = useState(false);
  const canShare = share && typeof navigator.share === 'function';
  const shareIt = async () => {
    try {
      await navigator.share({ ...share, url: value });
    } catch {
      // cancelled, or refused: the link and Copy are still there
    }
  };
  const inputRef = useRef(null);
  const id = `copy-${testid}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      inputRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return html`
    <div class="copy-field">
      <label for=${id}>${label}</label>
      <div class="row">
        <input id=${id} ref=${inputRef} readonly value=${value} data-testid=${testid} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" onClick=${copy} data-testid=${testid + '-copy'}>${copied ? t('invite.copied') : t('invite.copy')}</button>
        ${canShare && html`<button type="button" onClick=${shareIt} data-testid=${testid + '-share'}>${t('invite.share')}</button>`}
      </div>
    </div>
  `;
}

/// The links of a player's table: the other seat's invitation (kept on this device when it
/// created the table), the spectators' link, and whether the other player is still awaited.
function inviteLinks({ table, token, state, seat }) {
  const saved = savedTable(table, token);
  const otherSeat = other(seat);
  const { info } = state;
  return {
    invite: saved?.invite ?? null,
    watch: `${location.origin}/#table=${encodeURIComponent(table)}`,
    otherSeat,
    waiting: info.state === 'waiting' && info.mode === 'online' && !info.seats[otherSeat].connected,
  };
}

/// While the other player is awaited: their link, Copy and Share, right under the status that
/// says so (above the board, on the first screen of a phone too).
function InviteNow(props) {
  const { invite, otherSeat, waiting } = inviteLinks(props);
  if (!waiting || !invite) return null;
  return html`<section class="invite card open" aria-labelledby="invite-title" data-testid="invite-now">
    <h2 id="invite-title">${t('invite.title')}</h2>
    <${CopyField} label=${t('invite.link', { player: colorName(otherSeat) })} value=${invite} testid="invite"
      share=${{ title: t('site.name'), text: t('invite.shareText') }} />
    <p class="hint">${t('invite.keep')}</p>
  </section>`;
}

/// The table's links, folded away in the side column (the invitation is above the board while
/// the other player is awaited).
function Invite(props) {
  const { invite, watch, otherSeat, waiting } = inviteLinks(props);
  const above = waiting && invite;
  return html`<details class="invite card">
    <summary>${t('invite.links')}</summary>
    ${invite && !above &&
    html`<${CopyField} label=${t('invite.link', { player: colorName(otherSeat) })} value=${invite} testid="invite" />`}
    <${CopyField} label=${t('invite.watch')} value=${watch} testid="watch" />
    ${!above && html`<p class="hint">${t('invite.keep')}</p>`}
  </details>`;
}

