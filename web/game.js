// A finished game's page (#game=<id>&step=N): its replay, opened at step N, from
// GET /api/games/<id> (docs/protocol.md). Anyone may open it once the game is over, so a step
// can be shared as a link; the address follows the step shown. Above it: the players, the date,
// the settings, the result and the SGF.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, language } from './i18n/i18n.js';
import { Replay, stepLink } from './replay.js';
import { playerName, resultSentence, rulesSummary } from './table-texts.js';
import { clockSummary } from './clock.js';
import { ChatRecord } from './chat.js';

/// "Played on Dec 4, 2026" (in the page's language); '' without a date.
function playedOn(ms) {
  if (typeof ms !== 'number') return '';
  return t('game.played', { date: new Intl.DateTimeFormat(language(), { dateStyle: 'medium' }).format(new Date(ms)) });
}

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
  // The computer's seat, as the record names it (null between people).
  const computer = record.computer?.color ?? null;
  // replaceState, not a new hash: stepping adds no history entry and does not reload the page.
  const follow = (i) => history.replaceState(null, '', stepLink(game, i));
  return html`
    <div class="game-page" data-testid="game">
      <h1>${t('game.title')}</h1>
      <p class="game-players" data-testid="game-players">
        ${t('game.players', { black: playerName(record, 'black'), white: playerName(record, 'white') })}
      </p>
      <p class="summary" data-testid="game-settings">
        ${[playedOn(record.created_at), rulesSummary(record.rules), clockSummary(record.clock)].filter(Boolean).join(' · ')}
      </p>
      <p class="result" data-testid="result">${resultSentence(record.result)}</p>
      <p>
        <a class="button" href=${`/api/games/${encodeURIComponent(game)}/sgf`} download=${`phantomgo-${game}.sgf`} data-testid="sgf">
          ${t('end.sgf')}
        </a>
      </p>
      <${Replay} reveal=${record.reveal} rules=${record.rules} game=${game} step=${step} onStep=${follow} computer=${computer} />
      <${ChatRecord} lines=${record.chat} names=${record.names} />
    </div>
  `;
}
