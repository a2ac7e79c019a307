// The API reference page at /docs: Scalar's standalone bundle, served from this server (no CDN),
// started by a script file of ours rather than an inline one, so the page runs under a strict
// Content-Security-Policy. /docs shares the web app's origin, where a validator's session token
// sits in localStorage: no script but these two files may run here, nothing may be fetched but
// this origin's documents, and the page may not be framed.
import express, { type Router } from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Scalar injects its styles as <style> elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function docsRouter(sources: { url: string; title: string }[], title: string): Router {
  // (The package does not export the bundle's path, so it is found beside its entry point.)
  const bundle = join(
    dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
    'browser',
    'standalone.js',
  );
  // Scalar's own fonts would come from its CDN: the system's are used instead.
  const init = `Scalar.createApiReference('#app', ${JSON.stringify({ sources, withDefaultFonts: false })});\n`;
  const page = `<!doctype html>
<html lang="en">
  <head>
    <title>${title}</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/scalar.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set({ 'Content-Security-Policy': DOCS_CSP, 'X-Frame-Options': 'DENY' });
    next();
  });
  router.get('/scalar.js', (_req, res) => res.sendFile(bundle));
  router.get('/init.js', (_req, res) => res.type('text/javascript').send(init));
  router.get('/', (_req, res) => res.type('html').send(page));
  return router;
}
