// The eight report export formats, rendered from one ExportData and one stream of per-datapoint
// rows. Pure apart from writing to the given sink. Everything that comes from users (project
// name, source paths, datapoint content) is escaped for the target format: HTML through
// escape-html, Markdown as escaped HTML with table pipes escaped, CSV quoted and guarded against
// spreadsheet formula injection.
import escapeHtml from 'escape-html';
import { stringify as toYaml } from 'yaml';
import { strToU8, zipSync } from 'fflate';
import type { components } from '../generated/openapi-types.ts';
import { histogramSvg, textHistogram } from './charts.ts';
import { signedDecimal } from './statistics.ts';
import { orderContent, orderedJson, OrderedObject, type Ordered } from './key-order.ts';
import {
  RATING_BIN_LABELS,
  RATING_EDGES,
  STRENGTH_BIN_LABELS,
  STRENGTH_EDGES,
  type Distributions,
} from './distributions.ts';
import {
  guideHtml,
  guideMarkdown,
  guideText,
  verificationGuide,
  type GuideBlock,
  type VerificationScripts,
} from './verification-guide.ts';

export type ExportFormat = components['schemas']['ReportFormat'];

export const FORMATS: Record<ExportFormat, { contentType: string; ext: string }> = {
  json: { contentType: 'application/json', ext: 'json' },
  csv: { contentType: 'text/csv', ext: 'csv' },
  attestation_yaml: { contentType: 'application/yaml', ext: 'yaml' },
  verifiable_txt: { contentType: 'text/plain', ext: 'txt' },
  verifiable_html: { contentType: 'text/html', ext: 'html' },
  report_md: { contentType: 'text/markdown', ext: 'md' },
  report_attestation_md: { contentType: 'text/markdown', ext: 'md' },
  report_attestation_zip: { contentType: 'application/zip', ext: 'zip' },
  votes_csv: { contentType: 'text/csv', ext: 'csv' },
  // Rendered by src/domain/standard-exports.ts from the manifest, not from the rows below.
  intoto_dsse: { contentType: 'application/vnd.dsse.envelope.v1+json', ext: 'dsse.json' },
  croissant: { contentType: 'application/ld+json', ext: 'croissant.json' },
  // The Proof Report's committed leaves, one per line (src/services/exports.ts renders it).
  votes_jsonl: { contentType: 'application/jsonl', ext: 'jsonl' },
};

/** Readable formats list this many datapoints, then point to the csv/json export for the rest. */
const READABLE_TABLE_LIMIT = 1000;

export interface Attestation {
  reportId: string;
  attestationRoot: string;
  signingKeyId: string;
  issuedAt: string;
  payload: Record<string, unknown>;
  jws: string;
}

export interface ExportData {
  projectId: string;
  projectName: string;
  generatedAt: string;
  date: string;
  coverage: { datapointsFinalized: number; datapointsTotal: number; partial: boolean };
  qualityRating: number;
  consensusStrength: number;
  testContaminated: boolean;
  attestation: Attestation | null;
  /** Why there is no attestation, when there is none. */
  attestationNote: string | null;
  jwksUrl: string;
  /** Consensus rating and strength of the finalized datapoints, binned as the web app's charts. */
  distributions: Distributions;
  /** The verification scripts the readable formats carry in full. */
  verificationScripts: VerificationScripts;
  /** The spec's dataset.idField (the csv export's source_id column), if any. */
  idField: string | null;
  /** The source's field order of the contents: the csv export's content columns, in this order. */
  fieldOrder: string[];
}

export interface ExportRow {
  datapointId: string;
  sourceFile: string;
  sourceRow: number;
  consensusDecisionId: string | null;
  qualityRatingMean: number | null;
  qualityRatingMedian: number | null;
  consensusStrength: number | null;
  contested: boolean | null;
  /** The datapoint's content as stored (jsonb). */
  content: unknown;
  /** The source's key order of the content where jsonb loses it (src/domain/key-order.ts); null when none. */
  keyOrder: string[][] | null;
}

