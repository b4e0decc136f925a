// The smaller parts of one audience's table: the connection banner, the counts, who is at the
// table, the newest announcement and the log, the end with its score, and the invitation links.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { colorName, formatNumber, t } from './i18n/i18n.js';
import { savedTable } from './saved.js';
import { lineParts, playerName, resultSentence } from './table-texts.js';
import { latestLine, other } from './view.js';

export function ConnectionBanner({ status }) {
  if (status === 'open' || status === 'closed') return null;
  return html`<p class="banner" role="status" data-testid="connection">
    ${status === 'reconnecting' ? t('conn.reconnecting') : t('conn.connecting')}
  </p>`;
}

export function Counts({ view, seat, marks }) {
  return html`
    <dl class="counts card" data-testid="counts">
      <div><dt>${t('counts.black')}</dt><dd data-testid="count-black">${view.counts.black}</dd></div>
      <div><dt>${t('counts.white')}</dt><dd data-testid="count-white">${view.counts.white}</dd></div>
      ${!view.over && view.to_move &&
      html`<div><dt>${t('counts.rejections', { player: colorName(view.to_move) })}</dt><dd>${view.rejections_this_turn}</dd></div>`}
      ${seat !== 'spectator' && !view.over &&
      html`<div><dt>${t('counts.marks')}</dt><dd data-testid="count-marks">${marks}</dd></div>`}
    </dl>
  `;
}

/// Who is at the table, from its public information (`seats`, `spectators`).
export function Presence({ info, seat }) {
  const items = ['black', 'white']
    .filter((c) => c !== seat)
    .map((c) => {
      const computer = info.seats[c].player === 'computer';
      const here = info.seats[c].connected;
      const text = computer
        ? t('presence.computer', { player: colorName(c), strength: t(`strength.${info.computer?.strength ?? 'medium'}`) })
        : t(here ? 'presence.here' : 'presence.away', { player: playerName(info, c) });
      return html`<li class=${here || computer ? 'here' : 'away'}>${text}</li>`;
    });
  return html`<ul class="presence" data-testid="presence">
    ${items}
    ${info.spectators > 0 && html`<li>${t('presence.spectators', { n: info.spectators })}</li>`}
  </ul>`;
}

/// The newest announcement, right under the board, where a phone shows it without scrolling.
/// This is the live region that reads each announcement (the log below is the history and is
/// not live, or everything would be read twice). Its line is keyed by the event that made it,
/// so the same words announced again are a new node and read again, and so is a turn's line
/// of rejections each time its count grows.
export function LatestNews({ view, seat }) {
  const latest = latestLine(view.events, seat);
  const [text, capture] = latest.line ? lineParts(latest.line) : [null, null];
  return html`
    <div class=${'latest' + (capture ? ' latest-capture' : '')} aria-live="polite" aria-atomic="true" data-testid="latest">
      ${latest.line &&
      html`<p key=${latest.at}>
        <span class=${'log-' + latest.line.kind}>${text}</span>${capture && html` <span class="log-capture">${capture}</span>`}
      </p>`}
    </div>
  `;
}

/// The announcements, numbered by move (a line's number is its move's, not its place in the list).
export function Log({ lines }) {
  const ref = useRef(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [lines.length]);
  // A plain list: the live region next to the board reads the news. It scrolls, so it takes the
  // focus, and keyboard users can scroll it too.
  return html`
    <section class="log card" aria-labelledby="log-title">
      <h2 id="log-title">${t('log.title')}</h2>
      ${lines.length === 0 && html`<p class="muted">${t('log.empty')}</p>`}
      <ol ref=${ref} tabindex=${lines.length > 0 ? 0 : undefined} aria-labelledby="log-title" data-testid="log">
        ${lines.map((l, i) => {
          const [text, capture] = lineParts(l);
          return html`<li key=${`${i}:${l.kind}:${l.params.n ?? 0}`} value=${l.move} class=${'log-' + l.kind}>
            ${text}${capture && html` <span class="log-capture">${capture}</span>`}
          </li>`;
        })}
      </ol>
    </section>
  `;
}

