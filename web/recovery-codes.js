// The ten recovery codes, shown once (at sign-up, or when new ones are made on the account
// page): what they are for, the codes, Copy, a text file to download, and "I have saved them".
// The codes live only in this component's props: nothing keeps them on the device.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { t } from './i18n/i18n.js';

/// The text file's words: a line on what the codes are, then one code a line.
export function codesFileText(name, codes) {
  return [t('codes.file', { name }), '', ...codes, ''].join('\n');
}

export function RecoveryCodes({ name, codes, onDone }) {
  const [copied, setCopied] = useState(false);
  const headingRef = useRef(null);
  const listRef = useRef(null);
  // Shown after a button's click: the focus goes to their heading, so that a screen reader
  // reads them next.
  useEffect(() => headingRef.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard here: the codes are selected, for the person to copy.
      const range = document.createRange();
      range.selectNodeContents(listRef.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
  };
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(codesFileText(name, codes))}`;
  return html`<section class="recovery-codes card" aria-labelledby="codes-title" data-testid="recovery-codes">
    <h2 id="codes-title" tabindex="-1" ref=${headingRef}>${t('codes.title')}</h2>
    <p>${t('codes.explain')}</p>
    <p><strong>${t('codes.once')}</strong></p>
    <ol class="codes" ref=${listRef} data-testid="codes">
      ${codes.map((c) => html`<li key=${c}><code>${c}</code></li>`)}
    </ol>
    <div class="codes-actions">
      <button type="button" data-testid="codes-copy" onClick=${copy}>${copied ? t('codes.copied') : t('codes.copy')}</button>
      <a class="button" href=${file} download="phantom-go-recovery-codes.txt" data-testid="codes-download">${t('codes.download')}</a>
    </div>
    <p role="status" class="sr-only">${copied ? t('codes.copied') : ''}</p>
    <button type="button" class="primary" data-testid="codes-saved" onClick=${onDone}>${t('codes.saved')}</button>
  </section>`;
}
