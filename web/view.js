// What the page knows about a table, folded from what the server said: snapshots and seen
// events (docs/protocol.md). Nothing here decides a rule: every fact comes from the server's
// messages; this module only keeps them in a shape the page can draw. No DOM, no Preact, so the
// node tests can import it directly.

export const COLORS = ['black', 'white'];
export const other = (color) => (color === 'black' ? 'white' : 'black');

const LETTERS = 'ABCDEFGHJKLMNOPQRST'; // GTP columns: no I

/// "C3" on a board of `size` -> [x, y] with y counted from the top (Shudan's order).
export function pointToXY(point, size) {
  const x = LETTERS.indexOf(point[0].toUpperCase());
  const row = Number(point.slice(1));
  return [x, size - row];
}

/// [x, y] (y from the top) -> "C3".
export function xyToPoint(x, y, size) {
  return LETTERS[x] + String(size - y);
}

export const columnName = (x) => LETTERS[x];
export const rowName = (y, size) => String(size - y);

const without = (list, points) => list.filter((p) => !points.includes(p));
const withPoint = (list, p) => (list.includes(p) ? list : [...list, p]);

/// The page's copy of one audience's view, from a snapshot's `view`.
export function viewFromSnapshot(view) {
  return {
    audience: view.audience,
    rules: view.rules,
    version: view.version,
    turn: view.turn,
    to_move: view.to_move,
    stones: { black: [...view.stones.black], white: [...view.stones.white] },
    counts: { ...view.counts },
    handicap: [...view.handicap],
    rejected: [...view.rejected],
    marks: [...view.marks],
    tried: [...view.tried],
    rejections_this_turn: view.rejections_this_turn,
    over: view.over,
    reveal: view.reveal ?? null,
    events: [...view.events],
    // The points of the latest announced capture, highlighted until the next turn ends.
    lastCapture: lastCaptureOf(view.events),
  };
}

function lastCaptureOf(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === 'stone' || e.kind === 'moved' || e.kind === 'pass') {
      if ((e.kind === 'stone' || e.kind === 'moved') && e.captured.length > 0)
        return { color: other(e.player), points: [...e.captured], turn: e.turn };
      return null;
    }
  }
  return null;
}

/// The view after one seen event (with its version). Returns a new object; `view` is unchanged.
export function applyEvent(view, event, version) {
  const v = {
    ...view,
    stones: { black: [...view.stones.black], white: [...view.stones.white] },
    counts: { ...view.counts },
    events: [...view.events, event],
    version,
  };
  if ('turn' in event) v.turn = event.turn;
  if ('to_move' in event) v.to_move = event.to_move;
  const p = event.player;
  switch (event.kind) {
    case 'stone':
    case 'moved': {
      const captured = event.captured ?? [];
      // Your own stone on a point where a try of yours was rejected, and every announced
      // capture, clear the rejected mark there (as the server's view does).
      if (event.kind === 'stone') {
        v.stones[p] = withPoint(v.stones[p], event.point);
        v.rejected = without(v.rejected, [event.point]);
      }
      v.stones[other(p)] = without(v.stones[other(p)], captured);
      // `handicap` is where the handicap stones were placed, as in the server's view; whether
      // one still stands is in `stones`.
      v.rejected = without(v.rejected, captured);
      v.counts[p] += 1;
      v.counts[other(p)] -= captured.length;
      v.tried = [];
      v.rejections_this_turn = 0;
      v.lastCapture = captured.length > 0 ? { color: other(p), points: [...captured], turn: v.turn } : null;
      break;
    }
    case 'illegal':
      v.rejected = withPoint(v.rejected, event.point);
      v.tried = withPoint(v.tried, event.point);
      v.rejections_this_turn = view.rejections_this_turn + 1;
      break;
    case 'rejected':
      v.rejections_this_turn = view.rejections_this_turn + 1;
      break;
    case 'pass':
      v.tried = [];
      v.rejections_this_turn = 0;
      v.lastCapture = null;
      break;
    case 'mark':
      v.marks = event.set ? withPoint(view.marks, event.point) : without(view.marks, [event.point]);
      break;
    case 'end':
      v.over = true;
      v.to_move = null;
      v.reveal = event.reveal;
      v.stones = { black: [...event.reveal.stones.black], white: [...event.reveal.stones.white] };
      break;
    default: // resign, timeout, abandon, abort, no-show: only turn and to_move change
      break;
  }
  return v;
}

