// Writes the web app's bundle to DIR/dist/web/ (the image build runs it on its copy of the app):
// the files and a manifest that src/http/webapp.ts loads instead of running esbuild at start. A
// checkout has no dist/ (a stale bundle there would hide edits to web/ from `make dev`).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildBundle } from '../src/http/webapp.ts';

if (!process.argv[2]) throw new Error('usage: node scripts/build-web.ts APP_DIR');
const out = join(resolve(process.argv[2]), 'dist', 'web') + '/';
const bundle = await buildBundle();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const assets: Record<string, string> = {};
for (const [name, { body, type }] of bundle.assets) {
  writeFileSync(`${out}${name}`, body);
  assets[name] = type;
}
writeFileSync(
  `${out}manifest.json`,
  JSON.stringify({ script: bundle.script, stylesheet: bundle.stylesheet, assets }, null, 2),
);
console.log(`web bundle: ${bundle.assets.size} files in dist/web/`);
