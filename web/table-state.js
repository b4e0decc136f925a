// A table page's state: one object, changed only by the server's messages (reduce) and a few
// local actions of the page (table.js). Pure apart from reading performance.now(), and tested in
// node (tests/web/table-state.test.mjs) beside view.js, which folds one seat's events.
import { chatAfter } from './chat.js';
import { applyEvent, viewFromSnapshot } from './view.js';

export const initialState = {
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