export interface Sink {
  write(chunk: string | Uint8Array): void;
}

export const filenameOf = (format: ExportFormat, projectId: string, date: string): string =>
  `assay-${format === 'votes_csv' || format === 'votes_jsonl' ? 'votes' : 'report'}-${projectId}-${date}.` +
  FORMATS[format].ext;

// ---- votes_csv: every vote, the data of the signed statistics ------------------------------------

/** One vote as the votes export writes it (src/db/exports.ts streams them). */
export interface VoteExportRow {
  datapointId: string;
  voter: string;
  classId: string | null;
  synthetic: boolean;
  decided: boolean;
  /** A vote on a gold item (docs/quality.md): scores the validator, never enters consensus. */
  gold: boolean;
  weight: number;
  rating: number;
  votedAt: Date;
}

const VOTES_HEADER = [
  'datapoint_id',
  'validator',
  'class_id',
  'synthetic',
  'decided',
  'gold',
  'weight',
  'rating',
  'voted_at',
];

/** The votes export: validators under their pseudonym only, doubles in their exact (SignedDecimal) form. */
export async function renderVotesCsv(
  rows: AsyncIterable<VoteExportRow[]>,
  pseudonym: (voter: string) => string,
  sink: Sink,
): Promise<void> {
  sink.write(VOTES_HEADER.join(',') + '\r\n');
  for await (const batch of rows)
    sink.write(
      batch
        .map(
          (v) =>
            [
              v.datapointId,
              pseudonym(v.voter),
              csvCell(v.classId ?? ''),
              String(v.synthetic),
              String(v.decided),
              String(v.gold),
              signedDecimal(v.weight),
              signedDecimal(v.rating),
              v.votedAt.toISOString(),
            ].join(',') + '\r\n',
        )
        .join(''),
    );
}

const num = (x: number | null, digits = 2): string => (x === null ? '' : x.toFixed(digits));
const status = (r: ExportRow): string =>
  r.consensusDecisionId === null ? 'pending' : r.contested ? 'final (contested)' : 'final';

function guide(d: ExportData): GuideBlock[] {
  const blocks = verificationGuide({
    jwksUrl: d.jwksUrl,
    projectId: d.projectId,
    jws: d.attestation?.jws ?? null,
    scripts: d.verificationScripts,
  });
  // Holders of Assay's own command-line tool have a third route.
  blocks.push(
    { kind: 'p', text: "With Assay's command-line tool the same checks are one command:" },
    { kind: 'code', text: `assay verify report.json --jwks ${d.jwksUrl}` },
  );
  return blocks;
}

function unsigned(d: ExportData): string {
  return `No signed attestation: ${d.attestationNote ?? 'not available'}. The figures below are not signed.`;
}

const ratingChart = (d: ExportData) => ({
  title: 'Consensus rating of the finalized datapoints',
  labels: RATING_BIN_LABELS,
  edges: RATING_EDGES,
  values: d.distributions.ratingHistogram,
  xTitle: 'consensus rating (weighted mean)',
  yTitle: 'datapoints',
});
const strengthChart = (d: ExportData) => ({
  title: 'Consensus strength of the finalized datapoints',
  labels: STRENGTH_BIN_LABELS,
  edges: STRENGTH_EDGES,
  values: d.distributions.strengthHistogram,
  xTitle: 'consensus strength',
  yTitle: 'datapoints',
});

/** The two charts as SVG files (the zip carries them beside its Markdown). */
const chartFiles = (d: ExportData): Record<string, string> => ({
  'rating-histogram.svg': histogramSvg({ id: 'rating', ...ratingChart(d) }) + '\n',
  'strength-distribution.svg': histogramSvg({ id: 'strength', ...strengthChart(d) }) + '\n',
});

