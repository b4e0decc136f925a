// The page's view folding (web/view.js), in node: no browser, no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyEvent, areaOf, beliefPoints, latestLine, logLines, other, passEndsGame, pointToXY, replaySteps, revealLines, viewFromSnapshot, winningCapture,
  xyToPoint,
} from '../../web/view.js';

const snapshot = (over = {}) => ({
  audience: 'black',
  rules: { size: 5, topology: 'planar', ko: 'superko', komi: 7.5, handicap: 0, atari_go: false, turn_cap: 0 },
  version: 0,
  turn: 0,
  to_move: 'black',
  stones: { black: [], white: [] },
  counts: { black: 0, white: 0 },
  handicap: [],
  rejected: [],
  marks: [],
  tried: [],
  rejections_this_turn: 0,
  over: false,
  events: [],
  ...over,
});

test('GTP points and board coordinates round-trip, without the letter I', () => {
  assert.deepEqual(pointToXY('A1', 9), [0, 8]);
  assert.deepEqual(pointToXY('J9', 9), [8, 0]);
  assert.equal(xyToPoint(8, 0, 9), 'J9');
  for (let x = 0; x < 19; x++) for (let y = 0; y < 19; y++) assert.deepEqual(pointToXY(xyToPoint(x, y, 19), 19), [x, y]);
});

test('own stones, rejected tries and announced captures fold into the view', () => {
  let v = viewFromSnapshot(snapshot());
  v = applyEvent(v, { kind: 'stone', player: 'black', point: 'C3', captured: [], turn: 1, to_move: 'white' }, 1);
  assert.deepEqual(v.stones.black, ['C3']);
  assert.equal(v.counts.black, 1);
  v = applyEvent(v, { kind: 'moved', player: 'white', captured: [], turn: 2, to_move: 'black' }, 2);
  assert.equal(v.counts.white, 1);
  v = applyEvent(v, { kind: 'illegal', player: 'black', point: 'D4', turn: 2, to_move: 'black' }, 3);
  assert.deepEqual(v.rejected, ['D4']);
  assert.deepEqual(v.tried, ['D4']);
  assert.equal(v.rejections_this_turn, 1);
  v = applyEvent(v, { kind: 'stone', player: 'black', point: 'C4', captured: ['D4'], turn: 3, to_move: 'white' }, 4);
  assert.deepEqual(v.rejected, [], 'a capture announced at a rejected point clears the mark');
  assert.deepEqual(v.tried, []);
  assert.equal(v.counts.white, 0);
  assert.deepEqual(v.lastCapture.points, ['D4']);
  v = applyEvent(v, { kind: 'moved', player: 'white', captured: ['C3'], turn: 4, to_move: 'black' }, 5);
  assert.deepEqual(v.stones.black, ['C4'], 'own captured stones leave the board');
  assert.equal(v.version, 5);
});

test('the log has one line per turn: rejected tries fold into the move that ends it', () => {
  const events = [
    { kind: 'rejected', player: 'white', turn: 0, to_move: 'white' },
    { kind: 'rejected', player: 'white', turn: 0, to_move: 'white' },
    { kind: 'moved', player: 'white', captured: ['C3', 'D3'], turn: 1, to_move: 'black' },
    { kind: 'illegal', player: 'black', point: 'D4', turn: 1, to_move: 'black' },
    { kind: 'pass', player: 'black', turn: 2, to_move: 'white' },
  ];
  const lines = logLines(events, 'black');
  assert.deepEqual(
    lines.map((l) => [l.move, l.key, l.params.n ?? null]),
    [[1, 'log.movedAfter', 2], [2, 'log.ownPassAfter', 1]],
  );
  assert.deepEqual(lines[0].capture, { key: 'log.captured', params: { color: 'black', points: 'C3, D3', n: 2 } });
  assert.equal(lines[1].params.points, 'D4');
  // While a turn goes on, one line counts its rejections.
  assert.deepEqual(
    logLines(events.slice(0, 2), 'black').map((l) => [l.move, l.key, l.params.n]),
    [[1, 'log.rejected', 2]],
  );
  assert.deepEqual(
    logLines([...events, { kind: 'illegal', player: 'black', point: 'E5', turn: 2, to_move: 'black' }], 'black').at(-1).params,
    { points: 'E5', n: 1 },
  );
  // A resignation during a turn keeps that turn's line; the end takes the number of its move.
  const resigned = logLines([
    ...events.slice(0, 4),
    { kind: 'resign', player: 'black', turn: 1, to_move: null },
    { kind: 'end', player: 'black', turn: 1, to_move: null, reveal: { result: { winner: 'white', reason: 'resignation' } } },
  ], 'black');
  assert.deepEqual(resigned.map((l) => [l.move, l.kind]), [[1, 'moved'], [2, 'illegal'], [2, 'resign'], [2, 'end']]);
});

