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
    default: // resign, timeout: only turn and to_move change
      break;
  }
  return v;
}

/// The announcements of a view as log lines, each {key, params}, oldest first. `audience` is
/// the seat whose log it is ("black", "white" or "spectator"). Rejected tries of the player on
/// turn are folded into the line of the move that ends the turn ("White moved after 2 rejected
/// tries"); the mover's own rejected points are named.
export function logLines(events, audience) {
  const lines = [];
  let pendingRejected = 0; // opponent's rejected tries this turn
  let pendingOwn = []; // own illegal points this turn
  for (const e of events) {
    const mine = e.player === audience;
    const who = e.player;
    switch (e.kind) {
      case 'illegal':
        pendingOwn.push(e.point);
        lines.push({ key: 'log.ownIllegal', params: { point: e.point }, kind: 'illegal' });
        break;
      case 'rejected':
        pendingRejected += 1;
        lines.push({ key: 'log.rejected', params: { player: who, n: pendingRejected }, kind: 'rejected' });
        break;
      case 'stone':
      case 'moved': {
        const own = e.kind === 'stone';
        const n = own ? pendingOwn.length : pendingRejected;
        lines.push({
          key: own ? (n ? 'log.ownStoneAfter' : 'log.ownStone') : n ? 'log.movedAfter' : 'log.moved',
          params: own ? { point: e.point, n } : { player: who, n },
          kind: e.kind,
        });
        if (e.captured.length)
          lines.push({ key: 'log.captured', params: { color: other(who), points: e.captured.join(', '), n: e.captured.length }, kind: 'capture' });
        pendingOwn = [];
        pendingRejected = 0;
        break;
      }
      case 'pass': {
        const n = mine ? pendingOwn.length : pendingRejected;
        lines.push({ key: mine ? (n ? 'log.ownPassAfter' : 'log.ownPass') : (n ? 'log.passedAfter' : 'log.passed'), params: { player: who, n }, kind: 'pass' });
        pendingOwn = [];
        pendingRejected = 0;
        break;
      }
      case 'resign':
        lines.push({ key: mine ? 'log.ownResign' : 'log.resigned', params: { player: who }, kind: 'resign' });
        break;
      case 'timeout':
        lines.push({ key: mine ? 'log.ownTimeout' : 'log.timeout', params: { player: who }, kind: 'timeout' });
        break;
      case 'end':
        lines.push({ key: 'log.end', params: {}, kind: 'end', result: e.reveal?.result ?? null });
        break;
      default: // marks are not announcements
        break;
    }
  }
  return lines;
}

/// The lines of the newest announcement (the last event that has any): what the page shows
/// next to the board. A stone that captures gives two lines ("White moved.", "Black stone
/// captured at A1."), so this is a list. `at` is that event's index, so that the page can tell a
/// new announcement from the same words said again. Lines are only ever appended by logLines,
/// so the lines before the event are a prefix of the whole list.
export function latestLines(events, audience) {
  const all = logLines(events, audience);
  for (let i = events.length - 1; i >= 0; i--) {
    const before = logLines(events.slice(0, i), audience).length;
    if (before < all.length) return { at: i, lines: all.slice(before) };
  }
  return { at: -1, lines: [] };
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
