// The replay after the end: every turn, every try included, as Black saw it, as White saw it,
// and as it really was. The steps come from the reveal (view.js replaySteps).
import { useMemo, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';
import { Board, fitVertexSize, useWidth } from './board.js';
import { replaySteps } from './view.js';

function stepText(step) {
  if (step.kind === 'start') return t('replay.start');
  const player = colorName(step.player);
  const turn = t('replay.turn', { n: step.turn });
  switch (step.kind) {
    case 'rejected':
      return `${turn}: ${t('replay.rejected', { player, point: step.point })}`;
    case 'stone':
      return `${turn}: ${t('replay.stone', { player, point: step.point })}${
        step.captured.length ? ' ' + t('replay.captured', { points: step.captured.join(', '), n: step.captured.length }) : ''
      }`;
    case 'pass':
      return `${turn}: ${t('log.passed', { player })}`;
    case 'resign':
      return `${turn}: ${t('log.resigned', { player })}`;
    case 'timeout':
      return `${turn}: ${t('log.timeout', { player })}`;
    default:
      return turn;
  }
}

export function Replay({ reveal, rules }) {
  const steps = useMemo(() => replaySteps(reveal), [reveal]);
  const [index, setIndex] = useState(steps.length - 1);
  const [as, setAs] = useState('real');
  const box = useRef(null);
  const step = steps[Math.min(index, steps.length - 1)];

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
  const views = ['real', 'black', 'white'];
  // The long names ("as White saw it") name the board; the switcher shows short ones, so that its
  // three choices stay on one line on a phone.
  const longName = (v) => (v === 'real' ? t('replay.real') : t('replay.seen', { player: colorName(v) }));
  const shortName = (v) => (v === 'real' ? t('replay.view.real') : colorName(v));
  return html`
    <section class="replay card" aria-labelledby="replay-title" data-testid="replay">
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
      </div>
      <div class="replay-board" ref=${box}>
        <${Board}
          size=${rules.size}
          torus=${rules.topology === 'torus'}
          stones=${stones}
          rejected=${rejected}
          captured=${captured}
          last=${last}
          vertexSize=${vertexSize}
          label=${`${t('replay.boardLabel')}: ${longName(as)}`}
        />
      </div>
      <p class="step" aria-live="polite" data-testid="replay-step">${stepText(step)}</p>
      <div class="replay-controls">
        <button type="button" onClick=${() => go(0)} aria-label=${t('replay.first')} disabled=${index === 0}>|◀</button>
        <button type="button" onClick=${() => go(index - 1)} aria-label=${t('replay.prev')} disabled=${index === 0} data-testid="replay-prev">◀</button>
        <input
          type="range"
          min="0"
          max=${steps.length - 1}
          value=${index}
          aria-label=${t('replay.slider')}
          aria-valuetext=${stepText(step)}
          onInput=${(e) => go(Number(e.currentTarget.value))}
        />
        <button type="button" onClick=${() => go(index + 1)} aria-label=${t('replay.next')} disabled=${index === steps.length - 1} data-testid="replay-next">▶</button>
        <button type="button" onClick=${() => go(steps.length - 1)} aria-label=${t('replay.last')} disabled=${index === steps.length - 1}>▶|</button>
      </div>
      <p class="muted">${t('replay.count', { i: index, n: steps.length - 1 })}</p>
    </section>
  `;
}
