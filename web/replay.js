// The replay after the end: every turn, every try included, as Black saw it, as White saw it,
// and as it really was. The steps come from the reveal (view.js replaySteps). On Black's or
// White's board, a switch shows a heat map of where the computer placed the opponent's hidden
// stones at each step (GET /api/games/<id>/belief, fetched the first time the switch is turned
// on), with rings where those stones really were. On the computer's own seat that is what it
// believed; on a person's seat, what a computer would have believed from that seat's view, and
// the switch and legend say which.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName, formatNumber } from './i18n/i18n.js';
import { Board, fitVertexSize, useWidth } from './board.js';
import { beliefPoints, replaySteps } from './view.js';

const OPPONENT = { black: 'white', white: 'black' };

/// The points most often believed, highest first (at most n), as [point, percent].
const topBeliefs = (belief, n) => [...belief].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);

/// The caption of a step; in a seat's view (`seat`), the other side's tries are told as that seat
/// learned them: without their points.
function stepText(step, seat = null) {
  if (step.kind === 'start') return t('replay.start');
  const player = colorName(step.player);
  const turn = t('replay.turn', { n: step.turn });
  const hidden = seat !== null && step.player !== seat;
  switch (step.kind) {
    case 'rejected':
      return `${turn}: ${hidden ? t('replay.rejectedUnseen', { player }) : t('replay.rejected', { player, point: step.point })}`;
    case 'stone':
      return `${turn}: ${hidden ? t('log.moved', { player }) : t('replay.stone', { player, point: step.point })}${
        step.captured.length ? ' ' + t('replay.captured', { points: step.captured.join(', '), n: step.captured.length }) : ''
      }`;
    case 'pass':
      return `${turn}: ${t('log.passed', { player })}`;
    case 'resign':
      return `${turn}: ${t('log.resigned', { player })}`;
    case 'timeout':
      return `${turn}: ${t('log.timeout', { player })}`;
    case 'abandoned':
      return `${turn}: ${t('log.abandon', { player })}`;
    case 'aborted':
      return `${turn}: ${t('log.abort', { player })}`;
    case 'no-show':
      return `${turn}: ${t('log.noShow', { player })}`;
    default:
      return turn;
  }
}

/// The speeds of the replay playing itself, in steps per second.
export const SPEEDS = [0.5, 1, 2];

/// The link of one step of a game's replay (app.js opens it on the game page).
export const stepLink = (game, step) => `#game=${encodeURIComponent(game)}&step=${step}`;

