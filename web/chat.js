// A table's chat (docs/protocol.md, "Chat"): the players' channel on an online table, the
// spectators' channel for whoever watches; the other side's lines arrive only after the end.
// The text is drawn as text, never as markup. A switch hides the chat, remembered on the device.
// Another mutes the others at this table (their lines folded into "n muted lines"), remembered on
// the device for that table: there are no accounts to mute a person by, and the site-wide "off"
// is the hide switch. The table page counts the others' lines not yet seen (ChatBadge, by the
// board): a line is seen once the list is on the screen.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';
import { unnamed } from './display-name.js';

const HIDDEN_KEY = 'pg.chatHidden';
const MUTED_KEY = 'pg.chatMuted';
const MUTED_KEEP = 100; // tables remembered as muted, the newest
export const MAX_CHAT_CHARS = 280;

export function hiddenByChoice() {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function keepHidden(on) {
  try {
    localStorage.setItem(HIDDEN_KEY, on ? '1' : '0');
  } catch {
    // storage unavailable: the choice lasts for this page
  }
}

function mutedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MUTED_KEY) ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/// Whether the others at `table` are muted on this device.
export const mutedAt = (table) => mutedTables().includes(table);

export function keepMuted(table, on) {
  const list = mutedTables().filter((t) => t !== table);
  if (on) list.push(table);
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify(list.slice(-MUTED_KEEP)));
  } catch {
    // storage unavailable: the choice lasts for this page
  }
}

/// Whether a line is this connection's own (a spectator is told its number when it joins: `me`).
export function ownLine(line, role, me) {
  if (line.from === 'spectator') return role === 'spectator' && me != null && line.spectator === me;
  return line.from === role;
}

/// The number of the others' lines after `seen` (the highest seq seen; null: none counted yet).
export function unreadCount(lines, seen, role, me) {
  if (seen == null) return 0;
  return lines.filter((l) => l.seq > seen && !ownLine(l, role, me)).length;
}

const lastSeq = (lines) => lines.reduce((m, l) => Math.max(m, l.seq), -1);

/// The chat's lines after a server message: a history replaces them, a line is added once.
export function chatAfter(lines, msg) {
  if (msg.type === 'chat-history') return msg.lines;
  if (msg.type !== 'chat') return lines;
  if (lines.some((l) => l.seq === msg.line.seq)) return lines;
  return [...lines, msg.line].sort((a, b) => a.seq - b.seq);
}

/// A spectator's name in the chat: "Spectator 3" (a line stored before numbers: "Spectator").
const spectatorName = (line) => (line.spectator ? t('chat.spectatorN', { n: line.spectator }) : t('chat.spectator'));

/// A player's name in the chat: the seat's name when one was set (`names`: the table's), else
/// the colour.
const seatName = (line, names) => (names && !unnamed({ names }, line.from) ? names[line.from] : colorName(line.from));

/// Who said a line, as this connection names it: "You" on its own lines only (a spectator is
/// told its number when it joins: `me`).
function author(line, role, me, names) {
  if (ownLine(line, role, me)) return t('chat.you');
  if (line.from === 'spectator') return spectatorName(line);
  return seatName(line, names);
}

/// Near the board: how many of the others' lines are not yet seen; a press brings the chat up
/// (shown, if it was hidden). Nothing when there are none.
export function ChatBadge({ count, onOpen }) {
  if (!count) return null;
  return html`<button type="button" class="chat-badge" data-testid="chat-badge" onClick=${onOpen}>
    <svg class="chat-badge-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M2 2.5h12a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H7l-3.5 3v-3H2a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1z" fill="currentColor" />
    </svg>
    ${t('chat.unread', { n: count })}
  </button>`;
}

/// Brings the chat into view and puts the cursor in its field (ChatBadge's press).
export function scrollToChat() {
  const chat = document.querySelector('[data-testid="chat"]');
  if (!chat) return;
  chat.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  document.getElementById('chat-input')?.focus({ preventScroll: true });
}

/// Whether `role` has a chat at a table of `mode` (a hot seat has none; a seat only online).
export function hasChat(role, mode) {
  if (role === 'hotseat') return false;
  return role === 'spectator' || mode === 'online';
}

