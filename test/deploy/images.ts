// The images the deploy tests run, built once per content: each tag is a hash of every file its
// build reads, so a second test (or a second run on unchanged sources) finds the image and skips
// a build that takes minutes on a shared machine. A lock directory keeps two test files from
// building the same image at once. ASSAY_TEST_IMAGE still names an app image to use as is.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: fileURLToPath(new URL('./containers.conf', import.meta.url)),
};

/** A hash of the listed files and of every file under the listed directories (tracked or not ignored). */
function contentHash(paths: string[]): string {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256');
  for (const f of files) {
    let content: Buffer;
    try {
      content = readFileSync(join(ROOT, f));
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    hash.update(`${f}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

const exists = (ref: string) => spawnSync('podman', ['image', 'exists', ref], { env: podmanEnv }).status === 0;

async function withLock<T>(name: string, fn: () => T): Promise<T> {
  const dir = join(tmpdir(), `assay-image-${name.replace(/[^a-z0-9]/gi, '_')}.lock`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      // A lock left by a run that died an hour ago is stale.
      try {
        if (Date.now() - statSync(dir).mtimeMs > 3_600_000) rmSync(dir, { recursive: true, force: true });
      } catch {}
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds `ref` with `script` (environment `env`) unless an image of that name exists; says which. */
async function ensureImage(ref: string, script: string, env: Record<string, string>): Promise<void> {
  await withLock(ref, () => {
    if (exists(ref)) {
      console.log(`${ref}: cached (same content hash)`);
      return;
    }
    const started = Date.now();
    const built = spawnSync('bash', [script], { cwd: ROOT, env: { ...podmanEnv, ...env }, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`${script} failed:\n${built.stdout}\n${built.stderr}`);
    console.log(`${ref}: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  });
}

/** The app image of this tree (deploy/image/build.sh), tagged by the hash of what it is built from. */
export async function appImage(): Promise<string> {
  if (process.env.ASSAY_TEST_IMAGE) return process.env.ASSAY_TEST_IMAGE;
  const tag = contentHash([
    'deploy/image/build.sh',
    'scripts/build-web.ts',
    'package.json',
    'package-lock.json',
    'patches',
    'src',
    'sql',
    'web',
    'bin',
  ]);
  const ref = `localhost/assay-test:${tag}`;
  await ensureImage(ref, 'deploy/image/build.sh', { IMAGE: 'localhost/assay-test', IMAGE_TAG: tag });
  return ref;
}

/** Postgres, the S3 server and PgBouncer of deploy/compose.local.yaml (deploy/image/services.sh). */
export async function serviceImages(): Promise<{ postgres: string; s3: string; pgbouncer: string }> {
  const tag = contentHash(['deploy/image/services.sh', 'package.json']);
  const images = {
    postgres: `localhost/assay-postgres-test:${tag}`,
    s3: `localhost/assay-s3-test:${tag}`,
    pgbouncer: `localhost/assay-pgbouncer-test:${tag}`,
  };
  // The script builds all three, PgBouncer last: its image's presence says the build finished.
  if (!Object.values(images).every(exists))
    await ensureImage(images.pgbouncer, 'deploy/image/services.sh', {
      POSTGRES_IMAGE: images.postgres,
      S3_IMAGE: images.s3,
      PGBOUNCER_IMAGE: images.pgbouncer,
    });
  return images;
}