export function EndPanel({ table, view, won, outcome, area }) {
  const reveal = view.reveal;
  if (!reveal) return null;
  const s = reveal.score;
  const n = (x) => formatNumber(x);
  // In Atari Go the first capture decides: an area score means something only when the game
  // was scored (two passes before any capture, or the turn cap).
  // An aborted game has no result to score.
  const showScore = reveal.result?.reason !== 'aborted' && (!view.rules.atari_go || !!reveal.result?.score);
  return html`
    <section class="end card" aria-labelledby="end-title" data-testid="end">
      <h2 id="end-title">${t('end.title')}</h2>
      ${outcome && html`<p class="outcome" data-testid="outcome">${outcome}</p>`}
      <p class="result" data-testid="result">${resultSentence(reveal.result)}</p>
      ${won && html`<p data-testid="winning-capture">${t('end.winningCapture', { points: won.captured.join(', '), n: won.captured.length })}</p>`}
      ${showScore && html`<div class="table-scroll"><table class="score" data-testid="score">
        <caption>${t('end.score')}</caption>
        <thead>
          <tr><td></td><th scope="col">${t('end.stones')}</th><th scope="col">${t('end.territory')}</th><th scope="col">${t('end.komi')}</th><th scope="col">${t('end.total')}</th></tr>
        </thead>
        <tbody>
          <tr><th scope="row">${colorName('black')}</th><td>${s.black_stones}</td><td>${s.black_territory}</td><td>–</td><td>${n(s.black)}</td></tr>
          <tr><th scope="row">${colorName('white')}</th><td>${s.white_stones}</td><td>${s.white_territory}</td><td>${n(s.komi)}</td><td>${n(s.white)}</td></tr>
        </tbody>
      </table></div>`}
      ${area && html`<p class="hint" data-testid="area-note">${t('end.areaNote')}</p>`}
      ${showScore && reveal.result?.reason !== 'two-passes' && reveal.result?.reason !== 'turn-cap' &&
      html`<p class="hint">${t('end.scoreNote')}</p>`}
      <p>
        <a class="button" href=${`/api/games/${encodeURIComponent(table)}/sgf`} download=${`phantomgo-${table}.sgf`} data-testid="sgf">
          ${t('end.sgf')}
        </a>
        ${' '}<a class="button" href="#/">${t('end.again')}</a>
      </p>
    </section>
  `;
}

/// A read-only field with its Copy button, and with `share` ({title, text}) a Share button too
/// where the browser can share (navigator.share: phones, mostly).
function CopyField({ label, value, testid, share = null }) {
  const [copied, setCopied] = useState(false);
  const canShare = share && typeof navigator.share === 'function';
  const shareIt = async () => {
    try {
      await navigator.share({ ...share, url: value });
    } catch {
      // cancelled, or refused: the link and Copy are still there
    }
  };
  const inputRef = useRef(null);
  const id = `copy-${testid}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      inputRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return html`
    <div class="copy-field">
      <label for=${id}>${label}</label>
      <div class="row">
        <input id=${id} ref=${inputRef} readonly value=${value} data-testid=${testid} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" onClick=${copy} data-testid=${testid + '-copy'}>${copied ? t('invite.copied') : t('invite.copy')}</button>
        ${canShare && html`<button type="button" onClick=${shareIt} data-testid=${testid + '-share'}>${t('invite.share')}</button>`}
      </div>
    </div>
  `;
}

/// The links of a player's table: the other seat's invitation (kept on this device when it
/// created the table), the spectators' link, and whether the other player is still awaited.
function inviteLinks({ table, token, state, seat }) {
  const saved = savedTable(table, token);
  const otherSeat = other(seat);
  const { info } = state;
  return {
    invite: saved?.invite ?? null,
    watch: `${location.origin}/#table=${encodeURIComponent(table)}`,
    otherSeat,
    waiting: info.state === 'waiting' && info.mode === 'online' && !info.seats[otherSeat].connected,
  };
}

/// While the other player is awaited: their link, Copy and Share, right under the status that
/// says so (above the board, on the first screen of a phone too).
export function InviteNow(props) {
  const { invite, otherSeat, waiting } = inviteLinks(props);
  if (!waiting || !invite) return null;
  return html`<section class="invite card open" aria-labelledby="invite-title" data-testid="invite-now">
    <h2 id="invite-title">${t('invite.title')}</h2>
    <${CopyField} label=${t('invite.link', { player: colorName(otherSeat) })} value=${invite} testid="invite"
      share=${{ title: t('site.name'), text: t('invite.shareText') }} />
    <p class="hint">${t('invite.keep')}</p>
  </section>`;
}

/// The table's links, folded away in the side column (the invitation is above the board while
/// the other player is awaited).
export function Invite(props) {
  const { invite, watch, otherSeat, waiting } = inviteLinks(props);
  const above = waiting && invite;
  return html`<details class="invite card">
    <summary>${t('invite.links')}</summary>
    ${invite && !above &&
    html`<${CopyField} label=${t('invite.link', { player: colorName(otherSeat) })} value=${invite} testid="invite" />`}
    <${CopyField} label=${t('invite.watch')} value=${watch} testid="watch" />
    ${!above && html`<p class="hint">${t('invite.keep')}</p>`}
  </details>`;
}
