// Compiling the contract's validators leaves V8's shared root hidden class with no room for new
// property transitions until a full collection (src/schema/ajv.ts, collectCompileGarbage). In that
// state every object given a new property gets a hidden class of its own and hot code's inline
// caches go megamorphic: about 6% of the server's CPU per request (bench/README.md, "HTTP").
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function roomAfterCompile(collect: boolean): number {
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', 'test/fixtures/compiled-validators.ts', ...(collect ? ['--collect'] : [])],
    { encoding: 'utf8', timeout: 120_000 },
  );
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { room: number }).room;
}

describe('the garbage of compiling validators', () => {
  // Each start imports the whole server and compiles every validator: about 15 s on the CI machine.
  it('is collected, so that new properties share hidden classes again', { timeout: 120_000 }, () => {
    expect(roomAfterCompile(true)).toBe(1000);
  });

  it('fills the shared root hidden class when it is not collected (what the collection is for)', {
    timeout: 300_000,
  }, () => {
    // Nearly always 0; a collection that V8 happens to start during compilation can leave some
    // room, never all of it, so the smallest of three starts is taken.
    const rooms = [0, 1, 2].map(() => roomAfterCompile(false));
    expect(Math.min(...rooms)).toBeLessThan(1000);
  });
});
