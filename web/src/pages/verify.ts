// How to verify a project's Proof Report offline: the same guide the readable exports carry
// (src/domain/verification-guide.ts), with the report and the key set a click away.
import { h, link, saveFile } from '../dom.ts';
import { action, api, ok, prepared } from '../api.ts';
import type { PageContext } from '../main.ts';
import { verificationGuide, type GuideBlock } from '../../../src/domain/verification-guide.ts';
import python from '../../../verify/verify_report.py';
import shell from '../../../verify/verify_report.sh';

function render(b: GuideBlock): HTMLElement {
  switch (b.kind) {
    case 'h':
      return h('h2', {}, b.text);
    case 'p':
      return h('p', {}, b.text);
    case 'list':
      return h(
        'ul',
        {},
        b.items.map((i) => h('li', {}, i)),
      );
    case 'code': {
      const pre = h('pre', { class: 'code', tabindex: '0' }, h('code', {}, b.text));
      if (!b.file) return pre;
      const save = h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => saveFile(b.file!, b.text, 'text/plain') },
        `Save ${b.file}`,
      );
      return h(
        'details',
        { class: 'script' },
        h('summary', {}, `${b.file} (${b.text.split('\n').length} lines)`),
        h('div', { class: 'links' }, save),
        pre,
      );
    }
    case 'table':
      return h(
        'div',
        { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Checks' },
        h(
          'table',
          { class: 'list' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              b.head.map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          h(
            'tbody',
            {},
            b.rows.map((r) =>
              h(
                'tr',
                {},
                r.map((c) => h('td', {}, c)),
              ),
            ),
          ),
        ),
      );
  }
}

export async function verifyPage(ctx: PageContext): Promise<void> {
  const projectId = ctx.params[0]!;
  const path = { projectId };
  const o = await ok(api.GET('/originator/projects/{projectId}', { params: { path } }));
  const jwksUrl = `${location.origin}/.well-known/jwks.json`;
  ctx.main.append(
    ctx.heading(`Verify the Proof Report of ${o.project.name}`),
    h('p', {}, link(`/app/org/projects/${encodeURIComponent(projectId)}`, {}, 'Back to the project')),
  );
  const status = h('p', { role: 'status', class: 'result' });
  const files = h(
    'section',
    { class: 'card', 'aria-labelledby': 'files-title' },
    h('h2', { id: 'files-title' }, 'The two files you need'),
  );
  if (o.proofReportReady) {
    const get = h('button', { type: 'button' }, 'Download report.json');
    get.addEventListener('click', () =>
      action(get, status, async () => {
        const r = await prepared(
          () => ok(api.GET('/originator/projects/{projectId}/proof-report', { params: { path } })),
          () => {
            status.textContent = 'The Proof Report is being built and signed; it downloads as soon as it is ready…';
          },
        );
        saveFile('report.json', JSON.stringify(r, null, 2) + '\n');
        return `Saved ${r.reportId} as report.json.`;
      }),
    );
    files.append(
      h(
        'div',
        { class: 'links' },
        get,
        h('a', { class: 'button secondary', href: jwksUrl, download: 'jwks.json' }, 'Download jwks.json'),
      ),
      status,
    );
  } else {
    files.append(
      h(
        'p',
        {},
        'This project’s report is not signed yet: it is, once every datapoint is terminal. ' +
          'The steps below apply then.',
      ),
    );
  }
  ctx.main.append(
    files,
    h(
      'section',
      { class: 'guide' },
      verificationGuide({ jwksUrl, projectId, jws: null, scripts: { python, shell } }).map(render),
    ),
  );
}
