// One audience's table: a seat's own board and controls, or a spectator's view; the end with the
// reveal, the score and the replay. What it draws comes from the state (table-state.js); what it
// sends are intents (try, pass, resign, abort, mark).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { colorName, t } from './i18n/i18n.js';
import { AlertSettings } from './alert-settings.js';
import { lowTime } from './alerts.js';
import { AwayNotice } from './away.js';
import { Board, fitVertexSize, useViewportHeight, useWidth } from './board.js';
import { Chat, ChatBadge, hasChat, hiddenByChoice, keepHidden, keepMuted, mutedAt, scrollToChat, unreadCount } from './chat.js';
import { Clocks, clockSummary, FirstMoveNotice } from './clock.js';
import { confirmDefault, Controls, keepConfirm, touchScreen } from './controls.js';
import { NameField, unnamed } from './display-name.js';
import { errorSentence } from './errors.js';
import { ChallengeNotice } from './lobby.js';
import { RematchPanel } from './rematch.js';
import { RatedTableHead } from './rated-table.js';
import { RatingChanges } from './rating-change.js';
import { Replay } from './replay.js';
import { ConnectionBanner, Counts, EndPanel, Invite, InviteNow, LatestNews, Log, Presence } from './table-parts.js';
import { outcomeSentence, playerName, resultSentence, rulesSummary } from './table-texts.js';
import { areaOf, logLines, other, passEndsGame, revealLines, winningCapture } from './view.js';

// The height (px) kept beside the board for what must be seen with it: the site header, the
// table's heading, the status line with the clocks above the board and the newest announcement
// below it. On a phone the width limits the board first; on a desktop this keeps it all on one
// screen (tests/web/layout.test.mjs measures it).
const BOARD_RESERVE = 240;

// And while a first move is awaited on a table with a clock, the countdown's line under the
// clocks (FirstMoveNotice).
const FIRST_MOVE_RESERVE = 48;

// The smallest point (px) a finger can hit; a board whose points fit smaller offers a zoom.
const MIN_TOUCH_VERTEX = 28;

// Zoomed, a point is a little larger than that, so that rounding never takes it below.
const ZOOM_VERTEX = 30;

// Until this many turns are played (each side has moved once) a game can be aborted, with no
// result, instead of resigned (the server's rule, docs/protocol.md).
const ABORT_BEFORE_TURN = 2;