/// The move number of an event: a stone, a move or a pass ends the turn its `turn` counts; any
/// other event happens during the turn after the completed ones.
function moveOf(e) {
  return e.kind === 'stone' || e.kind === 'moved' || e.kind === 'pass' ? e.turn : e.turn + 1;
}

/// The sentence on the stones an event captured, as part of its move's line.
const captureOf = (player, captured) =>
  captured.length
    ? { key: 'log.captured', params: { color: other(player), points: captured.join(', '), n: captured.length } }
    : null;

/// The announcements of a view as log lines, each {key, params, kind, move, capture}, oldest
/// first; `move` is the move number, `capture` (or null) the sentence on the stones the move
/// captured. `audience` is the seat whose log it is ("black", "white" or "spectator").
/// One line per turn: the rejected tries of a turn are folded into the line of the move that
/// ends it ("White moved after 2 rejected tries", "You played D4 after 1 rejected try (C3)");
/// while the turn goes on, a single line counts them and is replaced at each new rejection (a
/// new key, so that the log region announces it).
export function logLines(events, audience) {
  const lines = [];
  let pending = false; // the last line is the turn in progress, made of rejections only
  let own = []; // own rejected points this turn
  let others = 0; // the opponent's rejected tries this turn
  const setPending = (line) => {
    if (pending) lines.pop();
    lines.push(line);
    pending = true;
  };
  const endTurn = (line) => {
    if (pending) lines.pop();
    lines.push(line);
    pending = false;
    own = [];
    others = 0;
  };
  for (const e of events) {
    const mine = e.player === audience;
    const who = e.player;
    const move = moveOf(e);
    switch (e.kind) {
      case 'illegal':
        own.push(e.point);
        setPending({ key: 'log.ownIllegal', params: { points: own.join(', '), n: own.length }, kind: 'illegal', move });
        break;
      case 'rejected':
        others += 1;
        setPending({ key: 'log.rejected', params: { player: who, n: others }, kind: 'rejected', move });
        break;
      case 'stone':
      case 'moved': {
        const ownMove = e.kind === 'stone';
        const n = ownMove ? own.length : others;
        endTurn({
          key: ownMove ? (n ? 'log.ownStoneAfter' : 'log.ownStone') : n ? 'log.movedAfter' : 'log.moved',
          params: ownMove ? { point: e.point, n, points: own.join(', ') } : { player: who, n },
          kind: e.kind,
          move,
          capture: captureOf(who, e.captured),
        });
        break;
      }
      case 'pass': {
        const n = mine ? own.length : others;
        endTurn({
          key: mine ? (n ? 'log.ownPassAfter' : 'log.ownPass') : n ? 'log.passedAfter' : 'log.passed',
          params: mine ? { n, points: own.join(', ') } : { player: who, n },
          kind: 'pass',
          move,
        });
        break;
      }
      // A resignation or a loss on time ends the game, not the turn: the rejections of the
      // turn in progress keep their line.
      case 'resign':
        lines.push({ key: mine ? 'log.ownResign' : 'log.resigned', params: { player: who }, kind: 'resign', move });
        pending = false;
        break;
      case 'timeout':
        lines.push({ key: mine ? 'log.ownTimeout' : 'log.timeout', params: { player: who }, kind: 'timeout', move });
        pending = false;
        break;
      case 'abandon':
        lines.push({ key: mine ? 'log.ownAbandon' : 'log.abandon', params: { player: who }, kind: 'abandon', move });
        pending = false;
        break;
      // An abort, or a first move not made in time: the game ends with no result.
      case 'abort':
        lines.push({ key: mine ? 'log.ownAbort' : 'log.abort', params: { player: who }, kind: 'abort', move });
        pending = false;
        break;
      case 'no-show':
        lines.push({ key: mine ? 'log.ownNoShow' : 'log.noShow', params: { player: who }, kind: 'no-show', move });
        pending = false;
        break;
      case 'end':
        // The end belongs to the move that ended the game.
        lines.push({ key: 'log.end', params: {}, kind: 'end', move: lines.at(-1)?.move ?? e.turn, result: e.reveal?.result ?? null });
        pending = false;
        break;
      default: // marks are not announcements
        break;
    }
  }
  return lines;
}

