// A table's chat (docs/protocol.md, "Chat"): the players' channel on an online table, the
// spectators' channel for whoever watches; the other side's lines arrive only after the end.
// The text is drawn as text, never as markup. A switch hides the chat, remembered on the device.
import { useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, colorName } from './i18n/i18n.js';

const HIDDEN_KEY = 'pg.chatHidden';
export const MAX_CHAT_CHARS = 280;

function hiddenByChoice() {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

function keepHidden(on) {
  try {
    localStorage.setItem(HIDDEN_KEY, on ? '1' : '0');
  } catch {
    // storage unavailable: the choice lasts for this page
  }
}

/// The chat's lines after a server message: a history replaces them, a line is added once.
export function chatAfter(lines, msg) {
  if (msg.type === 'chat-history') return msg.lines;
  if (msg.type !== 'chat') return lines;
  if (lines.some((l) => l.seq === msg.line.seq)) return lines;
  return [...lines, msg.line].sort((a, b) => a.seq - b.seq);
}

/// A spectator's name in the chat: "Spectator 3" (a line stored before numbers: "Spectator").
const spectatorName = (line) => (line.spectator ? t('chat.spectatorN', { n: line.spectator }) : t('chat.spectator'));

/// Who said a line, as this connection names it: "You" on its own lines only (a spectator is
/// told its number when it joins: `me`).
function author(line, role, me) {
  if (line.from === 'spectator') return role === 'spectator' && me != null && line.spectator === me ? t('chat.you') : spectatorName(line);
  if (line.from === role) return t('chat.you');
  return colorName(line.from);
}

/// Whether `role` has a chat at a table of `mode` (a hot seat has none; a seat only online).
export function hasChat(role, mode) {
  if (role === 'hotseat') return false;
  return role === 'spectator' || mode === 'online';
}

/// Props: lines, role ('black' | 'white' | 'spectator'), me (a spectator's number, else null),
/// over, send(message).
export function Chat({ lines, role, me = null, over, send }) {
  const [hidden, setHidden] = useState(hiddenByChoice);
  const [text, setText] = useState('');
  const spectator = role === 'spectator';
  const title = over ? t('chat.title.all') : t(spectator ? 'chat.title.spectators' : 'chat.title.players');
  const toggle = () => {
    keepHidden(!hidden);
    setHidden(!hidden);
  };
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
        <button type="button" data-testid="chat-toggle" aria-pressed=${hidden ? 'true' : 'false'} onClick=${toggle}>
          ${t(hidden ? 'chat.show' : 'chat.hide')}
        </button>
      </div>
      ${!hidden &&
      html`
        ${spectator && !over && html`<p class="hint">${t('chat.spectatorsLater')}</p>`}
        <ol class="chat-lines" data-testid="chat-lines">
          ${lines.length === 0 && html`<li class="hint">${t('chat.empty')}</li>`}
          ${lines.map(
            (l) => html`<li key=${l.seq} class=${l.channel === 'spectators' ? 'from-spectators' : ''}>
              <span class="who">${author(l, role, me)}:</span>
              ${' '}<span class="text">${l.text}</span>
            </li>`,
          )}
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
export function ChatRecord({ lines }) {
  if (!lines?.length) return null;
  return html`
    <section class="chat card" aria-labelledby="chat-record-title" data-testid="chat-record">
      <h2 id="chat-record-title">${t('chat.title.all')}</h2>
      <ol class="chat-lines">
        ${lines.map(
          (l) => html`<li key=${l.seq}>
            <span class="who">${l.from === 'spectator' ? spectatorName(l) : colorName(l.from)}, ${t('chat.move', { n: l.turn + 1 })}:</span>
            ${' '}<span class="text">${l.text}</span>
          </li>`,
        )}
      </ol>
    </section>
  `;
}
