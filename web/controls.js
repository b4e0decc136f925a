// A player's controls beside the board: Pass, Resign (Abort before each side has moved once) with
// their questions, the zoom, the mark mode and the confirmation of tries, whose choice is kept on
// this device.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';

const CONFIRM_KEY = 'pg.confirmMoves';

/// Whether a try waits for a second tap: the player's own choice if they made one, else on for
/// touch screens (a finger hides the point it taps) and for boards above 9x9 (small points).
export function confirmDefault(size) {
  try {
    const kept = localStorage.getItem(CONFIRM_KEY);
    if (kept === '1' || kept === '0') return kept === '1';
  } catch {
    // storage unavailable: the default
  }
  return touchScreen() || size > 9;
}

/// Whether the main pointer is a finger (the words then say "tap", not "click").
export const touchScreen = () => matchMedia('(pointer: coarse)').matches;

/// Keeps the player's choice for every table on this device.
export function keepConfirm(on) {
  try {
    localStorage.setItem(CONFIRM_KEY, on ? '1' : '0');
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

export function Controls(props) {
  const { myTurn, markMode, setMarkMode, confirmResign, setConfirmResign, onPass, onResign } = props;
  const { confirmPass, setConfirmPass, passEnds, opponent, confirmOn, switchConfirm, canZoom, zoom, setZoom } = props;
  const { abortable, confirmAbort, setConfirmAbort, onAbort } = props;
  const noRef = useRef(null);
  const passNoRef = useRef(null);
  const abortNoRef = useRef(null);
  const resignRef = useRef(null);
  const abortRef = useRef(null);
  const passRef = useRef(null);
  // Before each side has moved once, Abort (no result) takes Resign's place; its question goes
  // when the second turn is played.
  const asking = { resign: confirmResign && !abortable, abort: confirmAbort && abortable };
  // Escape closes a question and gives the focus back to the button that asked it.
  const escape = (close, back) => (evt) => {
    if (evt.key !== 'Escape') return;
    evt.preventDefault();
    close(false);
    back.current?.focus();
  };
  // In the same task as the question appears (a layout effect, not an effect after the paint):
  // a key pressed as soon as it shows already reaches it, Escape included.
  useLayoutEffect(() => {
    if (asking.resign) noRef.current?.focus();
  }, [asking.resign]);
  useLayoutEffect(() => {
    if (asking.abort) abortNoRef.current?.focus();
  }, [asking.abort]);
  useLayoutEffect(() => {
    if (confirmPass) passNoRef.current?.focus();
  }, [confirmPass]);
  // Right after the opponent's pass, one tap on Pass would end the game: it asks first, as
  // Resign does. One question at a time.
  const pass = () => {
    setConfirmResign(false);
    setConfirmAbort(false);
    if (passEnds) setConfirmPass(true);
    else onPass();
  };
  const resign = () => {
    setConfirmPass(false);
    setConfirmAbort(false);
    setConfirmResign(true);
  };
  const abort = () => {
    setConfirmPass(false);
    setConfirmResign(false);
    setConfirmAbort(true);
  };
  return html`
    <div class="controls card">
      <div class="buttons">
        <button type="button" ref=${passRef} data-testid="pass" onClick=${pass} disabled=${!myTurn}>${t('action.pass')}</button>
        ${abortable
          ? html`<button type="button" ref=${abortRef} data-testid="abort" onClick=${abort}>${t('action.abort')}</button>`
          : html`<button type="button" ref=${resignRef} data-testid="resign" onClick=${resign}>${t('action.resign')}</button>`}
        ${canZoom &&
        // Beside Pass and Resign: on a phone's first screen below the zoomed board.
        html`<button type="button" data-testid="zoom" aria-pressed=${zoom ? 'true' : 'false'} onClick=${() => setZoom(!zoom)}>
          ${t('board.zoom')}
        </button>`}
        <button
          type="button"
          data-testid="mark-mode"
          aria-pressed=${markMode ? 'true' : 'false'}
          onClick=${() => setMarkMode(!markMode)}
        >
          ${t('action.markMode')}
        </button>
        <button type="button" data-testid="confirm-moves" aria-pressed=${confirmOn ? 'true' : 'false'} onClick=${switchConfirm}>
          ${t('confirm.switch')}
        </button>
      </div>
      ${markMode && html`<p class="hint">${t(touchScreen() ? 'action.markMode.hint.touch' : 'action.markMode.hint')}</p>`}
      ${asking.abort &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="abort-q" data-testid="abort-confirm" onKeyDown=${escape(setConfirmAbort, abortRef)}>
        <p id="abort-q">${t('action.abort.confirm')}</p>
        <button type="button" class="danger" data-testid="abort-yes" onClick=${onAbort}>${t('action.abort.yes')}</button>
        <button type="button" ref=${abortNoRef} onClick=${() => { setConfirmAbort(false); abortRef.current?.focus(); }}>${t('action.abort.no')}</button>
      </div>`}
      ${asking.resign &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm" onKeyDown=${escape(setConfirmResign, resignRef)}>
        <p id="resign-q">${t('action.resign.confirm')}</p>
        <button type="button" class="danger" data-testid="resign-yes" onClick=${onResign}>${t('action.resign.yes')}</button>
        <button type="button" ref=${noRef} onClick=${() => { setConfirmResign(false); resignRef.current?.focus(); }}>${t('action.resign.no')}</button>
      </div>`}
      ${confirmPass && passEnds &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="pass-q" data-testid="pass-confirm" onKeyDown=${escape(setConfirmPass, passRef)}>
        <p id="pass-q">${t('action.pass.confirm', { player: opponent })}</p>
        <button type="button" class="danger" data-testid="pass-yes" onClick=${onPass}>${t('action.pass.yes')}</button>
        <button type="button" ref=${passNoRef} onClick=${() => { setConfirmPass(false); passRef.current?.focus(); }}>${t('action.pass.no')}</button>
      </div>`}
    </div>
  `;
}
