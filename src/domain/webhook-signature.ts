// Standard Webhooks (standardwebhooks.com) signing: the secret is `whsec_` + base64 of random
// bytes, and a message is signed as HMAC-SHA256(key, `${id}.${timestamp}.${body}`), sent as
// `v1,<base64>`; several signatures are space-separated (used while a secret is being rotated).
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
}

/** The `webhook-signature` header: one `v1,` signature per secret currently valid. */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' ');
}
