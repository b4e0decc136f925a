// The home page: what Phantom Go is in three sentences, the table setup (which remembers the
// last settings used), the lobby of open challenges, and the tables this device holds a seat at.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t, formatNumber, colorName, language } from './i18n/i18n.js';
import { forgetTable, saveTable, savedTables } from './saved.js';
import { errorSentence } from './errors.js';
import { Board } from './board.js';
import { resultSentence } from './table-texts.js';
import { clockSummary, formatTimeLeft, lowTimeMs } from './clock.js';
import { Lobby, listingEnded } from './lobby.js';
import { ArenaList } from './arena.js';
import { parseKomi } from './komi.js';
import { unnamed } from './display-name.js';
import { useAccount } from './account-state.js';
import { RatedOption, ratedChosen } from './rated-option.js';
import { LeaderboardLink } from './leaderboard.js';

const SIZES = Array.from({ length: 15 }, (_, i) => i + 5);

/// The handicap counts the setup offers for a board size (GTP v2 fixed_handicap: none below 7,
/// up to 4 on 7x7 and even sizes, up to 9 on odd sizes from 9). Only a menu: the server checks.
function handicapChoices(size) {
  const max = size < 7 ? 0 : size === 7 || size % 2 === 0 ? 4 : 9;
  return [0, ...Array.from({ length: Math.max(0, max - 1) }, (_, i) => i + 2)];
}

const defaultKomi = (handicap) => (handicap > 0 ? 0.5 : 7.5);

export function HomePage() {
  // The lobby leads the page, right under this device's games, when its first answer lists
  // challenges to take; empty (or not answered yet) it comes after the setup form. Decided once:
  // a later refresh does not move the form under the visitor's fingers. The keys keep each
  // part's state (the form's entries, the lobby's list) when the lobby moves.
  const [lobbyFirst, setLobbyFirst] = useState(null);
  const onLobbyList = (list) => setLobbyFirst((first) => first ?? list.length > 0);
  const lobby = html`<${Lobby} key="lobby" onList=${onLobbyList} />`;
  const intro = html`<section key="intro" class="intro" aria-labelledby="intro-title">
    <h1 id="intro-title">${t('home.title')}</h1>
    <p class="lead">${t('home.lead')}</p>
    <p>${t('home.how')}</p>
    <p><a href="#/rules">${t('home.readRules')}</a></p>
    <${LeaderboardLink} />
  </section>`;
  const setup = html`<${SetupForm} key="setup" />`;
  return html`
    <div class=${'home' + (lobbyFirst ? ' lobby-first' : '')} data-testid="home">
      <${SavedTables} />
      ${lobbyFirst ? [lobby, intro, setup] : [intro, setup, lobby]}
      <${ArenaList} />
      <${Demo} />
    </div>
  `;
}

// A still board: what a player sees in the middle of a game.
const DEMO = {
  stones: { black: ['C3', 'D4', 'E5', 'C5'], white: [] },
  rejected: ['E3', 'D6'],
  marks: ['E4', 'F5'],
};

function Demo() {
  return html`
    <section class="demo card" aria-labelledby="demo-title">
      <h2 id="demo-title">${t('home.demo.title')}</h2>
      <div class="demo-row">
        <${Board} size=${7} stones=${DEMO.stones} rejected=${DEMO.rejected} marks=${DEMO.marks} markColor="white"
          vertexSize=${26} label=${t('home.demo.title')} />
        <p>${t('home.demo.caption')}</p>
      </div>
    </section>
  `;
}

/// The computer's levels, weakest first, until GET /api/info names the server's own.
const STRENGTHS = ['beginner', 'easy', 'medium', 'advanced', 'hard'];

/// The days per move a correspondence clock may have (the server allows these only).
const DAYS_PER_MOVE = [1, 2, 3, 7];

// The setup form's last settings, kept on this device (restored on the next visit).
const SETUP_KEY = 'pg.setup';
const MODES = ['computer', 'online', 'lobby', 'hotseat'];

function rememberedSetup() {
  try {
    const s = JSON.parse(localStorage.getItem(SETUP_KEY) ?? 'null');
    return s && typeof s === 'object' ? s : {};
  } catch {
    return {};
  }
}

