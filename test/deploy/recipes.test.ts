// The deployment recipes: deploy/compose.yaml as podman-compose resolves it (`config`), and the
// Helm chart through `helm lint` and `helm template`, read back and checked for what the chart
// promises: separate serve and worker Deployments of one image, migrate as a pre-install and
// pre-upgrade hook Job, readiness on /readyz, secrets as files, PodDisruptionBudgets, resource
// requests. The tools come from scripts/deploy-tools.sh (.tools/), or PATH.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parse, parseAllDocuments } from 'yaml';

const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const tool = (local: string, name: string): string | null =>
  existsSync(local) ? local : spawnSync('sh', ['-c', `command -v ${name}`]).status === 0 ? name : null;
const compose = tool('.tools/venv/bin/podman-compose', 'podman-compose');
const helm = tool('.tools/bin/helm', 'helm');
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;

// In CI both suites always run (and fail where a tool is missing); elsewhere they may be skipped.
describe.skipIf(!ci && !compose)(
  `deploy/compose.yaml${!ci && !compose ? ' — SKIPPED: podman-compose not installed (scripts/deploy-tools.sh)' : ''}`,
  () => {
    const config = (env: Record<string, string> = {}, args: string[] = []) =>
      parse(
        execFileSync(compose ?? '.tools/venv/bin/podman-compose', ['-f', 'deploy/compose.yaml', ...args, 'config'], {
          env: {
            PATH: process.env.PATH,
            POSTGRES_PASSWORD: 'pw',
            S3_SECRET: 's3pw',
            PUBLIC_BASE_URL: 'https://assay.example.com',
            ...env,
          },
          encoding: 'utf8',
        }),
      );

    it('runs migrate once, then serve and worker from the one image, secrets as files', () => {
      const { services, secrets } = config();
      for (const name of ['postgres', 's3', 's3-bucket', 'migrate', 'serve', 'worker'])
        expect(services, name).toHaveProperty(name);
      expect(services.pgbouncer).toBeUndefined(); // a profile: only when asked
      const assay = ['migrate', 'serve', 'worker'].map((n) => services[n]);
      expect(new Set(assay.map((s) => s.image))).toEqual(new Set([`localhost/assay:${version}`]));
      expect(assay.map((s) => s.command)).toEqual([['migrate'], ['serve'], ['worker']]);
      expect(services.migrate.restart).toBe('no');
      for (const s of [services.serve, services.worker]) {
        expect(s.depends_on.migrate.condition).toBe('service_completed_successfully');
        expect(s.stop_grace_period).toBe('30s');
        expect(s.healthcheck.test.join(' ')).toContain('/readyz');
        expect(s.environment.SECRETS_KEY_FILE).toBe('/run/secrets/secrets_key');
        expect(s.environment.SIGNING_KEY_FILE).toBe('/run/secrets/signing_key');
        expect(s.environment.SECRETS_KEY).toBeUndefined();
      }
      expect(services.worker.environment.WORKER_PORT).toBe('3001');
      expect(Object.keys(secrets).sort()).toEqual(['s3_secret', 'secrets_key', 'signing_key']);
      expect(services.serve.environment.DATABASE_URL).toBe('postgres://assay:pw@postgres:5432/assay?sslmode=disable');
    });

    it('passes S3_PUBLIC_ENDPOINT to serve and worker; the processes keep the internal S3 endpoint', () => {
      const { services } = config({ S3_PUBLIC_ENDPOINT: 'https://files.example.com' });
      for (const s of [services.serve, services.worker])
        expect(s.environment).toMatchObject({
          S3_ENDPOINT: 'http://s3:9000',
          S3_PUBLIC_ENDPOINT: 'https://files.example.com',
        });
    });

    it('puts PgBouncer in transaction mode in front when its profile is on', () => {
      const { services } = config(
        { ASSAY_DB_HOST: 'pgbouncer', ASSAY_DB_PORT: '6432', ASSAY_DB_POOL_MODE: 'transaction' },
        ['--profile', 'pgbouncer'],
      );
      expect(services.pgbouncer.environment.POOL_MODE).toBe('transaction');
      // It listens where ASSAY_DB_PORT points (edoburu/pgbouncer's own default is 5432).
      expect(services.pgbouncer.environment.LISTEN_PORT).toBe('6432');
      expect(services.serve.environment).toMatchObject({
        DATABASE_URL: 'postgres://assay:pw@pgbouncer:6432/assay?sslmode=disable',
        DATABASE_DIRECT_URL: 'postgres://assay:pw@postgres:5432/assay?sslmode=disable',
        DATABASE_POOL_MODE: 'transaction',
      });
    });
  },
);