/// Props: reveal, rules; game: the game's id, for each step's link; step: the step to open at
/// (else the last); onStep(i): told of every step shown (the game page keeps it in the address);
/// computer: the colour the computer played, or null (people only, or not known).
export function Replay({ reveal, rules, game, step: initialStep = null, onStep, computer = null }) {
  const steps = useMemo(() => replaySteps(reveal), [reveal]);
  const [index, setIndex] = useState(() =>
    initialStep === null ? steps.length - 1 : Math.max(0, Math.min(steps.length - 1, initialStep)),
  );
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  useEffect(() => {
    onStep?.(index);
  }, [index]);
  // Playing: one step every 1/speed seconds, stopping at the last.
  useEffect(() => {
    if (!playing) return undefined;
    if (index >= steps.length - 1) {
      setPlaying(false);
      return undefined;
    }
    const id = setTimeout(() => setIndex((i) => Math.min(steps.length - 1, i + 1)), 1000 / speed);
    return () => clearTimeout(id);
  }, [playing, index, speed, steps.length]);
  const [as, setAs] = useState('real');
  // The computer's belief, per seat: undefined (not asked), 'loading', 'error', or the answer.
  const [showBelief, setShowBelief] = useState(false);
  const [beliefs, setBeliefs] = useState({});
  const box = useRef(null);
  const step = steps[Math.min(index, steps.length - 1)];
  const seat = as === 'real' ? null : as;
  const loadBelief = (s) => {
    setBeliefs((b) => ({ ...b, [s]: 'loading' }));
    fetch(`/api/games/${encodeURIComponent(game)}/belief?seat=${s}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((data) => {
        if (!Array.isArray(data.steps) || data.steps.length !== steps.length) throw new Error('steps');
        setBeliefs((b) => ({ ...b, [s]: data }));
      })
      .catch(() => setBeliefs((b) => ({ ...b, [s]: 'error' })));
  };
  // Fetched the first time the switch is on for a seat (and again only after an error, on request).
  useEffect(() => {
    if (showBelief && seat && game && beliefs[seat] === undefined) loadBelief(seat);
  }, [showBelief, seat]);
  const answer = showBelief && seat ? beliefs[seat] : undefined;
  const beliefData = answer && typeof answer === 'object' ? answer : null;
  const belief = useMemo(
    () => (beliefData ? beliefPoints(beliefData.steps[Math.min(index, steps.length - 1)], rules.size) : null),
    [beliefData, index],
  );
  // The truth beside it: the opponent's stones on the real board that this seat could not see.
  const truth = [];
  if (beliefData)
    for (const [p, c] of step.real) if (c === OPPONENT[seat] && step[seat].stones.get(p) !== c) truth.push(p);

  const stones = { black: [], white: [] };
  const source = as === 'real' ? step.real : step[as].stones;
  for (const [p, c] of source) stones[c].push(p);
  const showTry = as === 'real' || step.player === as;
  const rejected = as === 'real' ? [] : [...step[as].rejected];
  if (step.kind === 'rejected' && showTry && !rejected.includes(step.point)) rejected.push(step.point);
  const last = step.kind === 'stone' && showTry ? step.point : null;
  const captured = step.kind === 'stone' ? step.captured : [];
  const width = useWidth(box);
  const vertexSize = fitVertexSize(rules.size, rules.topology === 'torus', Math.min(width, 520));

  const go = (i) => setIndex(Math.max(0, Math.min(steps.length - 1, i)));
  // Play from the start when at the end; any other way of moving stops the playing. The
  // button's label says what a press does (Play or Pause), so it is not also a toggle
  // (aria-pressed would say "Pause, pressed").
  const togglePlay = () => {
    if (!playing && index >= steps.length - 1) setIndex(0);
    setPlaying(!playing);
  };
  const move = (i) => {
    setPlaying(false);
    go(i);
  };
  // The arrow keys, Home and End step through the replay from anywhere in it, except in its
  // own inputs: the radio buttons and the speed select use the arrows for their own choices
  // (and the slider does the same as here by itself).
  const keyDown = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.('input, select')) return;
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: steps.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  const pct = (n) => t('replay.belief.pct', { n: formatNumber(n) });
  // The computer's own belief on its seat; on a person's, a computer's in that seat's place.
  const own = seat !== null && seat === computer;
  const switchText = t(own ? 'replay.belief.switch' : 'replay.belief.switchModel');
  // The switch stands with the view's choice, above the board; what it shows, below the board.
  const beliefSwitch = () => html`<label class="belief-switch">
    <input type="checkbox" checked=${showBelief} onChange=${(e) => setShowBelief(e.currentTarget.checked)} data-testid="belief-switch" />
    ${switchText}
  </label>`;
  const beliefPanel = () => {
    const top = belief ? topBeliefs(belief, 3) : [];
    return html`<div class="belief" data-testid="belief">
      ${showBelief && answer === 'loading' && html`<p class="hint" role="status" data-testid="belief-loading">${t('replay.belief.loading')}</p>`}
      ${showBelief &&
      answer === 'error' &&
      html`<p class="belief-error" role="alert" data-testid="belief-error">
        ${t('replay.belief.error')}
        <button type="button" onClick=${() => loadBelief(seat)}>${t('replay.belief.retry')}</button>
      </p>`}
      ${beliefData &&
      html`<div class="belief-legend" data-testid="belief-legend">
        <p>
          <span class="belief-swatch" aria-hidden="true"></span>
          ${t(own ? 'replay.belief.legend' : 'replay.belief.legendModel')}
        </p>
        <p>
          <span class=${`belief-ring belief-ring-${OPPONENT[seat]}`} aria-hidden="true"></span>
          ${t('replay.belief.truth')}
        </p>
        <p class="hint" data-testid="belief-top">
          ${top.length
            ? t('replay.belief.top', { points: top.map(([p, v]) => `${p} ${pct(v)}`).join(', ') })
            : t('replay.belief.none')}
          ${' '}${t('replay.belief.samples', { n: beliefData.samples })}
        </p>
      </div>`}
    </div>`;
  };
  const views = ['real', 'black', 'white'];
  // The long names ("as White saw it") name the board; the switcher shows short ones, so that its
  // three choices stay on one line on a phone.
  const longName = (v) => (v === 'real' ? t('replay.real') : t('replay.seen', { player: colorName(v) }));
  const shortName = (v) => (v === 'real' ? t('replay.view.real') : colorName(v));
  return html`
    <section class="replay card" aria-labelledby="replay-title" data-testid="replay" onKeyDown=${keyDown}>
      <h2 id="replay-title">${t('replay.title')}</h2>
      <div class="replay-view">
        <span class="replay-view-label" id="replay-as">${t('replay.as')}</span>
        <div class="segmented" role="radiogroup" aria-labelledby="replay-as" data-testid="replay-view">
          ${views.map(
            (v) => html`<label class=${as === v ? 'active' : ''} title=${longName(v)}>
              <input type="radio" name="replay-as" value=${v} checked=${as === v} onChange=${() => setAs(v)} />
              ${shortName(v)}
            </label>`,
          )}
        </div>
        ${seat && game && beliefSwitch()}
      </div>
      <div class="replay-board" ref=${box} tabindex="0" data-testid="replay-board" aria-describedby="replay-keys">
        <${Board}
          size=${rules.size}
          torus=${rules.topology === 'torus'}
          stones=${stones}
          rejected=${rejected}
          captured=${captured}
          last=${last}
          vertexSize=${vertexSize}
          label=${`${t('replay.boardLabel')}: ${longName(as)}${belief ? ` (${switchText})` : ''}`}
          belief=${belief}
          truth=${truth}
          truthColor=${seat ? OPPONENT[seat] : 'white'}
        />
      </div>
      ${seat && game && showBelief && beliefPanel()}
      <p class="step" aria-live="polite" data-testid="replay-step">${stepText(step, seat)}</p>
      <div class="replay-controls">
        <button type="button" onClick=${() => move(0)} aria-label=${t('replay.first')} disabled=${index === 0}>|◀</button>
        <button type="button" onClick=${() => move(index - 1)} aria-label=${t('replay.prev')} disabled=${index === 0} data-testid="replay-prev">◀</button>
        <input
          type="range"
          min="0"
          max=${steps.length - 1}
          value=${index}
          aria-label=${t('replay.slider')}
          aria-valuetext=${stepText(step, seat)}
          onInput=${(e) => move(Number(e.currentTarget.value))}
        />
        <button type="button" onClick=${() => move(index + 1)} aria-label=${t('replay.next')} disabled=${index === steps.length - 1} data-testid="replay-next">▶</button>
        <button type="button" onClick=${() => move(steps.length - 1)} aria-label=${t('replay.last')} disabled=${index === steps.length - 1}>▶|</button>
      </div>
      <div class="replay-play">
        <button type="button" onClick=${togglePlay} data-testid="replay-play">
          ${playing ? t('replay.pause') : t('replay.play')}
        </button>
        <label>
          ${t('replay.speed')}
          <select value=${String(speed)} onChange=${(e) => setSpeed(Number(e.currentTarget.value))} data-testid="replay-speed">
            ${SPEEDS.map((v) => html`<option value=${String(v)}>${formatNumber(v)}</option>`)}
          </select>
        </label>
        ${game && html`<a href=${stepLink(game, index)} data-testid="replay-link">${t('replay.link')}</a>`}
      </div>
      <p class="muted">${t('replay.count', { i: index, n: steps.length - 1 })} <span class="count-note" data-testid="replay-count-note">${t('replay.countNote')}</span></p>
      <p class="hint keys" id="replay-keys">${t('replay.keys')}</p>
    </section>
  `;
}
