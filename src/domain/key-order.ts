// The source's key order of a datapoint's content at every depth. Content is stored as jsonb,
// which keeps an object's keys shortest first (then bytewise), so the order the source wrote them
// in is recorded at ingest beside it (datapoints.content_key_order) and applied wherever the
// content is shown or written out: the rating page, the originator's datapoint page, the exports.
//
// The record is positional: one entry per object of the content, in a pre-order walk (an object,
// then its values in their order; arrays in index order), each entry the object's keys in source
// order, or [] when that order is the default: for the content itself the project's field order
// (projects.content_field_order, the CSV header order), for a nested object jsonb's own order.
// Trailing [] entries are dropped and a content wholly in the default order records nothing
// (null), so a CSV record or a flat JSON one costs nothing. Each key appears at most once and an
// object at most as `[]` beside its `{}`, so a record is never longer than its content's JSON
// text. The checksum is unaffected: it is taken over the content's JCS form, which sorts keys.
//
// Pure, without I/O: the server and the web app share it.

/** An object's keys in source order, per object of the content in pre-order; [] for the default order. */
export type KeyOrder = string[][];

const utf8 = new TextEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** jsonb's order of an object's keys: shorter (in UTF-8 bytes) first, then bytewise. */
export function jsonbKeyOrder(keys: readonly string[]): string[] {
  return keys
    .map((k) => ({ k, b: utf8.encode(k) }))
    .sort((x, y) => x.b.length - y.b.length || compareBytes(x.b, y.b))
    .map((x) => x.k);
}

/** Each field's place in the project's field order. */
export type FieldPlaces = ReadonlyMap<string, number>;

export const fieldPlaces = (fieldOrder: readonly string[]): FieldPlaces => new Map(fieldOrder.map((k, i) => [k, i]));

/**
 * The default order of an object's keys: for the content itself (`places` given) the fields of
 * the project's field order first, in that order; the rest in jsonb's order.
 */
function defaultOrder(keys: readonly string[], places: FieldPlaces | null): string[] {
  if (!places || places.size === 0) return jsonbKeyOrder(keys);
  const named = keys.filter((k) => places.has(k)).sort((a, b) => places.get(a)! - places.get(b)!);
  return [...named, ...jsonbKeyOrder(keys.filter((k) => !places.has(k)))];
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((k, i) => k === b[i]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/**
 * The key order to record for a content as the reader produced it (its objects' keys in source
 * order), against `places` (the project's field order with this record's fields in it);
 * null when every object is in its default order. `rootKeys`: the content's own keys in source
 * order when the reader knows them better than `Object.keys` (a CSV header with integer-like names).
 */
export function recordKeyOrder(content: unknown, places: FieldPlaces, rootKeys?: readonly string[]): KeyOrder | null {
  const out: string[][] = [];
  const walk = (v: unknown, root: boolean): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, false);
      return;
    }
    if (!isObject(v)) return;
    const keys = root && rootKeys ? [...rootKeys] : Object.keys(v);
    out.push(keys.length > 1 && !sameList(keys, defaultOrder(keys, root ? places : null)) ? keys : []);
    for (const k of keys) walk(v[k], false);
  };
  walk(content, true);
  while (out.length > 0 && out[out.length - 1].length === 0) out.pop();
  return out.length > 0 ? out : null;
}

/** A content with every object's entries in source order (a JavaScript object lists integer-like keys first). */
export type Ordered = null | boolean | number | string | Ordered[] | OrderedObject;

export class OrderedObject {
  readonly entries: [string, Ordered][];
  constructor(entries: [string, Ordered][]) {
    this.entries = entries;
  }
  get(key: string): Ordered | undefined {
    return this.entries.find(([k]) => k === key)?.[1];
  }
}

/** Whether `order` lists exactly the keys of `keys` (a record that does not fit its object is ignored). */
function fits(order: readonly string[], keys: readonly string[]): boolean {
  if (order.length !== keys.length) return false;
  const set = new Set(keys);
  return new Set(order).size === order.length && order.every((k) => set.has(k));
}

/** The content in source order, from its recorded key order (null or [] when none) and the project's field order. */
export function orderContent(
  content: unknown,
  keyOrder: KeyOrder | null | undefined,
  fieldOrder: readonly string[],
): Ordered {
  let next = 0;
  const places = fieldPlaces(fieldOrder);
  const walk = (v: unknown, root: boolean): Ordered => {
    if (Array.isArray(v)) return v.map((x) => walk(x, false));
    if (!isObject(v)) return (v ?? null) as Ordered;
    const keys = Object.keys(v);
    const recorded = keyOrder?.[next++] ?? [];
    const order = recorded.length > 0 && fits(recorded, keys) ? recorded : defaultOrder(keys, root ? places : null);
    return new OrderedObject(order.map((k) => [k, walk(v[k], false)]));
  };
  return walk(content, true);
}

/**
 * JSON text of an ordered content, keys in source order. `spaced` writes `", "` and `": "`
 * between items, as Postgres prints jsonb; otherwise compact, as JSON.stringify.
 */
export function orderedJson(value: Ordered, spaced = false): string {
  const comma = spaced ? ', ' : ',';
  const colon = spaced ? ': ' : ':';
  const write = (v: Ordered): string => {
    if (v instanceof OrderedObject)
      return `{${v.entries.map(([k, x]) => JSON.stringify(k) + colon + write(x)).join(comma)}}`;
    if (Array.isArray(v)) return `[${v.map(write).join(comma)}]`;
    return JSON.stringify(v);
  };
  return write(value);
}
