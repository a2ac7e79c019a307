// A datapoint's content rendered for people, by the project's dataset format:
// - csv: the record as a labelled table (header -> value);
// - json / jsonl: a readable tree (objects and arrays as nested lists, scalars as text);
// - markdown_split: the section's title and its Markdown body;
// - file_collection: the file from its short-lived presigned GET, images inline.
// Markdown (content and instructions) is converted by marked and then sanitized by DOMPurify, a
// maintained sanitizer: javascript: URLs, forms and styles are removed, and links open in a new
// tab without a referrer. Raw HTML inside the Markdown is shown as text, not as markup: a rater
// judges the datapoint as written (a `<script>` in it is part of what is rated), and no handler
// attribute ever reaches an HTML parser (Chromium reports one as a CSP violation even when it is
// parsed only to be removed). The page's Content-Security-Policy blocks inline script anyway.
import { Marked } from 'marked';
import DOMPurify from 'dompurify';
import { h, plural } from './dom.ts';
import type { Schemas } from './api.ts';
import { orderContent, orderedJson, OrderedObject, type KeyOrder, type Ordered } from '../../src/domain/key-order.ts';

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({ gfm: true, breaks: false, renderer: { html: ({ text }) => escapeHtml(text) } });

/** Markdown to sanitized DOM. */
export function markdown(text: string, className = 'markdown'): HTMLElement {
  const html = marked.parse(text, { async: false });
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
  const div = h('div', { class: className });
  div.append(fragment);
  return div;
}

/**
 * How the spec says to show a record: its source's field order, the source's key order of its
 * objects at every depth (src/domain/key-order.ts) and the fields holding Markdown.
 */
export interface Presentation {
  fieldOrder: string[];
  keyOrder?: KeyOrder;
  markdownFields: string[];
}

export function renderContent(
  format: Schemas['SpecDatasetFormat'],
  content: unknown,
  file: Schemas['ClaimFile'] | null,
  shown: Presentation = { fieldOrder: [], markdownFields: [] },
): HTMLElement {
  // The source's order at every depth (jsonb does not keep it, and a JavaScript object lists
  // integer-like keys first): the content as entries in that order.
  const ordered = orderContent(content, shown.keyOrder, shown.fieldOrder);
  switch (format) {
    case 'csv':
      return ordered instanceof OrderedObject ? recordTable(ordered, shown) : tree(ordered, 0, shown);
    case 'markdown_split':
      return isRecord(content) && typeof content.body === 'string'
        ? h(
            'article',
            { class: 'md-section' },
            typeof content.title === 'string' && content.title ? h('h3', {}, content.title) : null,
            markdown(content.body),
          )
        : tree(ordered);
    case 'file_collection':
      return fileView(content, file);
    default:
      return h('div', { class: 'tree' }, tree(ordered, 0, shown));
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The record's entries in the source's order; fields the order does not name keep theirs, after. */
export function orderedEntries(record: Record<string, unknown>, fieldOrder: string[]): [string, unknown][] {
  const named = fieldOrder.filter((k) => Object.hasOwn(record, k));
  const rest = Object.keys(record).filter((k) => !named.includes(k));
  return [...named, ...rest].map((k) => [k, record[k]]);
}

/** A top-level field's value: Markdown when the spec marks the field so, else text as written. */
function fieldValue(key: string, value: Ordered, shown: Presentation, depth: number): HTMLElement | string {
  if (typeof value === 'string' && shown.markdownFields.includes(key)) return markdown(value, 'markdown field-md');
  return depth === 0 ? (typeof value === 'string' ? value : orderedJson(value)) : tree(value, depth);
}

function recordTable(row: OrderedObject, shown: Presentation): HTMLElement {
  return h(
    'table',
    { class: 'record' },
    h('caption', {}, 'Record'),
    h(
      'tbody',
      {},
      row.entries.map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, fieldValue(k, v, shown, 0)))),
    ),
  );
}

/**
 * JSON as nested lists in the source's key order: keys bold, strings as text (whitespace kept),
 * other scalars in code.
 */
function tree(value: Ordered, depth = 0, shown?: Presentation): HTMLElement {
  if (Array.isArray(value)) {
    if (value.length === 0) return h('code', {}, '[] (empty list)');
    const list = h(
      'ol',
      { class: 'json', start: '0' },
      value.map((v) => h('li', {}, tree(v, depth + 1))),
    );
    return depth > 0 && value.length > 5
      ? h('details', { open: depth < 3 }, h('summary', {}, plural(value.length, 'item')), list)
      : list;
  }
  if (value instanceof OrderedObject) {
    // The spec's Markdown fields name top-level fields only.
    const top = depth === 0 && shown ? shown : undefined;
    const entries = value.entries;
    if (entries.length === 0) return h('code', {}, '{} (empty)');
    const list = h(
      'ul',
      { class: 'json' },
      entries.map(([k, v]) =>
        h('li', {}, h('span', { class: 'key' }, k), ': ', top ? fieldValue(k, v, top, depth + 1) : tree(v, depth + 1)),
      ),
    );
    return depth > 0 && entries.length > 5
      ? h('details', { open: depth < 3 }, h('summary', {}, plural(entries.length, 'field')), list)
      : list;
  }
  if (typeof value === 'string') return h('span', { class: 'str' }, value);
  return h('code', {}, value === null ? 'null' : String(value));
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;

function fileView(content: unknown, file: Schemas['ClaimFile'] | null): HTMLElement {
  const c = isRecord(content) ? content : {};
  const relPath = typeof c.relPath === 'string' ? c.relPath : 'file';
  const type = typeof c.contentType === 'string' ? c.contentType : '';
  const size = typeof c.size === 'number' ? c.size : null;
  const image = type.startsWith('image/') || IMAGE.test(relPath);
  return h(
    'figure',
    { class: 'file' },
    file && image ? h('img', { src: file.url, alt: `The file ${relPath}`, loading: 'eager' }) : null,
    h(
      'figcaption',
      {},
      h('span', { class: 'path' }, relPath),
      size === null ? null : ` · ${formatBytes(size)}`,
      type ? ` · ${type}` : null,
      file
        ? [
            ' · ',
            h(
              'a',
              { href: file.url, target: '_blank', rel: 'noopener noreferrer' },
              image ? 'Open full size' : 'Open the file',
            ),
          ]
        : null,
    ),
  );
}

function formatBytes(n: number): string {
  if (n < 1024) return plural(n, 'byte');
  const units = ['KiB', 'MiB', 'GiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}