/// The whole game as log lines told by nobody in particular, from the reveal: one line per turn,
/// naming every point ("Black played C3 after 1 rejected try (D4)"), then the end. For a device
/// that both players share (hot seat), whose end must not be told from one seat's side.
export function revealLines(reveal) {
  const lines = reveal.turns.map((turn, i) => {
    const move = i + 1;
    const player = turn.player;
    const n = turn.rejected.length;
    const points = turn.rejected.join(', ');
    switch (turn.end) {
      case 'stone':
        return {
          key: n ? 'log.playedAfter' : 'log.played',
          params: { player, point: turn.point, n, points },
          kind: 'stone',
          move,
          capture: captureOf(player, turn.captured),
        };
      case 'pass':
        return { key: n ? 'log.passedAfterAt' : 'log.passed', params: { player, n, points }, kind: 'pass', move };
      case 'resign':
        return { key: 'log.resigned', params: { player }, kind: 'resign', move };
      case 'timeout':
        return { key: 'log.timeout', params: { player }, kind: 'timeout', move };
      case 'abandoned':
        return { key: 'log.abandon', params: { player }, kind: 'abandon', move };
      case 'aborted':
        return { key: 'log.abort', params: { player }, kind: 'abort', move };
      case 'no-show':
        return { key: 'log.noShow', params: { player }, kind: 'no-show', move };
      default: // unfinished: the game ended during this turn
        return n ? { key: 'log.triedRejected', params: { player, n, points }, kind: 'illegal', move } : null;
    }
  });
  const out = lines.filter(Boolean);
  out.push({ key: 'log.end', params: {}, kind: 'end', move: out.at(-1)?.move ?? 0, result: reveal.result ?? null });
  return out;
}

/// The last event that ended a turn (a stone, a move or a pass), or null.
export function lastTurnEnd(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const k = events[i].kind;
    if (k === 'stone' || k === 'moved' || k === 'pass') return events[i];
  }
  return null;
}

/// Whether a pass by `seat` now ends the game: the opponent ended the last turn with a pass.
export function passEndsGame(events, seat) {
  const last = lastTurnEnd(events);
  return last?.kind === 'pass' && last.player !== seat;
}

/// The capture that won an Atari Go game, from the reveal: {point, captured} of the stone that
/// made it, or null when the game did not end by a capture.
export function winningCapture(reveal) {
  if (reveal?.result?.reason !== 'capture') return null;
  for (let i = reveal.turns.length - 1; i >= 0; i--) {
    const turn = reveal.turns[i];
    if (turn.end === 'stone' && turn.captured.length > 0) return { point: turn.point, captured: [...turn.captured] };
  }
  return null;
}

/// The newest announcement (what the page shows next to the board): the log's last line, as
/// made by the last event that has one (marks have none), with `at` that event's index, so
/// that the page can tell a new announcement from the same words said again (a turn's line of
/// rejections is replaced, with a new count, at each new rejection). {at: -1, line: null} if
/// nothing was announced yet.
export function latestLine(events, audience) {
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].kind === 'mark') continue;
    const line = logLines(events.slice(0, i + 1), audience).at(-1);
    if (line) return { at: i, line };
  }
  return { at: -1, line: null };
}