// ---- csv -------------------------------------------------------------------------------------

const CSV_HEADER = [
  'datapoint_id',
  'source_file',
  'source_row',
  'status',
  'consensus_decision_id',
  'quality_rating_mean',
  'quality_rating_median',
  'consensus_strength',
  'contested',
];

/**
 * Quotes when needed; a text cell that a spreadsheet could run as a formula is prefixed with '.
 * Spreadsheets skip leading spaces and accept full-width signs (＝＋－＠), so those count too.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;
export function csvCell(value: string, text = true): string {
  let v = value;
  if (text && FORMULA_START.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The csv header: the fixed columns, the dataset's id, then one `content.<field>` column per field in source order. */
const csvHeader = (d: ExportData): string[] => [...CSV_HEADER, 'source_id', ...d.fieldOrder.map((f) => `content.${f}`)];

const cellOf = (v: Ordered | undefined): string =>
  v === undefined || v === null ? '' : csvCell(typeof v === 'string' ? v : orderedJson(v));

/** The row's content with every object's keys in source order (src/domain/key-order.ts). */
const orderedOf = (r: ExportRow, d: ExportData): Ordered => orderContent(r.content, r.keyOrder, d.fieldOrder);

/** The first `n` characters (code points) of a text. */
function firstChars(text: string, n: number): string {
  let i = 0;
  for (let c = 0; c < n && i < text.length; c++) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
  return text.slice(0, i);
}

/** What the readable formats show of a content: its JSON text in source order, spaced as jsonb prints, cut at 120. */
const excerptOf = (r: ExportRow, d: ExportData): string => firstChars(orderedJson(orderedOf(r, d), true), 120);

function csvRow(r: ExportRow, d: ExportData): string {
  const o = orderedOf(r, d);
  const content = new Map(o instanceof OrderedObject ? o.entries : []);
  return [
    csvCell(r.datapointId),
    csvCell(r.sourceFile),
    String(r.sourceRow),
    csvCell(status(r)),
    csvCell(r.consensusDecisionId ?? ''),
    num(r.qualityRatingMean, 6),
    num(r.qualityRatingMedian, 6),
    num(r.consensusStrength, 6),
    r.contested === null ? '' : String(r.contested),
    d.idField ? cellOf(content.get(d.idField)) : '',
    ...d.fieldOrder.map((f) => cellOf(content.get(f))),
  ].join(',');
}

// ---- readable formats ------------------------------------------------------------------------

interface Readable {
  head: string[];
  row: (r: ExportRow) => string;
  more: (n: number) => string;
  tail: string[];
}

function summaryLines(d: ExportData): [string, string][] {
  const c = d.coverage;
  return [
    ['Project', `${d.projectName} (${d.projectId})`],
    ['Generated', d.generatedAt],
    [
      'Coverage',
      `${c.datapointsFinalized} of ${c.datapointsTotal} datapoints ` +
        `final${c.partial ? ' (PARTIAL: not every datapoint is terminal yet)' : ''}`,
    ],
    ['Quality rating', `${d.qualityRating} / 100`],
    ['Consensus strength', `${d.consensusStrength} / 100`],
    ['Test contaminated', d.testContaminated ? 'yes (Auto Consensus votes were used)' : 'no'],
    ['Report id', d.attestation?.reportId ?? '-'],
    ['Attestation root', d.attestation?.attestationRoot ?? '-'],
    ['Signing key id', d.attestation?.signingKeyId ?? '-'],
    ['Key set', d.jwksUrl],
  ];
}

const moreText = (n: number) => `... and ${n} more datapoints: the csv and json exports hold the full table.`;

