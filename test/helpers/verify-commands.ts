// The commands docs/verifying.md shows beside the three routes, verbatim: linking two reports
// (run by test/cli/verify-consistency.test.ts) and checking the in-toto export's DSSE envelope
// (run by test/reports/standard-exports.test.ts), file names replaced; test/cli/verify-routes.test.ts
// checks that the page shows no other command than the ones the tests run.
export const LINK_COMMANDS = {
  assay: 'node bin/assay.js verify --consistency old.json new.json --jwks jwks.json --proof consistency.json',
  python: '.venv/verify/bin/python verify/verify_report.py --consistency old.json new.json jwks.json consistency.json',
};

export const DSSE_COMMAND = '.venv/verify/bin/python verify/verify_report.py --dsse envelope.json jwks.json';
