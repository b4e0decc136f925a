// Two players on one device: the curtain between turns, what the incoming player was told while
// it was down, and the landing of the mover's stone before it falls.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { colorName, t } from './i18n/i18n.js';
import { lineText } from './table-texts.js';
import { TableView } from './table-view.js';
import { logLines } from './view.js';

const CURTAIN_DELAY_MS = 800;

const LANDING_MS = 1200;

/// The stone the uncovered seat has just played, while the turn has passed to the other player
/// (the version of the event, and its point), or null. Marks the page clears after the stone
/// (clearMarkUnderOwnStone) come after it and do not count.
function justLanded(state, lifted) {
  const view = lifted && state.views[lifted];
  if (!view || view.over || view.to_move === lifted) return null;
  for (let i = view.events.length - 1; i >= 0; i--) {
    const e = view.events[i];
    if (e.kind === 'mark') continue;
    return e.kind === 'stone' && e.player === lifted ? { version: view.version - (view.events.length - 1 - i), point: e.point } : null;
  }
  return null;
}

export function HotSeat(props) {
  const { state, lifted, setLifted } = props;
  const view = state.views.black;
  const toMove = view.to_move;
  const over = view.over;
  // After a legal try the mover sees where the stone landed (their own board only, the stone
  // ringed) for LANDING_MS or until "Hand over", before the curtain falls. `handedOver` is the
  // version of the last stone whose landing ended.
  const [handedOver, setHandedOver] = useState(0);
  const landed = justLanded(state, lifted);
  const landing = landed && landed.version > handedOver ? landed : null;
  useEffect(() => {
    if (!landing) return undefined;
    const id = setTimeout(() => setHandedOver(landing.version), LANDING_MS);
    return () => clearTimeout(id);
  }, [landing?.version]);
  // The two seats' events of a move come in separate frames. Until both views have it, the
  // uncovered seat's own board stays (else the curtain could fall before the landing, or the
  // board of a seat whose view is ahead could show to the wrong player).
  const whiteView = state.views.white;
  const settling = !!lifted && !over && (whiteView.turn !== view.turn || whiteView.to_move !== toMove);
  // Between the last pass and the end event nobody is on turn: the curtain stays as it was.
  const down = !over && !landing && !settling && (toMove ? lifted !== toMove : !lifted);
  // Disarmed as soon as the curtain is lifted, so that the next curtain's button is disabled
  // from its first frame (disarming it only when it falls would leave one frame armed).
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    setArmed(false);
    if (!down) return undefined;
    const id = setTimeout(() => setArmed(true), CURTAIN_DELAY_MS);
    return () => clearTimeout(id);
  }, [down, toMove]);
  const buttonRef = useRef(null);
  useEffect(() => {
    if (down && armed) buttonRef.current?.focus();
  }, [down, armed]);
  // Once the curtain is lifted by keyboard its button is gone: the focus goes to the board, where
  // the player acts (else it would fall back to the page's start). A click or a tap leaves it.
  const wasDown = useRef(down);
  const liftedByKeyboard = useRef(false);
  useEffect(() => {
    if (wasDown.current && !down && liftedByKeyboard.current && toMove && lifted === toMove)
      document.getElementById('board')?.focus();
    if (!down) liftedByKeyboard.current = false;
    wasDown.current = down;
  }, [down]);

  if (down && !toMove) return null;
  if (down) {
    // What the incoming player was told since their own last action: public announcements.
    const incoming = state.views[toMove];
    let since = incoming.events.length;
    while (since > 0 && incoming.events[since - 1].player !== toMove) since--;
    const news = logLines(incoming.events.slice(since), toMove).filter((l) => l.kind !== 'end');
    return html`
      <section class="curtain" data-testid="curtain" aria-labelledby="curtain-title">
        <h1 id="curtain-title">${t('curtain.title', { player: colorName(toMove) })}</h1>
        <p>${t('curtain.pass', { player: colorName(toMove) })}</p>
        ${news.length > 0 &&
        html`<div class="news">
          <h2>${t('curtain.news')}</h2>
          <ul>${news.map((l) => html`<li>${lineText(l)}</li>`)}</ul>
        </div>`}
        <button
          type="button"
          class="primary big"
          ref=${buttonRef}
          disabled=${!armed}
          onClick=${(e) => {
            if (!armed) return;
            // A click from Enter or Space has no pointer's click count.
            liftedByKeyboard.current = e.detail === 0;
            setLifted(toMove);
          }}
        >
          ${t('curtain.show', { player: colorName(toMove) })}
        </button>
      </section>
    `;
  }
  if (landing)
    return html`<${TableView} ...${props} seat=${lifted} hotseat=${true} handOver=${() => setHandedOver(landing.version)} />`;
  if (settling) return html`<${TableView} ...${props} seat=${lifted} hotseat=${true} />`;
  // At the end both players look at the same screen: the real board and the whole game told by
  // nobody in particular (either seat's view holds the reveal).
  const seat = over ? 'black' : toMove ?? lifted;
  return html`<${TableView} ...${props} seat=${seat} hotseat=${true} neutral=${over} />`;
}