function txt(d: ExportData): Readable {
  const rc = ratingChart(d),
    sc = strengthChart(d);
  return {
    head: [
      'ASSAY PROOF REPORT',
      '',
      ...summaryLines(d).map(([k, v]) => `${(k + ':').padEnd(20)}${v}`),
      ...(d.attestation ? [] : ['', unsigned(d)]),
      '',
      rc.title.toUpperCase(),
      ...textHistogram(rc.labels, rc.values),
      '',
      sc.title.toUpperCase(),
      ...textHistogram(sc.labels, sc.values),
      '',
      'DATAPOINTS',
      'datapoint_id | source | status | mean | median | strength | excerpt',
    ],
    row: (r) =>
      [
        r.datapointId,
        `${r.sourceFile}:${r.sourceRow}`,
        status(r),
        num(r.qualityRatingMean),
        num(r.qualityRatingMedian),
        num(r.consensusStrength, 3),
        excerptOf(r, d),
      ].join(' | '),
    more: moreText,
    tail: [
      '',
      'SIGNATURE',
      d.attestation ? `JWS: ${d.attestation.jws}` : 'JWS: -',
      '',
      'HOW TO VERIFY',
      ...guideText(guide(d)),
    ],
  };
}

// Markdown specials first (so a cell cannot open a link, code span or column), then HTML, so
// inline HTML in a datapoint renders as text; the entities escape-html emits hold no specials.
const mdCell = (s: string): string => escapeHtml(s.replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]#|])/g, '\\$1'));
// Ids, key ids, roots and digests are shown as code spans, so they copy exactly (a backslash
// escape before `_` would be copied with them); the pattern admits no backtick or markup.
const mdValue = (s: string): string => (/^[A-Za-z0-9_:.-]+$/.test(s) ? `\`${s}\`` : mdCell(s));

/** Markdown; `images` links the charts as the SVG files beside it (the zip), else text bars. */
function md(d: ExportData, images = false): Readable {
  const chart = (c: ReturnType<typeof ratingChart>, file: string) =>
    images ? [`![${c.title}](${file})`, ''] : ['```text', ...textHistogram(c.labels, c.values), '```', ''];
  return {
    head: [
      '# Assay Proof Report',
      '',
      ...summaryLines(d).map(([k, v]) => `- **${k}:** ${mdValue(v)}`),
      '',
      ...(d.attestation ? [] : [mdCell(unsigned(d)), '']),
      '## Distributions',
      '',
      `### ${ratingChart(d).title}`,
      '',
      ...chart(ratingChart(d), 'rating-histogram.svg'),
      `### ${strengthChart(d).title}`,
      '',
      ...chart(strengthChart(d), 'strength-distribution.svg'),
      '## Datapoints',
      '',
      '| datapoint | source | status | mean | median | strength | excerpt |',
      '|---|---|---|---|---|---|---|',
    ],
    row: (r) =>
      `| ${[
        r.datapointId,
        `${r.sourceFile}:${r.sourceRow}`,
        status(r),
        num(r.qualityRatingMean),
        num(r.qualityRatingMedian),
        num(r.consensusStrength, 3),
        excerptOf(r, d),
      ]
        .map(mdCell)
        .join(' | ')} |`,
    more: (n) => `\n${moreText(n)}`,
    tail: [
      '',
      '## Signature',
      '',
      d.attestation ? '```\n' + d.attestation.jws + '\n```' : 'No signature.',
      '',
      '## How to verify',
      '',
      ...guideMarkdown(guide(d), mdCell),
    ],
  };
}

const h = (s: string) => escapeHtml(s);

