// The player's display name (docs/protocol.md, "Names"): kept on this device with the setup
// form's settings (`pg.setup`), sent with the creation of a table, and at any other table this
// device holds a seat at (an invitation, a lobby challenge taken) once it joins, unless that
// seat already has a name. A small form at the table changes it.
import { useEffect, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';

const SETUP_KEY = 'pg.setup'; // home.js keeps the form's settings there
const DEFAULT_NAMES = { black: 'Black', white: 'White' }; // the server's names for no name
export const MAX_NAME_CHARS = 40;

/// The name kept on this device, or ''.
export function deviceName() {
  try {
    const s = JSON.parse(localStorage.getItem(SETUP_KEY) ?? 'null');
    return typeof s?.name === 'string' ? s.name.trim() : '';
  } catch {
    return '';
  }
}

function keepName(name) {
  try {
    const s = JSON.parse(localStorage.getItem(SETUP_KEY) ?? 'null') ?? {};
    localStorage.setItem(SETUP_KEY, JSON.stringify({ ...s, name }));
  } catch {
    // storage unavailable: the name lasts for this table
  }
}

/// Whether the seat's name at this table is still the colour's own.
export const unnamed = (info, seat) => !info.names?.[seat] || info.names[seat] === DEFAULT_NAMES[seat];

/// Props: info, seat ('black' | 'white'), send(message).
export function NameField({ info, seat, send }) {
  const current = unnamed(info, seat) ? '' : info.names[seat];
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const submit = (e) => {
    e.preventDefault();
    const name = text.trim();
    keepName(name);
    if (name !== current) send({ type: 'name', name });
  };
  return html`<form class="name-form" onSubmit=${submit} data-testid="name-form">
    <label for="seat-name">${t('table.yourName')}</label>
    <input id="seat-name" type="text" maxlength=${MAX_NAME_CHARS} autocomplete="nickname" value=${text}
      onInput=${(e) => setText(e.currentTarget.value)} />
    <button type="submit" data-testid="name-save" disabled=${text.trim() === current}>${t('table.saveName')}</button>
  </form>`;
}
