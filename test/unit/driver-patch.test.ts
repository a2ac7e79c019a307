// The start-up check that refuses an unpatched postgres.js (an install with --ignore-scripts
// skips patch-package): the installed driver passes, the same file without the patch does not.
import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPatchedDriver } from '../../src/db/client.ts';

const INSTALLED = join(dirname(fileURLToPath(import.meta.resolve('postgres'))), 'connection.js');

/** The installed driver's connection.js without the lines that contain `text`, in a folder of its own. */
function checkWithout(text: string, check: (dir: string, source: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'assay-driver-'));
  try {
    const source = readFileSync(INSTALLED, 'utf8')
      .split('\n')
      .filter((l) => !l.includes(text))
      .join('\n');
    writeFileSync(join(dir, 'connection.js'), source);
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