const STYLE =
  `
:root{color:#1b1f24;background:#f3f5f8;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0}main{max-width:60rem;margin:0 auto;padding:2rem 1.25rem 4rem}
header .kind{text-transform:uppercase;letter-spacing:.08em;color:#4a5360;font-size:.8rem;margin:0}
h1{margin:.2rem 0 .3rem;font-size:1.9rem}h2{margin:2.2rem 0 .8rem;font-size:1.35rem;border-bottom:2px solid ` +
  `#cfd6de;padding-bottom:.3rem}h3{font-size:1.05rem;margin:1.4rem 0 .4rem}
.muted{color:#4a5360}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.75rem;margin:1.25rem 0}
.figure{background:#fff;border:1px solid #cfd6de;border-radius:8px;padding:.8rem 1rem}.figure ` +
  `.v{font-size:1.8rem;font-weight:700}.figure .k{color:#4a5360;font-size:.85rem}
.note{background:#fff4e0;border:1px solid #e2b46b;border-radius:6px;padding:.6rem ` +
  `.9rem}.ok{background:#e9f6ed;border-color:#8cc79d}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;background:#fff;border:1px solid ` +
  `#cfd6de;border-radius:8px;padding:1rem}
dl.facts dt{color:#4a5360}dl.facts dd{margin:0;overflow-wrap:anywhere}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(22rem,1fr));gap:1rem}
figure{margin:0;background:#fff;border:1px solid #cfd6de;border-radius:8px;padding:.8rem}figure ` +
  `svg{width:100%;height:auto;display:block}figcaption{color:#4a5360;font-size:.9rem}
table{border-collapse:collapse;background:#fff;font-size:.9rem;width:100%}td,th{border:1px solid ` +
  `#cfd6de;padding:.25rem .5rem;text-align:left;vertical-align:top}th{background:#eef1f5}
.scroll{overflow-x:auto}td.x{overflow-wrap:anywhere;min-width:12rem}
pre.code{background:#0f1720;color:#e6edf3;padding:.75rem ` +
  `1rem;border-radius:6px;overflow-x:auto;font-size:.85rem;white-space:pre}
pre.jws{white-space:pre-wrap;word-break:break-all;background:#fff;border:1px solid ` +
  `#cfd6de;padding:.75rem;border-radius:6px;font-size:.8rem}
details{margin:.5rem 0}summary{cursor:pointer;color:#1f5fbf;font-weight:600}code{font-size:.9em}
@media print{:root{background:#fff}details{display:block}}
`;

function figureHtml(svg: string, caption: string, labels: string[], values: number[]): string {
  return (
    `<figure>${svg}<figcaption>${h(caption)}</figcaption><details><summary>The ` +
    `figures</summary><table><thead><tr><th>bin</th><th>datapoints</th></tr></thead><tbody>${labels
      .map((l, i) => `<tr><td>${h(l)}</td><td>${values[i] ?? 0}</td></tr>`)
      .join('')}</tbody></table></details></figure>`
  );
}

