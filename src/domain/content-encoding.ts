// How a datapoint's content is stored: its checksum (what "one content per project" compares)
// and its JSON text as jsonb accepts it.
import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';

/** SHA-256 of the RFC 8785 (JCS) form of the content, hex. */
export const contentChecksum = (content: unknown): string =>
  createHash('sha256').update(canonicalize(content)!, 'utf8').digest('hex');

/**
 * JSON text of a content as jsonb accepts it, or null when jsonb cannot hold it: jsonb cannot
 * hold the NUL character or half of a surrogate pair, which JSON.stringify writes as \u0000 and
 * \udXXX escapes (a whole pair is written as the character itself; an escaped backslash before
 * `u` is text, not an escape).
 */
export function storableJson(content: unknown): string | null {
  const json = JSON.stringify(content);
  if (json.includes('\\u') && /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i.test(json)) return null;
  return json;
}
