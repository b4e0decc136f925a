// The table page's switches for alerts (alerts.js): sounds and vibration on or off (kept in
// localStorage), and the button that asks for turn notifications. The permission is asked only
// from that button's click, never on load.
import { useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { askToNotify, isMuted, notifyState, setMuted } from './alerts.js';

export function AlertSettings() {
  const [muted, setMutedState] = useState(isMuted);
  const [notify, setNotify] = useState(notifyState);
  const toggle = (e) => {
    const on = e.currentTarget.checked;
    setMuted(!on);
    setMutedState(!on);
  };
  return html`
    <div class="alert-settings card" data-testid="alert-settings">
      <label class="check">
        <input type="checkbox" checked=${!muted} onChange=${toggle} data-testid="sound" />
        ${t('alerts.sound')}
      </label>
      ${notify === 'default' &&
      html`<button type="button" data-testid="notify" onClick=${async () => setNotify(await askToNotify())}>
        ${t('alerts.notify')}
      </button>`}
      ${notify === 'granted' && html`<p class="hint" data-testid="notify-on">${t('alerts.notify.on')}</p>`}
      ${notify === 'denied' && html`<p class="hint" data-testid="notify-denied">${t('alerts.notify.denied')}</p>`}
    </div>
  `;
}
