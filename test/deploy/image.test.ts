// The OCI image, built here (deploy/image/build.sh: mmdebstrap + buildah) and run with podman
// against the test Postgres and S3: `migrate` on an empty database, `serve` and `worker` until
// /readyz answers, a project created and a file ingested through the API (the worker's job),
// the web app's prebuilt bundle served, then `podman stop`: both drain and exit 0.
// ASSAY_TEST_IMAGE names an image already built (to iterate without rebuilding); otherwise the
// image of this tree's content is built once (test/deploy/images.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { inject } from 'vitest';
import { freePort } from '../../src/dev/stack.ts';
import { addMember, createApiKey, createOrganization, createUser } from '../../src/admin/admin.ts';
import { createSql } from '../../src/db/client.ts';
import { call, type TestApp } from '../helpers/app.ts';
import { ingest } from '../helpers/uploads.ts';
import { TEST_SECRETS_KEY } from '../helpers/config.ts';
import { until } from '../helpers/wait.ts';
import { appImage } from './images.ts';

const run = promisify(execFile);
const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const tools = ['podman', 'buildah', 'mmdebstrap', 'runc'];
const missing = tools.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
// In CI the suite always runs (and fails where a tool is missing); elsewhere it may be skipped.
const skip = !ci && missing.length > 0;
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;
const env = { ...process.env, CONTAINERS_CONF: fileURLToPath(new URL('./containers.conf', import.meta.url)) };
const podman = (args: string[]) => run('podman', args, { env, maxBuffer: 64 * 1024 * 1024 });

describe.skipIf(skip)(
  `the image with podman${skip ? ` — SKIPPED: ${missing.join(', ')} not installed` : ''}`,
  { timeout: 900_000 },
  () => {
    let image: string;
    const suffix = randomBytes(4).toString('hex');
    const name = `assay_image_${suffix}`;
    const containers = [`assay-serve-${suffix}`, `assay-worker-${suffix}`];
    let admin: postgres.Sql;
    let databaseUrl: string;

    beforeAll(async () => {
      // Built once per content (test/deploy/images.ts), shared with the compose test.
      image = await appImage();
      admin = postgres(inject('adminUrl'), { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const u = new URL(inject('adminUrl'));
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    }, 900_000);
    afterAll(async () => {
      await podman(['rm', '-f', '-t', '0', ...containers]).catch(() => {});
      await admin?.unsafe(`drop database if exists ${name} with (force)`);
      await admin?.end({ timeout: 5 });
    });

    it('migrates, serves, works, answers the API and drains on podman stop', async () => {
      const [{ stdout: size }, { stdout: config }] = await Promise.all([
        podman(['image', 'inspect', '--format', '{{.Size}}', image]),
        podman(['image', 'inspect', '--format', '{{json .Config}}', image]),
      ]);
      console.log(`image ${image}: ${(Number(size) / 1e6).toFixed(0)} MB`);
      const cfg = JSON.parse(config) as {
        User: string;
        Entrypoint: string[];
        Env: string[];
        Labels: Record<string, string>;
      };
      expect(cfg.User).toBe('10001:10001');
      expect(cfg.Entrypoint).toEqual(['/usr/bin/tini', '--', '/usr/local/bin/assay']);
      expect(cfg.Env).toContain('HOST=0.0.0.0');
      expect(cfg.Labels['org.opencontainers.image.version']).toBe(version);

      const s3 = inject('s3');
      const [port, workerPort] = [await freePort(), await freePort()];
      const common = [
        '--network=host',
        ...Object.entries({
          DATABASE_URL: databaseUrl,
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          SECRETS_KEY: TEST_SECRETS_KEY,
          MAIL_MODE: 'log',
          PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
          WEBHOOK_RECEIVERS: 'loopback',
          HOST: '127.0.0.1',
          PORT: String(port),
          WORKER_PORT: String(workerPort),
        }).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      ];
      const migrated = await podman(['run', '--rm', ...common, image, 'migrate']);
      expect(migrated.stdout).toMatch(/assay migrate: applied \d+ migration\(s\)/);

      const sql = createSql(databaseUrl, { max: 1 });
      let key: string;
      try {
        const org = await createOrganization(sql, { name: 'Image', code: `IMG${suffix.toUpperCase()}` });
        const user = await createUser(sql, { email: `owner-${suffix}@example.com`, subject: `test|img-${suffix}` });
        await addMember(sql, { orgId: org.id, userId: user.id, originator: true });
        key = (await createApiKey(sql, { orgId: org.id, userId: user.id })).key;
      } finally {
        await sql.end({ timeout: 5 });
      }

      await podman(['run', '-d', '--name', containers[0]!, ...common, image, 'serve']);
      await podman(['run', '-d', '--name', containers[1]!, ...common, image, 'worker']);
      const ready = async (url: string) =>
        until(
          () =>
            fetch(url).then(
              (r) => r.status,
              () => 0,
            ),
          (status) => status === 200,
          120_000,
        );
      await ready(`http://127.0.0.1:${port}/readyz`);
      await ready(`http://127.0.0.1:${workerPort}/readyz`);

      const app = { url: `http://127.0.0.1:${port}`, orgA: { originatorKey: key } } as TestApp;
      const created = await call(app, 'createProject', {
        body: {
          name: 'From the image',
          spec: {
            version: '1.0.0',
            dataset: { format: 'csv', idField: 'id' },
            validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
          },
        },
      });
      expect(created.status).toBe(201);
      const { status } = await ingest(app, created.body.projectId, { 'a.csv': 'id,text\n1,one\n2,two\n' });
      expect(status.run.status).toBe('ok');
      expect(status.run.datapointsPersisted).toBe(2);
      // The web app from the bundle built into the image (no esbuild at run time).
      const shell = await fetch(`${app.url}/app/`);
      expect(shell.status).toBe(200);
      const script = /src="(\/app\/assets\/app-[^"]+\.js)"/.exec(await shell.text())?.[1];
      expect(script).toBeTruthy();
      expect((await fetch(`${app.url}${script}`)).status).toBe(200);

      // Both scrape: the server counted the request, the worker the ingest job.
      expect(await (await fetch(`${app.url}/metrics`)).text()).toMatch(
        /assay_http_requests_total\{operation="createProject",status="201"\} 1/,
      );
      expect(await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text()).toMatch(
        /assay_jobs_total\{task="ingest",outcome="success"\} 1/,
      );

      await podman(['stop', '-t', '30', ...containers]);
      for (const c of containers) {
        const { stdout: code } = await podman(['inspect', '--format', '{{.State.ExitCode}}', c]);
        const { stdout: logs } = await podman(['logs', c]);
        expect(Number(code), logs).toBe(0);
        expect(logs).toContain('shutdown signal received; draining');
        expect(logs).toContain('drained; exiting');
      }
    });
  },
);
