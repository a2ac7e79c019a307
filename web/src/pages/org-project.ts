// One project, for its originators: status, coverage, contested share, Auto Consensus, the
// charts, its reliability (alpha with its interval, from the signed report), the validators'
// quality cards, the Proof Report (with how to verify it), the exports and the latest ingest runs.
import { h, link, replace, saveFile } from '../dom.ts';
import { action, api, ApiFailure, ok, prepared, type Schemas } from '../api.ts';
import type { PageContext } from '../main.ts';
import { projectCharts } from '../charts.ts';
import { autoConsensusText, contestedText, coverageText, statusBadge } from './project-facts.ts';
import { validatorQualitySection } from './validator-quality.ts';
import { reliabilitySection } from './reliability.ts';
import { invitesSection } from './org-invites.ts';

const EXPORTS: [Schemas['ReportFormat'], string][] = [
  ['verifiable_html', 'Readable report (HTML) with charts and verification steps'],
  ['report_md', 'Report (Markdown)'],
  ['verifiable_txt', 'Report (plain text)'],
  ['report_attestation_zip', 'Report, attestation and charts (zip)'],
  ['report_attestation_md', 'Report with attestation (Markdown)'],
  ['attestation_yaml', 'Attestation (YAML)'],
  ['csv', 'Datapoints (CSV)'],
  ['json', 'Report and datapoints (JSON)'],
  ['intoto_dsse', 'in-toto attestation (DSSE envelope)'],
  ['croissant', 'Croissant metadata (JSON-LD)'],
  ['votes_csv', 'Every vote, under pseudonyms (CSV): the data of the signed statistics'],
  ['votes_jsonl', 'The committed votes and results leaves (JSON lines): recompute every figure'],
];

export async function orgProjectPage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  let o: Schemas['ProjectOverview'];
  try {
    o = await ok(api.GET('/originator/projects/{projectId}', { params: { path: { projectId } } }));
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
  ctx.main.append(
    ctx.heading(p.name, ' ', statusBadge(p, o.coverage)),
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

  // The headline result, once every datapoint is terminal.
  if (o.result) {
    ctx.main.append(
      h(
        'section',
        { class: 'card result-card', 'aria-labelledby': 'result-title' },
        h('h2', { id: 'result-title' }, 'Result'),
        h(
          'p',
          { class: 'headline' },
          h('strong', {}, `Quality rating ${o.result.qualityRating} / 100`),
          ' · ',
          `consensus strength ${o.result.consensusStrength} / 100`,
          o.contested > 0 ? ` · ${contestedText(o.contested, o.coverage.datapointsFinalized)} contested` : '',
        ),
      ),
    );
  }
  ctx.main.append(
    h(
      'p',
      { class: 'links' },
      link(
        `/app/org/projects/${encodeURIComponent(p.id)}/datapoints`,
        { class: 'button' },
        'Datapoints, votes and decisions',
      ),
    ),
  );

  // Controls: the same changes as the developer API's PATCH, through the session.
  const controlStatus = h('p', { role: 'status', class: 'result' });
  const control = (label: string, body: Schemas['UpdateProjectRequest'], said: string) => {
    const b = h('button', { type: 'button', class: 'secondary' }, label);
    b.addEventListener('click', () =>
      action(b, controlStatus, async () => {
        await ok(api.PATCH('/originator/projects/{projectId}', { params: { path: { projectId } }, body }));
        ctx.navigate(location.pathname, { replace: true, flash: said });
      }),
    );
    return b;
  };
  ctx.main.append(
    h(
      'section',
      { class: 'card controls', 'aria-labelledby': 'controls-title' },
      h('h2', { id: 'controls-title' }, 'Controls'),
      ctx.flash ? h('p', { role: 'status', class: 'notice' }, ctx.flash) : null,
      h(
        'div',
        { class: 'actions' },
        p.paused
          ? control('Resume rating', { paused: false }, 'The project is resumed.')
          : control('Pause rating', { paused: true }, 'The project is paused: nothing can be claimed or rated.'),
        p.archived
          ? control('Unarchive', { archived: false }, 'The project is unarchived.')
          : control('Archive', { archived: true }, 'The project is archived.'),
        p.autoConsensus
          ? control('Turn Auto Consensus off', { autoConsensus: false }, 'Auto Consensus is off.')
          : control(
              'Turn Auto Consensus on',
              { autoConsensus: true },
              'Auto Consensus is on: synthetic votes fill the open validations (reports become test-contaminated).',
            ),
      ),
      controlStatus,
    ),
  );

  ctx.main.append(await invitesSection(p.id, o.classes));

  // Proof Report and exports.
  const reportStatus = h('p', { role: 'status', class: 'result' });
  const reportBox = h(
    'section',
    { class: 'card', 'aria-labelledby': 'report-title' },
    h('h2', { id: 'report-title' }, 'Proof Report'),
  );
  if (o.proofReportReady) {
    const get = h('button', { type: 'button' }, 'Download the signed Proof Report');
    get.addEventListener('click', () =>
      action(get, reportStatus, async () => {
        const r = await prepared(
          () => ok(api.GET('/originator/projects/{projectId}/proof-report', { params: { path: { projectId } } })),
          () =>
            replace(reportStatus, 'The Proof Report is being built and signed; it downloads as soon as it is ready…'),
        );
        saveFile(`${r.reportId}.json`, JSON.stringify(r, null, 2) + '\n');
        return (
          `${r.reportId}: quality rating ${r.qualityRating} / 100, consensus strength ${r.consensusStrength} / ` +
          `100. Saved as ${r.reportId}.json.`
        );
      }),
    );
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
      b.addEventListener('click', () =>
        action(
          b,
          exportStatus,
          async () => {
            replace(exportStatus, 'Preparing the export…');
            const e = await prepared(
              () =>
                ok(
                  api.GET('/originator/projects/{projectId}/report', {
                    params: { path: { projectId }, query: { format } },
                  }),
                ),
              () =>
                replace(
                  exportStatus,
                  'Preparing the export (a large project takes a while); the download starts as soon as it is ready…',
                ),
            );
            location.assign(e.url);
            return (
              `${e.filename} is ready${e.coverage.partial ? ' (partial coverage)' : ''}; the download starts ` +
              `now (its link works for a few minutes).`
            );
          },
          (err) =>
            err.code === 'report_not_ready' ? 'Nothing is finalized yet, so there is nothing to export.' : null,
        ),
      );
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

  ctx.main.append(
    h('h2', { class: 'section' }, 'Quality'),
    reliabilitySection(p.id, o.proofReportReady),
    h('div', { class: 'grid charts' }, projectCharts(o)),
  );
  ctx.main.append(await validatorQualitySection(p.id));

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