test('the end of a hot-seat game is told from the reveal, by nobody in particular', () => {
  const reveal = {
    turns: [
      { player: 'black', rejected: [], end: 'stone', point: 'C3', captured: [] },
      { player: 'white', rejected: ['C3', 'E5'], end: 'stone', point: 'D4', captured: [] },
      { player: 'black', rejected: ['D4'], end: 'pass' },
      { player: 'white', rejected: [], end: 'stone', point: 'B3', captured: ['C3'] },
      { player: 'black', rejected: ['B3'], end: 'unfinished' },
    ],
    result: { winner: 'white', reason: 'time' },
  };
  assert.deepEqual(
    revealLines(reveal).map((l) => [l.move, l.key, l.params.points ?? null]),
    [
      [1, 'log.played', ''],
      [2, 'log.playedAfter', 'C3, E5'],
      [3, 'log.passedAfterAt', 'D4'],
      [4, 'log.played', ''],
      [5, 'log.triedRejected', 'B3'],
      [5, 'log.end', null],
    ],
  );
  assert.equal(revealLines(reveal)[3].capture.params.color, 'black');
});

test('a pass ends the game only right after the opponent passed', () => {
  const pass = (player, turn) => ({ kind: 'pass', player, turn, to_move: other(player) });
  assert.equal(passEndsGame([], 'black'), false);
  assert.equal(passEndsGame([pass('white', 1)], 'black'), true);
  assert.equal(passEndsGame([pass('white', 1), { kind: 'illegal', player: 'black', point: 'C3', turn: 1 }], 'black'), true);
  assert.equal(passEndsGame([pass('white', 1), { kind: 'moved', player: 'black', captured: [], turn: 2 }], 'white'), false);
});

test('the winning capture of Atari Go comes from the reveal', () => {
  const reveal = (reason) => ({
    turns: [
      { player: 'black', rejected: [], end: 'stone', point: 'A2', captured: ['A1'] },
      { player: 'white', rejected: [], end: 'pass' },
    ],
    result: { winner: 'black', reason },
  });
  assert.deepEqual(winningCapture(reveal('capture')), { point: 'A2', captured: ['A1'] });
  assert.equal(winningCapture(reveal('two-passes')), null);
});

test('the newest announcement is the log\'s last line, keyed by the event that made it', () => {
  const events = [
    { kind: 'rejected', player: 'white', turn: 1, to_move: 'white' },
    { kind: 'rejected', player: 'white', turn: 1, to_move: 'white' },
    { kind: 'moved', player: 'white', captured: ['C3'], turn: 2, to_move: 'black' },
    { kind: 'mark', player: 'black', point: 'D4', set: true },
  ];
  assert.deepEqual(latestLine([], 'black'), { at: -1, line: null });
  const first = latestLine(events.slice(0, 1), 'black');
  assert.equal(first.at, 0);
  assert.deepEqual([first.line.key, first.line.params.n], ['log.rejected', 1]);
  // The second rejection replaces the turn's line: a new announcement, with its own key.
  const second = latestLine(events.slice(0, 2), 'black');
  assert.equal(second.at, 1);
  assert.deepEqual([second.line.key, second.line.params.n], ['log.rejected', 2]);
  // A private mark announces nothing: the move and its capture stay the newest announcement.
  const latest = latestLine(events, 'black');
  assert.equal(latest.at, 2);
  assert.equal(latest.line.key, 'log.movedAfter');
  assert.deepEqual(latest.line.capture.params, { color: 'black', points: 'C3', n: 1 });
});

test('the replay has a step per try and three boards per step', () => {
  const reveal = {
    stones: { black: ['C3'], white: [] },
    handicap: [],
    turns: [
      { player: 'black', rejected: [], end: 'stone', point: 'C3', captured: [] },
      { player: 'white', rejected: ['C3'], end: 'stone', point: 'D4', captured: [] },
      { player: 'black', rejected: ['D4'], end: 'stone', point: 'E5', captured: [] },
      { player: 'white', rejected: [], end: 'pass' },
    ],
    result: { winner: 'black', reason: 'two-passes' },
    score: {},
  };
  const steps = replaySteps(reveal);
  assert.deepEqual(steps.map((s) => s.kind), ['start', 'stone', 'rejected', 'stone', 'rejected', 'stone', 'pass']);
  const afterWhite = steps[3];
  assert.deepEqual([...afterWhite.real.keys()].sort(), ['C3', 'D4']);
  assert.deepEqual([...afterWhite.black.stones.keys()], ['C3'], 'Black never saw White\'s stone');
  assert.deepEqual([...afterWhite.white.stones.keys()], ['D4']);
  assert.deepEqual(afterWhite.white.rejected, ['C3']);
});

