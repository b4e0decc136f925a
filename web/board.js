// The board: Shudan's Goban with what one audience may see, a keyboard cursor, and for a torus a
// margin of wrapped rows and columns on every side, so the seams can be seen and played across.
//
// A torus board is drawn as the real board tiled 3 x 3 and viewed through Shudan's rangeX and
// rangeY: the real board in the middle and `margin` wrapped lines around it, dimmed. A click on a
// wrapped copy is the same point as its original. Star points mean nothing on a torus and are
// hidden there.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Goban } from '@sabaki/shudan';
import { html } from './lib/html.js';
import { pointToXY, xyToPoint, columnName, rowName } from './view.js';

const SIGN = { black: 1, white: -1 };

/// The content width of the element in `ref`, followed as it changes (300 before it is known).
export function useWidth(ref) {
  const [width, setWidth] = useState(300);
  useEffect(() => {
    if (!ref.current) return undefined;
    const ro = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    ro.observe(ref.current);
    return () => ro.disconnect();
  }, [ref.current]);
  return width;
}

/// The window's inner height, followed as it changes (a phone's address bar, a rotation).
export function useViewportHeight() {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const f = () => setHeight(window.innerHeight);
    addEventListener('resize', f);
    return () => removeEventListener('resize', f);
  }, []);
  return height;
}

/// Wrapped lines drawn on each side of a torus board.
export function torusMargin(size) {
  return size < 7 ? 1 : 2;
}

/// The vertex size in pixels that fits a board of `size` (with its margin) into `width` pixels.
export function fitVertexSize(size, torus, width) {
  // Shudan draws a border of 0.15 and a padding of 0.25 vertex on each side (goban.css): 0.8 in
  // all. (With 0.6 a board could stick out of its box by a few pixels and make it scroll.)
  const drawn = size + (torus ? 2 * torusMargin(size) : 0) + 2 /* coordinates */ + 0.8;
  return Math.max(14, Math.min(60, Math.floor(width / drawn)));
}

/**
 * Props:
 * - size, torus
 * - stones: {black: [points], white: [points]}
 * - rejected: points marked with a cross; marks: private guess marks, drawn as faint stones of
 *   `markColor`; captured: points to highlight; last: a point to ring
 * - cursor: the keyboard cursor's point or null; onCursor(point)
 * - onTry(point), onMark(point): clicks and keys (absent: the board is read-only)
 * - disabled: points that cannot be tried (own stones, tried this turn)
 * - vertexSize, label (accessible name), describe(point) -> text for the cursor
 * - marking: while clicks set guess marks, the words that say so on the board (else null)
 * - area: {black: [points], white: [points]} to shade as each side's area (the end), or null
 * - pending, pendingColor: a try waiting for its confirmation, drawn as a ghost stone of the
 *   mover's colour (solid, unlike the dashed guess marks)
 * - belief: a Map point -> percentage (0..100) of where the computer believed hidden stones
 *   were (the replay, after the end), drawn as a heat map; each vertex gets data-belief
 * - truth, truthColor: where the hidden stones of truthColor really were, drawn as rings
 */
