// Report exports: every format is stored in the bucket and downloads through its presigned URL
// without auth, with the readings' content type and filename, and parses as its type; user text
// (project name, source paths, datapoint content) never becomes markup.
import { appendContentFieldOrder } from '../../src/db/projects.ts';
import { csvCell } from '../../src/domain/export-formats.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { unzipSync, strFromU8 } from 'fflate';
import { call, raw, startTestApp, type TestApp } from '../helpers/app.ts';
import { addDatapoints, finalize } from '../helpers/reports.ts';
import * as fx from '../helpers/fixtures.ts';
import { generateSigningKeyPem } from '../../src/domain/signing.ts';
import { verifyReport } from '../../src/cli/verify.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RATING_BIN_LABELS, ratingBin, strengthBin } from '../../src/domain/distributions.ts';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>|**bold**';
const FORMATS = [
  ['json', 'application/json', 'json'],
  ['csv', 'text/csv', 'csv'],
  ['attestation_yaml', 'application/yaml', 'yaml'],
  ['verifiable_txt', 'text/plain', 'txt'],
  ['verifiable_html', 'text/html', 'html'],
  ['report_md', 'text/markdown', 'md'],
  ['report_attestation_md', 'text/markdown', 'md'],
  ['report_attestation_zip', 'application/zip', 'zip'],
] as const;

let app: TestApp;
let complete: string;
let partial: string;
beforeAll(async () => {
  app = await startTestApp({ worker: { taskSets: ['reports'] }, config: { signingKey: generateSigningKeyPem() } });
  const mk = async (name: string) =>
    (
      await call(app, 'createProject', {
        body: {
          name,
          spec: {
            version: '1.0.0',
            dataset: { format: 'csv', idField: 'id' },
            validation: { validatorsPerDatapoint: 3, instructions: 'Rate.' },
          },
        },
      })
    ).body.projectId as string;
  complete = await mk(`Complete ${HOSTILE}`);
  const ids = await addDatapoints(app.sql, complete, 5, (i) => ({ id: String(i), text: `${HOSTILE} row ${i}` }));
  await fx.setSourceFile(app.sql, complete, '=cmd|' + HOSTILE + '.csv');
  // The source's field order, as an ingest run records it (text before id: not jsonb's order).
  await appendContentFieldOrder(app.sql, complete, ['text', 'id']);
  await finalize(app.sql, complete, ids);
  partial = await mk('Partial');
  const pids = await addDatapoints(app.sql, partial, 4);
  await finalize(app.sql, partial, pids.slice(0, 3));
});
afterAll(async () => {
  await app?.close();
});