test('the fold keeps what the server keeps: handicap placement, tries at the end; own stones clear marks', () => {
  // A captured handicap stone leaves `stones` but not `handicap` (the placement points).
  let v = viewFromSnapshot(snapshot({
    audience: 'spectator', rules: { ...snapshot().rules, size: 9, handicap: 2 }, to_move: 'white',
    stones: { black: ['C3', 'G7'], white: [] }, counts: { black: 2, white: 0 }, handicap: ['C3', 'G7'],
  }));
  v = applyEvent(v, { kind: 'moved', player: 'white', captured: ['C3'], turn: 1, to_move: 'black' }, 1);
  assert.deepEqual(v.stones.black, ['G7']);
  assert.deepEqual(v.handicap, ['C3', 'G7']);
  // A rejected point where one's own stone is played later loses its mark.
  v = viewFromSnapshot(snapshot());
  v = applyEvent(v, { kind: 'illegal', player: 'black', point: 'C3', turn: 0, to_move: 'black' }, 1);
  v = applyEvent(v, { kind: 'pass', player: 'black', turn: 1, to_move: 'white' }, 2);
  v = applyEvent(v, { kind: 'pass', player: 'white', turn: 2, to_move: 'black' }, 3);
  v = applyEvent(v, { kind: 'stone', player: 'black', point: 'C3', captured: [], turn: 3, to_move: 'white' }, 4);
  assert.deepEqual(v.rejected, []);
  // Resigning after a rejected try: the end keeps the turn's tries.
  v = applyEvent(v, { kind: 'moved', player: 'white', captured: [], turn: 4, to_move: 'black' }, 5);
  v = applyEvent(v, { kind: 'illegal', player: 'black', point: 'D4', turn: 4, to_move: 'black' }, 6);
  v = applyEvent(v, { kind: 'resign', player: 'black', turn: 4, to_move: null }, 7);
  const reveal = { stones: { black: ['C3'], white: ['D4'] }, handicap: [], turns: [], result: { winner: 'white', reason: 'resignation' }, score: {} };
  v = applyEvent(v, { kind: 'end', player: 'black', turn: 4, to_move: null, reveal }, 8);
  assert.equal(v.over, true);
  assert.deepEqual(v.tried, ['D4']);
});

test("each side's area: its stones and the empty regions only its stones reach, torus aware", () => {
  // 5x5: a black wall on column B, a white wall on column D; column C is shared.
  const stones = { black: ['B1', 'B2', 'B3', 'B4', 'B5'], white: ['D1', 'D2', 'D3', 'D4', 'D5'] };
  const planar = areaOf(stones, 5, false);
  assert.deepEqual(planar.black.sort(), ['A1', 'A2', 'A3', 'A4', 'A5', ...stones.black].sort());
  assert.deepEqual(planar.white.sort(), ['E1', 'E2', 'E3', 'E4', 'E5', ...stones.white].sort());
  // On a torus column A touches column E, so the A-E region touches both colours: nobody's.
  const torus = areaOf(stones, 5, true);
  assert.deepEqual(torus.black.sort(), [...stones.black].sort());
  assert.deepEqual(torus.white.sort(), [...stones.white].sort());
  // A lone black stone owns the whole empty board; an empty board is nobody's.
  assert.equal(areaOf({ black: ['C3'], white: [] }, 5, false).black.length, 25);
  assert.deepEqual(areaOf({ black: [], white: [] }, 5, true), { black: [], white: [] });
});

test('a belief map of the server (row 0 at the bottom) names its points as the board does', () => {
  const values = Array(25).fill(0);
  values[0] = 40; // A1
  values[1] = 7; // B1
  values[5] = 100; // A2
  values[24] = 3; // E5
  assert.deepEqual([...beliefPoints(values, 5)].sort(), [['A1', 40], ['A2', 100], ['B1', 7], ['E5', 3]]);
  // 19x19 skips the letter I: index 8 is J1.
  const big = Array(361).fill(0);
  big[8] = 50;
  big[360] = 1;
  assert.deepEqual([...beliefPoints(big, 19)], [['J1', 50], ['T19', 1]]);
});
