// Standard Webhooks signatures checked by the standardwebhooks package (an independent
// implementation), the sealed-secret box, and the "points at this service" rule.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook, signatureHeader } from '../../src/domain/webhook-signature.ts';
import { createCipheriv, randomBytes } from 'node:crypto';
import { open, seal, sealingKeyId } from '../../src/domain/secret-box.ts';

describe('webhook signatures', () => {
  const body = '{"type":"datapoint.consensus_reached","data":{"x":1}}';
  const now = Math.floor(Date.now() / 1000);

  it('match the Standard Webhooks reference implementation', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sig = signWebhook(secret, 'msg_1', now, body);
    expect(sig).toBe(new Webhook(secret).sign('msg_1', new Date(now * 1000), body));
    expect(
      new Webhook(secret).verify(body, {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(now),
        'webhook-signature': sig,
      }),
    ).toEqual(JSON.parse(body));
  });

  it('reproduce the published example of the Standard Webhooks specification', () => {
    // standard-webhooks spec.md, "Signature scheme" example.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signed = signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signed).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('fail verification when one byte of body, id or timestamp changes', () => {
    const secret = newWebhookSecret();
    const wh = new Webhook(secret);
    const sig = signWebhook(secret, 'msg_1', now, body);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': sig };
    expect(() => wh.verify(body.replace('1', '2'), headers)).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(now + 1) })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('carry one signature per secret during a rotation, each verifiable alone', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const header = signatureHeader([a, b], 'msg_1', now, body);
    expect(header.split(' ')).toHaveLength(2);
    for (const s of [a, b])
      expect(() =>
        new Webhook(s).verify(body, {
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(now),
          'webhook-signature': header,
        }),
      ).not.toThrow();
  });
});

describe('secret box', () => {
  const key = Buffer.alloc(32, 1).toString('base64');

  it('opens what it sealed, for the same row only', () => {
    const sealed = seal(key, 'whsec_abc', 'row-1');
    expect(sealed.includes(Buffer.from('whsec_abc'))).toBe(false);
    expect(open(key, sealed, 'row-1')).toBe('whsec_abc');
    expect(() => open(key, sealed, 'row-2')).toThrow();
  });

  it('refuses a wrong key, a flipped byte and a missing key', () => {
    const sealed = seal(key, 'whsec_abc', 'row-1');
    expect(() => open(Buffer.alloc(32, 2).toString('base64'), sealed, 'row-1')).toThrow();
    const flipped = Buffer.from(sealed);
    flipped[20] ^= 1;
    expect(() => open(key, flipped, 'row-1')).toThrow();
    expect(() => seal(null, 'x', 'row-1')).toThrow(/SECRETS_KEY/);
  });
});

describe('sealed secrets across a SECRETS_KEY rotation', () => {
  const oldKey = Buffer.alloc(32, 11).toString('base64');
  const newKey = Buffer.alloc(32, 12).toString('base64');
  it('names the sealing key, opens with the old key kept after the new one, and says which key is missing', () => {
    const sealed = seal(oldKey, 'whsec_rotate', 'row-1');
    expect(sealed[0]).toBe(2);
    expect(sealed.subarray(1, 5).toString('hex')).toBe(sealingKeyId(oldKey));
    const both = `${newKey},${oldKey}`;
    expect(open(both, sealed, 'row-1')).toBe('whsec_rotate');
    // New values are sealed under the first key.
    expect(seal(both, 'x', 'row-2').subarray(1, 5).toString('hex')).toBe(sealingKeyId(newKey));
    expect(() => open(newKey, sealed, 'row-1')).toThrow(
      `sealed under key ${sealingKeyId(oldKey)}, which SECRETS_KEY does not hold`,
    );
  });

  it('opens values sealed before key ids (version 1) with any configured key', () => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(oldKey, 'base64'), nonce);
    cipher.setAAD(Buffer.from('row-1'));
    const body = Buffer.concat([cipher.update('whsec_legacy'), cipher.final()]);
    const v1 = Buffer.concat([Buffer.from([1]), nonce, body, cipher.getAuthTag()]);
    expect(open(`${newKey},${oldKey}`, v1, 'row-1')).toBe('whsec_legacy');
    expect(() => open(newKey, v1, 'row-1')).toThrow(/does not open with any key/);
  });
});
