// "Rated" in the setup form, for a signed-in visitor only (a rated game is between accounts):
// a checkbox, off by default, with one line on what it does; where the server would refuse the
// rules (a handicap, Atari Go, a torus, a board of another size, one device), it is disabled and
// that line says why. The form sends "rated": true only while it is checked and allowed.
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';
import { useAccount } from './account-state.js';
import { unratedReason } from './rating-texts.js';

/// Whether the form's game is rated: checked, allowed, and the visitor signed in.
export function ratedChosen(account, checked, setup) {
  return !!account && checked && unratedReason(setup) === null;
}

/// Props: checked, onChange(bool), setup ({mode, size, handicap, atariGo, torus}).
export function RatedOption({ checked, onChange, setup }) {
  const { account } = useAccount();
  if (!account) return null;
  const reason = unratedReason(setup);
  return html`<fieldset class="rated-option" data-testid="rated-option">
    <legend class="sr-only">${t('rating.rated')}</legend>
    <label class="choice">
      <input type="checkbox" id="rated" checked=${checked && !reason} disabled=${!!reason}
        aria-describedby="rated-hint" data-testid="rated" onChange=${(e) => onChange(e.currentTarget.checked)} />
      <span>${t('rating.option')}</span>
    </label>
    <p class="hint" id="rated-hint" data-testid="rated-hint">${reason ? t(reason) : t('rating.option.hint')}</p>
  </fieldset>`;
}
