// One project, for its originators: status, coverage, contested share, Auto Consensus, the
// charts, the Proof Report (with how to verify it), the exports and the latest ingest runs.
import { h, link, replace } from '../dom.ts';
import { api, apiPrepared, ApiFailure, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';
import { projectCharts } from '../charts.ts';
import { autoConsensusText, contestedText, coverageText, statusBadge } from './project-facts.ts';

const EXPORTS: [Schemas['ReportFormat'], string][] = [
  ['verifiable_html', 'Readable report (HTML) with charts and verification steps'],
  ['report_md', 'Report (Markdown)'],
  ['verifiable_txt', 'Report (plain text)'],
  ['report_attestation_zip', 'Report, attestation and charts (zip)'],
  ['report_attestation_md', 'Report with attestation (Markdown)'],
  ['attestation_yaml', 'Attestation (YAML)'],
  ['csv', 'Datapoints (CSV)'],
  ['json', 'Report and datapoints (JSON)'],
];

/** Saves text as a file through a temporary object URL (no server round trip). */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function orgProjectPage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  let o: Schemas['ProjectOverview'];
  try {
    o = await api<Schemas['ProjectOverview']>('GET', `/originator/projects/${encodeURIComponent(projectId)}`);
  } catch (err) {
    if (err instanceof ApiFailure && err.code === 'project_not_found') {
      ctx.main.append(
        ctx.heading('Project not found'),
        h('p', { role: 'alert' }, err.message),
        h('p', {}, link('/app/org', {}, 'Back to the organization’s projects')),
      );
      return;
    }
    throw err;
  }
  const p = o.project;
  const base = `/originator/projects/${encodeURIComponent(p.id)}`;
  ctx.main.append(
    ctx.heading(p.name, ' ', statusBadge(p)),
    h(
      'p',
      { class: 'note' },
      `${o.organization.name} · created ` +
        `${p.createdAt.slice(0, 10)} · ${p.numValidators} validator${p.numValidators === 1 ? '' : 's'} per datapoint`,
    ),
    h(
      'dl',
      { class: 'stats card', 'aria-label': 'Progress' },
      h('div', {}, h('dt', {}, 'Coverage (finalized / total)'), h('dd', { id: 'coverage' }, coverageText(o.coverage))),
      h(
        'div',
        {},
        h('dt', {}, 'Contested'),
        h('dd', { id: 'contested' }, contestedText(o.contested, o.coverage.datapointsFinalized)),
      ),
      h('div', {}, h('dt', {}, 'Auto Consensus'), h('dd', {}, autoConsensusText(p))),
    ),
  );

  // Proof Report and exports.
  const reportStatus = h('p', { role: 'status', class: 'result' });
  const reportBox = h(
    'section',
    { class: 'card', 'aria-labelledby': 'report-title' },
    h('h2', { id: 'report-title' }, 'Proof Report'),
  );
  if (o.proofReportReady) {
    const get = h('button', { type: 'button' }, 'Download the signed Proof Report');
    get.addEventListener('click', async () => {
      get.disabled = true;
      try {
        const r = await apiPrepared<Schemas['ProofReport']>(`${base}/proof-report`, () =>
          replace(reportStatus, 'The Proof Report is being built and signed; it downloads as soon as it is ready…'),
        );
        saveFile(`${r.reportId}.json`, JSON.stringify(r, null, 2) + '\n');
        replace(
          reportStatus,
          `${r.reportId}: quality rating ` +
            `${r.qualityRating} / 100, consensus strength ${r.consensusStrength} / 100. Saved as ${r.reportId}.json.`,
        );
      } catch (err) {
        replace(reportStatus, err instanceof Error ? err.message : String(err));
      } finally {
        get.disabled = false;
      }
    });
    reportBox.append(
      h('p', {}, 'Every datapoint is terminal: the project’s figures are signed and anyone can verify them offline.'),
      h(
        'div',
        { class: 'links' },
        get,
        link(`/app/org/projects/${encodeURIComponent(p.id)}/verify`, { class: 'button secondary' }, 'How to verify it'),
      ),
      reportStatus,
    );
  } else {
    reportBox.append(
      h('p', {}, `The Proof Report is signed once every datapoint is terminal (${coverageText(o.coverage)} so far).`),
      h('p', {}, link(`/app/org/projects/${encodeURIComponent(p.id)}/verify`, {}, 'How a Proof Report is verified')),
    );
  }
  const exportStatus = h('p', { role: 'status', class: 'result' });
  const exportList = h(
    'ul',
    { class: 'exports' },
    EXPORTS.map(([format, label]) => {
      const b = h('button', { type: 'button', class: 'secondary', 'data-format': format }, label);
      b.addEventListener('click', async () => {
        b.disabled = true;
        replace(exportStatus, 'Preparing the export…');
        try {
          const e = await apiPrepared<Schemas['ReportExport']>(`${base}/report?format=${format}`, () =>
            replace(
              exportStatus,
              'Preparing the export (a large project takes a while); the download starts as soon as it is ready…',
            ),
          );
          replace(
            exportStatus,
            `${e.filename} is ready${e.coverage.partial ? ' (partial coverage)' : ''}; the download starts now (its ` +
              `link works for a few minutes).`,
          );
          location.assign(e.url);
        } catch (err) {
          replace(
            exportStatus,
            err instanceof ApiFailure && err.code === 'report_not_ready'
              ? 'Nothing is finalized yet, so there is nothing to export.'
              : err instanceof Error
                ? err.message
                : String(err),
          );
        } finally {
          b.disabled = false;
        }
      });
      return h('li', {}, b);
    }),
  );
  const exportBox = h(
    'section',
    { class: 'card', 'aria-labelledby': 'exports-title' },
    h('h2', { id: 'exports-title' }, 'Exports'),
    h('p', { class: 'note' }, 'Rendered from the same figures; partial coverage is allowed and flagged.'),
    exportList,
    exportStatus,
  );
  ctx.main.append(h('div', { class: 'grid' }, reportBox, exportBox));

  ctx.main.append(h('h2', { class: 'section' }, 'Quality'), h('div', { class: 'grid charts' }, projectCharts(o)));

  ctx.main.append(h('h2', { class: 'section' }, 'Ingest runs'));
  if (o.ingestRuns.length === 0) {
    ctx.main.append(h('p', {}, 'No data has been ingested yet.'));
  } else {
    ctx.main.append(
      h(
        'div',
        { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Ingest runs' },
        h(
          'table',
          { class: 'list' },
          h(
            'caption',
            { class: 'note' },
            `The latest ${o.ingestRuns.length === 1 ? 'run' : `${o.ingestRuns.length} runs`}, newest first.`,
          ),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Started (UTC)', 'Status', 'Rows read', 'Datapoints', 'Validations', 'Finished'].map((c) =>
                h('th', { scope: 'col' }, c),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            o.ingestRuns.map((r) =>
              h(
                'tr',
                {},
                h('td', {}, r.startedAt.slice(0, 19).replace('T', ' ')),
                h(
                  'td',
                  {},
                  r.status === 'running' ? `running (${r.phase.replace('_', ' ')})` : r.status,
                  r.dryRun ? ' · dry run' : '',
                  r.errorMessage ? h('div', { class: 'error' }, r.errorMessage) : null,
                ),
                h('td', {}, r.rowCount.toLocaleString('en')),
                h('td', {}, r.datapointsPersisted.toLocaleString('en')),
                h('td', {}, r.validationsCreated.toLocaleString('en')),
                h('td', {}, r.finishedAt ? r.finishedAt.slice(0, 19).replace('T', ' ') : '–'),
              ),
            ),
          ),
        ),
      ),
    );
  }
}
