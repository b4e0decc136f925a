// The komi as a person types it in the setup form: a number with a decimal point or a decimal
// comma, as the page's language writes it (German and most others: 6,5).

/// "6.5", "6,5", "-3" (a typographic minus too) -> the number, when it is a multiple of 0.5 from
/// -30 to 30 as the server takes it; anything else -> null.
export function parseKomi(text) {
  const s = String(text).trim().replace('\u2212', '-');
  if (!/^[+-]?\d{1,3}([.,]\d{1,3})?$/.test(s)) return null;
  const k = Number(s.replace(',', '.'));
  if (!Number.isFinite(k) || Math.round(k * 2) !== k * 2 || Math.abs(k) > 30) return null;
  return k;
}
