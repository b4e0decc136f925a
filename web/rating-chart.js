// A player's rating history as a chart (uPlot, loaded only when a chart is drawn): one line per
// category the player has, over time, as wide as its column (a phone's 390 px first) and redrawn
// when that width changes. The chart itself is hidden from screen readers; its caption says the
// same in words, one line per category (where it started, where it is, over how many games),
// and is the legend too, each line with its colour.
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from './lib/html.js';
import { language, t } from './i18n/i18n.js';
import { CATEGORIES, categoryName, ratingText } from './rating-texts.js';

// A colour per category (dark enough on white, and told apart by hue), kept from page to page.
const COLORS = {
  'small-rapid': '#1d4f7a',
  'small-classical': '#2b6a2b',
  'small-correspondence': '#8a4b08',
  '13-rapid': '#7a1d5c',
  '13-classical': '#0f6e6e',
  '13-correspondence': '#a11d1d',
  '19-rapid': '#4b3a8c',
  '19-classical': '#5c5c1d',
  '19-correspondence': '#3d3d3d',
};
const colorOf = (category) => COLORS[category] ?? '#555049';

/// The history ([{category, at, rating, deviation}], oldest first) as uPlot's data: the times
/// (seconds) of every point, and per category its ratings at those times (null elsewhere).
export function chartData(history) {
  const categories = [...new Set(history.map((h) => h.category))].sort(
    (a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b),
  );
  const xs = [...new Set(history.map((h) => h.at / 1000))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = categories.map(() => xs.map(() => null));
  for (const h of history) ys[categories.indexOf(h.category)][index.get(h.at / 1000)] = h.rating;
  return { categories, data: [xs, ...ys] };
}

/// One line per category: its first and latest rating and the number of its points.
function summaries(history, ratings) {
  const out = new Map();
  for (const h of history) {
    const s = out.get(h.category) ?? { first: h.rating, n: 0 };
    out.set(h.category, { ...s, last: h.rating, n: s.n + 1 });
  }
  return [...out].map(([category, s]) => {
    const now = ratings.find((r) => r.category === category);
    return { category, ...s, provisional: !!now?.provisional };
  });
}

/// The labels of the time axis, by the step between its ticks (uPlot's `incr`, in seconds):
/// hours and minutes within a day, the day, or the month and year.
function timeLabels(u, splits, axisIndex, space, incr) {
  const format = new Intl.DateTimeFormat(
    language(),
    incr < 86400
      ? { hour: '2-digit', minute: '2-digit' }
      : incr < 28 * 86400
        ? { month: 'short', day: 'numeric' }
        : { month: 'short', year: 'numeric' },
  );
  return splits.map((s) => format.format(new Date(s * 1000)));
}

/// The time axis's range, from the data itself (uPlot stretches a single point's to 1000 days):
/// a little room on each side, and at least an hour.
function timeRange(u) {
  const xs = u.data[0];
  if (!xs?.length) return [0, 3600];
  const lo = xs[0];
  const hi = xs[xs.length - 1];
  const pad = Math.max(1800, (hi - lo) * 0.05);
  return [lo - pad, hi + pad];
}

const chartHeight = (width) => Math.round(Math.min(280, Math.max(180, width * 0.55)));

/// Props: history (GET /api/players/<name>'s), ratings (its ratings, for the "?").
export function RatingChart({ history, ratings }) {
  const box = useRef(null);
  const [failed, setFailed] = useState(false);
  const lines = summaries(history, ratings);
  useEffect(() => {
    if (history.length === 0) return undefined;
    let plot = null;
    let observer = null;
    let live = true;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live || !box.current) return;
        const { categories, data } = chartData(history);
        const width = Math.max(200, box.current.clientWidth);
        const pad = (min, max, step) => [Math.floor((min - step) / step) * step, Math.ceil((max + step) / step) * step];
        plot = new UPlot(
          {
            width,
            height: chartHeight(width),
            legend: { show: false },
            cursor: { show: false },
            select: { show: false },
            scales: {
              x: { time: true, range: timeRange },
              y: { range: (u, min, max) => (min == null ? [1400, 1600] : pad(min, max, 50)) },
            },
            axes: [
              { values: timeLabels, stroke: '#555049', grid: { stroke: '#e7e1d7' } },
              { stroke: '#555049', grid: { stroke: '#e7e1d7' }, values: (u, splits) => splits.map((v) => String(Math.round(v))) },
            ],
            series: [
              {},
              ...categories.map((c) => ({
                label: categoryName(c),
                stroke: colorOf(c),
                width: 2,
                spanGaps: true,
                points: { show: true, size: 6, fill: colorOf(c) },
              })),
            ],
          },
          data,
          box.current,
        );
        // As wide as its column, whatever the window does.
        observer = new ResizeObserver(() => {
          const w = Math.max(200, box.current?.clientWidth ?? width);
          if (plot && Math.abs(w - plot.width) >= 1) plot.setSize({ width: w, height: chartHeight(w) });
        });
        observer.observe(box.current);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [history]);
  if (history.length === 0) return null;
  return html`<figure class="rating-chart" data-testid="rating-chart">
    ${!failed && html`<div class="rating-chart-plot" ref=${box} aria-hidden="true" data-testid="rating-chart-plot"></div>`}
    <figcaption>
      <ul class="rating-chart-legend" data-testid="rating-chart-summary">
        ${lines.map(
          (s) => html`<li key=${s.category}>
            <span class="rating-swatch" style=${{ background: colorOf(s.category) }} aria-hidden="true"></span>
            ${t('player.chart.line', {
              category: categoryName(s.category),
              first: ratingText(s.first),
              last: ratingText(s.last, s.provisional),
              n: s.n,
            })}
          </li>`,
        )}
      </ul>
    </figcaption>
  </figure>`;
}