function html(d: ExportData): Readable {
  const c = d.coverage;
  const pct = c.datapointsTotal > 0 ? Math.round((100 * c.datapointsFinalized) / c.datapointsTotal) : 0;
  const facts = summaryLines(d).filter(
    ([k]) => !['Project', 'Quality rating', 'Consensus strength', 'Coverage', 'Test contaminated'].includes(k),
  );
  const rc = ratingChart(d),
    sc = strengthChart(d);
  return {
    head: [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
        'initial-scale=1">',
      // No script may run and nothing may load in a downloaded report, whatever a datapoint contains.
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
      `<title>Assay Proof Report: ${h(d.projectName)}</title>`,
      `<style>${STYLE}</style>`,
      '</head><body><main>',
      `<header><p class="kind">Assay Proof Report</p><h1>${h(d.projectName)}</h1><p class="muted">Project <code>` +
        `${h(d.projectId)}</code> · generated ${h(d.generatedAt)}</p></header>`,
      '<section class="figures" aria-label="Headline figures">',
      `<div class="figure"><div class="k">Quality rating</div><div class="v">${d.qualityRating}<span class="muted"> ` +
        `/ 100</span></div></div>`,
      `<div class="figure"><div class="k">Consensus strength</div><div class="v">${d.consensusStrength}<span ` +
        `class="muted"> / 100</span></div></div>`,
      `<div class="figure"><div class="k">Coverage</div><div class="v">${pct}%</div><div class="k">` +
        `${c.datapointsFinalized} of ${c.datapointsTotal} datapoints final</div></div>`,
      `<div class="figure"><div class="k">Test contaminated</div><div class="v">` +
        `${d.testContaminated ? 'yes' : 'no'}</div><div class="k">` +
        `${d.testContaminated ? 'Auto Consensus votes were used' : 'people and AI validators only'}</div></div>`,
      '</section>',
      d.attestation
        ? `<p class="note ok">Signed: the figures above are those of the signed attestation below, which anyone can ` +
          `verify offline (see <a href="#verify">How to verify</a>).</p>`
        : `<p class="note">${h(unsigned(d))}</p>`,
      c.partial ? '<p class="note">PARTIAL: not every datapoint is terminal yet.</p>' : '',
      '<h2>Attestation</h2>',
      '<dl class="facts">',
      ...facts.map(
        ([k, v]) => `<dt>${h(k)}</dt><dd>${/^[A-Za-z0-9_:.-]+$/.test(v) ? `<code>${h(v)}</code>` : h(v)}</dd>`,
      ),
      '</dl>',
      '<h2>Distributions</h2>',
      '<div class="charts">',
      figureHtml(
        histogramSvg({ id: 'rating', ...rc }),
        `${rc.title}: each datapoint's consensus rating (the weighted mean of its votes), in bins of 10 points.`,
        rc.labels,
        rc.values,
      ),
      figureHtml(
        histogramSvg({ id: 'strength', ...sc }),
        `${sc.title}: 1 is unanimous. A datapoint below the project's minimum strength gets more votes, and is ` +
          `finalized as contested if it stays below.`,
        sc.labels,
        sc.values,
      ),
      '</div>',
      '<h2>Datapoints</h2>',
      '<div class="scroll" tabindex="0" role="region" aria-label="Datapoints"><table id="datapoints"><thead><tr>' +
        '<th>datapoint</th><th>source</th><th>status</th><th>mean</th><th>median</th><th>strength</th>' +
        '<th>excerpt</th></tr></thead><tbody>',
    ],
    row: (r) =>
      `<tr>${[
        r.datapointId,
        `${r.sourceFile}:${r.sourceRow}`,
        status(r),
        num(r.qualityRatingMean),
        num(r.qualityRatingMedian),
        num(r.consensusStrength, 3),
      ]
        .map((v) => `<td>${h(v)}</td>`)
        .join('')}<td class="x">${h(excerptOf(r, d))}</td></tr>`,
    more: (n) => `</tbody></table></div><p>${h(moreText(n))}</p><div><table><tbody>`,
    tail: [
      '</tbody></table></div>',
      '<h2 id="verify">How to verify</h2>',
      guideHtml(guide(d)),
      '<h2>Signature</h2>',
      d.attestation ? `<pre class="jws">${h(d.attestation.jws)}</pre>` : '<p>No signature.</p>',
      '</main></body></html>',
    ],
  };
}

/**
 * How many rows a format shows (null: all of them), so that the caller reads no more: the readable
 * formats list the first READABLE_TABLE_LIMIT and say how many more `coverage.datapointsTotal` has.
 */
export function rowLimitOf(format: ExportFormat): number | null {
  if (format === 'csv' || format === 'json') return null;
  if (format === 'votes_csv' || format === 'votes_jsonl' || format === 'intoto_dsse' || format === 'croissant')
    return 0;
  return format === 'attestation_yaml' ? 0 : READABLE_TABLE_LIMIT;
}

async function writeReadable(r: Readable, d: ExportData, rows: AsyncIterable<ExportRow[]>, sink: Sink): Promise<void> {
  sink.write(r.head.join('\n') + '\n');
  let n = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      if (n++ < READABLE_TABLE_LIMIT) sink.write(r.row(row) + '\n');
    }
  }
  const total = Math.max(n, d.coverage.datapointsTotal);
  if (total > READABLE_TABLE_LIMIT) sink.write(r.more(total - READABLE_TABLE_LIMIT) + '\n');
  sink.write(r.tail.join('\n') + '\n');
}

