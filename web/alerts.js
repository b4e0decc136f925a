// Alerts: sounds, a notification and a vibration that tell a player what their page was just
// told (a stone of theirs placed, their turn, a rejected try of theirs, a capture, low time).
// The alerts of an event come from a pure function of what the page itself holds (the seat's
// view before and after the event, and the event), so that nothing the seat was not told can
// ring: an opponent's rejected try changes nobody's turn and gives no alert at all.
//
// Browsers allow sound (and vibration) only after a user gesture on the page: until the first
// click, tap or key, nothing plays and nothing is queued. A notification needs a permission that
// is asked only by a click on "Notify me when it is my turn", never on load, and one is shown
// only while the tab is hidden.
import { other } from './view.js';

const MUTE_KEY = 'pg.mute';
const NOTIFY_KEY = 'pg.notify';

/// The alerts of one seen event for `seat` ("black", "white"; none for "spectator"), in order:
/// 'stone' (your try was legal), 'illegal' (your try was rejected), 'turn' (the opponent ended
/// their turn and it is yours), 'capture' (stones were captured), 'lost' (your stones were
/// captured). `before` and `after` are the seat's views around the event (view.js).
export function alertsFor(before, after, event, seat) {
  const out = [];
  // A spectator only watches: its page has no switch to silence it, so it stays silent.
  if (!before || seat === 'spectator') return out;
  const mine = event.player === seat;
  const captured = event.captured ?? [];
  switch (event.kind) {
    case 'stone':
      if (mine) out.push('stone');
      break;
    case 'illegal':
      if (mine) out.push('illegal');
      break;
    default:
      break;
  }
  if (captured.length > 0) {
    out.push('capture');
    if (other(event.player) === seat) out.push('lost');
  }
  // Your turn: a turn of the opponent ended (a stone or a pass) and you are now on turn. A
  // rejected try of theirs leaves them on turn, so it never gets here.
  const ended = event.kind === 'moved' || event.kind === 'pass';
  if (ended && !mine && !after.over && after.to_move === seat && before.to_move !== seat)
    out.push('turn');
  return out;
}

/// What to do with a list of alerts: the sounds to play, whether to notify, whether to vibrate.
/// `hidden`: the tab is hidden; `muted`: the player switched sounds and vibration off;
/// `notify`: the player asked for notifications (and the browser granted them).
export function effectsOf(alerts, { hidden, muted, notify }) {
  const sounds = muted ? [] : alerts.filter((a) => a !== 'lost');
  const turn = alerts.includes('turn');
  return {
    sounds,
    notify: notify && hidden && turn,
    vibrate: !muted && ((turn && hidden) || alerts.includes('lost')),
  };
}

// ---------------------------------------------------------------------------------------------
// The browser side: sounds synthesized with the Web Audio API (short envelopes, no files).

/// Each sound as notes: [frequency (Hz), start (s), length (s), wave]. Short and quiet, so that
/// a sound marks a moment and does not become music.
const SOUNDS = {
  stone: [[220, 0, 0.08, 'triangle']], // a low, dry click: wood on wood
  turn: [[660, 0, 0.12, 'sine'], [880, 0.12, 0.18, 'sine']], // two rising notes: your move
  illegal: [[180, 0, 0.09, 'square'], [150, 0.11, 0.12, 'square']], // a low double buzz
  capture: [[520, 0, 0.07, 'triangle'], [390, 0.07, 0.07, 'triangle'], [290, 0.14, 0.12, 'triangle']],
  low: [[990, 0, 0.1, 'sine'], [990, 0.2, 0.1, 'sine'], [990, 0.4, 0.1, 'sine']], // three short beeps
};

const VIBRATION = [120, 60, 120];

export const isMuted = () => localStorage.getItem(MUTE_KEY) === '1';
export function setMuted(muted) {
  if (muted) localStorage.setItem(MUTE_KEY, '1');
  else localStorage.removeItem(MUTE_KEY);
}

const notificationsAvailable = () => typeof Notification !== 'undefined';

/// Whether this device asked for turn notifications and the browser allows them.
export const notifyEnabled = () =>
  notificationsAvailable() && Notification.permission === 'granted' && localStorage.getItem(NOTIFY_KEY) === '1';

/// 'unavailable', 'default' (not asked yet), 'granted' or 'denied'.
export const notifyState = () => {
  if (!notificationsAvailable()) return 'unavailable';
  if (Notification.permission === 'granted') return localStorage.getItem(NOTIFY_KEY) === '1' ? 'granted' : 'default';
  return Notification.permission;
};

/// Asks for the permission to notify: call it only from a click (browsers refuse otherwise, and
/// a question on load would be rude). Resolves with the new notifyState().
export async function askToNotify() {
  if (!notificationsAvailable()) return 'unavailable';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') localStorage.setItem(NOTIFY_KEY, '1');
  return notifyState();
}

let gesture = false; // a click, tap or key on this page: sound is allowed from now on
let audio = null; // the AudioContext, made at the first sound after a gesture

if (typeof window !== 'undefined')
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, () => (gesture = true), { capture: true, once: true });

/// The length of a sound in seconds.
const lengthOf = (name) => Math.max(...SOUNDS[name].map(([, start, length]) => start + length));

/// Plays a sound `delay` seconds from now.
function play(name, delay = 0) {
  const notes = SOUNDS[name];
  if (!notes || !gesture || typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  const now = audio.currentTime + delay;
  for (const [freq, start, length, wave] of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    // A quick attack and an exponential fall: a click of a note, without the pop of a hard edge.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

/// Plays, notifies and vibrates for a list of alerts (alertsFor). `text` is the notification's
/// body ("Your turn.").
export function raise(alerts, { title, text }) {
  if (alerts.length === 0) return;
  const effects = effectsOf(alerts, {
    hidden: document.visibilityState === 'hidden',
    muted: isMuted(),
    notify: notifyEnabled(),
  });
  // The sounds one after the other, in the order of what happened (a stone, what it captured;
  // a capture of yours, then your turn), so that none drowns another.
  let delay = 0;
  for (const sound of effects.sounds) {
    play(sound, delay);
    delay += lengthOf(sound) + 0.05;
  }
  if (effects.notify) {
    // Chrome on Android shows notifications only from a service worker and throws here; the
    // vibration still tells the player there, and the page goes on.
    try {
      new Notification(title, { body: text, tag: 'pg-turn' });
    } catch {
      // no notification on this browser
    }
  }
  if (effects.vibrate && gesture) navigator.vibrate?.(VIBRATION);
}

/// The low-time sound, for the seat whose own clock runs low.
export function lowTime() {
  if (!isMuted()) play('low');
}
