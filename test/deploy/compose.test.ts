// deploy/compose.yaml started here: with deploy/compose.local.yaml (Postgres and the S3 server
// from images built out of Debian packages and npm, deploy/image/services.sh) and the app image
// (make image), under podman-compose, in a project of its own with its ports on loopback:
// `config` accepts both files; Postgres and S3 come up and pass the file's healthchecks; migrate
// runs once and exits 0; serve and worker answer /readyz; an organization and key made with the
// image's admin CLI; one project created and one CSV ingested through the API (the worker's job),
// then `stop` (both drain and exit 0); then again through PgBouncer (the `pgbouncer` profile, its
// image built from Debian's package, transaction mode): serve and worker recreated on it, one
// project created and ingested through it, PgBouncer's log showing their logins; `down -v`.
// Podman 4.3 cannot wait on `service_healthy` (podman-compose says so and ignores it) and fails
// to start a container whose `--requires` include an exited one-off, so the test brings the
// services up in the order depends_on gives, with --no-deps, and runs the healthchecks itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/dev/stack.ts';
import { developerClient, ok, uploadFiles } from '../../clients/typescript/src/index.ts';
import { appImage, podmanEnv, serviceImages } from './images.ts';

const run = promisify(execFile);
const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const has = (t: string) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0;
const local = resolve(import.meta.dirname, '../../.tools/venv/bin/podman-compose');
const compose = existsSync(local) ? local : 'podman-compose';
const missing = [
  ...['podman', 'buildah', 'mmdebstrap', 'runc'].filter((t) => !has(t)),
  ...(has(compose) ? [] : [compose]),
];
// In CI the suite always runs (and fails where a tool is missing); elsewhere it may be skipped.
const skip = !ci && missing.length > 0;