function attestationDocument(d: ExportData): Record<string, unknown> {
  return {
    schema: 'assay.attestation/v1',
    projectId: d.projectId,
    coverage: d.coverage,
    ...(d.attestation
      ? {
          reportId: d.attestation.reportId,
          issuedAt: d.attestation.issuedAt,
          attestationRoot: d.attestation.attestationRoot,
          signingKeyId: d.attestation.signingKeyId,
          jwks: d.jwksUrl,
          payload: d.attestation.payload,
          jws: d.attestation.jws,
        }
      : { attestation: null, reason: d.attestationNote }),
  };
}

/** Collects a readable rendering into one string (for the zip and the attestation Markdown). */
async function collect(r: Readable, d: ExportData, rows: AsyncIterable<ExportRow[]>): Promise<string> {
  const parts: string[] = [];
  await writeReadable(r, d, rows, {
    write: (c) => parts.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')),
  });
  return parts.join('');
}

function attestationMd(d: ExportData): string {
  return ['', '## Signed attestation', '', '```json', JSON.stringify(attestationDocument(d), null, 2), '```', ''].join(
    '\n',
  );
}

export async function renderExport(
  format: ExportFormat,
  d: ExportData,
  rows: AsyncIterable<ExportRow[]>,
  sink: Sink,
): Promise<void> {
  switch (format) {
    case 'votes_csv':
      throw new Error('votes_csv renders from the votes (renderVotesCsv), not from datapoint rows');
    case 'votes_jsonl':
      throw new Error('votes_jsonl renders from the committed leaves (src/services/exports.ts)');
    case 'csv': {
      sink.write(
        csvHeader(d)
          .map((c) => csvCell(c))
          .join(',') + '\r\n',
      );
      for await (const batch of rows) sink.write(batch.map((r) => csvRow(r, d) + '\r\n').join(''));
      return;
    }
    case 'json': {
      const { attestation, verificationScripts: _scripts, ...rest } = d;
      sink.write(`{"report":${JSON.stringify({ ...rest, attestation })},"datapoints":[`);
      let first = true;
      for await (const batch of rows) {
        for (const r of batch) {
          // The content is written in source order at every depth, which JSON.stringify of the
          // stored object would not do (jsonb's order; integer-like keys first).
          const { content: _content, keyOrder: _keyOrder, ...rest } = r;
          const o = orderedOf(r, d);
          const fields = JSON.stringify({ ...rest, excerpt: excerptOf(r, d) }).slice(0, -1);
          sink.write(`${first ? '' : ','}${fields},"content":${orderedJson(o)}}`);
          first = false;
        }
      }
      sink.write(']}\n');
      return;
    }
    case 'attestation_yaml':
      sink.write(toYaml(attestationDocument(d), { lineWidth: 0 }));
      return;
    case 'verifiable_txt':
      return writeReadable(txt(d), d, rows, sink);
    case 'verifiable_html':
      return writeReadable(html(d), d, rows, sink);
    case 'report_md':
      return writeReadable(md(d), d, rows, sink);
    case 'report_attestation_md':
      await writeReadable(md(d), d, rows, sink);
      sink.write(attestationMd(d));
      return;
    case 'report_attestation_zip': {
      const report = await collect(md(d, true), d, rows);
      const base = `assay-report-${d.projectId}-${d.date}`;
      sink.write(
        zipSync({
          [`${base}.md`]: strToU8(report),
          [`${base}.attestation.json`]: strToU8(JSON.stringify(attestationDocument(d), null, 2) + '\n'),
          ...Object.fromEntries(Object.entries(chartFiles(d)).map(([name, svg]) => [name, strToU8(svg)])),
        }),
      );
      return;
    }
  }
}