/// Every step of a finished game, from the reveal: the start, then each try (rejected ones
/// included) and the action that ended each turn. Each step holds the three boards (the real
/// one, Black's and White's view) as they were after it. The captured points come from the
/// reveal; nothing is recomputed.
export function replaySteps(reveal) {
  const real = new Map(); // point -> colour
  const seen = { black: new Map(), white: new Map() }; // what each player saw: point -> colour
  const rejected = { black: new Set(), white: new Set() };
  for (const p of reveal.handicap) {
    real.set(p, 'black');
    seen.black.set(p, 'black');
    seen.white.set(p, 'black');
  }
  const snap = (step) => ({
    ...step,
    real: new Map(real),
    black: { stones: new Map(seen.black), rejected: [...rejected.black] },
    white: { stones: new Map(seen.white), rejected: [...rejected.white] },
  });
  const steps = [snap({ turn: 0, kind: 'start' })];
  reveal.turns.forEach((t, i) => {
    const turn = i + 1;
    const me = t.player;
    for (const p of t.rejected) {
      rejected[me].add(p);
      steps.push(snap({ turn, player: me, kind: 'rejected', point: p }));
    }
    if (t.end === 'stone') {
      real.set(t.point, me);
      seen[me].set(t.point, me);
      for (const c of t.captured) {
        real.delete(c);
        seen.black.delete(c);
        seen.white.delete(c);
        rejected.black.delete(c);
        rejected.white.delete(c);
      }
      steps.push(snap({ turn, player: me, kind: 'stone', point: t.point, captured: t.captured }));
    } else if (t.end !== 'unfinished') {
      steps.push(snap({ turn, player: me, kind: t.end }));
    }
  });
  return steps;
}

/// One step's map of GET /api/games/<id>/belief (index row * size + column, row 0 at the bottom,
/// a percentage per point) -> a Map "C3" -> percentage of the points above 0.
export function beliefPoints(values, size) {
  const out = new Map();
  values.forEach((pct, i) => {
    if (pct > 0) out.set(xyToPoint(i % size, size - 1 - Math.floor(i / size), size), pct);
  });
  return out;
}

/// Each side's area on a final board, by area scoring (Chinese rules) as the server scores it:
/// a side's stones, and every empty point whose empty region touches that side's stones only.
/// On a torus the neighbours wrap. Returns {black: [points], white: [points]}; an empty region
/// that touches both colours (or none) is nobody's.
export function areaOf(stones, size, torus) {
  const color = new Map();
  for (const c of COLORS) for (const p of stones[c]) color.set(p, c);
  const neighbours = (x, y) => {
    const out = [];
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      let nx = x + dx;
      let ny = y + dy;
      if (torus) {
        nx = (nx + size) % size;
        ny = (ny + size) % size;
      } else if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
      out.push([nx, ny]);
    }
    return out;
  };
  const area = { black: [...stones.black], white: [...stones.white] };
  const seen = new Set();
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const start = xyToPoint(x, y, size);
      if (color.has(start) || seen.has(start)) continue;
      // One empty region, and the colours it touches.
      const region = [];
      const touches = new Set();
      const stack = [[x, y]];
      seen.add(start);
      while (stack.length) {
        const [cx, cy] = stack.pop();
        region.push(xyToPoint(cx, cy, size));
        for (const [nx, ny] of neighbours(cx, cy)) {
          const p = xyToPoint(nx, ny, size);
          if (color.has(p)) touches.add(color.get(p));
          else if (!seen.has(p)) {
            seen.add(p);
            stack.push([nx, ny]);
          }
        }
      }
      if (touches.size === 1) area[[...touches][0]].push(...region);
    }
  return area;
}