/// `value` if it is one of `allowed` (or passes it, a test), else `fallback`.
function pick(value, allowed, fallback) {
  const ok = typeof allowed === 'function' ? allowed(value) : allowed.includes(value);
  return value !== undefined && ok ? value : fallback;
}

function SetupForm() {
  const [last] = useState(rememberedSetup);
  const isText = (v) => typeof v === 'string' && v.length <= 40;
  const [mode, setMode] = useState(() => pick(last.mode, MODES, 'computer'));
  const [color, setColor] = useState(() => pick(last.color, ['black', 'white', 'random'], 'black'));
  const [strength, setStrength] = useState(() => pick(last.strength, isText, 'medium'));
  const [strengths, setStrengths] = useState(STRENGTHS);
  // A remembered level the server does not offer is not sent: the form shows and sends the default.
  const level = strengths.includes(strength) ? strength : strengths.includes('medium') ? 'medium' : strengths[0];
  const [size, setSize] = useState(() => pick(last.size, SIZES, 9));
  const [handicap, setHandicap] = useState(() => pick(last.handicap, handicapChoices(pick(last.size, SIZES, 9)), 0));
  // The komi as typed, shown in the page's language (7,5 in German): the decimal comma and the
  // point are both read (parseKomi).
  const [komi, setKomi] = useState(() => pick(last.komi, isText, formatNumber(7.5)));
  const [komiEdited, setKomiEdited] = useState(() => last.komiEdited === true);
  const [ko, setKo] = useState(() => pick(last.ko, ['superko', 'simple'], 'superko'));
  const [atariGo, setAtariGo] = useState(() => last.atariGo === true);
  const [torus, setTorus] = useState(() => last.torus === true);
  const [clock, setClock] = useState(() => last.clock === true);
  const [mainMinutes, setMainMinutes] = useState(() => pick(last.mainMinutes, isText, '10'));
  const [increment, setIncrement] = useState(() => pick(last.increment, isText, '5'));
  const [name, setName] = useState(() => pick(last.name, isText, ''));
  // Random is a lobby choice only; elsewhere it is Black.
  const seatColor = color === 'random' && mode !== 'lobby' ? 'black' : color;
  const [chosenKind, setClockKind] = useState(() => pick(last.clockKind, ['fischer', 'correspondence'], 'fischer'));
  // Days per move make sense only between people on two devices: not at one device (hot seat),
  // nor against the computer, which answers at once.
  const correspondenceOffered = mode === 'online' || mode === 'lobby';
  const clockKind = correspondenceOffered ? chosenKind : 'fischer';
  const [days, setDays] = useState(() => pick(last.days, DAYS_PER_MOVE, 3));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  // Rated: off by default, and not remembered (a signed-in player asks for it each time).
  const { account } = useAccount();
  const [rated, setRated] = useState(false);
  const ratedSetup = { mode, size, handicap, atariGo, torus };

  useEffect(() => {
    fetch('/api/info')
      .then((r) => (r.ok ? r.json() : null))
      .then((info) => info?.strengths?.length && setStrengths(info.strengths))
      .catch(() => {});
  }, []);

  const choices = handicapChoices(size);
  const changeSize = (s) => {
    setSize(s);
    if (!handicapChoices(s).includes(handicap)) changeHandicap(0);
  };
  const changeHandicap = (h) => {
    setHandicap(h);
    if (!komiEdited) setKomi(formatNumber(defaultKomi(h)));
  };

  const submit = async (e) => {
    e.preventDefault();
    setError(null);
    const komiValue = parseKomi(komi);
    if (komiValue === null) {
      setError(t('setup.komiInvalid', { example: formatNumber(6.5) }));
      return;
    }
    const rules = { size, komi: komiValue, handicap, ko, atari_go: atariGo, topology: torus ? 'torus' : 'planar' };
    const body = mode === 'lobby' ? { rules, color } : { rules, mode };
    if (mode === 'lobby' && name.trim()) body.name = name.trim();
    // The creator's display name, on the creator's colour (the SGF's PB or PW).
    if ((mode === 'online' || mode === 'computer') && name.trim()) body.names = { [seatColor]: name.trim() };
    if (mode === 'computer') body.computer = { color: seatColor === 'black' ? 'white' : 'black', strength: level };
    if (ratedChosen(account, rated, ratedSetup)) body.rated = true;
    if (clock && clockKind === 'correspondence') {
      body.clock = { days_per_move: days };
    } else if (clock) {
      const main = Math.round(Number(mainMinutes) * 60);
      const inc = Math.round(Number(increment));
      if (!(main > 0 && main <= 86400 && inc >= 0 && inc <= 3600)) {
        setError(t('setup.clockInvalid'));
        return;
      }
      body.clock = { main_seconds: main, increment_seconds: inc };
    }
    try {
      localStorage.setItem(SETUP_KEY, JSON.stringify({ mode, color, strength: level, size, handicap, komi, komiEdited, ko,
        atariGo, torus, clock, clockKind: chosenKind, days, mainMinutes, increment, name }));
    } catch {
      // storage full or unavailable: the form starts from its defaults next time
    }
    setBusy(true);
    try {
      const res = await fetch(mode === 'lobby' ? '/api/challenges' : '/api/tables', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await res.json().catch(() => null);
      if (!res.ok) {
        setError(errorSentence(json?.error?.code));
        setBusy(false);
        return;
      }
      const id = json.table;
      let token;
      if (mode === 'lobby') {
        // The creator waits at the new table; the other seat is the lobby's to give.
        token = json.seat.token;
        saveTable(id, token, {
          mode: 'online',
          seat: json.color,
          size,
          torus,
          watch: json.watch_url,
          challenge: { id: json.challenge, secret: json.cancel_secret, expires: json.expires_at },
        });
      } else if (mode === 'hotseat') {
        token = json.seats.hotseat.token;
        saveTable(id, token, { mode, seat: 'hotseat', size, torus });
      } else {
        token = json.seats[seatColor].token;
        const other = seatColor === 'black' ? 'white' : 'black';
        saveTable(id, token, {
          mode,
          seat: seatColor,
          size,
          torus,
          invite: json.seats[other]?.url ?? null,
          watch: json.watch_url,
        });
      }
      location.hash = `table=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;
    } catch {
      setError(t('err.network'));
      setBusy(false);
    }
  };

  const radio = (name, value, current, set, label) => html`
    <label class="choice">
      <input type="radio" name=${name} value=${value} checked=${current === value} onChange=${() => set(value)} />
      <span>${label}</span>
    </label>
  `;

  return html`
    <section class="setup card" aria-labelledby="setup-title">
      <h2 id="setup-title">${t('setup.title')}</h2>
      <form onSubmit=${submit} data-testid="setup">
        <fieldset>
          <legend>${t('setup.mode')}</legend>
          ${radio('mode', 'computer', mode, setMode, t('setup.mode.computer'))}
          ${radio('mode', 'online', mode, setMode, t('setup.mode.online'))}
          ${radio('mode', 'lobby', mode, setMode, t('setup.mode.lobby'))}
          ${radio('mode', 'hotseat', mode, setMode, t('setup.mode.hotseat'))}
          <p class="hint">${t(`setup.mode.${mode}.hint`)}</p>
        </fieldset>

        ${mode !== 'hotseat' &&
        html`<fieldset>
          <legend>${t('setup.color')}</legend>
          ${radio('color', 'black', seatColor, setColor, colorName('black'))}
          ${radio('color', 'white', seatColor, setColor, colorName('white'))}
          ${mode === 'lobby' && radio('color', 'random', seatColor, setColor, t('setup.color.random'))}
        </fieldset>`}

        ${mode !== 'hotseat' &&
        html`<div class="field">
          <label for="challenge-name">${t('setup.name')}</label>
          <input id="challenge-name" type="text" maxlength="40" autocomplete="nickname" value=${name}
            aria-describedby="challenge-name-hint" onInput=${(e) => setName(e.currentTarget.value)} />
          <span class="hint" id="challenge-name-hint">${t('setup.name.hint')}</span>
        </div>`}

        ${mode === 'computer' &&
        html`<div class="field">
          <label for="strength">${t('setup.strength')}</label>
          <select id="strength" value=${level} aria-describedby="strength-who"
            onChange=${(e) => setStrength(e.currentTarget.value)}>
            ${strengths.map((s) => html`<option value=${s}>${t(`strength.${s}`)}</option>`)}
          </select>
          <span class="hint" id="strength-who" data-testid="strength-who">${t(`strength.${level}.who`)}</span>
        </div>`}

        <div class="grid-fields">
          <div class="field">
            <label for="size">${t('setup.size')}</label>
            <select id="size" value=${size} onChange=${(e) => changeSize(Number(e.currentTarget.value))}>
              ${SIZES.map((s) => html`<option value=${s}>${s} × ${s}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="handicap">${t('setup.handicap')}</label>
            <select
              id="handicap"
              value=${handicap}
              disabled=${choices.length === 1}
              onChange=${(e) => changeHandicap(Number(e.currentTarget.value))}
            >
              ${choices.map((n) => html`<option value=${n}>${n === 0 ? t('setup.handicap.none') : n}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="komi">${t('setup.komi')}</label>
            <input
              id="komi"
              type="text"
              inputmode="decimal"
              autocomplete="off"
              value=${komi}
              onInput=${(e) => {
                setKomi(e.currentTarget.value);
                setKomiEdited(true);
              }}
            />
          </div>
          <div class="field">
            <label for="ko">${t('setup.ko')}</label>
            <select id="ko" value=${ko} onChange=${(e) => setKo(e.currentTarget.value)}>
              <option value="superko">${t('setup.ko.superko')}</option>
              <option value="simple">${t('setup.ko.simple')}</option>
            </select>
          </div>
        </div>
        <p class="hint">${t('setup.komi.hint', { komi: formatNumber(7.5), handicapKomi: formatNumber(0.5) })}</p>

        <fieldset>
          <legend>${t('setup.variants')}</legend>
          <label class="choice">
            <input type="checkbox" id="atari" checked=${atariGo} onChange=${(e) => setAtariGo(e.currentTarget.checked)} />
            <span>${t('setup.atariGo')}</span>
          </label>
          <label class="choice">
            <input type="checkbox" id="torus" checked=${torus} onChange=${(e) => setTorus(e.currentTarget.checked)} />
            <span>${t('setup.torus')}</span>
          </label>
        </fieldset>

        <${RatedOption} checked=${rated} onChange=${setRated} setup=${ratedSetup} />

        <fieldset>
          <legend>${t('setup.clock')}</legend>
          <label class="choice">
            <input type="checkbox" id="clock" checked=${clock} onChange=${(e) => setClock(e.currentTarget.checked)} />
            <span>${t('setup.clock.use')}</span>
          </label>
          ${clock && correspondenceOffered &&
          html`<fieldset class="clock-kind">
            <legend class="sr-only">${t('setup.clock.kind')}</legend>
            ${radio('clock-kind', 'fischer', clockKind, setClockKind, t('setup.clock.fischer'))}
            ${radio('clock-kind', 'correspondence', clockKind, setClockKind, t('setup.clock.correspondence'))}
          </fieldset>`}
          ${clock &&
          clockKind === 'correspondence' &&
          html`<div class="field">
              <label for="clock-days">${t('setup.clock.days')}</label>
              <select id="clock-days" value=${days} onChange=${(e) => setDays(Number(e.currentTarget.value))}>
                ${DAYS_PER_MOVE.map((n) => html`<option value=${n}>${t('clock.daysPerMove', { n })}</option>`)}
              </select>
            </div>
            <p class="hint">${t('setup.clock.correspondence.hint')}</p>`}
          ${clock &&
          clockKind === 'fischer' &&
          // Not id="main": that is the page's <main>, and a label for it would focus the page.
          html`<div class="grid-fields">
            <div class="field">
              <label for="clock-main">${t('setup.clock.main')}</label>
              <input id="clock-main" type="number" min="1" max="1440" step="1" value=${mainMinutes}
                onInput=${(e) => setMainMinutes(e.currentTarget.value)} />
            </div>
            <div class="field">
              <label for="clock-increment">${t('setup.clock.increment')}</label>
              <input id="clock-increment" type="number" min="0" max="3600" step="1" value=${increment}
                onInput=${(e) => setIncrement(e.currentTarget.value)} />
            </div>
          </div>`}
        </fieldset>

        ${error && html`<p class="error" role="alert">${error}</p>`}
        <button type="submit" class="primary" disabled=${busy}>
          ${mode === 'lobby' ? t('setup.createChallenge') : t('setup.create')}
        </button>
      </form>
    </section>
  `;
}

/// Whether forgetting a saved seat loses nothing: its game is over (as the table page saw, or as
/// the server says now), or the table is gone. A failed check counts as "not over".
async function nothingToLose(s) {
  if (s.over) return true;
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(s.table)}`);
    if (res.status === 404) return true;
    const info = res.ok ? await res.json() : null;
    return !!info && (info.state === 'over' || unjoinable(s, info));
  } catch {
    return false;
  }
}

/// Each saved table's public info from the server (GET /api/tables/<id>: state, who is on turn,
/// the result), keyed by table id; `gone` for a table that no longer exists. A table whose
/// answer failed has no entry, and its line says nothing about its state.
function useTableInfos(list) {
  const [infos, setInfos] = useState({});
  const ids = [...new Set(list.map((s) => s.table))];
  useEffect(() => {
    let live = true;
    for (const id of ids)
      fetch(`/api/tables/${encodeURIComponent(id)}`)
        .then((r) => (r.status === 404 ? 'gone' : r.ok ? r.json() : null))
        .then((info) => live && info && setInfos((m) => ({ ...m, [id]: info })))
        .catch(() => {});
    return () => {
      live = false;
    };
  }, [ids.join(',')]);
  return infos;
}

/// Whether a lobby challenge's table can no longer start: its listing ended with nobody joined
/// (the other seat's link was the lobby's to give).
const unjoinable = (s, info) => info.state === 'waiting' && listingEnded(s);

/// Whether a saved seat's game is over: the server says so, the table is gone, a challenge's
/// listing ended with nobody joined, or (without an answer) the table page saw the end.
function finished(s, info) {
  if (info === 'gone') return true;
  return info ? info.state === 'over' || unjoinable(s, info) : !!s.over;
}

/// A finished game in words: won or lost against whom, for a seat of its two (the opponent's
/// name from the table's info, else its colour); otherwise the result.
function overText(s, info) {
  const winner = info.result?.winner;
  if (!winner || (s.seat !== 'black' && s.seat !== 'white')) return t('saved.over', { result: resultSentence(info.result) });
  const other = s.seat === 'black' ? 'white' : 'black';
  const player = unnamed(info, other) ? colorName(other) : info.names[other];
  return t(winner === s.seat ? 'saved.won' : 'saved.lost', { player });
}

/// The state of a seat's game in words: whose turn it is (the device's own seat, or in hot seat
/// the player on turn), waiting for the opponent to join, or the result.
function seatState(s, info) {
  if (info === 'gone') return { text: errorSentence('no-such-table'), mine: false };
  if (!info) return null;
  if (info.state === 'over') return { text: overText(s, info), mine: false };
  if (unjoinable(s, info)) return { text: t('saved.listingEnded'), mine: false };
  if (info.state === 'waiting') return { text: t('turn.waiting'), mine: false };
  if (s.seat === 'hotseat' || info.to_move === s.seat) {
    const text = s.seat === 'hotseat' ? t('turn.other', { player: colorName(info.to_move) }) : t('turn.yours');
    return { text, mine: true };
  }
  return { text: t('saved.waitingMove', { player: colorName(info.to_move) }), mine: false };
}

/// The time left to the player on turn in a correspondence game in progress ("2 d 23 h left")
/// and whether it is low (as the table's clock warns), from the info's deadline; null for any
/// other game. Read once, when the list is drawn.
function correspondenceLeft(info) {
  if (!info || info === 'gone' || info.state !== 'playing') return null;
  if (info.clock?.kind !== 'correspondence' || typeof info.deadline !== 'number') return null;
  const ms = info.deadline - Date.now();
  return {
    text: t('saved.timeLeft', { time: formatTimeLeft(ms, 'correspondence') }),
    low: ms < lowTimeMs(0, 'correspondence'),
  };
}

function SavedTables() {
  const [list, setList] = useState(savedTables);
  const infos = useTableInfos(list);
  const [asking, setAsking] = useState(null); // the entry whose forgetting waits for a yes
  const noRef = useRef(null);
  useEffect(() => {
    if (asking) noRef.current?.focus();
  }, [asking]);
  // A seat saved or forgotten elsewhere on the page (a challenge opened, or withdrawn in the
  // lobby) comes into the list or leaves it.
  useEffect(() => {
    const reload = () => setList(savedTables());
    window.addEventListener('pg-saved', reload);
    return () => window.removeEventListener('pg-saved', reload);
  }, []);
  if (list.length === 0) return null;
  const id = (s) => s.table + ':' + s.token;
  const forget = (s) => {
    forgetTable(s.table, s.token);
    setAsking(null);
    setList(savedTables());
  };
  // The link of a game in progress may exist nowhere else: forgetting it may lose the seat for
  // good, so that asks first. A finished game goes at once.
  const askForget = async (s) => {
    if (await nothingToLose(s)) forget(s);
    else setAsking(id(s));
  };
  // A line per seat: its link, its game's state, and Forget.
  const item = (s) => {
    const info = infos[s.table];
    const state = seatState(s, info);
    const days = info && info !== 'gone' ? clockSummary(info.clock) : '';
    const left = correspondenceLeft(info);
    return html`<li key=${id(s)} data-testid="saved-table" data-table=${s.table}>
      <a href="#table=${encodeURIComponent(s.table)}&token=${encodeURIComponent(s.token)}">
        ${t(`saved.${s.mode ?? 'online'}`, { color: s.seat && s.seat !== 'hotseat' ? colorName(s.seat) : '' })}
        ${' · '}${s.size ?? 9} × ${s.size ?? 9}${s.torus ? ' · ' + t('setup.torus.short') : ''}${days ? ' · ' + days : ''}
      </a>
      ${state && html` <strong class=${'saved-state' + (state.mine ? ' mine' : '')} data-testid="saved-state">${state.text}</strong>`}
      ${left &&
      html` <span class=${'saved-time' + (left.low ? ' low' : '')} data-testid="saved-time"
        >${left.low && html`<span aria-hidden="true">⚠ </span>`}${left.text}${left.low &&
        html`<span class="sr-only"> (${t('clock.low')})</span>`}</span
      >`}
      ${' '}<span class="muted">${new Date(s.created).toLocaleString(language())}</span>
      ${' '}<button type="button" class="link" data-testid="forget" onClick=${() => askForget(s)}>${t('saved.forget')}</button>
      ${asking === id(s) &&
      html`<div class="confirm" role="alertdialog" aria-labelledby="forget-q" data-testid="forget-confirm">
        <p id="forget-q">${t('saved.forget.confirm')}</p>
        <button type="button" class="danger" data-testid="forget-yes" onClick=${() => forget(s)}>${t('saved.forget.yes')}</button>
        <button type="button" ref=${noRef} onClick=${() => setAsking(null)}>${t('saved.forget.no')}</button>
      </div>`}
    </li>`;
  };
  // Games in play first, the player's turn before the rest; finished ones folded away.
  const done = list.filter((s) => finished(s, infos[s.table]));
  const open = list.filter((s) => !done.includes(s));
  const mine = (s) => (seatState(s, infos[s.table])?.mine ? 0 : 1);
  open.sort((a, b) => mine(a) - mine(b));
  return html`
    <section class="saved card" aria-labelledby="saved-title">
      <h2 id="saved-title">${t('saved.title')}</h2>
      ${open.length > 0 && html`<ul data-testid="saved-open">${open.map(item)}</ul>`}
      ${done.length > 0 &&
      html`<details data-testid="saved-finished">
        <summary>${t('saved.finished', { n: done.length })}</summary>
        <ul>${done.map(item)}</ul>
      </details>`}
    </section>
  `;
}
