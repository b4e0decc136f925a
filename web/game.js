// A finished game's page (#game=<id>&step=N): its replay, opened at step N, from
// GET /api/games/<id> (docs/protocol.md). Anyone may open it once the game is over, so a step
// can be shared as a link; the address follows the step shown.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { Replay, stepLink } from './replay.js';
import { resultSentence } from './table.js';
import { ChatRecord } from './chat.js';

export function GamePage({ game, step }) {
  const [record, setRecord] = useState(undefined); // undefined: loading; null: cannot be shown
  useEffect(() => {
    fetch(`/api/games/${encodeURIComponent(game)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then(setRecord)
      .catch(() => setRecord(null));
  }, [game]);
  if (record === undefined) return html`<div class="card notice" role="status"><p>${t('game.loading')}</p></div>`;
  if (record === null)
    return html`<div class="card notice" role="alert">
      <h1>${t('game.title')}</h1>
      <p data-testid="game-missing">${t('game.missing')}</p>
      <p><a href="#/">${t('table.missing.home')}</a></p>
    </div>`;
  // The record does not name the computer's seat: its default name does ("phantomgo (medium)").
  // Not known (a renamed seat): no seat is called the computer's own.
  const bots = ['black', 'white'].filter((c) => record.mode === 'computer' && /^phantomgo \(/.test(record.names?.[c] ?? ''));
  const computer = bots.length === 1 ? bots[0] : null;
  // replaceState, not a new hash: stepping adds no history entry and does not reload the page.
  const follow = (i) => history.replaceState(null, '', stepLink(game, i));
  return html`
    <div class="game-page" data-testid="game">
      <h1>${t('game.title')}</h1>
      <p class="result" data-testid="result">${resultSentence(record.result)}</p>
      <${Replay} reveal=${record.reveal} rules=${record.rules} game=${game} step=${step} onStep=${follow} computer=${computer} />
      <${ChatRecord} lines=${record.chat} />
    </div>
  `;
}
