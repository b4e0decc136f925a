// The page's view folding (web/view.js) against the server's own (the C++ View), in node.
// tools/view_fixtures.cpp plays scripted games with the real Referee and writes, for every game,
// audience and step, the snapshot frame a page would get after that step, the event frames that
// follow it, and the C++ View's final view. Folding the frames with view.js must give that view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { applyEvent, viewFromSnapshot } from '../../web/view.js';
import { viewFixturesPath } from './helpers.mjs';

const { fixtures } = JSON.parse(execFileSync(viewFixturesPath(), { encoding: 'utf8', maxBuffer: 1 << 28 }));

const LETTERS = 'ABCDEFGHJKLMNOPQRST';
/// The server's order of points: rows from the bottom, columns from the left.
const pointIndex = (point, size) => (Number(point.slice(1)) - 1) * size + LETTERS.indexOf(point[0]);
const boardOrder = (points, size) => [...points].sort((a, b) => pointIndex(a, size) - pointIndex(b, size));

/// The fields of a view that the C++ View has, with the point sets (stones, rejected marks,
/// guess marks) in the server's order: their order means nothing.
function comparable(view, keys) {
  const size = view.rules.size;
  const out = {};
  for (const k of keys) out[k] = view[k];
  out.stones = { black: boardOrder(view.stones.black, size), white: boardOrder(view.stones.white, size) };
  out.rejected = boardOrder(view.rejected, size);
  out.marks = boardOrder(view.marks, size);
  return out;
}

/// Folds a snapshot frame and the event frames after it, as the page does.
function fold(fixture) {
  const snapshot = JSON.parse(fixture.snapshot);
  assert.equal(snapshot.type, 'snapshot');
  assert.equal(snapshot.seat, fixture.audience);
  let view = viewFromSnapshot(snapshot.view);
  for (const text of fixture.events) {
    const frame = JSON.parse(text);
    assert.equal(frame.type, 'event');
    assert.equal(frame.seat, fixture.audience);
    assert.equal(frame.version, view.version + 1, 'versions are contiguous');
    view = applyEvent(view, frame.event, frame.version);
  }
  return view;
}

const games = [...new Set(fixtures.map((f) => f.game))];

test('the fixtures hold every scripted game, audience and step', () => {
  assert.deepEqual(games, ['capture', 'ko', 'handicap', 'torus', 'atari-go', 'resign', 'timeout']);
  for (const game of games) {
    const mine = fixtures.filter((f) => f.game === game);
    for (const audience of ['black', 'white', 'spectator']) {
      const steps = mine.filter((f) => f.audience === audience).map((f) => f.step);
      assert.ok(steps.length > 1, `${game} ${audience}`);
      assert.deepEqual(steps, steps.map((_, i) => i));
    }
    // The last step is after the end: a snapshot of the finished game and nothing after it.
    const last = mine.filter((f) => f.audience === 'spectator').at(-1);
    assert.equal(JSON.parse(last.snapshot).view.over, true);
    assert.deepEqual(last.events, []);
    assert.equal(last.final.over, true);
  }
});

for (const game of games) {
  test(`${game}: view.js folds every audience's frames into the server's final view`, () => {
    for (const fixture of fixtures.filter((f) => f.game === game)) {
      const keys = Object.keys(fixture.final);
      const page = comparable(fold(fixture), keys);
      const server = comparable(fixture.final, keys);
      for (const k of keys)
        assert.deepEqual(page[k], server[k], `${game}, ${fixture.audience}, from the snapshot after step ${fixture.step}: ${k}`);
    }
  });
}
