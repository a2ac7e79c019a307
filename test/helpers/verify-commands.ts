// The commands docs/verifying.md shows for linking two reports, verbatim: test/cli/verify-consistency.test.ts
// runs exactly these (file names replaced), and test/cli/verify-routes.test.ts checks that the page
// shows no other command than the ones the tests run.
export const LINK_COMMANDS = {
  assay: 'node bin/assay.js verify --consistency old.json new.json --jwks jwks.json --proof consistency.json',
  python: '.venv/verify/bin/python verify/verify_report.py --consistency old.json new.json jwks.json consistency.json',
};
