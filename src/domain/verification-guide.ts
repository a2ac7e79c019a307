// How to verify a Proof Report offline, complete in itself: the reader needs nothing from this
// repository and no Assay software, only the issuer's public keys and one of the two
// verification scripts, which the guide carries in full. One text, rendered as HTML (the
// verifiable_html export), plain text and Markdown (the other readable exports) and in the web
// app. The scripts are the ones `test/cli/verify-routes.test.ts` runs against real and tampered
// reports; the guide is given their text, it does not restate them.

export interface VerificationScripts {
  /** verify/verify_report.py */
  python: string;
  /** verify/verify_report.sh */
  shell: string;
}

export type GuideBlock =
  | { kind: 'h'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'code'; text: string; file?: string }
  | { kind: 'table'; head: string[]; rows: string[][] };

export interface GuideInput {
  /** Where the issuer publishes its public keys. */
  jwksUrl: string;
  projectId: string;
  /** The compact JWS when the document carries it (then report.json is made from it). */
  jws: string | null;
  scripts: VerificationScripts;
}

const PYTHON_PINS = ['cryptography==48.0.0', 'rfc8785==0.1.4'];

const CHECKS: [string, string][] = [
  ['jws', 'the report is a compact JWS: three non-empty base64url parts'],
  ['header', 'its protected header says "alg": "EdDSA" and names a key id (kid)'],
  ['kid', "the key set has an Ed25519 key with that kid, and the payload's signingKeyId is that kid"],
  ['signature', 'the Ed25519 signature verifies over the text header.payload, exactly as sent'],
  [
    'payload',
    'the signed bytes are exactly the RFC 8785 (JCS) form of the JSON they contain, and its schema is ' +
      'assay.attestation/v1',
  ],
  [
    'key',
    'the key is not marked revoked (compromised) and was valid when the report was issued: nbf <= issuedAt < exp (no ' +
      'exp: still active), so a retired key vouches for no report dated after its retirement',
  ],
  [
    'root',
    'attestationRoot is the RFC 9162 Merkle root of digests.config, digests.manifest and digests.results, in that ' +
      'order',
  ],
  ['proof', "(with a proof file) one datapoint's result line folds up its audit path to digests.results"],
];