async function download(projectId: string, format: string) {
  const res = await call(app, 'getReportExport', { params: { projectId }, query: { format } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A presigned GET carries its own credentials: no Authorization header.
  const file = await fetch(res.body.url);
  expect(file.status).toBe(200);
  return {
    meta: res.body,
    type: file.headers.get('content-type'),
    disposition: file.headers.get('content-disposition'),
    bytes: Buffer.from(await file.arrayBuffer()),
  };
}

describe('GET /projects/{projectId}/report', () => {
  it.each(FORMATS)('%s downloads without auth as %s', async (format, contentType, ext) => {
    const { meta, type, disposition } = await download(complete, format);
    const date = new Date().toISOString().slice(0, 10);
    expect(meta).toMatchObject({
      format,
      contentType,
      filename: `assay-report-${complete}-${date}.${ext}`,
      coverage: { datapointsFinalized: 5, datapointsTotal: 5, partial: false },
    });
    expect(type).toBe(contentType);
    expect(disposition).toContain(meta.filename);
    const ttl = new Date(meta.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(new URL(meta.url).pathname).toContain(`/reports/`);
    expect(new URL(meta.url).pathname).toContain(complete);
  });

  it('parses each format and carries the signed attestation', async () => {
    const report = (await call(app, 'getProofReport', { params: { projectId: complete } })).body;
    const jwks = JSON.stringify((await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body);

    const json = JSON.parse((await download(complete, 'json')).bytes.toString());
    expect(json.report).toMatchObject({
      projectId: complete,
      coverage: { partial: false },
      qualityRating: report.qualityRating,
      attestation: { reportId: report.reportId, jws: report.jws },
    });
    expect(json.datapoints).toHaveLength(5);
    expect(json.datapoints[0]).toMatchObject({
      datapointId: expect.any(String),
      consensusDecisionId: expect.any(String),
    });

    const csv = (await download(complete, 'csv')).bytes.toString().split('\r\n');
    expect(csv[0]).toBe(
      'datapoint_id,source_file,source_row,status,consensus_decision_id,' +
        'quality_rating_mean,quality_rating_median,consensus_strength,contested,source_id,content.text,content.id',
    );
    expect(csv.filter(Boolean)).toHaveLength(6);
    // The dataset's id field and the content, in the source's field order, end each row.
    const firstId = json.datapoints[0].content.id as string;
    expect(csv[1].endsWith(`,${firstId},${csvCell(json.datapoints[0].content.text)},${firstId}`)).toBe(true);
    // A cell that a spreadsheet would run as a formula is defused.
    expect(csv[1].split(',')[1]).toMatch(/^"?'=cmd/);

    const yaml = parseYaml((await download(complete, 'attestation_yaml')).bytes.toString());
    expect(yaml).toMatchObject({
      reportId: report.reportId,
      attestationRoot: report.attestationRoot,
      jws: report.jws,
      payload: report.payload,
    });
    await expect(verifyReport(JSON.stringify({ jws: yaml.jws, payload: yaml.payload }), jwks)).resolves.toContain(
      report.reportId,
    );

    for (const f of ['verifiable_txt', 'verifiable_html', 'report_md', 'report_attestation_md'] as const) {
      const text = (await download(complete, f)).bytes.toString();
      for (const needle of [
        complete,
        report.attestationRoot,
        report.signingKeyId,
        report.jws,
        '5 of 5',
        'assay verify',
      ])
        expect(text, `${f}: ${needle}`).toContain(needle);
    }
    // Identifiers copy exactly: a key id with `_` or `-` is not backslash-escaped in Markdown.
    expect((await download(complete, 'report_md')).bytes.toString()).toContain(
      `- **Signing key id:** \`${report.signingKeyId}\``,
    );
    const zip = unzipSync(new Uint8Array((await download(complete, 'report_attestation_zip')).bytes));
    const names = Object.keys(zip).sort();
    expect(names).toEqual([
      `assay-report-${complete}-${new Date().toISOString().slice(0, 10)}.attestation.json`,
      `assay-report-${complete}-${new Date().toISOString().slice(0, 10)}.md`,
      'rating-histogram.svg',
      'strength-distribution.svg',
    ]);
    const attestation = JSON.parse(strFromU8(zip[names[0]]));
    expect(attestation.jws).toBe(report.jws);
    expect(strFromU8(zip[names[1]])).toContain('# Assay Proof Report');
  });

  it('renders no markup from user content in HTML or Markdown', async () => {
    const html = (await download(complete, 'verifiable_html')).bytes.toString();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Content-Security-Policy');
    // Exactly the page's own tags: one table body row per datapoint, nothing injected.
    const datapoints = html.slice(
      html.indexOf('<table id="datapoints">'),
      html.indexOf('</table>', html.indexOf('<table id="datapoints">')),
    );
    expect(datapoints.match(/<tr>/g)).toHaveLength(6);
    const md = (await download(complete, 'report_md')).bytes.toString();
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<img');
    expect(md).toContain('\\|\\*\\*bold\\*\\*');
  });

  it('carries the rating and strength distributions as charts (SVG, text bars, figures)', async () => {
    const ratings = Array<number>(10).fill(0);
    const strengths = Array<number>(10).fill(0);
    for (const d of await fx.decisions(app.sql, complete)) {
      ratings[ratingBin(d.quality_rating_mean)]!++;
      strengths[strengthBin(d.consensus_strength)]!++;
    }
    const json = JSON.parse((await download(complete, 'json')).bytes.toString());
    expect(json.report.distributions).toEqual({ ratingHistogram: ratings, strengthHistogram: strengths });
    expect(json.report.verificationScripts).toBeUndefined();

    const html = (await download(complete, 'verifiable_html')).bytes.toString();
    expect(html.match(/<svg [^>]*role="img"/g)).toHaveLength(2);
    expect(html).toContain(`5 in all. ${RATING_BIN_LABELS.map((l, i) => `${l}: ${ratings[i]}`).join('; ')}.`);
    // Self-contained: nothing is loaded from anywhere.
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);

    const txt = (await download(complete, 'verifiable_txt')).bytes.toString();
    expect(txt).toContain('CONSENSUS RATING OF THE FINALIZED DATAPOINTS');
    const zip = unzipSync(new Uint8Array((await download(complete, 'report_attestation_zip')).bytes));
    expect(strFromU8(zip['rating-histogram.svg']!)).toContain('5 in all.');
    expect(strFromU8(zip['strength-distribution.svg']!)).toContain('5 in all.');
    const md = Object.entries(zip).find(([n]) => n.endsWith('.md'))![1];
    expect(strFromU8(md)).toContain('](rating-histogram.svg)');
  });

  it('the HTML export verifies by its own instructions, with nothing but what it carries', async () => {
    const html = (await download(complete, 'verifiable_html')).bytes.toString();
    const unescapeHtml = (t: string) =>
      t
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    const blocks = [...html.matchAll(/<pre class="code" tabindex="0"><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) =>
      unescapeHtml(m[1]!),
    );
    const python = blocks.find((b) => b.startsWith('#!/usr/bin/env python3'))!;
    const shell = blocks.find((b) => b.startsWith('#!/bin/sh'))!;
    const makeReport = blocks.find((b) => b.startsWith('printf \'{"jws"'))!;
    expect([python, shell, makeReport].every(Boolean)).toBe(true);
    // The reader is never sent to a file they do not have (the scripts' own comments aside).
    expect(html.replace(/<pre class="code"[^>]*>[\s\S]*?<\/pre>/g, '')).not.toContain('docs/');
    expect(html).toContain('/.well-known/jwks.json');
    const dir = mkdtempSync(join(tmpdir(), 'assay-html-verify-'));
    try {
      writeFileSync(join(dir, 'verify_report.py'), python);
      writeFileSync(join(dir, 'verify_report.sh'), shell);
      // Step 1 fetches the key set from PUBLIC_BASE_URL, which the test server does not listen on.
      writeFileSync(
        join(dir, 'jwks.json'),
        JSON.stringify((await raw(app, 'GET', '/.well-known/jwks.json', { key: null })).body),
      );
      expect(spawnSync('sh', ['-c', makeReport], { cwd: dir }).status).toBe(0);
      const sh = spawnSync('sh', ['verify_report.sh', 'report.json', 'jwks.json'], { cwd: dir, encoding: 'utf8' });
      expect(sh.stdout + sh.stderr).toMatch(/^OK PR-/);
      const venv = join(process.cwd(), '.venv/verify/bin/python');
      if (existsSync(venv)) {
        const py = spawnSync(venv, ['verify_report.py', 'report.json', 'jwks.json'], { cwd: dir, encoding: 'utf8' });
        expect(py.stdout + py.stderr).toMatch(/^OK PR-/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exports partial coverage, flagged, without a signed attestation', async () => {
    const { meta, bytes } = await download(partial, 'json');
    expect(meta.coverage).toEqual({ datapointsFinalized: 3, datapointsTotal: 4, partial: true });
    const json = JSON.parse(bytes.toString());
    expect(json.report.attestation).toBeNull();
    expect(json.report.attestationNote).toMatch(/partial/);
    expect(json.datapoints.map((d: { consensusDecisionId: string | null }) => d.consensusDecisionId === null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect((await download(partial, 'verifiable_txt')).bytes.toString()).toContain('PARTIAL');
  });

  it('checks format first, then the project, then readiness', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const bad = await call(app, 'getReportExport', { params: { projectId: unknown }, query: { format: 'pdf' } });
    expect([bad.status, bad.body.error.code, bad.body.error.param]).toEqual([400, 'parameter_invalid', 'format']);
    const missingFormat = await call(app, 'getReportExport', { params: { projectId: complete } });
    expect(missingFormat.body.error).toMatchObject({ code: 'parameter_invalid', param: 'format' });
    expect(
      (await call(app, 'getReportExport', { params: { projectId: unknown }, query: { format: 'csv' } })).body.error
        .code,
    ).toBe('project_not_found');
    expect(
      (
        await call(app, 'getReportExport', {
          key: app.orgB.originatorKey,
          params: { projectId: complete },
          query: { format: 'csv' },
        })
      ).body.error.code,
    ).toBe('project_not_found');
    const empty = (
      await call(app, 'createProject', {
        body: {
          name: 'Empty',
          spec: {
            version: '1.0.0',
            dataset: { format: 'csv' },
            validation: { validatorsPerDatapoint: 1, instructions: 'x' },
          },
        },
      })
    ).body.projectId;
    await addDatapoints(app.sql, empty, 2);
    const notReady = await call(app, 'getReportExport', { params: { projectId: empty }, query: { format: 'csv' } });
    expect([notReady.status, notReady.body.error.code]).toEqual([409, 'report_not_ready']);
  });
});
