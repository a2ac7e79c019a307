// The eight report export formats, rendered from one ExportData and one stream of per-datapoint
// rows. Pure apart from writing to the given sink. Everything that comes from users (project
// name, source paths, datapoint content) is escaped for the target format: HTML through
// escape-html, Markdown as escaped HTML with table pipes escaped, CSV quoted and guarded against
// spreadsheet formula injection.
import escapeHtml from 'escape-html';
import { stringify as toYaml } from 'yaml';
import { strToU8, zipSync } from 'fflate';
import type { components } from '../generated/openapi-types.ts';

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
};

/** Readable formats list this many datapoints, then point to the csv/json export for the rest. */
export const READABLE_TABLE_LIMIT = 1000;

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
}

export interface ExportRow {
  datapointId: string;
  sourceFile: string;
  sourceRow: number;
  excerpt: string;
  consensusDecisionId: string | null;
  qualityRatingMean: number | null;
  qualityRatingMedian: number | null;
  consensusStrength: number | null;
  contested: boolean | null;
}

export interface Sink { write(chunk: string | Uint8Array): void }

export const filenameOf = (format: ExportFormat, projectId: string, date: string): string => `assay-report-${projectId}-${date}.${FORMATS[format].ext}`;

const num = (x: number | null, digits = 2): string => (x === null ? '' : x.toFixed(digits));
const status = (r: ExportRow): string => (r.consensusDecisionId === null ? 'pending' : r.contested ? 'final (contested)' : 'final');

function verifyText(d: ExportData): string[] {
  if (!d.attestation) return [`No signed attestation: ${d.attestationNote ?? 'not available'}.`];
  return [
    `Verify offline: save the Proof Report (GET /developer/v1/projects/${d.projectId}/proof-report) as report.json and run`,
    `  assay verify report.json --jwks ${d.jwksUrl}`,
    'or follow docs/verifying.md (openssl and a shell, or Python with cryptography and rfc8785):',
    'the JWS payload must equal the RFC 8785 bytes of the payload, its Ed25519 signature must verify with the key',
    'whose kid is in the JWS header, and attestationRoot must equal the RFC 9162 root of digests config, manifest, results.',
  ];
}

// ---- csv -------------------------------------------------------------------------------------

const CSV_HEADER = ['datapoint_id', 'source_file', 'source_row', 'status', 'consensus_decision_id', 'quality_rating_mean', 'quality_rating_median', 'consensus_strength', 'contested'];

/**
 * Quotes when needed; a text cell that a spreadsheet could run as a formula is prefixed with '.
 * Spreadsheets skip leading spaces and accept full-width signs (＝＋－＠), so those count too.
 */