export function verificationGuide(g: GuideInput): GuideBlock[] {
  const blocks: GuideBlock[] = [
    {
      kind: 'p',
      text:
        'The figures of this report are signed by its issuer with an Ed25519 key. Anyone can check the signature ' +
        "offline, without Assay and without trusting whoever handed the report over: you need the issuer's public " +
        'keys and ' +
        'one of the two scripts below (Python 3.9 or later with two packages, or a POSIX shell with OpenSSL 3 and ' +
        'jq). ' +
        'Nothing is sent anywhere while checking.',
    },
    { kind: 'h', text: "1. Get the issuer's public keys" },
    {
      kind: 'p',
      text:
        "Download the issuer's key set (JWKS) from the issuer itself, over a channel you trust, not from the " +
        "person who sent you the report: that the key is the issuer's comes only from where you got it. Retired " +
        'keys stay ' +
        'listed with their validity window, so older reports keep verifying.',
    },
    { kind: 'code', text: `curl -fsS '${g.jwksUrl}' > jwks.json` },
    { kind: 'h', text: '2. Save the signed report' },
  ];
  if (g.jws) {
    blocks.push(
      {
        kind: 'p',
        text:
          'Only the signature (a compact JWS) is trusted; everything else in this document is a readable copy of ' +
          'what it signs. Save it as report.json:',
      },
      { kind: 'code', text: `printf '{"jws":"%s"}\\n' '${g.jws}' > report.json` },
    );
  } else {
    blocks.push({
      kind: 'p',
      text:
        `Save the Proof Report as report.json: from the project's page in Assay's web app ("Download the signed ` +
        `Proof Report"), or from the API, GET ` +
        `/developer/v1/projects/${g.projectId}/proof-report. Only its jws member is trusted; the other members are ` +
        `readable ` +
        `copies of what it signs.`,
    });
  }
  blocks.push(
    { kind: 'h', text: '3a. Check with Python' },
    {
      kind: 'p',
      text:
        `Save the script below as verify_report.py. It needs the packages ` +
        `${PYTHON_PINS.join(' and ')} (the versions it was tested with), best in a virtual environment:`,
    },
    {
      kind: 'code',
      text:
        `python3 -m venv verify-env\nverify-env/bin/pip install ` +
        `${PYTHON_PINS.join(' ')}\nverify-env/bin/python verify_report.py report.json jwks.json`,
    },
    {
      kind: 'p',
      text: 'It prints "OK <reportId> signed by <kid>" and exits 0, or prints "FAILED <check>: <reason>" and exits 1.',
    },
    { kind: 'code', file: 'verify_report.py', text: g.scripts.python },
    { kind: 'h', text: '3b. Or check with OpenSSL and a shell' },
    {
      kind: 'p',
      text:
        'Save the script below as verify_report.sh. It needs OpenSSL 3 (OpenSSL 1.1.1 cannot verify Ed25519 from ' +
        'the command line), jq 1.6 or later, and the POSIX tools od, awk, tr, grep and cmp; no bash.',
    },
    { kind: 'code', text: 'sh verify_report.sh report.json jwks.json' },
    {
      kind: 'p',
      text: 'It prints "OK <reportId> signed by <kid>" and exits 0, or prints "FAILED <check>: <reason>" and exits 1.',
    },
    { kind: 'code', file: 'verify_report.sh', text: g.scripts.shell },
    { kind: 'h', text: 'What is checked' },
    { kind: 'table', head: ['check', 'what must hold'], rows: CHECKS.map(([c, w]) => [c, w]) },
    {
      kind: 'p',
      text:
        'RFC 9162 hashing: a leaf is SHA-256(0x00 || data), an inner node SHA-256(0x01 || left || right); with ' +
        'the three digests, attestationRoot = node(node(leaf(config), leaf(manifest)), leaf(results)).',
    },
    { kind: 'h', text: 'What a passing check tells you' },
    {
      kind: 'p',
      text:
        'That the holder of the key kid signed exactly these digests, this quality rating and consensus strength ' +
        "for this project at issuedAt. The digests commit to the project's compiled spec (config), to every " +
        "datapoint's " +
        "checksum in ingestion order (manifest) and to every finalized datapoint's consensus result (results). It " +
        'does not ' +
        "tell you that the key is the issuer's: that comes from where you got jwks.json.",
    },
    { kind: 'h', text: "One datapoint's inclusion (optional)" },
    {
      kind: 'p',
      text:
        `The issuer can hand out an inclusion proof for any datapoint (GET ` +
        `/developer/v1/projects/${g.projectId}/proof-report/datapoints/<datapointId>). Save it as proof.json and ` +
        `add it as a ` +
        `third argument to either script: it then also checks that the datapoint's result line is one of the ` +
        `results leaves ` +
        `under digests.results.`,
    },
    { kind: 'code', text: 'verify-env/bin/python verify_report.py report.json jwks.json proof.json' },
  );
  return blocks;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** HTML for a self-contained document (every string escaped). */
export function guideHtml(blocks: GuideBlock[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'h':
          return `<h3>${escapeHtml(b.text)}</h3>`;
        case 'p':
          return `<p>${escapeHtml(b.text)}</p>`;
        case 'list':
          return `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
        case 'code':
          return b.file
            ? `<details><summary>${escapeHtml(b.file)} (${b.text.split('\n').length} lines)</summary><pre ` +
                `class="code" tabindex="0"><code>${escapeHtml(b.text)}</code></pre></details>`
            : `<pre class="code" tabindex="0"><code>${escapeHtml(b.text)}</code></pre>`;
        case 'table': {
          const head = b.head.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
          const rows = b.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`);
          return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
        }
      }
      return b satisfies never;
    })
    .join('\n');
}

/** Plain text: code indented, scripts between BEGIN/END lines so they can be cut out exactly. */
export function guideText(blocks: GuideBlock[]): string[] {
  const lines: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'h':
        lines.push('', b.text.toUpperCase());
        break;
      case 'p':
        lines.push(b.text);
        break;
      case 'list':
        lines.push(...b.items.map((i) => `- ${i}`));
        break;
      case 'code':
        if (b.file)
          lines.push(
            `----- BEGIN ${b.file} -----`,
            ...b.text.replace(/\n$/, '').split('\n'),
            `----- END ${b.file} -----`,
          );
        else lines.push(...b.text.split('\n').map((l) => `    ${l}`));
        break;
      case 'table':
        lines.push(...b.rows.map((r) => `  ${r[0]!.padEnd(10)} ${r[1]}`));
        break;
    }
  }
  return lines;
}

/** Markdown: code in fenced blocks (a fence longer than any backtick run in the code). */
export function guideMarkdown(blocks: GuideBlock[], esc: (s: string) => string): string[] {
  const lines: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'h':
        lines.push(`### ${esc(b.text)}`, '');
        break;
      case 'p':
        lines.push(esc(b.text), '');
        break;
      case 'list':
        lines.push(...b.items.map((i) => `- ${esc(i)}`), '');
        break;
      case 'code': {
        const fence = '`'.repeat(Math.max(3, ...Array.from(b.text.matchAll(/`+/g), (m) => m[0].length + 1)));
        if (b.file) lines.push(`\`${b.file}\`:`, '');
        lines.push(fence, ...b.text.replace(/\n$/, '').split('\n'), fence, '');
        break;
      }
      case 'table':
        lines.push(
          `| ${b.head.join(' | ')} |`,
          `|${b.head.map(() => '---').join('|')}|`,
          ...b.rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
          '',
        );
        break;
    }
  }
  return lines;
}
