// The table page's switches for alerts (alerts.js): sounds and vibration on or off (kept in
// localStorage), and the button that asks for turn notifications. The permission is asked only
// from that button's click, never on load.
import { useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { askToNotify, isMuted, notifyState, setMuted } from './alerts.js';

/// `notify`: whether to offer turn notifications (a hot-seat device is never told "your turn":
/// its players take turns at it, and the curtain says whose turn it is).
export function AlertSettings({ notify: offer = true }) {
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
      ${offer && notify === 'default' &&
      html`<button type="button" data-testid="notify" onClick=${async () => setNotify(await askToNotify())}>
        ${t('alerts.notify')}
      </button>`}
      ${offer && notify === 'granted' && html`<p class="hint" data-testid="notify-on">${t('alerts.notify.on')}</p>`}
      ${offer && notify === 'denied' && html`<p class="hint" data-testid="notify-denied">${t('alerts.notify.denied')}</p>`}
    </div>
  `;
}