describe.skipIf(skip)(
  `deploy/compose.yaml started with podman-compose${skip ? ` — SKIPPED: ${missing.join(', ')} not installed` : ''}`,
  { timeout: 1_800_000 },
  () => {
    const project = `assay_compose_${randomBytes(4).toString('hex')}`;
    let dir: string;
    let env: NodeJS.ProcessEnv;
    // Every call names the profile: `down` then removes PgBouncer too, and no other service has one.
    const pc = (args: string[]) =>
      run(
        compose,
        ['-p', project, '-f', 'compose.yaml', '-f', 'compose.local.yaml', '--profile', 'pgbouncer', ...args],
        {
          cwd: dir,
          env,
          maxBuffer: 64 * 1024 * 1024,
        },
      );
    const podman = (args: string[]) => run('podman', args, { env: podmanEnv, maxBuffer: 64 * 1024 * 1024 });
    const container = (service: string) => `${project}_${service}_1`;
    // The compose file's healthcheck of a service, run by podman (no systemd timer runs it here).
    const healthy = (service: string, ms: number) =>
      poll(
        () =>
          podman(['healthcheck', 'run', container(service)]).then(
            () => true,
            () => false,
          ),
        ms,
      );

    beforeAll(async () => {
      const [app, services] = [await appImage(), await serviceImages()];
      dir = mkdtempSync(join(tmpdir(), 'assay-compose-'));
      // The two files as they are, beside the secrets they name (./secrets/), in a directory of
      // this run's own; the secrets readable by the image's user only.
      for (const f of ['compose.yaml', 'compose.local.yaml']) copyFileSync(join('deploy', f), join(dir, f));
      mkdirSync(join(dir, 'secrets'));
      const s3Secret = randomBytes(24).toString('hex');
      const secrets = {
        secrets_key: `${randomBytes(32).toString('base64')}\n`,
        s3_secret: s3Secret,
        'signing_key.pem': generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
      };
      for (const [name, content] of Object.entries(secrets)) {
        const path = join(dir, 'secrets', name);
        writeFileSync(path, content, { mode: 0o600 });
        if (process.getuid?.() === 0) chownSync(path, 10001, 10001);
      }
      const [port, s3Port] = [await freePort(), await freePort()];
      env = {
        ...podmanEnv,
        POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
        S3_SECRET: s3Secret,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        MAIL_MODE: 'log',
        ASSAY_PUBLISH: `127.0.0.1:${port}`,
        S3_PUBLISH: `127.0.0.1:${s3Port}`,
        // Presigned URLs signed for the published port, where this test (the client) reaches S3.
        S3_PUBLIC_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        ASSAY_IMAGE: app,
        ASSAY_POSTGRES_IMAGE: services.postgres,
        ASSAY_S3_IMAGE: services.s3,
        ASSAY_PGBOUNCER_IMAGE: services.pgbouncer,
      };
    }, 1_800_000);

    afterAll(async () => {
      if (env) await pc(['down', '-v', '-t', '5']).catch(() => {});
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('config, up (migrate once, serve, worker), an ingest, stop drains; again through PgBouncer; down', async () => {
      const started = Date.now();
      const { stdout: config } = await pc(['config']);
      expect(config).toContain(env.ASSAY_POSTGRES_IMAGE);
      expect(config).toContain(`127.0.0.1:${env.ASSAY_PUBLISH!.split(':')[1]}:3000`);

      // What `depends_on` says, step by step (see the header): the data services and their healthchecks.
      await pc(['up', '-d', '--no-deps', 'postgres', 's3']);
      for (const service of ['postgres', 's3']) await healthy(service, 120_000);
      // The one-offs: migrate (exit 0, every migration applied) and the bucket check.
      await pc(['up', '-d', '--no-deps', 'migrate', 's3-bucket']);
      const { stdout: codes } = await podman(['wait', container('migrate'), container('s3-bucket')]);
      const { stdout: migrated } = await podman(['logs', container('migrate')]);
      expect(codes.trim().split('\n').map(Number), migrated).toEqual([0, 0]);
      expect(migrated).toMatch(/assay migrate: applied \d+ migration\(s\)/);

      await pc(['up', '-d', '--no-deps', 'serve', 'worker']);
      const base = env.PUBLIC_BASE_URL!;
      const status = (url: string) =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        );
      await poll(async () => (await status(`${base}/readyz`)) === 200, 180_000);
      // The worker's probe port is not published: its own healthcheck asks /readyz inside.
      await healthy('worker', 180_000);

      // An organization, an originator and a key through the image's admin CLI in the serve container.
      const admin = async (...args: string[]) =>
        JSON.parse((await podman(['exec', container('serve'), '/usr/local/bin/assay', 'admin', ...args])).stdout);
      await admin('org', 'create', '--name', 'Compose', '--code', 'COMPOSE');
      await admin('user', 'create', '--subject', 'test|compose', '--email', 'owner@example.com');
      await admin('member', 'add', '--org', 'COMPOSE', '--user', 'owner@example.com', '--originator');
      const { key } = await admin(
        'key',
        'create',
        '--org',
        'COMPOSE',
        '--user',
        'owner@example.com',
        '--name',
        'smoke',
      );

      const api = developerClient({ baseUrl: `${base}/developer/v1`, apiKey: key });
      /** A project created and one CSV ingested (the worker's job) through the API. */
      const projectWithIngest = async (name: string) => {
        const created = await ok(
          api.POST('/projects', {
            body: {
              name,
              spec: {
                version: '1.0.0',
                dataset: { format: 'csv', idField: 'id' },
                validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
              },
            },
          }),
        );
        const { status: upload } = await uploadFiles(
          api,
          created.projectId,
          [{ relPath: 'a.csv', content: 'id,text\n1,one\n2,two\n' }],
          { timeoutMs: 120_000 },
        );
        expect(upload.run?.status).toBe('ok');
        expect(upload.run?.datapointsPersisted).toBe(2);
        return created.projectId;
      };
      /** `stop`: serve and worker drain and exit 0. */
      const stopDrains = async () => {
        await pc(['stop', '-t', '30', 'serve', 'worker']);
        for (const service of ['serve', 'worker']) {
          const { stdout: code } = await podman(['inspect', '--format', '{{.State.ExitCode}}', container(service)]);
          const { stdout: logs } = await podman(['logs', container(service)]);
          expect(Number(code), logs).toBe(0);
          expect(logs).toContain('drained; exiting');
        }
      };
      const first = await projectWithIngest('From compose');
      await stopDrains();

      // The PgBouncer profile, as compose.yaml's header says (its 1.18 keeps no prepared statements
      // in transaction mode: compose.local.yaml's header). serve and worker are recreated on it.
      Object.assign(env, {
        ASSAY_DB_HOST: 'pgbouncer',
        ASSAY_DB_PORT: '6432',
        ASSAY_DB_POOL_MODE: 'transaction',
        ASSAY_DB_PREPARED_STATEMENTS: 'false',
      });
      await pc(['up', '-d', '--no-deps', 'pgbouncer']);
      await pc(['up', '-d', '--no-deps', '--force-recreate', 'serve', 'worker']);
      const { stdout: serveEnv } = await podman(['exec', container('serve'), '/bin/sh', '-c', 'echo $DATABASE_URL']);
      expect(serveEnv).toContain('@pgbouncer:6432/assay');
      await poll(async () => (await status(`${base}/readyz`)) === 200, 180_000);
      await healthy('worker', 180_000);
      // The first stack's project is there (same database), and a new one is ingested through PgBouncer.
      const listed = await ok(api.GET('/projects', {}));
      expect((listed.data ?? []).map((p) => p.id)).toContain(first);
      await projectWithIngest('Through PgBouncer');
      const bouncerLogs = await podman(['logs', container('pgbouncer')]);
      expect(bouncerLogs.stdout + bouncerLogs.stderr).toMatch(/login attempt: db=assay user=assay/);
      await stopDrains();

      await pc(['down', '-v', '-t', '5']);
      const { stdout: left } = await podman([
        'ps',
        '-a',
        '--filter',
        `label=io.podman.compose.project=${project}`,
        '-q',
      ]);
      expect(left.trim()).toBe('');
      console.log(`compose stack: up, checked and down in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    });
  },
);

/** Asks `probe` once a second (each ask starts a process) until it holds; fails after `ms`. */
async function poll(probe: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
