// The start-up check that refuses an unpatched postgres.js (an install with --ignore-scripts
// skips patch-package): the installed driver passes, the same file without the patch does not.
import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPatchedDriver } from '../../src/db/client.ts';

const INSTALLED = dirname(fileURLToPath(import.meta.resolve('postgres')));

/**
 * The installed driver's connection.js and query.js, `file` of them without the lines that
 * contain `text`, in a folder of their own.
 */
function checkWithout(text: string, check: (dir: string, source: string) => void, file = 'connection.js'): void {
  const dir = mkdtempSync(join(tmpdir(), 'assay-driver-'));
  try {
    for (const name of ['connection.js', 'query.js'])
      writeFileSync(join(dir, name), readFileSync(join(INSTALLED, name)));
    const source = readFileSync(join(INSTALLED, file), 'utf8')
      .split('\n')
      .filter((l) => !l.includes(text))
      .join('\n');
    writeFileSync(join(dir, file), source);
    check(dir, source);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('accepts the patched driver and refuses the file without the patch', () => {
  expect(() => assertPatchedDriver()).not.toThrow();
  // Reverse the patch's marked hunks crudely: drop every line that carries the marker.
  checkWithout('Assay patch', (dir) =>
    expect(() => assertPatchedDriver(dir)).toThrow(/postgres\.js is not patched .*patch-package/),
  );
});

it('refuses a driver patched by the older patch (without TCP_NODELAY)', () => {
  checkWithout('socket.setNoDelay', (dir, source) => {
    expect(source).toContain('Assay patch');
    expect(() => assertPatchedDriver(dir)).toThrow(/postgres\.js is not patched/);
  });
});

it("refuses a driver patched before the query's settling methods", () => {
  checkWithout(
    'this[settle](x)',
    (dir, source) => {
      expect(source).toContain('Assay patch');
      expect(() => assertPatchedDriver(dir)).toThrow(/postgres\.js is not patched/);
    },
    'query.js',
  );
});
