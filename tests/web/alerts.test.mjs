// Which alerts an event gives (web/alerts.js), in node: only what the seat itself was told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alertsFor, effectsOf } from '../../web/alerts.js';
import { applyEvent, viewFromSnapshot } from '../../web/view.js';

const start = (audience, to_move = 'black') =>
  viewFromSnapshot({
    audience,
    rules: { size: 5, topology: 'planar', ko: 'superko', komi: 7.5, handicap: 0, atari_go: false, turn_cap: 0 },
    version: 0, turn: 0, to_move,
    stones: { black: [], white: [] }, counts: { black: 0, white: 0 }, handicap: [], rejected: [], marks: [],
    tried: [], rejections_this_turn: 0, over: false, events: [],
  });

/// The alerts of `event` for the seat whose view is `view`.
const alerts = (view, event, seat) => alertsFor(view, applyEvent(view, event, view.version + 1), event, seat);

test('your own stone, your rejected try, your turn', () => {
  const black = start('black');
  assert.deepEqual(alerts(black, { kind: 'stone', player: 'black', point: 'C3', captured: [], turn: 1, to_move: 'white' }, 'black'), ['stone']);
  assert.deepEqual(alerts(black, { kind: 'illegal', player: 'black', point: 'C3', turn: 0, to_move: 'black' }, 'black'), ['illegal']);
  const white = start('white');
  assert.deepEqual(alerts(white, { kind: 'moved', player: 'black', captured: [], turn: 1, to_move: 'white' }, 'white'), ['turn']);
  assert.deepEqual(alerts(white, { kind: 'pass', player: 'black', turn: 1, to_move: 'white' }, 'white'), ['turn']);
});

test("the opponent's rejected try, a mark, a spectator's news: no alert", () => {
  const white = start('white');
  assert.deepEqual(alerts(white, { kind: 'rejected', player: 'black', turn: 0, to_move: 'black' }, 'white'), []);
  const black = start('black');
  assert.deepEqual(alerts(black, { kind: 'mark', player: 'black', point: 'C3', set: true, turn: 0, to_move: 'black' }, 'black'), []);
  const spectator = start('spectator');
  assert.deepEqual(alerts(spectator, { kind: 'moved', player: 'black', captured: [], turn: 1, to_move: 'white' }, 'spectator'), []);
  assert.deepEqual(alerts(spectator, { kind: 'rejected', player: 'black', turn: 0, to_move: 'black' }, 'spectator'), []);
  // Your own pass ends your turn: nothing to hear.
  assert.deepEqual(alerts(black, { kind: 'pass', player: 'black', turn: 1, to_move: 'white' }, 'black'), []);
  // The pass that ends the game makes nobody's turn.
  assert.deepEqual(alerts(start('white'), { kind: 'pass', player: 'black', turn: 2, to_move: null }, 'white'), []);
});

test('captures: yours and of your stones; a spectator hears nothing', () => {
  const black = start('black');
  assert.deepEqual(
    alerts(black, { kind: 'stone', player: 'black', point: 'C3', captured: ['C4'], turn: 1, to_move: 'white' }, 'black'),
    ['stone', 'capture'],
  );
  const white = start('white');
  assert.deepEqual(
    alerts(white, { kind: 'moved', player: 'black', captured: ['C4', 'D4'], turn: 1, to_move: 'white' }, 'white'),
    ['capture', 'lost', 'turn'],
  );
  assert.deepEqual(
    alerts(start('spectator'), { kind: 'moved', player: 'black', captured: ['C4'], turn: 1, to_move: 'white' }, 'spectator'),
    [],
  );
});

test('a notification only when hidden and asked for; no sound when muted; a vibration on your turn while hidden or a loss of stones', () => {
  const on = { hidden: false, muted: false, notify: true };
  assert.deepEqual(effectsOf(['turn'], on), { sounds: ['turn'], notify: false, vibrate: false });
  assert.deepEqual(effectsOf(['turn'], { ...on, hidden: true }), { sounds: ['turn'], notify: true, vibrate: true });
  assert.deepEqual(effectsOf(['turn'], { ...on, hidden: true, notify: false }), { sounds: ['turn'], notify: false, vibrate: true });
  assert.deepEqual(effectsOf(['capture', 'lost', 'turn'], { ...on, muted: true }), { sounds: [], notify: false, vibrate: false });
  assert.deepEqual(effectsOf(['capture', 'lost'], on), { sounds: ['capture'], notify: false, vibrate: true });
  assert.deepEqual(effectsOf(['stone', 'capture'], { ...on, hidden: true }), { sounds: ['stone', 'capture'], notify: false, vibrate: false });
});