export function TableView(props) {
  const { table, token, state, send, seat, hotseat = false, neutral = false, handOver = null } = props;
  const { cursor, setCursor, markMode, setMarkMode, confirmResign, setConfirmResign, confirmPass, setConfirmPass } = props;
  const { confirmAbort, setConfirmAbort, pending, setPending, zoom, setZoom, wantRematch } = props;
  const view = state.views[seat];
  const info = state.info;
  const rules = view.rules;
  const spectator = seat === 'spectator';
  const boardBox = useRef(null);
  const width = useWidth(boardBox);
  // The board fits the column's width and the window's height: the status line, the clocks
  // above it and the newest announcement below it stay on the first screen (BOARD_RESERVE).
  const viewportHeight = useViewportHeight();
  const awaitingFirst = !!state.info.clock && !view.over && !!state.clock?.first_move;
  const reserve = BOARD_RESERVE + (awaitingFirst ? FIRST_MOVE_RESERVE : 0);
  const boardFit = Math.min(width, 640, Math.max(320, viewportHeight - reserve));
  const fitted = fitVertexSize(rules.size, rules.topology === 'torus', boardFit);
  // Where the fitted points are too small for a finger (19x19 on a phone), a zoom makes the board
  // wider than the screen, in a box that scrolls both ways.
  const canZoom = !spectator && !view.over && fitted < MIN_TOUCH_VERTEX;
  const zoomed = canZoom && zoom;
  const vertexSize = zoomed ? ZOOM_VERTEX : fitted;
  const [confirmOn, setConfirmOn] = useState(() => confirmDefault(rules.size));
  const started = info.state !== 'waiting';
  const myTurn = started && !spectator && !view.over && view.to_move === seat && !handOver;
  // The chat's switches, and the others' lines not yet seen (a badge by the board).
  const chatHere = !hotseat && hasChat(state.role, info.mode);
  const [chatHidden, setChatHiddenNow] = useState(hiddenByChoice);
  const setChatHidden = (on) => {
    keepHidden(on);
    setChatHiddenNow(on);
  };
  const [chatMuted, setChatMutedNow] = useState(() => mutedAt(table));
  const setChatMuted = (on) => {
    keepMuted(table, on);
    setChatMutedNow(on);
  };
  const [chatSeen, setChatSeen] = useState(-1);
  const unread =
    chatHere && !chatMuted && state.chatBase != null
      ? unreadCount(state.chat, Math.max(state.chatBase, chatSeen), seat, state.spectator)
      : 0;
  const openChat = () => {
    setChatHidden(false);
    requestAnimationFrame(scrollToChat);
  };
  // A ghost belongs to one position: any new event (an answer, the opponent's move) drops it.
  useEffect(() => setPending(null), [view.version, seat]);

  const visible = [...view.stones.black, ...view.stones.white];
  const disabled = [...visible, ...view.tried];
  // A guess mark says that an opponent's stone may stand on a point: on a point where this seat
  // sees a stone it means nothing, so it is neither drawn nor counted (the page clears such a
  // mark on the server when its own try lands there; see clearMarkUnderOwnStone).
  const marks = view.marks.filter((p) => !visible.includes(p));
  const passEnds = myTurn && passEndsGame(view.events, seat);
  const won = view.over ? winningCapture(view.reveal) : null;
  // The ring on this seat's newest stone, while that stone stands (a capture takes the ring with
  // it: the point is empty, or holds someone else's stone, afterwards).
  const lastOwn = useMemo(() => {
    if (spectator) return null;
    for (let i = view.events.length - 1; i >= 0; i--)
      if (view.events[i].kind === 'stone') {
        const p = view.events[i].point;
        return view.stones[seat]?.includes(p) ? p : null;
      }
    return null;
  }, [view.events, view.stones, seat, spectator]);

  // A command for this board's seat: a hot-seat connection holds both seats, so it names the
  // one it acts for; any other connection acts for its only seat.
  const command = (type, fields = {}) => send({ type, ...fields, ...(hotseat ? { seat } : {}) });
  // With confirmation on, the first tap (or Enter) on a point puts a ghost stone there and a
  // second one, or "Play", sends the try; a tap elsewhere moves the ghost. Off the turn a try
  // goes straight to the server, which says why it is refused.
  const tryPoint = (point) => {
    if (markMode) return mark(point);
    if (confirmOn && myTurn && pending !== point) return setPending(point);
    play(point);
  };
  const play = (point) => {
    setPending(null);
    setConfirmResign(false);
    setConfirmAbort(false);
    setConfirmPass(false);
    command('try', { point });
  };
  const switchConfirm = () => {
    keepConfirm(!confirmOn);
    setConfirmOn(!confirmOn);
    setPending(null);
  };
  const mark = (point) => {
    if (visible.includes(point)) return; // a stone is known to be there: nothing to guess
    command('mark', { point, set: !view.marks.includes(point) });
  };
  const describe = (point) => {
    const parts = [];
    if (view.stones[seat]?.includes(point)) parts.push(t('cell.own'));
    else if (view.stones.black.includes(point)) parts.push(t('cell.black'));
    else if (view.stones.white.includes(point)) parts.push(t('cell.white'));
    else parts.push(t('cell.empty'));
    if (view.tried.includes(point)) parts.push(t('cell.tried'));
    else if (view.rejected.includes(point)) parts.push(t('cell.rejected'));
    if (marks.includes(point)) parts.push(t('cell.marked'));
    return `${point}: ${parts.join(', ')}`;
  };

  const heading = spectator
    ? t('table.watching')
    : neutral
      ? t('table.hotseatEnd')
      : hotseat
        ? t('table.hotseat', { player: colorName(seat) })
        : t('table.youPlay', { player: colorName(seat) });

  // At the end a player learns first whether they won; the result's sentence follows.
  const outcome = view.over && !spectator && !hotseat ? outcomeSentence(view.reveal?.result, seat) : '';
  // Each side's area, shaded on the final board (Atari Go is won by a capture, not by area; an
  // aborted game is not scored).
  const scored = view.over && !rules.atari_go && view.reveal?.result?.reason !== 'aborted';
  const area = useMemo(
    () => (scored ? areaOf(view.stones, rules.size, rules.topology === 'torus') : null),
    [scored, view.stones, rules],
  );
  let status;
  if (view.over) status = [outcome, resultSentence(view.reveal?.result)].filter(Boolean).join(' ');
  else if (!view.to_move) status = t('log.end'); // the end event follows at once
  else if (!started) status = t('turn.waiting');
  else if (myTurn) status = view.rejections_this_turn > 0 ? t('turn.yoursAgain') : t('turn.yours');
  else if (state.thinking && view.to_move === state.thinking) status = t('turn.thinking', { player: colorName(view.to_move) });
  else status = t('turn.other', { player: colorName(view.to_move) });

  useEffect(() => {
    document.title = myTurn ? `▶ ${t('turn.yours')} · ${t('site.name')}` : t('site.name');
  });

  // The hot-seat mover looking at their new stone, before the curtain: nothing to do but look.
  const readOnly = spectator || !!handOver;
  const boardLabel = spectator
    ? t('board.label.spectator')
    : t('board.label.seat', { player: colorName(seat) });

  return html`
    <div class="table-page" data-seat=${seat} data-over=${view.over ? '1' : '0'}>
      <div class="table-head">
        <h1>${heading}</h1>
        <p class="summary">${[rulesSummary(rules), clockSummary(state.info.clock)].filter(Boolean).join(' · ')}</p>
        <${RatedTableHead} table=${table} info=${info} />
        ${!hotseat && !spectator && !unnamed(info, other(seat)) &&
        html`<p class="opponent" data-testid="opponent">${t('table.against', { player: playerName(info, other(seat)) })}</p>`}
      </div>
      <${ConnectionBanner} status=${state.status} />
      ${state.error && html`<p class="error toast" role="alert" data-testid="error">${
        state.error.code === 'offline' ? t('err.offline') : errorSentence(state.error.code)
      }</p>`}
      <div class="table-layout">
        <div class="board-column" ref=${boardBox}>
          <div class="play-bar">
            <p class=${'turn' + (myTurn ? ' mine' : '')} role="status" data-testid="turn">${status}</p>
            ${state.info.clock &&
            html`<${Clocks}
              clock=${state.clock}
              over=${view.over}
              seat=${seat}
              graceMs=${info.first_move_ms ?? null}
              onLow=${(c) => (hotseat || c === seat) && lowTime()}
            />`}
            <${ChatBadge} count=${unread} onOpen=${openChat} />
          </div>
          ${state.info.clock && html`<${FirstMoveNotice} clock=${state.clock} over=${view.over} seat=${seat} />`}
          ${!hotseat && !spectator && html`<${InviteNow} table=${table} token=${token} state=${state} seat=${seat} />`}
          ${!hotseat && !spectator && html`<${ChallengeNotice} table=${table} token=${token} info=${info} seat=${seat} />`}
          ${view.over
            ? html`<${Board}
                size=${rules.size}
                torus=${rules.topology === 'torus'}
                stones=${view.stones}
                captured=${won?.captured ?? []}
                last=${won?.point ?? null}
                area=${area}
                vertexSize=${vertexSize}
                label=${area ? `${t('board.label.final')}. ${t('end.areaNote')}` : t('board.label.final')}
                id="board"
              />`
            : html`<div class=${zoomed ? 'board-zoom' : 'board-fit'} data-testid="board-box"><${Board}
                size=${rules.size}
                torus=${rules.topology === 'torus'}
                stones=${view.stones}
                rejected=${view.rejected}
                marks=${marks}
                markColor=${spectator ? 'white' : other(seat)}
                captured=${view.lastCapture?.points ?? []}
                last=${lastOwn}
                cursor=${readOnly ? null : cursor}
                onCursor=${readOnly ? undefined : setCursor}
                onTry=${readOnly ? undefined : tryPoint}
                onMark=${readOnly ? undefined : mark}
                pending=${myTurn ? pending : null}
                pendingColor=${spectator ? 'black' : seat}
                disabled=${disabled}
                vertexSize=${vertexSize}
                label=${markMode && !spectator ? `${boardLabel}. ${t(touchScreen() ? 'board.marking.touch' : 'board.marking')}` : boardLabel}
                describe=${describe}
                busy=${!!(state.thinking && view.to_move === state.thinking)}
                marking=${markMode && !spectator ? t(touchScreen() ? 'board.marking.touch' : 'board.marking') : null}
                id="board"
              /></div>`}
          ${myTurn && pending &&
          html`<p class="confirm-bar">
            <button type="button" class="primary" data-testid="confirm-play" onClick=${() => play(pending)}>
              ${t('confirm.play', { point: pending })}
            </button>
          </p>`}
          ${handOver &&
          html`<p class="confirm-bar">
            <button type="button" class="primary" data-testid="hand-over" onClick=${handOver}>${t('hotseat.handOver')}</button>
          </p>`}
          ${!view.over && html`<${LatestNews} view=${view} seat=${seat} />`}
          ${!spectator && !hotseat && !view.over &&
          html`<${AwayNotice} info=${info} seat=${seat} onClaim=${() => command('claim-abandoned')} />`}
          ${!spectator && !view.over && html`<p class="hint keys" data-testid="keys">${t('board.keys')}</p>`}
        </div>
        <div class="side-column">
          ${!spectator && !view.over && !handOver &&
          html`<${Controls}
            myTurn=${myTurn}
            confirmOn=${confirmOn}
            switchConfirm=${switchConfirm}
            canZoom=${canZoom}
            zoom=${zoomed}
            setZoom=${setZoom}
            markMode=${markMode}
            setMarkMode=${setMarkMode}
            confirmResign=${confirmResign}
            setConfirmResign=${setConfirmResign}
            abortable=${view.turn < ABORT_BEFORE_TURN}
            confirmAbort=${confirmAbort}
            setConfirmAbort=${setConfirmAbort}
            confirmPass=${confirmPass}
            setConfirmPass=${setConfirmPass}
            passEnds=${passEnds}
            opponent=${colorName(other(seat))}
            onPass=${() => {
              setConfirmPass(false);
              command('pass');
            }}
            onResign=${() => {
              setConfirmResign(false);
              command('resign');
            }}
            onAbort=${() => {
              setConfirmAbort(false);
              command('abort');
            }}
          />`}
          <${Counts} view=${view} seat=${seat} marks=${marks.length} />
          ${!hotseat && html`<${Presence} info=${state.info} seat=${seat} />`}
          ${!hotseat && !spectator && !view.over && html`<${NameField} info=${state.info} seat=${seat} send=${send} />`}
          ${!spectator && !view.over && html`<${AlertSettings} notify=${!hotseat} />`}
          ${view.over && html`<${EndPanel} table=${table} view=${view} won=${won} outcome=${outcome} area=${!!area} />`}
          ${view.over && info.rated && state.info.state === 'over' && html`<${RatingChanges} table=${table} result=${view.reveal?.result} />`}
          ${view.over && state.info.state === 'over' &&
          html`<${RematchPanel}
            info=${state.info}
            seat=${seat}
            frame=${state.rematch}
            declinedBy=${state.rematchDeclined}
            command=${(type) => {
              if (type === 'rematch') wantRematch.current = true;
              command(type);
            }}
          />`}
          ${chatHere &&
          html`<${Chat}
            lines=${state.chat}
            role=${seat}
            me=${state.spectator}
            names=${state.info.names}
            over=${view.over}
            send=${send}
            hidden=${chatHidden}
            setHidden=${setChatHidden}
            muted=${chatMuted}
            setMuted=${setChatMuted}
            onSeen=${(seq) => setChatSeen((s) => Math.max(s, seq))}
          />`}
          <${Log} lines=${neutral && view.reveal ? revealLines(view.reveal) : logLines(view.events, seat)} />
          ${!hotseat && !spectator && html`<${Invite} table=${table} token=${token} state=${state} seat=${seat} />`}
        </div>
      </div>
      ${view.over && view.reveal && html`<${Replay} reveal=${view.reveal} rules=${rules} game=${table} computer=${computerSeat(info)} />`}
    </div>
  `;
}

/// The seat the computer plays at a table, or null.
const computerSeat = (info) => ['black', 'white'].find((c) => info?.seats?.[c]?.player === 'computer') ?? null;
