// The two stand-alone verification scripts (verify/verify_report.py and .sh), read once. The
// readable exports and the web app hand them out in full, so a report's reader can verify it
// with nothing else; test/cli/verify-routes.test.ts runs exactly these files.
import { readFile } from 'node:fs/promises';
import type { VerificationScripts } from './domain/verification-guide.ts';

let scripts: Promise<VerificationScripts> | undefined;

export function verificationScripts(): Promise<VerificationScripts> {
  scripts ??= Promise.all([
    readFile(new URL('../verify/verify_report.py', import.meta.url), 'utf8'),
    readFile(new URL('../verify/verify_report.sh', import.meta.url), 'utf8'),
  ]).then(([python, shell]) => ({ python, shell }));
  return scripts;
}
