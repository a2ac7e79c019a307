// Style rules Biome does not check: no code line over 120 characters (Biome formats to 120 but
// cannot split a long string), and comments point only at files in this repository.
// Usage: node scripts/check-style.ts   (make lint runs it; exits 1 listing every offence)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(
    (f) =>
      /\.(ts|mjs|js)$/.test(f) &&
      !f.startsWith('src/generated/') &&
      !f.includes('/src/generated/') &&
      !f.startsWith('node_modules/'),
  );
// Outside documents: the workspace beside the repository, and issue numbers of a tracker the repository does not hold.
const OUTSIDE = /\.\.\/shared\/|\b[Ii]ssue \d+\b/;
const offences: string[] = [];
for (const f of files) {
  let text: string;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  text.split('\n').forEach((line, i) => {
    if (line.length > MAX) offences.push(`${f}:${i + 1}: ${line.length} characters (at most ${MAX})`);
    if (OUTSIDE.test(line)) offences.push(`${f}:${i + 1}: cites a document outside the repository`);
  });
}
if (offences.length > 0) {
  console.error(offences.join('\n'));
  console.error(`${offences.length} style offence(s)`);
  process.exit(1);
}
console.log(`style: ${files.length} files, no line over ${MAX} characters, no outside citation`);
