// The web app at /app/: one HTML shell for every page (the browser app routes by path) and the
// bundled script and stylesheet. The bundle is built from web/ by esbuild, in memory, once per
// process (no build step, no committed build output, no CDN); `assay serve` builds it before it
// listens, so a broken bundle stops the start.
//
// Security: the app talks only to this origin's validator API with a session token (never an API
// key). The Content-Security-Policy allows scripts and styles from this origin only, no inline
// script and no eval, so markup that slipped through the sanitizer still cannot run; images may
// also come from object storage (presigned GETs of file_collection datapoints). The sign-in link
// carries its token in the fragment, which browsers never send; `no-referrer` keeps page URLs out
// of other sites' logs, and the shell is never cached.
import express, { type Router } from 'express';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import escapeHtml from 'escape-html';

export const APP_PREFIX = '/app';
const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

export interface WebBundle {
  /** File name (with content hash) -> contents. */
  assets: Map<string, { body: Uint8Array; type: string }>;
  script: string;
  stylesheet: string;
}

let bundle: Promise<WebBundle> | undefined;

/**
 * Where an image keeps the bundle it built (scripts/build-web.ts): the runtime then needs neither
 * esbuild's native binary nor web/'s sources. A checkout has none and builds in memory.
 */
const PREBUILT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

async function prebuiltBundle(): Promise<WebBundle | null> {
  let manifest: { script: string; stylesheet: string; assets: Record<string, string> };
  try {
    manifest = JSON.parse(await readFile(`${PREBUILT}manifest.json`, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const assets = new Map<string, { body: Uint8Array; type: string }>();
  for (const [name, type] of Object.entries(manifest.assets))
    assets.set(name, { body: await readFile(`${PREBUILT}${name}`), type });
  return { assets, script: manifest.script, stylesheet: manifest.stylesheet };
}

/** Builds (or loads, in an image) the browser bundle once per process; later calls share the result. */
export function webBundle(): Promise<WebBundle> {
  bundle ??= prebuiltBundle()
    .then((b) => b ?? buildBundle())
    .catch((err: unknown) => {
      bundle = undefined;
      throw err;
    });
  return bundle;
}

export async function buildBundle(): Promise<WebBundle> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: WEB_ROOT,
    entryPoints: { app: 'src/main.ts', style: 'app.css' },
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    outdir: 'out',
    entryNames: '[name]-[hash]',
    legalComments: 'none',
    // The verification scripts, shown in full on the verify page.
    loader: { '.py': 'text', '.sh': 'text' },
    logLevel: 'silent',
  });
  const assets = new Map<string, { body: Uint8Array; type: string }>();
  let script = '';
  let stylesheet = '';
  for (const f of result.outputFiles) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    const type = name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
    assets.set(name, { body: f.contents, type });
    if (name.startsWith('app-') && name.endsWith('.js')) script = name;
    if (name.startsWith('style-') && name.endsWith('.css')) stylesheet = name;
  }
  if (!script || !stylesheet) throw new Error('the web app bundle has no script or stylesheet');
  return { assets, script, stylesheet };
}

/** A small mark, inline so that no request is needed for it. */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 ' +
    '16"><rect width="16" height="16" rx="3" fill="#1f5fbf"/><path d="M4 12 8 3l4 9M5.6 8.5h4.8" stroke="#fff" ' +
    'stroke-width="1.8" fill="none"/></svg>',
)}`;

function shell(b: WebBundle): string {
  const asset = (name: string) => escapeHtml(`${APP_PREFIX}/assets/${name}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Assay</title>
<link rel="icon" href="${ICON}">
<link rel="stylesheet" href="${asset(b.stylesheet)}">
<script type="module" src="${asset(b.script)}"></script>
</head>
<body>
<div id="app"><main id="main"><p>Loading…</p></main></div>
<noscript><p>Assay's web app needs JavaScript.</p></noscript>
</body>
</html>
`;
}

/**
 * `img-src` also admits the object storage origin: file_collection images are presigned GETs, so
 * the origin is the one presigned URLs name (S3_PUBLIC_ENDPOINT when set).
 */
function contentSecurityPolicy(storageEndpoint: string): string {
  let storage = '';
  try {
    storage = storageEndpoint ? ` ${new URL(storageEndpoint).origin}` : '';
  } catch {
    // the configuration check reports a bad endpoint
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${storage}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function webAppRouter(options: { storageEndpoint: string }): Router {
  const router = express.Router();
  const csp = contentSecurityPolicy(options.storageEndpoint);
  router.use((_req, res, next) => {
    // nosniff and no-referrer are set for every response by the app (http/app.ts).
    res.set({ 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' });
    next();
  });
  router.get('/assets/:name', async (req, res, next) => {
    try {
      const a = (await webBundle()).assets.get(req.params.name);
      if (!a) return next();
      // Names carry their content hash, so they never change.
      res
        .set({ 'Content-Type': a.type, 'Cache-Control': 'public, max-age=31536000, immutable' })
        .send(Buffer.from(a.body));
    } catch (err) {
      next(err);
    }
  });
  router.get(/.*/, async (_req, res, next) => {
    try {
      const html = shell(await webBundle());
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(html);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
