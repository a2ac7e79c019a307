// Charts as SVG text, drawn the same way for the web app (bundled into the browser) and the
// report exports (inlined in the HTML export, files in the zip), and as text bars for the plain
// text and Markdown exports. Pure: figures in, markup out. Every string from data (labels) is
// escaped; colours are presentation attributes (no style element), so the app's CSP
// (style-src 'self') accepts the markup. Each chart carries a <title> and <desc> and is meant to
// sit beside a table of the same figures for people who do not see it.

const INK = '#1b1f24';
const MUTED = '#4a5360';
const GRID = '#d5dbe2';
const BAR = '#1f5fbf';
const SYNTHETIC = '#7a4fb5';
const TOTAL = '#8a4b00';
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"';

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fmt = (n: number): string => n.toLocaleString('en');
const round1 = (n: number): number => Math.round(n * 10) / 10;

/** A round axis maximum at or above `max` for counts, and its whole-number tick step (1, 2, 2.5, 5 x 10^k). */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((c) => c >= raw && c >= 1 && Number.isInteger(c)) ?? 1;
  return { top: Math.ceil(max / step) * step, step };
}

function frame(id: string, width: number, height: number, title: string, desc: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` +
    `${width} ${height}" width="${width}" height="${height}" role="img" ` +
    `aria-labelledby="${id}-t ${id}-d" ${FONT} font-size="12" fill="${INK}">` +
    `<title id="${id}-t">${escapeXml(title)}</title><desc id="${id}-d">${escapeXml(desc)}</desc>${body}</svg>`
  );
}

export interface HistogramInput {
  /** Unique within the page (ids of title and desc). */
  id: string;
  title: string;
  /** One label per bin (named in the description and the bar tooltips). */
  labels: string[];
  values: number[];
  /** The bin edges written under the axis: one more than the bins. */
  edges: string[];
  xTitle: string;
  yTitle: string;
}

/** Vertical bars with their counts on top; the axis shows the bin edges. */
export function histogramSvg(h: HistogramInput): string {
  const W = 400,
    H = 236,
    L = 40,
    R = 12,
    T = 22,
    B = 46;
  const plotW = W - L - R,
    plotH = H - T - B;
  const { top, step } = niceScale(Math.max(...h.values, 0));
  const y = (v: number) => T + plotH - (v / top) * plotH;
  const slot = plotW / h.values.length;
  const parts: string[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    parts.push(
      `<line x1="${L}" x2="${W - R}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${GRID}"/>`,
      `<text x="${L - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="${MUTED}">${fmt(round1(v))}</text>`,
    );
  }
  h.values.forEach((v, i) => {
    const x = L + i * slot + 2;
    const bw = slot - 4;
    const barTop = y(v);
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${barTop.toFixed(1)}" width="${bw.toFixed(1)}" height="` +
        `${(T + plotH - barTop).toFixed(1)}" fill="${BAR}"><title>` +
        `${escapeXml(`${h.labels[i]}: ${fmt(v)}`)}</title></rect>`,
    );
    if (v > 0)
      parts.push(
        `<text x="${(x + bw / 2).toFixed(1)}" y="${(barTop - 5).toFixed(1)}" text-anchor="middle" font-weight="600">` +
          `${fmt(v)}</text>`,
      );
  });
  h.edges.forEach((e, i) => {
    parts.push(
      `<text x="${(L + i * slot).toFixed(1)}" y="${T + plotH + 16}" text-anchor="middle" fill="${MUTED}" ` +
        `font-size="11">${escapeXml(e)}</text>`,
    );
  });
  parts.push(
    `<line x1="${L}" x2="${W - R}" y1="${T + plotH}" y2="${T + plotH}" stroke="${MUTED}"/>`,
    `<text x="${L + plotW / 2}" y="${H - 6}" text-anchor="middle" fill="${MUTED}">${escapeXml(h.xTitle)}</text>`,
    `<text x="11" y="${T + plotH / 2}" text-anchor="middle" fill="${MUTED}" transform="rotate(-90 11 ` +
      `${T + plotH / 2})">${escapeXml(h.yTitle)}</text>`,
  );
  const total = h.values.reduce((a, b) => a + b, 0);
  const desc = `${fmt(total)} in all. ${h.labels.map((l, i) => `${l}: ${fmt(h.values[i] ?? 0)}`).join('; ')}.`;
  return frame(h.id, W, H, h.title, desc, parts.join(''));
}

export interface AgreementBar {
  label: string;
  agreeing: number;
  votes: number;
  synthetic?: boolean;
}

