// C2SP signed notes and checkpoints: the golang.org/x/mod sumdb/note vectors (test/vectors/),
// re-signed byte for byte with the PeterNeumann key, and tampered notes and checkpoints refused.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkpointOrigin,
  checkpointText,
  noteKeyId,
  openNote,
  parseCheckpoint,
  rawPublicKey,
  signNote,
  verifierKey,
} from '../../src/domain/signed-note.ts';

const V = JSON.parse(readFileSync(join(import.meta.dirname, '../vectors/sumdb-note.json'), 'utf8'));

/** The vector's signer key: "PRIVATE+KEY+<name>+<id>+base64(0x01 || 32-byte Ed25519 seed)". */
function peterKey() {
  const seed = Buffer.from(V.signerKey.split('+').slice(4).join('+'), 'base64');
  expect(seed[0]).toBe(1);
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed.subarray(1)]);
  return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
}

describe('signed notes (golang.org/x/mod sumdb/note vectors)', () => {
  it('derives the key id and the verifier key of PeterNeumann', () => {
    const pub = rawPublicKey(peterKey());
    expect(noteKeyId(V.name, pub).toString('hex')).toBe(V.keyId);
    expect(verifierKey(V.name, pub)).toBe(V.verifierKey);
  });

  it('re-signs the text to exactly the published note', () => {
    expect(signNote(V.text, V.name, peterKey())).toBe(V.signed);
  });

  it('opens the published note, ignoring a signature by another key', () => {
    expect(openNote(V.signed, V.verifierKey)).toBe(V.text);
    expect(openNote(V.signed + V.otherSignatureLine, V.verifierKey)).toBe(V.text);
    expect(() => openNote(V.text + '\n' + V.otherSignatureLine, V.verifierKey)).toThrow(/no signature/);
  });

  it('refuses a changed text, a changed signature and malformed notes', () => {
    expect(() => openNote(V.signed.replace('problem,', 'problem;'), V.verifierKey)).toThrow(/invalid signature/);
    const sigAt = V.signed.indexOf('x08go') + 10;
    const flipped = V.signed.slice(0, sigAt) + (V.signed[sigAt] === 'A' ? 'B' : 'A') + V.signed.slice(sigAt + 1);
    expect(() => openNote(flipped, V.verifierKey)).toThrow(/invalid signature/);
    expect(() => openNote(V.text, V.verifierKey)).toThrow();
    expect(() => openNote(V.signed.slice(0, -1), V.verifierKey)).toThrow();
    expect(() => openNote(`\u0001${V.signed}`, V.verifierKey)).toThrow();
    expect(() => openNote(`${V.signed}Unexpected line.\n`, V.verifierKey)).toThrow();
    expect(() => openNote(V.signed, V.otherVerifierKey)).toThrow(/no signature/);
    expect(() => openNote(V.signed, V.verifierKey.replace('c74f20a3', 'c74f20a4'))).toThrow(/key id/);
  });
});

describe('checkpoints', () => {
  const root = Buffer.alloc(32, 7);
  it('writes the three lines and reads them back', () => {
    const text = checkpointText({ origin: 'assay.example/projects/p1', size: 20852163, root });
    expect(text).toBe(`assay.example/projects/p1\n20852163\n${root.toString('base64')}\n`);
    expect(parseCheckpoint(text)).toEqual({ origin: 'assay.example/projects/p1', size: 20852163, root });
  });

  it('refuses a leading zero, a short root, a missing line or an empty line', () => {
    expect(() => parseCheckpoint(`o\n012\n${root.toString('base64')}\n`)).toThrow(/tree size/);
    expect(() => parseCheckpoint(`o\n12\n${root.subarray(1).toString('base64')}\n`)).toThrow(/root hash/);
    expect(() => parseCheckpoint('o\n12\n')).toThrow();
    expect(() => parseCheckpoint(`o\n\n12\n${root.toString('base64')}\n`)).toThrow();
  });

  it('signs and opens with a generated key; the origin names the deployment and the project', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const origin = checkpointOrigin('https://assay.example.com/', '0190f0aa-0000-7000-8000-000000000001');
    expect(origin).toBe('assay.example.com/projects/0190f0aa-0000-7000-8000-000000000001');
    const note = signNote(checkpointText({ origin, size: 3, root }), origin, privateKey);
    const vkey = verifierKey(origin, rawPublicKey(privateKey));
    expect(parseCheckpoint(openNote(note, vkey)).size).toBe(3);
    expect(() => openNote(note.replace('\n3\n', '\n4\n'), vkey)).toThrow(/invalid signature/);
  });
});