export function Board(props) {
  const {
    size, torus = false, stones, rejected = [], marks = [], markColor = 'white', captured = [],
    last = null, cursor = null, onCursor, onTry, onMark, disabled = [], vertexSize = 32,
    label, describe, busy = false, id, marking = null, area = null, pending = null, pendingColor = 'black',
    belief = null, truth = [], truthColor = 'white',
  } = props;
  const ref = useRef(null);
  const interactive = !!onTry;
  // The cursor is drawn only while the board has the focus and the keyboard is in use, so that
  // it does not sit on the last clicked point.
  const [keyboard, setKeyboard] = useState(false);
  const m = torus ? torusMargin(size) : 0;
  const full = torus ? 3 * size : size; // the drawn sign map's width
  const offset = torus ? size : 0; // where the real board starts in the drawn map

  // Every drawn vertex [X, Y] -> the real point's [x, y].
  const real = (X, Y) => [((X - offset) % size + size) % size, ((Y - offset) % size + size) % size];
  // The drawn copies (in range) of a real [x, y].
  const copies = (x, y) => {
    if (!torus) return [[x, y]];
    const out = [];
    for (let dy = -size; dy <= size; dy += size)
      for (let dx = -size; dx <= size; dx += size) {
        const X = x + offset + dx;
        const Y = y + offset + dy;
        if (X >= size - m && X <= 2 * size - 1 + m && Y >= size - m && Y <= 2 * size - 1 + m)
          out.push([X, Y]);
      }
    return out;
  };

  const maps = useMemo(() => {
    const grid = () => Array.from({ length: full }, () => Array(full).fill(null));
    const signMap = Array.from({ length: full }, () => Array(full).fill(0));
    const markerMap = grid();
    const ghostStoneMap = grid();
    const heatMap = grid();
    const paintMap = area ? grid() : undefined;
    const put = (map, point, value) => {
      const [x, y] = pointToXY(point, size);
      for (const [X, Y] of copies(x, y)) map[Y][X] = value;
    };
    for (const color of ['black', 'white'])
      for (const p of stones[color] ?? []) put(signMap, p, SIGN[color]);
    for (const p of marks) put(ghostStoneMap, p, { sign: SIGN[markColor] });
    // Shudan's type 'good' only gives the ghost a class of its own (styled in style.css).
    if (pending) put(ghostStoneMap, pending, { sign: SIGN[pendingColor], type: 'good' });
    for (const p of rejected) put(markerMap, p, { type: 'cross' });
    // With a belief drawn, the heat map is the belief's alone.
    if (!belief) for (const p of captured) put(heatMap, p, { strength: 2 });
    // A share of 1..100 percent -> Shudan's strengths 1..9, a ninth each (style.css shades them
    // for .pg-belief).
    if (belief) for (const [p, pct] of belief) if (pct > 0) put(heatMap, p, { strength: Math.min(9, Math.ceil((pct / 100) * 9)) });
    for (const p of truth) put(ghostStoneMap, p, { sign: SIGN[truthColor], type: 'interesting' });
    if (area) for (const color of ['black', 'white']) for (const p of area[color]) put(paintMap, p, SIGN[color]);
    if (last) put(markerMap, last, { type: 'circle' });
    const selected = [];
    if (cursor && keyboard) {
      const [x, y] = pointToXY(cursor, size);
      selected.push(...copies(x, y));
    }
    const dimmed = [];
    if (torus)
      for (let Y = size - m; Y <= 2 * size - 1 + m; Y++)
        for (let X = size - m; X <= 2 * size - 1 + m; X++)
          if (X < size || X >= 2 * size || Y < size || Y >= 2 * size) dimmed.push([X, Y]);
    return { signMap, markerMap, ghostStoneMap, heatMap, paintMap, selected, dimmed };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [size, torus, stones, rejected, marks, markColor, captured, last, cursor, keyboard, area, pending, pendingColor, belief, truth, truthColor]);

  // Name every drawn vertex with its real point, for tests and for the wrapped copies' titles.
  // In a layout effect, in the same task as the render: the data attributes never lag the drawn
  // board (a test read a step's heat map with the previous step's data-belief once, on a loaded
  // machine, when this ran after the paint).
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const el of root.querySelectorAll('.shudan-vertex')) {
      const [x, y] = real(Number(el.dataset.x), Number(el.dataset.y));
      el.dataset.point = xyToPoint(x, y, size);
      if (belief) el.dataset.belief = String(belief.get(el.dataset.point) ?? 0);
      else delete el.dataset.belief;
      if (truth.includes(el.dataset.point)) el.dataset.truth = '1';
      else delete el.dataset.truth;
      const X = Number(el.dataset.x);
      const Y = Number(el.dataset.y);
      if (torus) el.dataset.copy = X < size || X >= 2 * size || Y < size || Y >= 2 * size ? '1' : '0';
    }
  });

  const pointAt = ([X, Y]) => {
    const [x, y] = real(X, Y);
    return xyToPoint(x, y, size);
  };

  const click = (evt, vertex) => {
    if (!interactive) return;
    const point = pointAt(vertex);
    onCursor?.(point);
    if (evt.shiftKey || evt.altKey) onMark?.(point);
    else if (!disabled.includes(point)) onTry(point);
  };

  const contextMenu = (evt) => {
    if (!interactive || !onMark) return;
    const el = evt.target.closest?.('.shudan-vertex');
    if (!el) return;
    evt.preventDefault();
    const point = pointAt([Number(el.dataset.x), Number(el.dataset.y)]);
    onCursor?.(point);
    onMark(point);
  };

  const keyDown = (evt) => {
    if (!interactive) return;
    if (!keyboard) setKeyboard(true);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const here = cursor ?? xyToPoint(Math.floor(size / 2), Math.floor(size / 2), size);
    if (moves[evt.key]) {
      evt.preventDefault();
      const [x, y] = pointToXY(here, size);
      let nx = x + moves[evt.key][0];
      let ny = y + moves[evt.key][1];
      if (torus) {
        nx = (nx + size) % size;
        ny = (ny + size) % size;
      } else {
        nx = Math.max(0, Math.min(size - 1, nx));
        ny = Math.max(0, Math.min(size - 1, ny));
      }
      onCursor?.(xyToPoint(nx, ny, size));
    } else if (evt.key === 'Enter' || evt.key === ' ') {
      evt.preventDefault();
      if (!cursor) onCursor?.(here);
      else if (!disabled.includes(cursor)) onTry(cursor);
    } else if (evt.key === 'm' || evt.key === 'M') {
      evt.preventDefault();
      if (cursor) onMark?.(cursor);
    }
  };

  // Focus from the keyboard shows the cursor at once (in the centre when it has none yet).
  const focus = (evt) => {
    if (!interactive || !evt.currentTarget.matches(':focus-visible')) return;
    setKeyboard(true);
    if (!cursor) onCursor?.(xyToPoint(Math.floor(size / 2), Math.floor(size / 2), size));
  };

  const range = torus ? [size - m, 2 * size - 1 + m] : undefined;
  return html`
    <div
      class=${'pg-board' + (torus ? ' pg-torus' : '') + (interactive ? ' pg-interactive' : '') + (marking ? ' pg-marking' : '') + (belief ? ' pg-belief' : '') + (keyboard ? ' pg-keyboard' : '')}
      ref=${ref}
      id=${id}
      tabindex=${interactive ? 0 : undefined}
      role=${interactive ? 'application' : 'img'}
      aria-label=${label}
      aria-describedby=${interactive ? 'pg-cursor-desc' : undefined}
      onKeyDown=${keyDown}
      onContextMenu=${contextMenu}
      onPointerDown=${() => keyboard && setKeyboard(false)}
      onBlur=${() => keyboard && setKeyboard(false)}
      onFocus=${focus}
    >
      <${Goban}
        vertexSize=${vertexSize}
        signMap=${maps.signMap}
        markerMap=${maps.markerMap}
        ghostStoneMap=${maps.ghostStoneMap}
        heatMap=${maps.heatMap}
        paintMap=${maps.paintMap}
        selectedVertices=${maps.selected}
        dimmedVertices=${maps.dimmed}
        rangeX=${range}
        rangeY=${range}
        showCoordinates=${true}
        coordX=${(X) => columnName(((X - offset) % size + size) % size)}
        coordY=${(Y) => rowName(((Y - offset) % size + size) % size, size)}
        busy=${busy}
        onVertexClick=${click}
      />
      ${marking &&
      // A click marks instead of trying: said on the board itself, where the eye is (the board's
      // accessible name says it too, so this copy is hidden from screen readers).
      html`<span class="pg-marking-badge" aria-hidden="true" data-testid="marking-badge">${marking}</span>`}
      ${interactive &&
      html`<p id="pg-cursor-desc" class="sr-only" aria-live="polite">
        ${cursor && describe ? describe(cursor) : ''}
      </p>`}
    </div>
  `;
}