/** Horizontal bars of a share (agreeing / votes), one row per class or validator, its name above its bar. */
export function agreementSvg(a: { id: string; title: string; rows: AgreementBar[] }): string {
  const W = 400,
    valueW = 92,
    rowH = 40,
    T = 4,
    B = 24;
  const plotW = W - valueW;
  const H = T + Math.max(1, a.rows.length) * rowH + B;
  const parts: string[] = [];
  for (const pct of [0, 25, 50, 75, 100]) {
    const x = 1 + (pct / 100) * (plotW - 2);
    parts.push(
      `<line x1="${x.toFixed(1)}" x2="${x.toFixed(1)}" y1="${T + 18}" y2="${H - B}" stroke="${GRID}"/>`,
      `<text x="${x.toFixed(1)}" y="${H - B + 16}" text-anchor="` +
        `${pct === 0 ? 'start' : pct === 100 ? 'end' : 'middle'}" fill="${MUTED}" font-size="11">${pct}%</text>`,
    );
  }
  a.rows.forEach((r, i) => {
    const share = r.votes > 0 ? r.agreeing / r.votes : 0;
    const yTop = T + i * rowH;
    const label = r.label.length > 52 ? `${r.label.slice(0, 51)}…` : r.label;
    parts.push(
      `<text x="1" y="${yTop + 13}">${escapeXml(label)}<title>${escapeXml(r.label)}</title></text>`,
      `<rect x="1" y="${yTop + 18}" width="${Math.max(0, share * (plotW - 2)).toFixed(1)}" height="16" fill="` +
        `${r.synthetic ? SYNTHETIC : BAR}"><title>` +
        `${escapeXml(`${r.label}: ${fmt(r.agreeing)} of ${fmt(r.votes)} votes agree`)}</title></rect>`,
      `<text x="${plotW + 8}" y="${yTop + 31}" font-weight="600">${Math.round(share * 100)}% <tspan fill="${MUTED}" ` +
        `font-weight="400" font-size="11">${fmt(r.agreeing)}/${fmt(r.votes)}</tspan></text>`,
    );
  });
  if (a.rows.length === 0)
    parts.push(`<text x="1" y="${T + 22}" fill="${MUTED}">No votes on finalized datapoints yet.</text>`);
  const desc =
    a.rows.length === 0
      ? 'No votes on finalized datapoints yet.'
      : a.rows
          .map(
            (r) =>
              `${r.label}: ${r.votes > 0 ? Math.round((100 * r.agreeing) / r.votes) : 0}% (${fmt(r.agreeing)} of ` +
              `${fmt(r.votes)})`,
          )
          .join('; ') + '.';
  return frame(a.id, W, H, a.title, desc, parts.join(''));
}

/** Finalized datapoints over time (a step line) against the project's total. */
export function progressSvg(p: {
  id: string;
  title: string;
  points: { at: string; finalized: number }[];
  total: number;
}): string {
  const W = 400,
    H = 220,
    L = 44,
    R = 12,
    T = 20,
    B = 40;
  const plotW = W - L - R,
    plotH = H - T - B;
  const times = p.points.map((q) => Date.parse(q.at));
  const t0 = Math.min(...times),
    t1 = Math.max(...times, t0 + 1);
  const { top, step } = niceScale(Math.max(p.total, ...p.points.map((q) => q.finalized), 1));
  const x = (t: number) => L + ((t - t0) / (t1 - t0)) * plotW;
  const y = (v: number) => T + plotH - (v / top) * plotH;
  const parts: string[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    parts.push(
      `<line x1="${L}" x2="${W - R}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="${GRID}"/>`,
      `<text x="${L - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end" fill="${MUTED}">${fmt(round1(v))}</text>`,
    );
  }
  if (p.total > 0) {
    parts.push(
      `<line x1="${L}" x2="${W - R}" y1="${y(p.total).toFixed(1)}" y2="${y(p.total).toFixed(1)}" stroke="${TOTAL}" ` +
        `stroke-dasharray="6 4" stroke-width="1.5"/>`,
      `<text x="${L + 4}" y="${(y(p.total) - 5).toFixed(1)}" fill="${TOTAL}">total ${fmt(p.total)}</text>`,
    );
  }
  let d = '';
  p.points.forEach((q, i) => {
    const px = x(times[i]!).toFixed(1),
      py = y(q.finalized).toFixed(1);
    d += i === 0 ? `M${px} ${py}` : ` H${px} V${py}`;
  });
  parts.push(`<path d="${d}" fill="none" stroke="${BAR}" stroke-width="2.5"/>`);
  const last = p.points.at(-1);
  if (last)
    parts.push(
      `<circle cx="${x(times.at(-1)!).toFixed(1)}" cy="${y(last.finalized).toFixed(1)}" r="4" fill="${BAR}"/>`,
    );
  // Seconds matter only for a short history (a test, a small project finished in minutes).
  const label = (t: number) =>
    new Date(t)
      .toISOString()
      .slice(0, t1 - t0 < 3_600_000 ? 19 : 16)
      .replace('T', ' ');
  parts.push(
    `<line x1="${L}" x2="${W - R}" y1="${T + plotH}" y2="${T + plotH}" stroke="${MUTED}"/>`,
    `<text x="${L}" y="${T + plotH + 16}" fill="${MUTED}" font-size="11">${label(t0)}</text>`,
    `<text x="${W - R}" y="${T + plotH + 16}" text-anchor="end" fill="${MUTED}" font-size="11">${label(t1)}</text>`,
    `<text x="${L + plotW / 2}" y="${H - 4}" text-anchor="middle" fill="${MUTED}">time (UTC)</text>`,
  );
  const desc =
    `${fmt(last?.finalized ?? 0)} of ${fmt(p.total)} datapoints finalized by ${label(t1)} UTC, starting ` +
    `${label(t0)} UTC.`;
  return frame(p.id, W, H, p.title, desc, parts.join(''));
}

/** The same histogram as text bars, for plain-text and Markdown documents. */
export function textHistogram(labels: string[], values: number[], width = 40): string[] {
  const max = Math.max(...values, 0);
  const labelW = Math.max(...labels.map((l) => l.length));
  const countW = Math.max(...values.map((v) => fmt(v).length));
  return labels.map((l, i) => {
    const v = values[i] ?? 0;
    const n = max > 0 ? Math.round((v / max) * width) : 0;
    return `${l.padStart(labelW)} | ${fmt(v).padStart(countW)} ${'#'.repeat(n)}`;
  });
}
