// htm bound to Preact: html`<div>...</div>` builds Preact elements without a build step.
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
