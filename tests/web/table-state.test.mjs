// A table page's state (web/table-state.js), in node: what each server message does to it. No
// browser, no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialState, reduce } from '../../web/table-state.js';

const RULES = { size: 5, topology: 'planar', ko: 'superko', komi: 7.5, handicap: 0, atari_go: false, turn_cap: 0 };
const view = (over = {}) => ({
  audience: 'black', rules: RULES, version: 0, turn: 0, to_move: 'black', stones: { black: [], white: [] },
  counts: { black: 0, white: 0 }, handicap: [], rejected: [], marks: [], tried: [], rejections_this_turn: 0,
  over: false, events: [], ...over,
});
const info = (over = {}) => ({ state: 'playing', mode: 'online', rules: RULES, rematch: { offered_by: null }, ...over });
const joined = (role = 'black') => ({ type: 'joined', role, seats: [role], info: info() });
const fold = (msgs, from = initialState) => msgs.reduce(reduce, from);
const stone = (version, point = 'C3') => ({
  type: 'event', seat: 'black', version,
  event: { kind: 'stone', player: 'black', point, captured: [], turn: version, to_move: 'white' },
});

test('a join, then its snapshot, then the events in order', () => {
  let s = fold([joined(), { type: 'snapshot', seat: 'black', view: view() }]);
  assert.equal(s.joined, true);
  assert.equal(s.role, 'black');
  assert.deepEqual(s.seats, ['black']);
  assert.equal(s.views.black.version, 0);
  s = reduce(s, stone(1));
  assert.equal(s.views.black.version, 1);
  assert.deepEqual(s.views.black.stones.black, ['C3']);
  assert.equal(reduce(s, stone(1)), s, 'an event already applied changes nothing');
});

test('a gap in the versions drops the views and asks for snapshots again', () => {
  const s = fold([joined(), { type: 'snapshot', seat: 'black', view: view() }, stone(2)]);
  assert.equal(s.resync, true);
  assert.deepEqual(s.views, {});
});

test("the computer's thinking ends when the turn leaves it", () => {
  let s = fold([joined(), { type: 'snapshot', seat: 'black', view: view({ to_move: 'white' }) }, { type: 'thinking', seat: 'white' }]);
  assert.equal(s.thinking, 'white');
  s = reduce(s, {
    type: 'event', seat: 'black', version: 1,
    event: { kind: 'moved', player: 'white', captured: [], turn: 1, to_move: 'black' },
  });
  assert.equal(s.thinking, null);
});

test("errors: a join's missing table is fatal, a move elsewhere is waited out, others fade", () => {
  assert.equal(reduce(initialState, { type: 'error', code: 'no-such-table' }).fatal, 'no-such-table');
  assert.equal(reduce(initialState, { type: 'error', code: 'bad-token' }).fatal, 'bad-token');
  const s = fold([joined()]);
  assert.equal(reduce(s, { type: 'error', code: 'bad-token' }).fatal, null, 'after the join it is no reason to give up');
  assert.deepEqual(reduce(s, { type: 'error', code: 'table-elsewhere' }), reduce(s, { type: 'presence' }));
  assert.equal(reduce(s, { type: 'error', code: 'table-expired' }).fatal, 'table-expired');
  assert.equal(reduce(s, { type: 'error', code: 'not-your-turn' }).error.code, 'not-your-turn');
});

test('the clock keeps when it came; a decline is news until a new offer stands', () => {
  let s = reduce(fold([joined()]), { type: 'clock', running: null, first_move: { player: 'black', left_ms: 30000 } });
  assert.equal(typeof s.clock.at, 'number');
  assert.equal(s.clock.first_move.left_ms, 30000);
  s = reduce(s, { type: 'rematch-declined', by: 'white' });
  assert.equal(s.rematchDeclined, 'white');
  assert.equal(reduce(s, { type: 'info', info: info() }).rematchDeclined, 'white');
  assert.equal(reduce(s, { type: 'info', info: info({ rematch: { offered_by: 'black' } }) }).rematchDeclined, null);
});

test('the chat found on the first join counts as seen; lines after it do not', () => {
  const line = (seq) => ({ seq, from: 'white', text: `line ${seq}`, channel: 'players' });
  let s = fold([joined(), { type: 'snapshot', seat: 'black', view: view() }, { type: 'chat-history', lines: [line(0), line(1)] }]);
  assert.equal(s.chatBase, 1);
  assert.equal(s.chatJoining, false);
  s = reduce(s, { type: 'chat', line: line(2) });
  assert.equal(s.chat.length, 3);
  assert.equal(s.chatBase, 1);
  // Without a history in the join, anything else ends the wait: nothing was there to see.
  const quiet = fold([joined(), { type: 'snapshot', seat: 'black', view: view() }, { type: 'presence', black: true, white: true, spectators: 0 }]);
  assert.equal(quiet.chatBase, -1);
});
