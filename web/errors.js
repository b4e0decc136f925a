// Server error codes (docs/protocol.md) as plain sentences in the player's language.
import { t } from './i18n/i18n.js';

export const ERROR_CODES = [
  'bad-json', 'bad-request', 'unknown-command', 'not-joined', 'already-joined', 'no-such-table',
  'bad-token', 'spectator', 'not-your-seat', 'not-started', 'off-board', 'not-your-turn',
  'occupied-visible', 'already-tried', 'no-change', 'game-over', 'rate-limited', 'store-failed',
  'not-over', 'not-found', 'method-not-allowed', 'too-large', 'server-full', 'server-busy',
  'table-elsewhere', 'wrong-table', 'not-abandoned', 'no-chat', 'chat-full', 'table-expired',
  'too-late-to-abort', 'name-unchanged', 'hotseat-names', 'rematch-offered', 'no-rematch-offer',
  'bad-origin', 'not-signed-in', 'bad-name', 'name-taken', 'ceremony-expired', 'passkey-refused',
  'recovery-failed', 'last-passkey', 'no-such-passkey', 'no-such-player', 'seat-taken',
  'same-player', 'mail-off', 'bad-address', 'address-taken', 'no-address', 'link-expired',
];

/// The sentence for an error code; codes this page does not know get a general sentence.
export function errorSentence(code) {
  return ERROR_CODES.includes(code) ? t(`err.${code}`) : t('err.unknown');
}