export const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;
export function csvCell(value: string, text = true): string {
  let v = value;
  if (text && FORMULA_START.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function csvRow(r: ExportRow): string {
  return [
    csvCell(r.datapointId), csvCell(r.sourceFile), String(r.sourceRow), csvCell(status(r)), csvCell(r.consensusDecisionId ?? ''),
    num(r.qualityRatingMean, 6), num(r.qualityRatingMedian, 6), num(r.consensusStrength, 6), r.contested === null ? '' : String(r.contested),
  ].join(',');
}

// ---- readable formats ------------------------------------------------------------------------

interface Readable { head: string[]; row: (r: ExportRow) => string; more: (n: number) => string; tail: string[] }

function summaryLines(d: ExportData): [string, string][] {
  const c = d.coverage;
  return [
    ['Project', `${d.projectName} (${d.projectId})`],
    ['Generated', d.generatedAt],
    ['Coverage', `${c.datapointsFinalized} of ${c.datapointsTotal} datapoints final${c.partial ? ' (PARTIAL: not every datapoint is terminal yet)' : ''}`],
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
  return {
    head: ['ASSAY PROOF REPORT', '', ...summaryLines(d).map(([k, v]) => `${(k + ':').padEnd(20)}${v}`), '', 'DATAPOINTS', 'datapoint_id | source | status | mean | median | strength | excerpt'],
    row: (r) => [r.datapointId, `${r.sourceFile}:${r.sourceRow}`, status(r), num(r.qualityRatingMean), num(r.qualityRatingMedian), num(r.consensusStrength, 3), r.excerpt].join(' | '),
    more: moreText,
    tail: ['', 'SIGNATURE', d.attestation ? `JWS: ${d.attestation.jws}` : 'JWS: -', '', 'HOW TO VERIFY', ...verifyText(d)],
  };
}

// Markdown specials first (so a cell cannot open a link, code span or column), then HTML, so
// inline HTML in a datapoint renders as text; the entities escape-html emits hold no specials.
const mdCell = (s: string): string => escapeHtml(s.replace(/[\r\n]+/g, ' ').replace(/([\\`*_[\]#|])/g, '\\$1'));
// Ids, key ids, roots and digests are shown as code spans, so they copy exactly (a backslash
// escape before `_` would be copied with them); the pattern admits no backtick or markup.
const mdValue = (s: string): string => (/^[A-Za-z0-9_:.\-]+$/.test(s) ? `\`${s}\`` : mdCell(s));

function md(d: ExportData): Readable {
  return {
    head: ['# Assay Proof Report', '', ...summaryLines(d).map(([k, v]) => `- **${k}:** ${mdValue(v)}`), '', '## Datapoints', '',
      '| datapoint | source | status | mean | median | strength | excerpt |', '|---|---|---|---|---|---|---|'],
    row: (r) => `| ${[r.datapointId, `${r.sourceFile}:${r.sourceRow}`, status(r), num(r.qualityRatingMean), num(r.qualityRatingMedian), num(r.consensusStrength, 3), r.excerpt].map(mdCell).join(' | ')} |`,
    more: (n) => `\n${moreText(n)}`,
    tail: ['', '## Signature', '', d.attestation ? '```\n' + d.attestation.jws + '\n```' : 'No signature.', '', '## How to verify', '', ...verifyText(d).map(mdCell)],
  };
}

const h = (s: string) => escapeHtml(s);

function html(d: ExportData): Readable {
  return {
    head: [
      '<!doctype html>', '<html lang="en"><head><meta charset="utf-8">',
      // No script may run in a downloaded report, whatever a datapoint contains.
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
      `<title>Assay Proof Report ${h(d.projectId)}</title>`,
      '<style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}code{word-break:break-all}</style>',
      '</head><body>', '<h1>Assay Proof Report</h1>', '<dl>',
      ...summaryLines(d).map(([k, v]) => `<dt>${h(k)}</dt><dd>${h(v)}</dd>`), '</dl>',
      '<h2>Datapoints</h2>', '<table><thead><tr><th>datapoint</th><th>source</th><th>status</th><th>mean</th><th>median</th><th>strength</th><th>excerpt</th></tr></thead><tbody>',
    ],
    row: (r) => `<tr>${[r.datapointId, `${r.sourceFile}:${r.sourceRow}`, status(r), num(r.qualityRatingMean), num(r.qualityRatingMedian), num(r.consensusStrength, 3), r.excerpt].map((c) => `<td>${h(c)}</td>`).join('')}</tr>`,
    more: (n) => `</tbody></table><p>${h(moreText(n))}</p><table><tbody>`,
    tail: ['</tbody></table>', '<h2>Signature</h2>', `<p><code>${h(d.attestation?.jws ?? '-')}</code></p>`, '<h2>How to verify</h2>',
      ...verifyText(d).map((l) => `<p>${h(l)}</p>`), '</body></html>'],
  };
}

async function writeReadable(r: Readable, rows: AsyncIterable<ExportRow[]>, sink: Sink): Promise<void> {
  sink.write(r.head.join('\n') + '\n');
  let n = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      if (n++ < READABLE_TABLE_LIMIT) sink.write(r.row(row) + '\n');
    }
  }
  if (n > READABLE_TABLE_LIMIT) sink.write(r.more(n - READABLE_TABLE_LIMIT) + '\n');
  sink.write(r.tail.join('\n') + '\n');
}

function attestationDocument(d: ExportData): Record<string, unknown> {
  return {
    schema: 'assay.attestation/v1',
    projectId: d.projectId,
    coverage: d.coverage,
    ...(d.attestation
      ? { reportId: d.attestation.reportId, issuedAt: d.attestation.issuedAt, attestationRoot: d.attestation.attestationRoot, signingKeyId: d.attestation.signingKeyId, jwks: d.jwksUrl, payload: d.attestation.payload, jws: d.attestation.jws }
      : { attestation: null, reason: d.attestationNote }),
  };
}

/** Collects a readable rendering into one string (for the zip and the attestation Markdown). */
async function collect(r: Readable, rows: AsyncIterable<ExportRow[]>): Promise<string> {
  const parts: string[] = [];
  await writeReadable(r, rows, { write: (c) => parts.push(typeof c === 'string' ? c : Buffer.from(c).toString('utf8')) });
  return parts.join('');
}

function attestationMd(d: ExportData): string {
  return ['', '## Signed attestation', '', '```json', JSON.stringify(attestationDocument(d), null, 2), '```', ''].join('\n');
}

export async function renderExport(format: ExportFormat, d: ExportData, rows: AsyncIterable<ExportRow[]>, sink: Sink): Promise<void> {
  switch (format) {
    case 'csv': {
      sink.write(CSV_HEADER.join(',') + '\r\n');
      for await (const batch of rows) sink.write(batch.map((r) => csvRow(r) + '\r\n').join(''));
      return;
    }
    case 'json': {
      const { attestation, ...rest } = d;
      sink.write(`{"report":${JSON.stringify({ ...rest, attestation })},"datapoints":[`);
      let first = true;
      for await (const batch of rows) {
        for (const r of batch) {
          sink.write((first ? '' : ',') + JSON.stringify(r));
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
      return writeReadable(txt(d), rows, sink);
    case 'verifiable_html':
      return writeReadable(html(d), rows, sink);
    case 'report_md':
      return writeReadable(md(d), rows, sink);
    case 'report_attestation_md':
      await writeReadable(md(d), rows, sink);
      sink.write(attestationMd(d));
      return;
    case 'report_attestation_zip': {
      const report = await collect(md(d), rows);
      const base = `assay-report-${d.projectId}-${d.date}`;
      sink.write(zipSync({
        [`${base}.md`]: strToU8(report),
        [`${base}.attestation.json`]: strToU8(JSON.stringify(attestationDocument(d), null, 2) + '\n'),
      }));
      return;
    }
  }
}