describe.skipIf(!ci && !helm)(
  `deploy/helm/assay${!ci && !helm ? ' — SKIPPED: helm not installed (scripts/deploy-tools.sh)' : ''}`,
  () => {
    const run = (args: string[]) => execFileSync(helm ?? '.tools/bin/helm', args, { encoding: 'utf8' });

    it('passes helm lint', () => {
      expect(run(['lint', '--strict', 'deploy/helm/assay'])).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    });

    it('renders serve and worker Deployments, a migrate hook Job, probes, secrets as files, PDBs, requests', () => {
      const docs = parseAllDocuments(
        run(['template', 'r', 'deploy/helm/assay', '--set', 'worker.tasks=data\\,reports']),
      ).map((d) => d.toJS());
      const byKind = (kind: string) => docs.filter((d) => d?.kind === kind);
      const deployments = Object.fromEntries(byKind('Deployment').map((d) => [d.metadata.name, d]));
      expect(Object.keys(deployments).sort()).toEqual(['r-assay-serve', 'r-assay-worker']);
      const [job] = byKind('Job');
      expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      const pods = [deployments['r-assay-serve'], deployments['r-assay-worker'], job].map((d) => d.spec.template.spec);
      const containers = pods.map((p) => p.containers[0]);
      expect(containers.map((c) => c.args)).toEqual([['serve'], ['worker', '--tasks', 'data,reports'], ['migrate']]);
      expect(new Set(containers.map((c) => c.image))).toEqual(new Set([`localhost/assay:${version}`]));
      for (const [i, pod] of pods.entries()) {
        const c = containers[i];
        expect(c.resources.requests.cpu).toBeTruthy();
        expect(c.resources.requests.memory).toBeTruthy();
        expect(pod.securityContext.runAsNonRoot).toBe(true);
        const env = Object.fromEntries(c.env.map((e: { name: string; value: string }) => [e.name, e.value]));
        expect(env.DATABASE_URL_FILE).toBe('/run/secrets/assay/database-url');
        expect(env.SIGNING_KEY_FILE).toBe('/run/secrets/assay/signing-key');
        expect(env.DATABASE_URL).toBeUndefined();
        const volume = pod.volumes.find((v: { name: string }) => v.name === 'secrets');
        expect(volume.secret.defaultMode).toBe(0o440);
      }
      expect(containers[0].readinessProbe.httpGet.path).toBe('/readyz');
      expect(containers[1].readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'probes' });
      expect(containers[1].env.find((e: { name: string }) => e.name === 'WORKER_PORT').value).toBe('3001');
      expect(
        byKind('PodDisruptionBudget')
          .map((p) => p.metadata.name)
          .sort(),
      ).toEqual(['r-assay-serve', 'r-assay-worker']);
      expect(byKind('Service')[0].spec.selector['app.kubernetes.io/component']).toBe('serve');
    });

    it('passes S3_PUBLIC_ENDPOINT from the values to serve', () => {
      const docs = parseAllDocuments(
        run(['template', 'r', 'deploy/helm/assay', '--set', 'config.S3_PUBLIC_ENDPOINT=https://files.example.com']),
      ).map((d) => d.toJS());
      const serve = docs.find((d) => d?.kind === 'Deployment' && d.metadata.name === 'r-assay-serve');
      const env = serve.spec.template.spec.containers[0].env as { name: string; value: string }[];
      expect(env.find((e) => e.name === 'S3_PUBLIC_ENDPOINT')?.value).toBe('https://files.example.com');
    });
  },
);