/// Props: lines, role ('black' | 'white' | 'spectator'), me (a spectator's number, else null),
/// over, send(message); names (the table's names of the seats); hidden and setHidden (the hide switch, kept by the page), muted and
/// setMuted (the others muted), onSeen(seq): told the highest seq on the screen.
export function Chat({ lines, role, me = null, names = null, over, send, hidden, setHidden, muted = false, setMuted, onSeen }) {
  const [text, setText] = useState('');
  const list = useRef(null);
  const onScreen = useRef(false);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  // The lines count as seen while the list is on the screen (and the page is in front).
  useEffect(() => {
    const el = list.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const seen = () => onScreen.current && document.visibilityState === 'visible' && onSeen?.(lastSeq(linesRef.current));
    const io = new IntersectionObserver((entries) => {
      onScreen.current = entries.some((e) => e.isIntersecting);
      seen();
    });
    io.observe(el);
    document.addEventListener('visibilitychange', seen);
    return () => {
      io.disconnect();
      onScreen.current = false;
      document.removeEventListener('visibilitychange', seen);
    };
  }, [hidden]);
  useEffect(() => {
    if (onScreen.current && document.visibilityState === 'visible') onSeen?.(lastSeq(lines));
  }, [lines]);
  const shown = muted ? lines.filter((l) => ownLine(l, role, me)) : lines;
  const mutedCount = lines.length - shown.length;
  const spectator = role === 'spectator';
  const title = over ? t('chat.title.all') : t(spectator ? 'chat.title.spectators' : 'chat.title.players');
  const toggle = () => setHidden(!hidden);
  const submit = (e) => {
    e.preventDefault();
    const line = text.trim();
    if (!line) return;
    send({ type: 'chat', text: line });
    setText('');
  };
  return html`
    <section class="chat card" aria-labelledby="chat-title" data-testid="chat">
      <div class="chat-head">
        <h2 id="chat-title">${title}</h2>
        <span class="chat-switches">
          ${setMuted &&
          html`<button type="button" data-testid="chat-mute" aria-pressed=${muted ? 'true' : 'false'} onClick=${() => setMuted(!muted)}>
            ${t('chat.mute')}
          </button>`}
          <button type="button" data-testid="chat-toggle" aria-pressed=${hidden ? 'true' : 'false'} onClick=${toggle}>
            ${t(hidden ? 'chat.show' : 'chat.hide')}
          </button>
        </span>
      </div>
      ${!hidden &&
      html`
        ${spectator && !over && html`<p class="hint">${t('chat.spectatorsLater')}</p>`}
        <ol class="chat-lines" data-testid="chat-lines" ref=${list}>
          ${lines.length === 0 && html`<li class="hint">${t('chat.empty')}</li>`}
          ${shown.map(
            (l) => html`<li key=${l.seq} class=${l.channel === 'spectators' ? 'from-spectators' : ''}>
              <span class="who">${author(l, role, me, names)}:</span>
              ${' '}<span class="text">${l.text}</span>
            </li>`,
          )}
          ${mutedCount > 0 && html`<li class="hint" data-testid="chat-muted">${t('chat.mutedLines', { n: mutedCount })}</li>`}
        </ol>
        <form class="chat-form" onSubmit=${submit}>
          <label class="sr-only" for="chat-input">${t('chat.label')}</label>
          <input
            id="chat-input"
            data-testid="chat-input"
            type="text"
            maxlength=${MAX_CHAT_CHARS}
            autocomplete="off"
            placeholder=${t('chat.placeholder')}
            value=${text}
            onInput=${(e) => setText(e.currentTarget.value)}
          />
          <button type="submit" data-testid="chat-send" disabled=${!text.trim()}>${t('chat.send')}</button>
        </form>
      `}
    </section>
  `;
}

/// A finished game's chat, read only (the game page's replay); each line with the move it was said during.
export function ChatRecord({ lines, names = null }) {
  if (!lines?.length) return null;
  return html`
    <section class="chat card" aria-labelledby="chat-record-title" data-testid="chat-record">
      <h2 id="chat-record-title">${t('chat.title.all')}</h2>
      <ol class="chat-lines">
        ${lines.map(
          (l) => html`<li key=${l.seq}>
            <span class="who">${l.from === 'spectator' ? spectatorName(l) : seatName(l, names)}, ${t('chat.move', { n: l.turn + 1 })}:</span>
            ${' '}<span class="text">${l.text}</span>
          </li>`,
        )}
      </ol>
    </section>
  `;
}
