// The start-up check that refuses an unpatched postgres.js (an install with --ignore-scripts
// skips patch-package): the installed driver passes, the same file without the patch does not.
import { expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPatchedDriver } from '../../src/db/client.ts';

it('accepts the patched driver and refuses the file without the patch', () => {
  expect(() => assertPatchedDriver()).not.toThrow();
  const installed = join(dirname(fileURLToPath(import.meta.resolve('postgres'))), 'connection.js');
  const dir = mkdtempSync(join(tmpdir(), 'assay-driver-'));
  try {
    // Reverse the patch's marked hunks crudely: drop every line that carries the marker.
    const unpatched = readFileSync(installed, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('Assay patch'))
      .join('\n');
    writeFileSync(join(dir, 'connection.js'), unpatched);
    expect(() => assertPatchedDriver(dir)).toThrow(/postgres\.js is not patched .*patch-package/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('refuses a driver patched by the older patch (without TCP_NODELAY)', () => {
  const installed = join(dirname(fileURLToPath(import.meta.resolve('postgres'))), 'connection.js');
  const dir = mkdtempSync(join(tmpdir(), 'assay-driver-'));
  try {
    const older = readFileSync(installed, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('socket.setNoDelay'))
      .join('\n');
    expect(older).toContain('Assay patch');
    writeFileSync(join(dir, 'connection.js'), older);
    expect(() => assertPatchedDriver(dir)).toThrow(/postgres\.js is not patched/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
